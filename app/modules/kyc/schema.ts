import { z } from "zod";

/** Identity document upload (spec p1 §5, §9): JPG or PNG, under 10 MB (10,000,000 bytes), a file chosen. */
export const IDENTITY_DOCUMENT_MAX_BYTES = 10_000_000;
export const DOCUMENT_FORMAT = "Unsupported file format. Please upload your document in JPG or PNG format.";
export const DOCUMENT_TOO_LARGE = "Please choose a file which is less than 10 MB in size";
export const DOCUMENT_MISSING = "Please select your document.";
/** Identity checks per person and calendar day (issue 13 part 13; ours: the spec gives no number), like the 3 code tries. */
export const IDENTITY_CHECKS_PER_DAY = 3;
export const IDENTITY_CHECKS_EXHAUSTED =
  "This person's identity has been checked 3 times today. Please try again tomorrow, or upload a document to verify instead.";

// ---- /verify forms (spec p1 §5 Identity form and Business details; the spec's text, typos kept) ----

export const NAME_REQUIRED = "Plases enter your full legal name";
export const NAME_EDIT_PENDING = "Please confirm your changes by clicking Done button";
export const DOB_INCOMPLETE = "Please select complete date of birth";
export const LICENCE_REQUIRED = "Please enter driver's licence number";
export const LICENCE_INVALID = "Please enter a valid driver's licence number";
export const LICENCE_VERSION_REQUIRED = "Please enter driver's licence version";
export const PASSPORT_REQUIRED = "Please enter your passport number";
export const ADDRESS_PICK = "Plases select an address from the suggestions";
export const COMPANY_PICK = "Please select your company from the suggestions shown";
export const COMPANY_EDIT_PENDING = "Please confirm your change by clicking Done button";
export const WEBSITE_FORMAT = "Please enter your business website address in correct format";

/** The warranty the Confirm button carries (spec p1 §2), stored with its time as the company's acknowledgement. */
export const BUSINESS_ACKNOWLEDGEMENT =
  "By clicking Confirm, I warrant that I am an authorised representative of this company with the authority to make payments on its behalf.";

/** Dates of birth go back 100 years from this year (spec p1 §5). */
export const DOB_YEARS_BACK = 100;

export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The years offered in the date-of-birth select, newest first. */
export const dobYears = (today: Date) => Array.from({ length: DOB_YEARS_BACK + 1 }, (_, index) => today.getUTCFullYear() - index);

/** YYYY-MM-DD from the three selects, or null when incomplete or not a real date in the allowed years. */
export function dateOfBirthFrom(day: string, month: string, year: string, today: Date): string | null {
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) return null;
  const [d, m, y] = [Number(day), Number(month), Number(year)];
  const thisYear = today.getUTCFullYear();
  if (y > thisYear || y < thisYear - DOB_YEARS_BACK || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  const iso = `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  return iso <= today.toISOString().slice(0, 10) ? iso : null;
}

/** A full legal name split into first, middle and last: the first word, the words between, the last word. */
export function splitFullName(fullName: string): { firstName: string; middleName: string | null; lastName: string } | null {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2 || words.some((word) => word.length > 100)) return null;
  return { firstName: words[0], middleName: words.length > 2 ? words.slice(1, -1).join(" ") : null, lastName: words[words.length - 1] };
}

export const LICENCE_NUMBER_PATTERN = /^[A-Z]{2}[0-9]{6}$/;
export const LICENCE_VERSION_PATTERN = /^[0-9]{3}$/;

const text = z.preprocess((value) => (typeof value === "string" ? value.trim() : ""), z.string());

export interface IdentityFormOptions {
  /** The primary user may edit their name (spec p1 §4); owners cannot, and their posted name is ignored. */
  nameEditable: boolean;
  /** AU residential address (spec p1 §5), behind the addressForVerification flag. */
  requireAddress: boolean;
  /** The passport choice, behind the verifyWithPassport flag. */
  passportAllowed: boolean;
  today: Date;
}

export type IdentityFormField = "fullName" | "dateOfBirth" | "driversLicenceNumber" | "driversLicenceVersion" | "passportNumber" | "address";

/** The identity form (spec p1 §5): every message on its field. */
export function identityFormSchema(options: IdentityFormOptions) {
  return z
    .object({
      fullName: text,
      nameEditing: text,
      dobDay: text,
      dobMonth: text,
      dobYear: text,
      verifyWith: text,
      driversLicenceNumber: text,
      driversLicenceVersion: text,
      passportNumber: text,
      addressId: text,
    })
    .superRefine((form, ctx) => {
      const issue = (path: IdentityFormField, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
      if (options.nameEditable) {
        if (form.nameEditing === "true") issue("fullName", NAME_EDIT_PENDING);
        else if (!splitFullName(form.fullName)) issue("fullName", NAME_REQUIRED);
      }
      if (!dateOfBirthFrom(form.dobDay, form.dobMonth, form.dobYear, options.today)) issue("dateOfBirth", DOB_INCOMPLETE);
      const passport = options.passportAllowed && form.verifyWith === "PASSPORT";
      if (passport) {
        if (!form.passportNumber) issue("passportNumber", PASSPORT_REQUIRED);
      } else {
        const licence = form.driversLicenceNumber.toUpperCase();
        if (!licence) issue("driversLicenceNumber", LICENCE_REQUIRED);
        else if (!LICENCE_NUMBER_PATTERN.test(licence)) issue("driversLicenceNumber", LICENCE_INVALID);
        if (!LICENCE_VERSION_PATTERN.test(form.driversLicenceVersion)) issue("driversLicenceVersion", LICENCE_VERSION_REQUIRED);
      }
      if (options.requireAddress && !form.addressId) issue("address", ADDRESS_PICK);
    })
    .transform((form) => {
      const passport = options.passportAllowed && form.verifyWith === "PASSPORT";
      return {
        name: options.nameEditable ? splitFullName(form.fullName) : null,
        dateOfBirth: dateOfBirthFrom(form.dobDay, form.dobMonth, form.dobYear, options.today)!,
        verifyWith: passport ? ("PASSPORT" as const) : ("LICENCE" as const),
        driversLicenceNumber: passport ? null : form.driversLicenceNumber.toUpperCase(),
        driversLicenceVersion: passport ? null : form.driversLicenceVersion,
        passportNumber: passport ? form.passportNumber.toUpperCase().slice(0, 20) : null,
        addressId: options.requireAddress ? form.addressId : null,
      };
    });
}
export type IdentityForm = z.output<ReturnType<typeof identityFormSchema>>;

export type BusinessFormField = "company" | "address" | "website";

/** A website, if given, must contain a dot (spec p1 §5), and no spaces. */
export const isWebsiteFormat = (website: string) => website.includes(".") && !/\s/.test(website) && !website.startsWith(".") && !website.endsWith(".");

/** Confirm business details (spec p1 §5): company chosen from the suggestions, edit finished, AU address, website. */
export function businessFormSchema(options: { requireAddress: boolean }) {
  return z
    .object({ registrationNumber: text, companyEditing: text, addressId: text, website: text })
    .superRefine((form, ctx) => {
      const issue = (path: BusinessFormField, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
      if (form.companyEditing === "true") issue("company", COMPANY_EDIT_PENDING);
      else if (!form.registrationNumber) issue("company", COMPANY_PICK);
      if (options.requireAddress && !form.addressId) issue("address", ADDRESS_PICK);
      if (form.website && (!isWebsiteFormat(form.website) || form.website.length > 200)) issue("website", WEBSITE_FORMAT);
    })
    .transform((form) => ({
      registrationNumber: form.registrationNumber,
      addressId: options.requireAddress ? form.addressId : null,
      website: form.website || null,
    }));
}
export type BusinessForm = z.output<ReturnType<typeof businessFormSchema>>;

/** The first message per field of a failed parse. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}
