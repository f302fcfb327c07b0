/**
 * Add a new supplier / customer on the spot (issue 20 part 3, docs/decisions/065-first-run.md), inside the Create
 * screens and the Add dialog: a disclosure with the company name, a contact e-mail and a GST number, and a submit button
 * (intent add-counterparty) that posts the whole form, so what was typed for the record comes back with the new
 * counterparty chosen. A details/summary: it opens without JavaScript; with it, the picker's "Add … as a new supplier"
 * option opens it with the typed name.
 */
import { useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NEW_COUNTERPARTY_FIELDS, type NewCounterpartyValues } from "~/modules/counterparties/new-counterparty";

export const ADD_COUNTERPARTY_INTENT = "add-counterparty";

export function newCounterpartyNoun(role: "SUPPLIER" | "CUSTOMER") {
  return role === "SUPPLIER" ? "supplier" : "customer";
}

export function NewCounterpartyFields({
  idPrefix,
  role,
  open,
  onOpenChange,
  values,
  onChange,
  errors,
  focusRequest,
}: {
  idPrefix: string;
  role: "SUPPLIER" | "CUSTOMER";
  open: boolean;
  onOpenChange: (open: boolean) => void;
  values: NewCounterpartyValues;
  onChange: (values: NewCounterpartyValues) => void;
  errors: Record<string, string | undefined>;
  /** Changes when the picker asks for the form: the name field takes the focus. */
  focusRequest: number;
}) {
  const noun = newCounterpartyNoun(role);
  const navigation = useNavigation();
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === ADD_COUNTERPARTY_INTENT;
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusRequest > 0) nameRef.current?.focus();
  }, [focusRequest]);

  const field = (key: keyof NewCounterpartyValues, label: string, extra: { inputMode?: "email" | "numeric"; type?: string; placeholder?: string } = {}) => {
    const id = `${idPrefix}-${key}`;
    const error = errors[key];
    return (
      <div className="grid gap-1.5">
        <Label htmlFor={id} required={key === "newCompanyName"}>
          {label}
        </Label>
        <Input
          id={id}
          aria-required={key === "newCompanyName" ? "true" : undefined}
          ref={key === "newCompanyName" ? nameRef : undefined}
          name={NEW_COUNTERPARTY_FIELDS[key === "newCompanyName" ? "name" : key === "newCompanyEmail" ? "email" : "gst"]}
          value={values[key]}
          onChange={(event) => onChange({ ...values, [key]: event.target.value })}
          autoComplete="off"
          type={extra.type}
          inputMode={extra.inputMode}
          placeholder={extra.placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <FieldError id={`${id}-error`} message={error} />
      </div>
    );
  };

  return (
    <details
      open={open}
      onToggle={(event) => onOpenChange((event.currentTarget as HTMLDetailsElement).open)}
      className="rounded-md border border-dashed p-3 text-sm sm:col-span-2"
    >
      <summary className="cursor-pointer font-medium text-primary">{`Not in the list? Add a new ${noun}`}</summary>
      <fieldset className="mt-3 grid gap-3">
        <legend className="sr-only">{`New ${noun}`}</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          {field("newCompanyName", "Company name")}
          {field("newCompanyEmail", "Email (optional)", { type: "email", inputMode: "email" })}
          {field("newCompanyGst", "GST number (optional)", { inputMode: "numeric", placeholder: "123-456-789" })}
        </div>
        <div>
          <Button type="submit" name="intent" value={ADD_COUNTERPARTY_INTENT} variant="outline" size="sm" disabled={adding}>
            {adding ? "Adding..." : `Add ${noun}`}
          </Button>
        </div>
      </fieldset>
    </details>
  );
}
