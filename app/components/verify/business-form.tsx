import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { COMPANY_PICK } from "~/modules/kyc/schema";
import type { FormValues } from "./identity-form";
import { AuAddressSearch, SuggestionSearch, type Suggestion } from "./suggestion-search";

/** A register company as the business form shows it: value = its registration number. */
export interface CompanyChoice extends Suggestion {
  registrationNumber: string;
  /** NZBN (NZ) or ABN (AU). */
  businessNumber: string | null;
  website?: string | null;
}

export interface BusinessFormProps {
  action: string;
  country: "NZ" | "AU";
  /** The company chosen now (from the register), or null. */
  chosen: CompanyChoice | null;
  /** The suggestion picked in the open search (the form's registrationNumber). */
  picked: CompanyChoice | null;
  /** Whether the company search is open (Edit pressed, or nothing chosen yet). */
  editing: boolean;
  companySuggestions: CompanyChoice[];
  addressSuggestions: Suggestion[];
  values: FormValues;
  errors: Record<string, string>;
  acknowledgement: string;
}

/**
 * "Confirm business details" (spec p1 §2, §5): the registered business name from the register's suggestions (Edit,
 * then Done), the read-only registration number, the AU business address from the address suggestions, the website,
 * and Confirm carrying the acknowledgement that the user may pay on the company's behalf.
 */
export function BusinessForm(props: BusinessFormProps) {
  const { values, errors } = props;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "business";
  const [chosen, setChosen] = useState<CompanyChoice | null>(props.chosen);
  const [picked, setPicked] = useState<CompanyChoice | null>(props.picked);
  const [editing, setEditing] = useState(props.editing);
  const [localError, setLocalError] = useState<string | null>(null);
  const companyError = localError ?? errors.company;
  const numberLabel = props.country === "AU" ? "ACN" : "Company number";
  const businessNumberLabel = props.country === "AU" ? "ABN" : "NZBN";
  return (
    <Form method="post" action={props.action} noValidate className="grid gap-5">
      <button type="submit" name="intent" value="business" className="sr-only" tabIndex={-1} aria-hidden="true" />
      {editing ? (
        <div className="grid gap-2">
          <input type="hidden" name="companyEditing" value={props.chosen ? "true" : ""} />
          <SuggestionSearch
            id="companyQuery"
            label="Registered business name"
            required
            queryName="companyQuery"
            query={values.companyQuery ?? ""}
            searchIntent="search-company"
            resourceUrl={(query) => `/resources/verify-register-search?${new URLSearchParams({ q: query, country: props.country })}`}
            choiceName="registrationNumber"
            suggestions={props.companySuggestions}
            selected={picked?.registrationNumber ?? null}
            onSelect={(suggestion) => {
              setLocalError(null);
              setPicked(suggestion as CompanyChoice);
            }}
            error={companyError}
            placeholder="Type your company's registered name"
          />
          {props.chosen ? (
            <div>
              <Button
                type="submit"
                name="intent"
                value="done-company"
                variant="outline"
                formNoValidate
                onClick={(event) => {
                  event.preventDefault();
                  if (!picked) return setLocalError(COMPANY_PICK);
                  setLocalError(null);
                  setChosen(picked);
                  setEditing(false);
                }}
              >
                Done
              </Button>
            </div>
          ) : null}
        </div>
      ) : (
        <div className="grid gap-2">
          <Label htmlFor="companyName" required>
            Registered business name
          </Label>
          <div className="flex gap-2">
            <Input id="companyName" aria-required="true" value={chosen?.label ?? ""} readOnly className="bg-muted" aria-describedby={companyError ? "company-error" : undefined} />
            <input type="hidden" name="registrationNumber" value={chosen?.registrationNumber ?? ""} />
            <Button
              type="submit"
              name="intent"
              value="edit-company"
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
          </div>
          <FieldError id="company-error" message={companyError} />
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="registrationNumberShown">{numberLabel}</Label>
          <Input id="registrationNumberShown" value={(editing ? picked : chosen)?.registrationNumber ?? ""} readOnly className="bg-muted" />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="businessNumberShown">{businessNumberLabel}</Label>
          <Input id="businessNumberShown" value={(editing ? picked : chosen)?.businessNumber ?? ""} readOnly className="bg-muted" />
        </div>
      </div>
      {props.country === "AU" ? (
        <AuAddressSearch
          label="Business address"
          placeholder="Start typing the business address"
          query={values.addressQuery ?? ""}
          selected={values.addressId || null}
          suggestions={props.addressSuggestions}
          error={errors.address}
        />
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor="website">Website (optional)</Label>
        <Input
          id="website"
          name="website"
          defaultValue={values.website ?? ""}
          inputMode="url"
          placeholder="example.co.nz"
          aria-invalid={errors.website ? true : undefined}
          aria-describedby={errors.website ? "website-error" : undefined}
        />
        <FieldError id="website-error" message={errors.website} />
      </div>
      <p id="acknowledgement" className="rounded-md border bg-muted/50 p-3 text-sm">
        {props.acknowledgement}
      </p>
      <div className="flex justify-end">
        <Button type="submit" name="intent" value="business" disabled={submitting} aria-describedby="acknowledgement">
          {submitting ? "Confirming…" : "Confirm"}
        </Button>
      </div>
    </Form>
  );
}
