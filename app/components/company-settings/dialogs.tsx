import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { useHydrated } from "~/components/invoices/selection";
import { formErrorsOf } from "~/lib/form-errors";
import type { GlCodeRow, PaymentTermRow } from "./buyer-settings";
import { SELECT_CLASS } from "./edit-then-save";

type Option = { value: string; label: string };

function useFormState() {
  const { fieldErrors, formError, values } = formErrorsOf(useActionData());
  const navigation = useNavigation();
  return { fieldErrors, formError, values, busy: navigation.state === "submitting" };
}

function Footer({
  closeTo,
  busy,
  submit,
  busyLabel,
  destructive,
}: {
  closeTo: string;
  busy: boolean;
  submit: string;
  busyLabel: string;
  destructive?: boolean;
}) {
  return (
    <RouteDialogFooter>
      <Link to={closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
        Cancel
      </Link>
      <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={busy}>
        {busy ? busyLabel : submit}
      </Button>
    </RouteDialogFooter>
  );
}

/** A "Set as default" box; on the current default it is ticked and fixed (a default is moved, never unset). */
function DefaultBox({ name, checked, fixed, label }: { name: string; checked: boolean; fixed: boolean; label: string }) {
  return (
    <div className="flex items-center gap-2">
      {fixed ? <input type="hidden" name={name} value="true" /> : <input type="hidden" name={name} value="false" />}
      <input
        id={`field-${name}`}
        type="checkbox"
        name={fixed ? undefined : name}
        value="true"
        defaultChecked={checked}
        disabled={fixed}
        className="size-4 accent-primary"
      />
      <Label htmlFor={`field-${name}`}>{label}</Label>
    </div>
  );
}

function SelectField({
  name,
  label,
  options,
  placeholder,
  defaultValue,
  error,
  onChange,
}: {
  name: string;
  label: string;
  options: readonly Option[];
  placeholder: string;
  defaultValue: string;
  error?: string;
  onChange?: (value: string) => void;
}) {
  return (
    <div className="grid gap-2">
      {/* Every select here is required: the frequency, then the date (Monthly) or the day (Weekly) (p3 §5). */}
      <Label htmlFor={`field-${name}`} required>
        {label}
      </Label>
      <select
        id={`field-${name}`}
        name={name}
        aria-required="true"
        defaultValue={defaultValue}
        onChange={onChange ? (event) => onChange(event.target.value) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `field-${name}-error` : undefined}
        className={SELECT_CLASS}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={`field-${name}-error`} message={error} />
    </div>
  );
}

export interface PaymentTermDialogProps {
  mode: "add" | "edit";
  closeTo: string;
  term: PaymentTermRow | null;
  frequencyOptions: readonly Option[];
  dateOptions: readonly Option[];
  dayOptions: readonly Option[];
}

/** Add or edit a payment term (p3 §2.4, §5): frequency, then the date (Monthly) or the day (Weekly), and the default. */
export function PaymentTermDialog({ mode, closeTo, term, frequencyOptions, dateOptions, dayOptions }: PaymentTermDialogProps) {
  const { fieldErrors, formError, values, busy } = useFormState();
  const hydrated = useHydrated();
  const initialFrequency = values?.frequency ?? term?.frequency ?? "";
  const [frequency, setFrequency] = useState(initialFrequency);
  // Without JavaScript both fields show; the server keeps the one the frequency needs.
  const showDate = !hydrated || frequency === "MONTHLY";
  const showDay = !hydrated || frequency === "WEEKLY";
  const fieldError = (name: string) => fieldErrors[name];
  const otherErrors = formError && !Object.values(fieldErrors).includes(formError) ? formError : null;
  return (
    <RouteDialog title={mode === "add" ? "Add Payment Term" : "Edit Payment Term"} closeTo={closeTo}>
      <Form method="post" preventScrollReset className="grid gap-4" noValidate>
        {otherErrors ? <Alert variant="destructive">{otherErrors}</Alert> : null}
        <SelectField
          name="frequency"
          label="Frequency"
          options={frequencyOptions}
          placeholder="Select frequency"
          defaultValue={initialFrequency}
          error={fieldError("frequency")}
          onChange={setFrequency}
        />
        {showDate ? (
          <SelectField
            name="date"
            label="Payment date"
            options={dateOptions}
            placeholder="Select date"
            defaultValue={values?.date ?? (term?.date ? String(term.date) : "")}
            error={fieldError("date")}
          />
        ) : null}
        {showDay ? (
          <SelectField
            name="dayOfWeek"
            label="Payment day"
            options={dayOptions}
            placeholder="Select day"
            defaultValue={values?.dayOfWeek ?? term?.dayOfWeek ?? ""}
            error={fieldError("dayOfWeek")}
          />
        ) : null}
        <DefaultBox
          name="defaultTerm"
          checked={values ? values.defaultTerm === "true" : term?.defaultTerm ?? false}
          fixed={term?.defaultTerm ?? false}
          label="Default payment term"
        />
        <FieldError id="field-defaultTerm-error" message={fieldError("defaultTerm")} />
        <Footer closeTo={closeTo} busy={busy} submit={mode === "add" ? "Add" : "Save"} busyLabel="Saving…" />
      </Form>
    </RouteDialog>
  );
}

/** The delete confirmation (p3 §5): 'Are you sure you want to delete this payment term?'. */
export function DeletePaymentTermDialog({ closeTo, term, question }: { closeTo: string; term: PaymentTermRow; question: string }) {
  const { fieldErrors, formError, busy } = useFormState();
  const error = formError ?? Object.values(fieldErrors)[0] ?? null;
  return (
    <RouteDialog title="Delete Payment Term" closeTo={closeTo}>
      <div className="grid gap-3 text-sm">
        <p>{question}</p>
        <p className="rounded-md border bg-muted/40 p-3 font-medium">
          {term.frequencyLabel}, {term.day}
        </p>
        {error ? <Alert variant="destructive">{error}</Alert> : null}
      </div>
      <Form method="post" preventScrollReset>
        <Footer closeTo={closeTo} busy={busy} submit="Delete" busyLabel="Deleting…" destructive />
      </Form>
    </RouteDialog>
  );
}

function TextField({ name, label, defaultValue, error, readOnly }: { name: string; label: string; defaultValue: string; error?: string; readOnly?: boolean }) {
  // The GL code and its name are both required (p3 §5); a read-only field (the code, once added) is not marked.
  return (
    <div className="grid gap-2">
      <Label htmlFor={`field-${name}`} required={!readOnly}>
        {label}
      </Label>
      <Input
        id={`field-${name}`}
        name={name}
        aria-required={readOnly ? undefined : "true"}
        defaultValue={defaultValue}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `field-${name}-error` : undefined}
        className={readOnly ? "bg-muted" : undefined}
      />
      <FieldError id={`field-${name}-error`} message={error} />
    </div>
  );
}

/** Add or edit a GL code (p3 §2.4, §5): the code is fixed once added; the name and the default can change. */
export function GlCodeDialog({ mode, closeTo, code }: { mode: "add" | "edit"; closeTo: string; code: GlCodeRow | null }) {
  const { fieldErrors, formError, values, busy } = useFormState();
  const otherErrors = formError && !Object.values(fieldErrors).includes(formError) ? formError : null;
  return (
    <RouteDialog title={mode === "add" ? "Add GL Code" : "Edit GL Code"} closeTo={closeTo}>
      <Form method="post" preventScrollReset className="grid gap-4" noValidate>
        {otherErrors ? <Alert variant="destructive">{otherErrors}</Alert> : null}
        <TextField
          name="accountCode"
          label="GL Code"
          defaultValue={values?.accountCode ?? code?.accountCode ?? ""}
          error={fieldErrors.accountCode}
          readOnly={mode === "edit"}
        />
        <TextField name="accountName" label="Name" defaultValue={values?.accountName ?? code?.accountName ?? ""} error={fieldErrors.accountName} />
        <DefaultBox name="isDefault" checked={values ? values.isDefault === "true" : code?.isDefault ?? false} fixed={false} label="Default GL code" />
        <Footer closeTo={closeTo} busy={busy} submit={mode === "add" ? "Add" : "Save"} busyLabel="Saving…" />
      </Form>
    </RouteDialog>
  );
}

export function DeleteGlCodeDialog({ closeTo, code }: { closeTo: string; code: GlCodeRow }) {
  const { fieldErrors, formError, busy } = useFormState();
  const error = formError ?? Object.values(fieldErrors)[0] ?? null;
  return (
    <RouteDialog title="Delete GL Code" closeTo={closeTo}>
      <div className="grid gap-3 text-sm">
        <p>Are you sure you want to delete this GL code? It will no longer be offered for this company&apos;s bills and suppliers.</p>
        <p className="rounded-md border bg-muted/40 p-3 font-medium">
          <span className="font-mono">{code.accountCode}</span> {code.accountName}
        </p>
        {error ? <Alert variant="destructive">{error}</Alert> : null}
      </div>
      <Form method="post" preventScrollReset>
        <Footer closeTo={closeTo} busy={busy} submit="Delete" busyLabel="Deleting…" destructive />
      </Form>
    </RouteDialog>
  );
}
