/**
 * The steps the one-file CSV import dialogs share (counterparties, purchase orders): the upload form with the template
 * link, the failure with Try again, and the summary (counts, the failed rows with their reasons, the failed-rows CSV).
 * Each works without JavaScript (a form post, links).
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { Download, FileSpreadsheet, Loader2 } from "~/components/ui/icons";
import { useEffect, useState, type ReactNode } from "react";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { DialogCancelLink, RouteDialogFooter } from "~/components/ui/route-dialog";
import { formErrorsOf, type FormErrorData } from "~/lib/form-errors";

let appHydrated = false;

/**
 * Whether the app had hydrated before this dialog first rendered: false on a full page load (no JavaScript, or a
 * reload), where a finished import shows its result at once; true when opened by client navigation.
 */
export function useWasHydrated(): boolean {
  const [was] = useState(() => appHydrated);
  useEffect(() => {
    appHydrated = true;
  }, []);
  return was;
}

/** A template download link ("Download the template"). */
export function TemplateLink({ href }: { href: string }) {
  return (
    <a href={href} download className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline">
      <FileSpreadsheet aria-hidden className="size-4" />
      Download the template
    </a>
  );
}

/** Step 1: the CSV file (multipart post to `action`, or the route itself), its hint and the template; Cancel and Import. */
export function CsvUploadForm(props: { inputId: string; action?: string; hint: ReactNode; templateHref: string; closeTo: string; error: FormErrorData | null }) {
  const { inputId, closeTo } = props;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const { fieldErrors, formError } = formErrorsOf(props.error);
  const fileError = fieldErrors.file ?? formError;
  return (
    <Form method="post" action={props.action} encType="multipart/form-data" className="grid gap-4" preventScrollReset>
      <div className="grid gap-2">
        <Label htmlFor={inputId} required>
          File
        </Label>
        <Input
          id={inputId}
          name="file"
          type="file"
          accept=".csv,text/csv"
          aria-required="true"
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? `${inputId}-error` : `${inputId}-hint`}
        />
        <FieldError id={`${inputId}-error`} message={fileError} />
        <p id={`${inputId}-hint`} className="text-sm text-muted-foreground">
          {props.hint}
        </p>
        <p>
          <TemplateLink href={props.templateHref} />
        </p>
      </div>
      <RouteDialogFooter>
        <DialogCancelLink to={closeTo} />
        <Button type="submit" disabled={busy}>
          {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
          {busy ? "Uploading…" : "Import"}
        </Button>
      </RouteDialogFooter>
    </Form>
  );
}

/** The import failed (or its polling gave up): the message, Close and Try again. */
export function ImportFailed({ message, closeTo, againTo }: { message: string; closeTo: string; againTo: string }) {
  return (
    <div className="grid gap-4">
      <Alert variant="destructive">{message}</Alert>
      <RouteDialogFooter>
        <DialogCancelLink to={closeTo}>Close</DialogCancelLink>
        <Link to={againTo} preventScrollReset className={buttonVariants()}>
          Try again
        </Link>
      </RouteDialogFooter>
    </div>
  );
}

export interface SummaryFailedRow {
  line: number;
  /** What names the row after its line number (a name, an order number), if anything. */
  label: string;
  reasons: string[];
}

/** The result: a sentence, the counts, the failed rows (the first ones; `failed` in all) and the failed-rows CSV; Done. */
export function ImportSummary(props: {
  sentence: string;
  counts: [label: string, value: number][];
  failed: number;
  failedRows: SummaryFailedRow[];
  failedHref: string | null;
  closeTo: string;
}) {
  const more = props.failed - props.failedRows.length;
  return (
    <div className="grid gap-4">
      <p className="text-sm" role="status">
        {props.sentence}
      </p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Import result">
        {props.counts.map(([label, value]) => (
          <div key={label} className="rounded-md border p-2 text-center">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {props.failedRows.length > 0 ? (
        <section aria-label="Failed rows" className="grid gap-1">
          <h3 className="text-sm font-medium">Failed rows</h3>
          <ul className="max-h-48 overflow-y-auto rounded-md border text-sm">
            {props.failedRows.map((failure) => (
              <li key={failure.line} className="border-b px-3 py-1.5 last:border-b-0">
                <span className="font-medium">{`Line ${failure.line}${failure.label ? ` (${failure.label})` : ""}: `}</span>
                <span className="break-words">{failure.reasons.join("; ")}</span>
              </li>
            ))}
          </ul>
          {more > 0 ? <p className="text-xs text-muted-foreground">{`and ${more} more in the CSV file`}</p> : null}
        </section>
      ) : null}
      {props.failedHref ? (
        <div>
          <a href={props.failedHref} download className={buttonVariants({ variant: "outline", size: "sm" })}>
            <Download aria-hidden className="size-4" />
            Download failed rows
          </a>
        </div>
      ) : null}
      <RouteDialogFooter>
        <Link to={props.closeTo} preventScrollReset className={buttonVariants()}>
          Done
        </Link>
      </RouteDialogFooter>
    </div>
  );
}
