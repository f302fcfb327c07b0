/**
 * The Configure dialog's form (p3 §7.3 PATCH, the seven paths; §5 rules): one dialog for the selected rows. Each field
 * starts at the rows' common value ("Mixed values" when they differ) and carries it as `initial.<field>`, so the
 * server sends only what was changed. Each row's id and modificationTime go with it: a row changed meanwhile is refused.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { RouteDialogFooter } from "~/components/ui/route-dialog";
import { CONFIGURE_MESSAGES, PROCESSING_QUEUE_LABELS, type ProcessingQueue } from "~/modules/counterparties/rules";
import type { DirectoryRow } from "~/modules/counterparties/directory.server";
import type { GlOption, TermOption } from "~/modules/counterparties/options.server";
import type { FieldErrors } from "~/lib/form-errors";
import { DateInput } from "~/components/ui/date-input";

const SELECT_CLASS =
  "h-10 w-full rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-60";

/** The value a select or input holds when the selected rows disagree: leaving it there changes nothing. */
export const MIXED = "__mixed";

type Fields = "paymentTermId" | "externalBankAccountNumber" | "isPurchaserOffersEnabled" | "isScheduledPaymentsEnabled" | "processingQueue" | "glAccount" | "periodLockDate";

/** The rows' common value of a field, as the form holds it ("" for none), or MIXED. */
/** The two on/off settings, each a select (Enabled / Disabled, or mixed). */
const SWITCHES = [
  { field: "isPurchaserOffersEnabled", label: "Purchaser offers" },
  { field: "isScheduledPaymentsEnabled", label: "Scheduled payments" },
] as const;

const TYPED_FIELDS: readonly Fields[] = ["externalBankAccountNumber", "periodLockDate"];

function common(rows: DirectoryRow[], read: (row: DirectoryRow) => string): string {
  const values = new Set(rows.map(read));
  return values.size === 1 ? [...values][0] : MIXED;
}

export function initialValues(rows: DirectoryRow[]): Record<Fields, string> {
  return {
    paymentTermId: common(rows, (r) => (r.paymentTermId === null ? "" : String(r.paymentTermId))),
    externalBankAccountNumber: common(rows, (r) => r.externalBankAccountNumber ?? ""),
    isPurchaserOffersEnabled: common(rows, (r) => String(r.isPurchaserOffersEnabled)),
    isScheduledPaymentsEnabled: common(rows, (r) => String(r.isScheduledPaymentsEnabled)),
    processingQueue: common(rows, (r) => r.defaultProcessingQueue ?? ""),
    glAccount: common(rows, (r) => (r.glAccount ? String(r.glAccount.id) : "")),
    periodLockDate: common(rows, (r) => r.periodLockDate ?? ""),
  };
}

function Row({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function MixedOption({ value }: { value: string }) {
  return value === MIXED ? <option value={MIXED}>Mixed values (no change)</option> : null;
}

/** A select of ids (payment terms, GL codes): None, or one of the options ("Mixed values" first when rows differ). */
function IdSelect({
  field,
  value,
  initial,
  options,
  extra,
}: {
  field: "paymentTermId" | "glAccount";
  value: string;
  initial: string;
  options: { id: number; label: string }[];
  extra: Record<string, unknown>;
}) {
  return (
    <select id={`configure-${field}`} name={field} defaultValue={value} className={SELECT_CLASS} {...extra}>
      <MixedOption value={initial} />
      <option value="">None</option>
      {options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

export function ConfigureForm({
  rows,
  terms,
  glCodes,
  companyDefaultQueue,
  closeTo,
  fieldErrors,
  formError,
  values,
}: {
  rows: DirectoryRow[];
  terms: TermOption[];
  glCodes: GlOption[];
  companyDefaultQueue: ProcessingQueue;
  closeTo: string;
  fieldErrors: FieldErrors;
  formError: string | null;
  values: Record<string, string> | null;
}) {
  const initial = initialValues(rows);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const value = (field: Fields) => values?.[field] ?? initial[field];
  const errorProps = (field: Fields) => (fieldErrors[field] ? { "aria-invalid": true, "aria-describedby": `configure-${field}-error` } : {});
  const noGl = glCodes.length === 0;
  return (
    <Form method="post" className="space-y-4" noValidate>
      {formError ? (
        <Alert variant="destructive" role="alert">
          {formError}
        </Alert>
      ) : null}
      <p className="text-sm text-muted-foreground">
        {rows.length === 1 ? rows[0].companyName : `${rows.length} counterparties: ${rows.map((row) => row.companyName).join(", ")}`}
      </p>
      {rows.map((row) => (
        <span key={row.id} hidden>
          <input type="hidden" name="id" value={row.id} />
          <input type="hidden" name="modificationTime" value={row.modificationTime} />
        </span>
      ))}
      {(Object.keys(initial) as Fields[]).map((field) => (
        // A typed field left blank over mixed values changes nothing: its initial is then "".
        <input key={field} type="hidden" name={`initial.${field}`} value={TYPED_FIELDS.includes(field) && initial[field] === MIXED ? "" : initial[field]} />
      ))}
      <div className="grid gap-4 sm:grid-cols-2">
        <Row id="configure-paymentTermId" label="Payment term" error={fieldErrors.paymentTermId}>
          <IdSelect field="paymentTermId" value={value("paymentTermId")} initial={initial.paymentTermId} options={terms} extra={errorProps("paymentTermId")} />
        </Row>
        <Row id="configure-processingQueue" label="Processing queue" error={fieldErrors.processingQueue}>
          <select id="configure-processingQueue" name="processingQueue" defaultValue={value("processingQueue")} className={SELECT_CLASS} {...errorProps("processingQueue")}>
            <MixedOption value={initial.processingQueue} />
            <option value="">Company default ({PROCESSING_QUEUE_LABELS[companyDefaultQueue]})</option>
            {(Object.keys(PROCESSING_QUEUE_LABELS) as ProcessingQueue[]).map((queue) => (
              <option key={queue} value={queue}>
                {PROCESSING_QUEUE_LABELS[queue]}
              </option>
            ))}
          </select>
        </Row>
        <Row id="configure-glAccount" label="GL code" error={fieldErrors.glAccount}>
          <IdSelect
            field="glAccount"
            value={value("glAccount")}
            initial={initial.glAccount}
            options={glCodes}
            extra={{ disabled: noGl, "aria-describedby": noGl ? "configure-no-gl" : fieldErrors.glAccount ? "configure-glAccount-error" : undefined }}
          />
          {noGl ? (
            <p id="configure-no-gl" className="text-sm text-muted-foreground">
              {CONFIGURE_MESSAGES.noGlCodes}
            </p>
          ) : null}
        </Row>
        <Row id="configure-externalBankAccountNumber" label="External bank account" error={fieldErrors.externalBankAccountNumber}>
          <Input
            id="configure-externalBankAccountNumber"
            name="externalBankAccountNumber"
            inputMode="numeric"
            autoComplete="off"
            placeholder={initial.externalBankAccountNumber === MIXED ? "Mixed values" : "##-####-#######-###"}
            defaultValue={value("externalBankAccountNumber") === MIXED ? "" : value("externalBankAccountNumber")}
            {...errorProps("externalBankAccountNumber")}
          />
        </Row>
        {SWITCHES.map(({ field, label }) => (
          <Row key={field} id={`configure-${field}`} label={label} error={fieldErrors[field]}>
            <select id={`configure-${field}`} name={field} defaultValue={value(field)} className={SELECT_CLASS} {...errorProps(field)}>
              <MixedOption value={initial[field]} />
              <option value="true">Enabled</option>
              <option value="false">Disabled</option>
            </select>
          </Row>
        ))}
        <Row id="configure-periodLockDate" label="Period lock date" error={fieldErrors.periodLockDate}>
          <DateInput
            id="configure-periodLockDate"
            name="periodLockDate"
           
            placeholder={initial.periodLockDate === MIXED ? "Mixed values" : undefined}
            defaultValue={value("periodLockDate") === MIXED ? "" : value("periodLockDate")}
            {...errorProps("periodLockDate")}
          />
        </Row>
      </div>
      <RouteDialogFooter>
        <Link to={closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
          Cancel
        </Link>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save"}
        </Button>
      </RouteDialogFooter>
    </Form>
  );
}
