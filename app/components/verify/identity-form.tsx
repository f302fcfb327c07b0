import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NAME_REQUIRED, splitFullName } from "~/modules/kyc/schema";
import { DateOfBirthSelect } from "./date-of-birth";
import { AuAddressSearch, type Suggestion } from "./suggestion-search";
import { VerifyWithChoice, type VerifyWith } from "./verify-with-choice";

export type FormValues = Record<string, string>;

/**
 * The primary user's own name (spec p1 §4: they may edit it; owners cannot): read-only with Edit, then a text box with
 * Done. Submitting while the edit is open gives "Please confirm your changes by clicking Done button". Without
 * JavaScript, Edit and Done post the form with their intent and the page answers in the new mode.
 */
function EditableName({ name, editing: initiallyEditing, error }: { name: string; editing: boolean; error?: string | null }) {
  const [editing, setEditing] = useState(initiallyEditing);
  const [text, setText] = useState(name);
  const [localError, setLocalError] = useState<string | null>(null);
  const shownError = localError ?? error;
  return (
    <div className="grid gap-2">
      <Label htmlFor="fullName" required>
        Full legal name
      </Label>
      <div className="flex gap-2">
        <Input
          id="fullName"
          aria-required="true"
          name="fullName"
          value={text}
          readOnly={!editing}
          autoComplete="name"
          className={editing ? undefined : "bg-muted"}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? "fullName-error" : undefined}
        />
        {editing ? <input type="hidden" name="nameEditing" value="true" /> : null}
        {editing ? (
          <Button
            type="submit"
            name="intent"
            value="done-name"
            variant="outline"
            formNoValidate
            onClick={(event) => {
              event.preventDefault();
              if (!splitFullName(text)) return setLocalError(NAME_REQUIRED);
              setLocalError(null);
              setEditing(false);
            }}
          >
            Done
          </Button>
        ) : (
          <Button
            type="submit"
            name="intent"
            value="edit-name"
            variant="outline"
            formNoValidate
            onClick={(event) => {
              event.preventDefault();
              setLocalError(null);
              setEditing(true);
            }}
          >
            Edit
          </Button>
        )}
      </div>
      <p className="text-xs text-muted-foreground">Your first and last name as they appear on your driver licence.</p>
      <FieldError id="fullName-error" message={shownError} />
    </div>
  );
}

export interface IdentityFormProps {
  action: string;
  userId: number;
  fullName: string;
  nameEditable: boolean;
  passportAllowed: boolean;
  addressRequired: boolean;
  years: number[];
  values: FormValues;
  errors: Record<string, string>;
  addressSuggestions: Suggestion[];
}

/** The identity form (spec p1 §2, §5): name, date of birth, driver licence (or passport under its flag), AU address. */
export function IdentityForm(props: IdentityFormProps) {
  const { values, errors } = props;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "identity";
  const [verifyWith, setVerifyWith] = useState<VerifyWith>(values.verifyWith === "PASSPORT" && props.passportAllowed ? "PASSPORT" : "LICENCE");
  // Without JavaScript the choice cannot switch the fields, so both are shown and the server reads the chosen one.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const showLicence = !props.passportAllowed || !hydrated || verifyWith === "LICENCE";
  const showPassport = props.passportAllowed && (!hydrated || verifyWith === "PASSPORT");
  const field = (name: string) => ({
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${name}-error` : undefined,
  });
  return (
    <Form method="post" action={props.action} noValidate className="grid gap-5">
      {/* Enter in a text box verifies, not Edit or Search (the first submit button is the form's default). */}
      <button type="submit" name="intent" value="identity" className="sr-only" tabIndex={-1} aria-hidden="true" />
      <input type="hidden" name="userId" value={props.userId} />
      {errors.form ? (
        <Alert variant="destructive">{errors.form}</Alert>
      ) : null}
      {props.nameEditable ? (
        <EditableName name={values.fullName ?? props.fullName} editing={values.nameEditing === "true"} error={errors.fullName} />
      ) : (
        <div className="grid gap-2">
          <Label htmlFor="ownerName">Full legal name</Label>
          <Input id="ownerName" value={props.fullName} readOnly className="bg-muted" aria-describedby="ownerName-hint" />
          <p id="ownerName-hint" className="text-xs text-muted-foreground">
            The name is the one the company register holds. Contact us if it is wrong.
          </p>
        </div>
      )}
      <DateOfBirthSelect
        years={props.years}
        value={{ day: values.dobDay ?? "", month: values.dobMonth ?? "", year: values.dobYear ?? "" }}
        error={errors.dateOfBirth}
      />
      <VerifyWithChoice passportAllowed={props.passportAllowed} value={verifyWith} onChange={setVerifyWith} />
      {showLicence ? (
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <div className="grid content-start gap-2">
            <Label htmlFor="driversLicenceNumber" required>
              Driver licence number
            </Label>
            <Input
              id="driversLicenceNumber"
              aria-required="true"
              name="driversLicenceNumber"
              defaultValue={values.driversLicenceNumber ?? ""}
              maxLength={8}
              autoComplete="off"
              placeholder="e.g. AB123456"
              className="uppercase"
              {...field("driversLicenceNumber")}
            />
            <FieldError id="driversLicenceNumber-error" message={errors.driversLicenceNumber} />
          </div>
          <div className="grid content-start gap-2">
            <Label htmlFor="driversLicenceVersion" required>
              Licence version
            </Label>
            <Input
              id="driversLicenceVersion"
              aria-required="true"
              name="driversLicenceVersion"
              defaultValue={values.driversLicenceVersion ?? ""}
              maxLength={3}
              inputMode="numeric"
              autoComplete="off"
              placeholder="e.g. 123"
              {...field("driversLicenceVersion")}
            />
            <FieldError id="driversLicenceVersion-error" message={errors.driversLicenceVersion} />
          </div>
        </div>
      ) : null}
      {showPassport ? (
        <div className="grid gap-2">
          <Label htmlFor="passportNumber" required>
            Passport number
          </Label>
          <Input
            id="passportNumber"
            aria-required="true"
            name="passportNumber"
            defaultValue={values.passportNumber ?? ""}
            maxLength={20}
            autoComplete="off"
            className="uppercase"
            {...field("passportNumber")}
          />
          <FieldError id="passportNumber-error" message={errors.passportNumber} />
        </div>
      ) : null}
      {props.addressRequired ? (
        <AuAddressSearch
          label="Residential address"
          placeholder="Start typing your street address"
          query={values.addressQuery ?? ""}
          selected={values.addressId || null}
          suggestions={props.addressSuggestions}
          error={errors.address}
        />
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" name="intent" value="identity" disabled={submitting}>
          {submitting ? "Verifying…" : "Verify"}
        </Button>
      </div>
    </Form>
  );
}
