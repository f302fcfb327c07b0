/**
 * Add invoice, bill or credit note (p2 §2 Modals): enter the form, then a read-only confirm view (Back / Submit),
 * then submit; the action redirects to the list with a toast. A route dialog (docs/decisions/007): every step is a
 * POST with an intent, so it works without JavaScript; with it Remix submits without a reload.
 */
import { MoneyInput } from "~/components/ui/money-input";
import { Form, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { LinkTabs } from "~/components/ui/tabs";
import { DialogCancelLink, RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { defaultDueDate } from "~/modules/invoices/schema";
import { CounterpartyPicker, type PickerOption } from "./counterparty-picker";
import { NewCounterpartyFields } from "./new-counterparty";
import { emptyNewCounterparty, type NewCounterpartyValues } from "~/modules/counterparties/new-counterparty";
import { formErrorsOf } from "~/lib/form-errors";
import { ADD_FIELDS, emptyAddValues, toDisplayDate, type AddActionData, type AddKind, type AddStepData, type AddValues } from "./add-record-types";

export interface AddRecordDialogProps {
  kind: AddKind;
  creditNotes: boolean;
  closeTo: string;
  context: { today: string; xeroConnected: boolean; glAccounts: { code: string; name: string }[] };
  counterparties: PickerOption[];
  defaultDueDate: string;
}

const TITLES: Record<AddKind, string> = { INVOICE: "Add invoice", BILL: "Add bill", CREDIT_NOTE: "Add credit note" };

function TextField({
  name,
  label,
  values,
  errors,
  placeholder,
  inputMode,
  onChange,
  required,
}: {
  name: keyof AddValues;
  label: string;
  /** Marks the field as required before submitting (the server still says so when it is left empty). */
  required?: boolean;
  values: AddValues;
  errors: Record<string, string>;
  placeholder?: string;
  inputMode?: "decimal" | "numeric" | "text";
  onChange?: (value: string) => void;
}) {
  const id = `add-${name}`;
  const error = errors[name];
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {inputMode === "decimal" ? (
        <MoneyInput
          id={id}
          name={name}
          aria-required={required ? "true" : undefined}
          defaultValue={values[name]}
          key={`${name}-${values[name]}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      ) : (
        <Input
          id={id}
          name={name}
          aria-required={required ? "true" : undefined}
          {...(onChange ? { value: values[name], onChange: (event) => onChange(event.target.value) } : { defaultValue: values[name] })}
          placeholder={placeholder}
          inputMode={inputMode}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A checkbox whose state the form reads as it changes (posted as "on" when ticked, as without JavaScript). */
function CheckField({ name, label, checked, onChange }: { name: string; label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" name={name} checked={checked} onChange={(event) => onChange(event.target.checked)} className="size-4" />
      {label}
    </label>
  );
}

export function AddRecordDialog(props: AddRecordDialogProps) {
  const data = useActionData<AddActionData>();
  // The answer of a POST for another kind (after switching tabs) does not apply.
  const step = data && data.kind === props.kind ? data : null;
  return (
    <RouteDialog title={TITLES[props.kind]} closeTo={props.closeTo} className="max-w-xl">
      {props.creditNotes ? (
        <LinkTabs
          label="What to add"
          value={props.kind}
          items={[
            { value: "BILL", label: "Bill", to: addUrl(props.closeTo, null) },
            { value: "CREDIT_NOTE", label: "Credit note", to: addUrl(props.closeTo, "credit-note") },
          ]}
        />
      ) : null}
      {step?.step === "confirm" ? <ConfirmView key="confirm" step={step} closeTo={props.closeTo} /> : <EnterForm key={`enter-${props.kind}-${step?.notice ?? ""}`} {...props} step={step} />}
    </RouteDialog>
  );
}

/** /bills?tab=bills -> /bills/add?tab=bills&kind=credit-note: the dialog for another kind, the list query kept. */
function addUrl(closeTo: string, kind: string | null): string {
  const url = new URL(closeTo, "http://earlybird.local");
  url.pathname = `${url.pathname}/add`;
  if (kind) url.searchParams.set("kind", kind);
  else url.searchParams.delete("kind");
  return `${url.pathname}${url.search}`;
}

function useSubmitting(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function EnterForm({ kind, closeTo, context, counterparties, defaultDueDate: initialDueDate, step }: AddRecordDialogProps & { step: AddActionData | null }) {
  const { search } = useLocation();
  const values = step?.values ?? { ...emptyAddValues(), dueDate: kind === "CREDIT_NOTE" ? "" : initialDueDate };
  // A refusal: the message on its field (the one shape of form errors), or the form's own.
  const { fieldErrors: errors, formError } = formErrorsOf(step);
  const [counterparty, setCounterparty] = useState<{ id: number | null; name: string }>({
    id: values.counterpartyId ? Number(values.counterpartyId) : null,
    name: values.counterpartyName || counterparties.find((option) => String(option.id) === values.counterpartyId)?.companyName || "",
  });
  const [dueDate, setDueDate] = useState(values.dueDate);
  const [dueDateTouched, setDueDateTouched] = useState(Boolean(step));
  const [createInXero, setCreateInXero] = useState(values.createInXero === "on");
  const [poNotRequired, setPoNotRequired] = useState(values.poNotRequired === "on");
  const reviewing = useSubmitting("review");
  const isBill = kind === "BILL";
  const role = kind === "INVOICE" ? "CUSTOMER" : "SUPPLIER";
  const [newCounterparty, setNewCounterparty] = useState<NewCounterpartyValues>(step?.newCounterparty ?? emptyNewCounterparty());
  const [addingOpen, setAddingOpen] = useState(Boolean(step?.addingCounterparty));
  const [focusRequest, setFocusRequest] = useState(0);

  return (
    <Form method="post" action={`${kind === "INVOICE" ? "/invoices" : "/bills"}/add${search}`} className="grid gap-4" noValidate>
      {/* Enter in a field reviews (the form's first submit button is its default), never adds a counterparty. */}
      <button type="submit" name="intent" value="review" hidden tabIndex={-1} aria-hidden="true" disabled={reviewing} />
      <input type="hidden" name="kind" value={kind} />
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      <CounterpartyPicker
        id="add-counterparty"
        label={kind === "INVOICE" ? "Customer" : "Supplier"}
        required
        role={role}
        options={counterparties}
        selected={counterparty}
        error={errors.counterpartyId ?? errors.counterpartyName}
        onSelect={(option, text) => {
          setCounterparty({ id: option?.id ?? null, name: text });
          // Picking a supplier sets the bill's default due date from its payment term, unless the user typed one.
          if (option && isBill && !dueDateTouched) setDueDate(toDisplayDate(defaultDueDate(context.today, option.paymentTerm, "BILL")));
        }}
        onAddNew={(text) => {
          setNewCounterparty((typed) => ({ ...typed, newCompanyName: text || typed.newCompanyName }));
          setAddingOpen(true);
          setFocusRequest((n) => n + 1);
        }}
      />
      {step?.notice ? (
        <p role="status" className="text-sm font-medium text-primary">
          {step.notice}
        </p>
      ) : null}
      <NewCounterpartyFields
        idPrefix="add"
        role={role}
        open={addingOpen}
        onOpenChange={setAddingOpen}
        values={newCounterparty}
        onChange={setNewCounterparty}
        errors={errors}
        focusRequest={focusRequest}
      />
      {kind === "CREDIT_NOTE" ? (
        <>
          <TextField name="creditNumber" label="Credit note number" required values={values} errors={errors} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name="issueDate" label="Issue date" placeholder="DD/MM/YYYY" values={values} errors={errors} />
            <TextField name="total" label="Amount" required placeholder="0.00" inputMode="decimal" values={values} errors={errors} />
          </div>
        </>
      ) : (
        <>
          <TextField name="invoiceNumber" label={isBill ? "Bill number" : "Invoice number"} required values={values} errors={errors} />
          <div className="grid gap-4 sm:grid-cols-2">
            {isBill ? <TextField name="issueDate" label="Issue date" required placeholder="DD/MM/YYYY" values={values} errors={errors} /> : null}
            <TextField
              name="dueDate"
              label="Due date"
              required
              placeholder="DD/MM/YYYY"
              values={{ ...values, dueDate }}
              errors={errors}
              onChange={(value) => {
                setDueDate(value);
                setDueDateTouched(true);
              }}
            />
            <TextField name="amount" label="Amount (inc. GST)" required placeholder="0.00" inputMode="decimal" values={values} errors={errors} />
            {isBill && context.glAccounts.length > 0 ? (
              <div className="grid gap-1.5">
                <Label htmlFor="add-billGlCode">GL code</Label>
                <select
                  id="add-billGlCode"
                  name="billGlCode"
                  defaultValue={values.billGlCode}
                  aria-invalid={errors.billGlCode ? true : undefined}
                  aria-describedby={errors.billGlCode ? "add-billGlCode-error" : undefined}
                  className="flex h-10 w-full rounded-md border border-input bg-background px-3 text-sm"
                >
                  <option value="">None</option>
                  {context.glAccounts.map((account) => (
                    <option key={account.code} value={account.code}>
                      {account.code} {account.name}
                    </option>
                  ))}
                </select>
                <FieldError id="add-billGlCode-error" message={errors.billGlCode} />
              </div>
            ) : null}
          </div>
          {isBill && context.xeroConnected ? (
            <fieldset className="grid gap-3 rounded-md border p-3">
              <legend className="px-1 text-sm font-medium">Xero</legend>
              <CheckField name="createInXero" label="Create bill in Xero" checked={createInXero} onChange={setCreateInXero} />
              {/* Required while the bill is created in Xero and a PO is not waived (isPurchaseOrderRequired). */}
              <TextField name="orderNumber" label="Purchase order number" required={createInXero && !poNotRequired} values={values} errors={errors} />
              <CheckField name="poNotRequired" label="PO not required" checked={poNotRequired} onChange={setPoNotRequired} />
            </fieldset>
          ) : (
            <TextField name="orderNumber" label="Order number (optional)" values={values} errors={errors} />
          )}
        </>
      )}
      <RouteDialogFooter>
        <DialogCancelLink to={closeTo} />
        <Button type="submit" name="intent" value="review" disabled={reviewing}>
          {reviewing ? "Checking..." : "Confirm"}
        </Button>
      </RouteDialogFooter>
    </Form>
  );
}

function ConfirmView({ step, closeTo }: { step: AddStepData; closeTo: string }) {
  const { search } = useLocation();
  const submitting = useSubmitting("submit");
  const base = step.kind === "INVOICE" ? "/invoices" : "/bills";
  return (
    <Form method="post" action={`${base}/add${search}`} className="grid gap-4">
      <p className="text-sm text-muted-foreground">Check the details, then submit.</p>
      <dl className="grid grid-cols-[minmax(0,10rem)_1fr] gap-x-4 gap-y-2 rounded-md border p-4 text-sm">
        {step.summary.map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd className="font-medium">{row.value}</dd>
          </div>
        ))}
      </dl>
      <input type="hidden" name="kind" value={step.kind} />
      {ADD_FIELDS.map((key) => (
        <input key={key} type="hidden" name={key} value={step.values[key]} />
      ))}
      <RouteDialogFooter>
        <DialogCancelLink to={closeTo} />
        <Button type="submit" name="intent" value="back" variant="outline" disabled={submitting}>
          Back
        </Button>
        <Button type="submit" name="intent" value="submit" disabled={submitting}>
          {submitting ? "Submitting..." : "Submit"}
        </Button>
      </RouteDialogFooter>
    </Form>
  );
}
