/**
 * The admin's Contacts tab (p3 §2.4, §5 New contact; docs/decisions/062): the company's users, paged, and the New
 * contact form (first name and email required, last name and phone optional, the phone after the company's prefix).
 * A plain POST form: it works without JavaScript; the server's messages show on their fields.
 */
import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { StatusBadge } from "~/components/ui/status-badge";
import { TableCell, TableRow } from "~/components/ui/table";
import { formatDate } from "~/lib/dates";
import type { FieldErrors } from "~/lib/form-errors";
import type { ContactRow } from "~/modules/companies/contacts.server";
import { AdminTableSection, type SectionPaging } from "./section-table";

function Field({
  name,
  label,
  required,
  type = "text",
  autoComplete,
  error,
  defaultValue,
  prefix,
}: {
  name: string;
  label: string;
  required?: boolean;
  type?: string;
  autoComplete?: string;
  error?: string;
  defaultValue?: string;
  prefix?: string;
}) {
  const id = `contact-${name}`;
  const input = (
    <Input
      id={id}
      name={name}
      type={type}
      autoComplete={autoComplete}
      defaultValue={defaultValue}
      aria-required={required ? "true" : undefined}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      className={prefix ? "rounded-l-none" : undefined}
    />
  );
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {prefix ? (
        <div className="flex">
          <span className="inline-flex items-center rounded-l-md border border-r-0 bg-muted px-3 text-sm text-muted-foreground">{prefix}</span>
          {input}
        </div>
      ) : (
        input
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function NewContactForm({
  phonePrefix,
  fieldErrors,
  formError,
  values,
}: {
  phonePrefix: string;
  fieldErrors: FieldErrors;
  formError: string | null;
  values: Record<string, string> | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">New contact</CardTitle>
      </CardHeader>
      <CardContent>
        {/* The key resets the fields after a contact is added (the page reloads with no values). */}
        <Form method="post" noValidate className="grid gap-4" key={values ? "errors" : "blank"} aria-label="New contact">
          <input type="hidden" name="intent" value="add" />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field name="firstName" label="First name" required autoComplete="off" error={fieldErrors.firstName} defaultValue={values?.firstName} />
            <Field name="lastName" label="Last name" autoComplete="off" error={fieldErrors.lastName} defaultValue={values?.lastName} />
            <Field name="email" label="Email" type="email" required autoComplete="off" error={fieldErrors.email} defaultValue={values?.email} />
            <Field
              name="phoneNumber"
              label="Phone"
              type="tel"
              autoComplete="off"
              prefix={phonePrefix}
              error={fieldErrors.phoneNumber}
              defaultValue={values?.phoneNumber}
            />
          </div>
          {formError ? (
            <p role="alert" className="text-sm text-destructive">
              {formError}
            </p>
          ) : null}
          <p className="text-sm text-muted-foreground">The contact is invited by e-mail to set a password and sign in.</p>
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? "Adding..." : "Add contact"}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

const localDates = new Map<string, Intl.DateTimeFormat>();
/** The day of an instant in the company's time zone, "05 Nov 2026". */
export function dayIn(iso: string, timeZone: string): string {
  let formatter = localDates.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    localDates.set(timeZone, formatter);
  }
  return formatDate(formatter.format(new Date(iso)));
}

const COLUMNS = [{ label: "Name" }, { label: "Email" }, { label: "Phone" }, { label: "Role" }, { label: "Status" }, { label: "Added" }];

export function ContactsTable({ rows, timeZone, ...paging }: { rows: ContactRow[]; timeZone: string } & SectionPaging) {
  return (
    <AdminTableSection id="contacts" title="Contacts" columns={COLUMNS} empty="No contacts" rowCount={rows.length} paging={paging}>
      {rows.map((row) => (
        <TableRow key={row.id}>
          <TableCell label="Name" className="font-medium">
            {row.name || "-"}
          </TableCell>
          <TableCell label="Email" className="break-all">
            {row.email}
          </TableCell>
          <TableCell label="Phone" className="whitespace-nowrap">
            {row.phoneNumber ?? "Phone number not provided"}
          </TableCell>
          <TableCell label="Role">{row.role}</TableCell>
          <TableCell label="Status">
            <StatusBadge kind="contact" status={row.status} />
          </TableCell>
          <TableCell label="Added" className="whitespace-nowrap">
            {dayIn(row.addedAt, timeZone)}
          </TableCell>
        </TableRow>
      ))}
    </AdminTableSection>
  );
}
