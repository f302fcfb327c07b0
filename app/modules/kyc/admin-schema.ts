import { z } from "zod";
import { labelsOf } from "../../lib/status-labels";
import type { Address, CompanyVerificationStatus } from "../../../db/models/company";
import {
  DOB_INCOMPLETE as DATE_OF_BIRTH_INCOMPLETE,
  LICENCE_INVALID as LICENCE_NUMBER_INVALID,
  LICENCE_REQUIRED as LICENCE_NUMBER_REQUIRED,
  LICENCE_VERSION_REQUIRED,
  NAME_REQUIRED as FULL_NAME_REQUIRED,
  PASSPORT_REQUIRED as PASSPORT_NUMBER_REQUIRED,
} from "./schema";

/**
 * The admin's edits of a person (spec p1 §4 "Admin may edit any owner's name, notes and identity"), with the
 * messages of the person's own identity form (p1 §5 Identity form, typos kept), defined once in ./schema.
 */
export { DATE_OF_BIRTH_INCOMPLETE, FULL_NAME_REQUIRED, LICENCE_NUMBER_INVALID, LICENCE_NUMBER_REQUIRED, LICENCE_VERSION_REQUIRED, PASSPORT_NUMBER_REQUIRED };
/** AU requires a residential address (p1 §5); the spec names no message for a typed address. */
export const ADDRESS_REQUIRED = "Please enter the residential address";
export const NOTE_TOO_LONG = "Notes can be at most 1000 characters";
export const NOTE_MAX_LENGTH = 1000;
/** Years offered for a date of birth: this year back 100 years (p1 §5). */
export const DATE_OF_BIRTH_YEARS = 100;

const text = (max = 100) =>
  z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim().replace(/\s+/g, " ").slice(0, max));

/** The admin companies list (p3 §2.3, §9): 25 a page by default. Shared with the browser (not a .server module). */
export const COMPANIES_DEFAULT_PAGE_SIZE = 25;
export const COMPANIES_PAGE_SIZES = [10, 25, 50, 100] as const;

/** Company verification labels: the /companies tabs (p3 §2.3). */
export const COMPANY_STATUS_LABELS: Record<CompanyVerificationStatus, string> = labelsOf("companyVerification");

export type FieldErrors = Record<string, string>;
export type Parsed<T> = { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors };

function collect<T>(result: z.SafeParseReturnType<unknown, T>): Parsed<T> {
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    fieldErrors[field] ??= issue.message;
  }
  return { ok: false, fieldErrors };
}

export const PersonDetailsSchema = z
  .object({
    firstName: text(),
    middleName: text(),
    lastName: text(),
    note: z
      .string()
      .optional()
      .transform((value) => (value ?? "").trim()),
  })
  .superRefine((value, ctx) => {
    if (!value.firstName || !value.lastName) ctx.addIssue({ code: "custom", path: ["fullName"], message: FULL_NAME_REQUIRED });
    if (value.note.length > NOTE_MAX_LENGTH) ctx.addIssue({ code: "custom", path: ["note"], message: NOTE_TOO_LONG });
  })
  .transform((value) => ({ firstName: value.firstName, middleName: value.middleName || null, lastName: value.lastName, note: value.note || null }));

export type PersonDetails = z.output<typeof PersonDetailsSchema>;

export function parsePersonDetails(input: Record<string, unknown>): Parsed<PersonDetails> {
  return collect(PersonDetailsSchema.safeParse(input));
}

export interface IdentityEdit {
  /** YYYY-MM-DD */
  dateOfBirth: string;
  verifyWith: "LICENCE" | "PASSPORT";
  driversLicenceNumber: string | null;
  driversLicenceVersion: string | null;
  passportNumber: string | null;
  address: Address | null;
}

export interface IdentityRules {
  country: "NZ" | "AU";
  /** The passport choice appears only under the verifyWithPassport flag (p1 §5). */
  passportAllowed: boolean;
  now?: Date;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** A complete date of birth from its three selects, within this year and the 100 before it, or null. */
export function dateOfBirthFrom(day: string, month: string, year: string, now = new Date()): string | null {
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) return null;
  const [d, m, y] = [Number(day), Number(month), Number(year)];
  const thisYear = now.getUTCFullYear();
  if (y > thisYear || y < thisYear - DATE_OF_BIRTH_YEARS || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  const iso = `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  return iso > now.toISOString().slice(0, 10) ? null : iso;
}

const field = (input: Record<string, unknown>, name: string) => (typeof input[name] === "string" ? (input[name] as string).trim() : "");

/** The identity part of the form (date of birth, licence or passport, AU address), with each message on its field. */
export function parseIdentityEdit(input: Record<string, unknown>, rules: IdentityRules): Parsed<IdentityEdit> {
  const fieldErrors: FieldErrors = {};
  const dateOfBirth = dateOfBirthFrom(field(input, "dobDay"), field(input, "dobMonth"), field(input, "dobYear"), rules.now);
  if (!dateOfBirth) fieldErrors.dateOfBirth = DATE_OF_BIRTH_INCOMPLETE;
  const verifyWith = rules.passportAllowed && field(input, "verifyWith") === "PASSPORT" ? "PASSPORT" : "LICENCE";
  const licence = field(input, "driversLicenceNumber").replace(/\s+/g, "").toUpperCase();
  const version = field(input, "driversLicenceVersion");
  const passport = field(input, "passportNumber").replace(/\s+/g, "").toUpperCase();
  if (verifyWith === "LICENCE") {
    if (!licence) fieldErrors.driversLicenceNumber = LICENCE_NUMBER_REQUIRED;
    else if (!/^[A-Z]{2}\d{6}$/.test(licence)) fieldErrors.driversLicenceNumber = LICENCE_NUMBER_INVALID;
    if (!/^\d{3}$/.test(version)) fieldErrors.driversLicenceVersion = LICENCE_VERSION_REQUIRED;
  } else if (!passport || passport.length > 20) {
    fieldErrors.passportNumber = PASSPORT_NUMBER_REQUIRED;
  }
  let address: Address | null = null;
  if (rules.country === "AU") {
    const line1 = field(input, "addressLine1").slice(0, 200);
    const suburb = field(input, "addressSuburb").slice(0, 100);
    const region = field(input, "addressRegion").slice(0, 50);
    const postcode = field(input, "addressPostcode").slice(0, 10);
    if (!line1 || !suburb || !region || !/^\d{4}$/.test(postcode)) fieldErrors.address = ADDRESS_REQUIRED;
    else address = { line1, suburb, region, postcode, country: "Australia", countryCode: "AU" };
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return {
    ok: true,
    data: {
      dateOfBirth: dateOfBirth!,
      verifyWith,
      driversLicenceNumber: verifyWith === "LICENCE" ? licence : null,
      driversLicenceVersion: verifyWith === "LICENCE" ? version : null,
      passportNumber: verifyWith === "PASSPORT" ? passport : null,
      address,
    },
  };
}
