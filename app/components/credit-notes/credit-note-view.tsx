import { Form, Link, useNavigation } from "@remix-run/react";
import { Loader2 } from "~/components/ui/icons";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { MoneyInput } from "~/components/ui/money-input";
import { Label } from "~/components/ui/label";
import { DialogCancelLink, RouteDialogFooter } from "~/components/ui/route-dialog";
import { formatDate } from "~/lib/dates";
import { centsToDecimal, formatMoney, type Cents } from "~/lib/money";
import { cn } from "~/lib/utils";
import type { Locale } from "~/modules/invoices/rules";
import { CreditNoteStatus, DetailList } from "./shared";

export interface CreditNoteSummary {
  id: number;
  creditNumber: string;
  supplierReference: string | null;
  issueDate: string | null;
  total: Cents;
  allocatedTotal: Cents;
  unallocatedTotal: Cents;
  status: string;
  issuedByCompanyName: string;
  modificationTime: string;
}

export interface CreditNoteActionData {
  fieldErrors?: Partial<Record<"total" | "supplierReference", string>>;
  /** The concurrency refusal (409): shown with a way to reload (its message is the formError too). */
  stale?: string;
  formError?: string;
}

/** The Credit Note view (p2 §2, §4): details; total and supplier reference editable while UNALLOCATED. */
export function CreditNoteView({
  note,
  locale,
  actionData,
  links,
  confirmDelete,
}: {
  note: CreditNoteSummary;
  locale: Locale;
  actionData: CreditNoteActionData | undefined;
  links: { self: string; allocate: string; allocations: string; askDelete: string; close?: string };
  confirmDelete: boolean;
}) {
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const editable = note.status === "UNALLOCATED";
  return (
    <div className="grid gap-5">
      <DetailList
        items={[
          { label: "Credit note number", value: note.creditNumber },
          { label: "Supplier", value: note.issuedByCompanyName },
          { label: "Issue date", value: formatDate(note.issueDate) || "-" },
          { label: "Status", value: <CreditNoteStatus status={note.status} /> },
          { label: "Total", value: formatMoney(note.total, locale) },
          { label: "Allocated", value: formatMoney(note.allocatedTotal, locale) },
          { label: "Unallocated", value: formatMoney(note.unallocatedTotal, locale) },
          ...(editable ? [] : [{ label: "Supplier reference", value: note.supplierReference || "-" }]),
        ]}
      />

      {actionData?.stale ? (
        <Alert variant="destructive">
          <p>{actionData.stale}</p>
          <Link to={links.self} reloadDocument className="mt-1 inline-block font-medium underline underline-offset-4">
            Reload credit note
          </Link>
        </Alert>
      ) : null}
      {actionData?.formError && !actionData.stale ? <Alert variant="destructive">{actionData.formError}</Alert> : null}

      {editable ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <EditField
            key={`total-${note.modificationTime}`}
            intent="edit-total"
            label="Total"
            name="total"
            defaultValue={centsToDecimal(note.total)}
            modificationTime={note.modificationTime}
            error={actionData?.fieldErrors?.total}
            busy={busyIntent === "edit-total"}
            prefix="$"
            inputMode="decimal"
          />
          <EditField
            key={`reference-${note.modificationTime}`}
            intent="edit-reference"
            label="Supplier reference"
            name="supplierReference"
            defaultValue={note.supplierReference ?? ""}
            modificationTime={note.modificationTime}
            error={actionData?.fieldErrors?.supplierReference}
            busy={busyIntent === "edit-reference"}
            maxLength={20}
          />
        </div>
      ) : null}

      {confirmDelete ? (
        <Alert variant="destructive" role="alertdialog" aria-labelledby="confirm-delete-title">
          <p id="confirm-delete-title" className="font-semibold">
            Confirm Delete
          </p>
          <p className="mt-1 text-foreground">
            Delete credit note {note.creditNumber}?{note.allocatedTotal > 0 ? " Its credit is removed from the bills it was allocated to." : ""}
          </p>
          <Form method="post" className="mt-3 flex flex-wrap gap-2">
            <input type="hidden" name="intent" value="delete" />
            <Button type="submit" variant="destructive" size="sm" disabled={busyIntent === "delete"}>
              {busyIntent === "delete" ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
              Delete
            </Button>
            <Link to={links.self} preventScrollReset className={buttonVariants({ variant: "outline", size: "sm" })}>
              Cancel
            </Link>
          </Form>
        </Alert>
      ) : null}

      <RouteDialogFooter className="sm:justify-between">
        <div className="flex flex-col gap-2 sm:flex-row">
          {note.status !== "UNALLOCATED" ? (
            <Link to={links.allocations} className={buttonVariants({ variant: "link" })}>
              View allocations
            </Link>
          ) : null}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          {confirmDelete || !links.close ? null : <DialogCancelLink to={links.close} />}
          {confirmDelete ? null : (
            <Link to={links.askDelete} preventScrollReset className={buttonVariants({ variant: "outline" })}>
              Delete
            </Link>
          )}
          <Link to={links.allocate} className={buttonVariants()}>
            Allocate
          </Link>
        </div>
      </RouteDialogFooter>
    </div>
  );
}

function EditField({
  intent,
  label,
  name,
  defaultValue,
  modificationTime,
  error,
  busy,
  prefix,
  inputMode,
  maxLength,
}: {
  intent: string;
  label: string;
  name: string;
  defaultValue: string;
  modificationTime: string;
  error?: string;
  busy: boolean;
  prefix?: string;
  inputMode?: "decimal";
  maxLength?: number;
}) {
  const id = `credit-note-${name}`;
  const errorId = `${id}-error`;
  return (
    <Form method="post" className="grid content-start gap-2" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="modificationTime" value={modificationTime} />
      <Label htmlFor={id} required={inputMode === "decimal"}>
        {label}
      </Label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          {inputMode === "decimal" ? (
            <MoneyInput
              id={id}
              name="value"
              defaultValue={defaultValue}
              aria-required="true"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          ) : (
            <>
              {prefix ? <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-muted-foreground">{prefix}</span> : null}
              <Input
                id={id}
                name="value"
                defaultValue={defaultValue}
                inputMode={inputMode}
                maxLength={maxLength}
                autoComplete="off"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                className={cn(prefix && "pl-7")}
              />
            </>
          )}
        </div>
        <Button type="submit" variant="secondary" disabled={busy} aria-label={`Save ${label.toLowerCase()}`}>
          {busy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
          Save
        </Button>
      </div>
      <FieldError id={errorId} message={error} />
    </Form>
  );
}
