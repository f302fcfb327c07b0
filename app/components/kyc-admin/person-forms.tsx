import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { DialogCancelLink, RouteDialogFooter } from "~/components/ui/route-dialog";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { DateOfBirthSelect } from "~/components/verify/date-of-birth";
import { VerifyWithChoice, type VerifyWith } from "~/components/verify/verify-with-choice";
import { DATE_OF_BIRTH_YEARS } from "~/modules/kyc/admin-schema";
import type { KycPerson, KycPersonIdentity } from "~/modules/kyc/admin.server";

type Errors = Record<string, string> | undefined;

function describedBy(id: string, errors: Errors, name: string) {
  return errors?.[name] ? `${id}-${name}-error` : undefined;
}

function useBusy(intent: string) {
  const navigation = useNavigation();
  if (navigation.state === "idle") return false;
  if (intent === "upload") return (navigation.formEncType ?? "").startsWith("multipart");
  return navigation.formData?.get("intent") === intent;
}

/** Upload on behalf (p1 §4): one JPG or PNG under 10 MB, checked on the server by its content. */
export function UploadDocumentForm({
  person,
  action,
  error,
  id = "upload",
  cancelTo,
}: {
  person: Pick<KycPerson, "name">;
  action?: string;
  error?: string;
  id?: string;
  /** In the upload dialog: its Cancel (decision 068). */
  cancelTo?: string;
}) {
  const busy = useBusy("upload");
  return (
    <Form method="post" encType="multipart/form-data" action={action} className="space-y-3" preventScrollReset>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-document`} required>
          Identity document
        </Label>
        <Input
          id={`${id}-document`}
          aria-required="true"
          name="document"
          type="file"
          accept="image/jpeg,image/png"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-document-hint${error ? ` ${id}-document-error` : ""}`}
        />
        <p id={`${id}-document-hint`} className="text-xs text-muted-foreground">
          A driver&apos;s licence or passport of {person.name}: JPG or PNG, less than 10 MB.
        </p>
        <FieldError id={`${id}-document-error`} message={error} />
      </div>
      {cancelTo ? (
        <RouteDialogFooter>
          <DialogCancelLink to={cancelTo} />
          <Button type="submit" disabled={busy}>
            {busy ? "Uploading..." : "Upload document"}
          </Button>
        </RouteDialogFooter>
      ) : (
        <Button type="submit" variant="outline" disabled={busy}>
          {busy ? "Uploading..." : "Upload document"}
        </Button>
      )}
    </Form>
  );
}

/** Names and the admin-only notes (p1 §4). */
export function PersonDetailsForm({ person, errors, values }: { person: KycPerson; errors: Errors; values?: Record<string, string> }) {
  const busy = useBusy("details");
  const id = "details";
  const value = (name: "firstName" | "middleName" | "lastName" | "note") => values?.[name] ?? person[name] ?? "";
  const nameError = errors?.fullName;
  return (
    <Form method="post" className="space-y-4" preventScrollReset>
      <input type="hidden" name="intent" value="details" />
      <fieldset className="space-y-3" aria-describedby={nameError ? `${id}-fullName-error` : undefined}>
        <legend className="text-sm font-medium">Full legal name</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          {(
            [
              ["firstName", "First name"],
              ["middleName", "Middle name"],
              ["lastName", "Last name"],
            ] as const
          ).map(([name, label]) => (
            <div key={name} className="space-y-1.5">
              <Label htmlFor={`${id}-${name}`} required={name !== "middleName"}>
                {label}
              </Label>
              <Input
                id={`${id}-${name}`}
                name={name}
                aria-required={name !== "middleName" ? "true" : undefined}
                defaultValue={value(name)}
                maxLength={100}
                autoComplete="off"
                aria-invalid={nameError && name !== "middleName" ? true : undefined}
                aria-describedby={nameError && name !== "middleName" ? `${id}-fullName-error` : undefined}
              />
            </div>
          ))}
        </div>
        <FieldError id={`${id}-fullName-error`} message={nameError} />
      </fieldset>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-note`}>Notes</Label>
        <textarea
          id={`${id}-note`}
          name="note"
          rows={3}
          maxLength={1000}
          defaultValue={value("note")}
          aria-invalid={errors?.note ? true : undefined}
          aria-describedby={`${id}-note-hint${errors?.note ? ` ${id}-note-error` : ""}`}
          className="flex w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
        <p id={`${id}-note-hint`} className="text-xs text-muted-foreground">
          Seen by admins only.
        </p>
        <FieldError id={`${id}-note-error`} message={errors?.note} />
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : "Save details"}
      </Button>
    </Form>
  );
}

/**
 * Identity (p1 §5 Identity form): date of birth, driver's licence (or passport under the flag), and a residential
 * address for AU. Saving runs the identity check again.
 */
export function IdentityForm({
  identity,
  country,
  passportAllowed,
  errors,
  values,
}: {
  identity: KycPersonIdentity;
  country: "NZ" | "AU";
  passportAllowed: boolean;
  errors: Errors;
  values?: Record<string, string>;
}) {
  const busy = useBusy("identity");
  const id = "identity";
  const [dobYear, dobMonth, dobDay] = (identity.dateOfBirth ?? "").split("-");
  const initial = {
    dobDay: values?.dobDay ?? (dobDay ? String(Number(dobDay)) : ""),
    dobMonth: values?.dobMonth ?? (dobMonth ? String(Number(dobMonth)) : ""),
    dobYear: values?.dobYear ?? dobYear ?? "",
    verifyWith: values?.verifyWith ?? identity.verifyWith,
    driversLicenceNumber: values?.driversLicenceNumber ?? identity.driversLicenceNumber ?? "",
    driversLicenceVersion: values?.driversLicenceVersion ?? identity.driversLicenceVersion ?? "",
    passportNumber: values?.passportNumber ?? identity.passportNumber ?? "",
    addressLine1: values?.addressLine1 ?? identity.address?.line1 ?? "",
    addressSuburb: values?.addressSuburb ?? identity.address?.suburb ?? identity.address?.city ?? "",
    addressRegion: values?.addressRegion ?? identity.address?.region ?? "",
    addressPostcode: values?.addressPostcode ?? identity.address?.postcode ?? "",
  };
  const [verifyWith, setVerifyWith] = useState<VerifyWith>(passportAllowed && initial.verifyWith === "PASSPORT" ? "PASSPORT" : "LICENCE");
  // Without JavaScript both document blocks show (the radios cannot toggle them); the server keeps the one chosen.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const showLicence = !passportAllowed || !hydrated || verifyWith === "LICENCE";
  const showPassport = passportAllowed && (!hydrated || verifyWith === "PASSPORT");
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: DATE_OF_BIRTH_YEARS + 1 }, (_, index) => thisYear - index);
  const dobError = errors?.dateOfBirth;
  const text = (name: keyof typeof initial, label: string, props: { maxLength?: number; inputMode?: "numeric"; autoCapitalize?: string } = {}) => (
    <div className="space-y-1.5">
      {/* Every text field shown here is required: the chosen document's number (and version), the address lines. */}
      <Label htmlFor={`${id}-${name}`} required>
        {label}
      </Label>
      <Input
        id={`${id}-${name}`}
        name={name}
        aria-required="true"
        defaultValue={initial[name]}
        autoComplete="off"
        aria-invalid={errors?.[name] ? true : undefined}
        aria-describedby={describedBy(id, errors, name)}
        {...props}
      />
      <FieldError id={`${id}-${name}-error`} message={errors?.[name]} />
    </div>
  );
  return (
    <Form method="post" className="space-y-4" preventScrollReset>
      <input type="hidden" name="intent" value="identity" />
      <DateOfBirthSelect
        years={years}
        value={{ day: initial.dobDay, month: initial.dobMonth, year: initial.dobYear }}
        error={dobError}
        errorId={`${id}-dateOfBirth-error`}
      />
      <VerifyWithChoice passportAllowed={passportAllowed} value={verifyWith} onChange={setVerifyWith} />
      <div className={showLicence ? "grid gap-3 sm:grid-cols-2" : "hidden"}>
        {text("driversLicenceNumber", "Driver's licence number", { maxLength: 8, autoCapitalize: "characters" })}
        {text("driversLicenceVersion", "Driver's licence version", { maxLength: 3, inputMode: "numeric" })}
      </div>
      {showPassport ? text("passportNumber", "Passport number", { maxLength: 20, autoCapitalize: "characters" }) : null}
      {country === "AU" ? (
        <fieldset className="space-y-3" aria-describedby={errors?.address ? `${id}-address-error` : undefined}>
          <legend className="text-sm font-medium">Residential address</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {text("addressLine1", "Street address", { maxLength: 200 })}
            {text("addressSuburb", "Suburb", { maxLength: 100 })}
            {text("addressRegion", "State", { maxLength: 50 })}
            {text("addressPostcode", "Postcode", { maxLength: 4, inputMode: "numeric" })}
          </div>
          <FieldError id={`${id}-address-error`} message={errors?.address} />
        </fieldset>
      ) : null}
      {errors?.fullName ? <FieldError id={`${id}-fullName-error`} message={errors.fullName} /> : null}
      <Button type="submit" disabled={busy}>
        {busy ? "Checking..." : "Save and verify"}
      </Button>
    </Form>
  );
}
