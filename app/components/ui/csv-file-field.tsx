import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Label } from "~/components/ui/label";
import { DialogCancelLink, RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";

interface CsvFieldProps {
  id: string;
  label: string;
  hint: string;
  error: string | null;
  details: string[];
}

/** A CSV file input posted as `file`, with its hint, its error and the file's other problems listed under it. */
export function CsvFileField({ id, label, hint, error, details }: CsvFieldProps) {
  return (
    <div className="space-y-1.5">
      {/* The file is required: the server says so when none is chosen. */}
      <Label htmlFor={id} required>
        {label}
      </Label>
      <input
        id={id}
        name="file"
        aria-required="true"
        type="file"
        accept=".csv,text/csv"
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-2 file:text-sm file:font-medium"
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      <FieldError id={`${id}-error`} message={error} />
      {details.length > 1 ? (
        <ul className="list-disc pl-5 text-sm text-destructive">
          {details.slice(1).map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * A dialog that uploads one CSV file (the bank statement and bank returns imports of the admin screens): the file
 * field, any other fields as children, Cancel and Import (pending while the post runs).
 */
export function CsvImportDialog({
  title,
  description,
  intent,
  closeTo,
  action,
  field,
  children,
}: {
  title: string;
  description: string;
  intent: string;
  closeTo: string;
  action: string;
  field: CsvFieldProps;
  children?: ReactNode;
}) {
  const navigation = useNavigation();
  const posting = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <RouteDialog title={title} closeTo={closeTo} description={description}>
      <Form method="post" action={action} encType="multipart/form-data" preventScrollReset className="space-y-4">
        <input type="hidden" name="intent" value={intent} />
        <CsvFileField {...field} />
        {children}
        <RouteDialogFooter>
          <DialogCancelLink to={closeTo} />
          <Button type="submit" disabled={posting}>
            {posting ? "Importing..." : "Import"}
          </Button>
        </RouteDialogFooter>
      </Form>
    </RouteDialog>
  );
}
