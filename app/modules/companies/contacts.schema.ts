/**
 * The admin's New contact form (spec p3 §5 "New contact", §7.3 "POST user (firstName, lastName, username, phoneNumber,
 * companyId) to add a contact", §8 'Contact added'): the messages are the spec's, verbatim.
 */
import { z } from "zod";
import { normalisePhoneNumber } from "../activation/rules";

export const FIRST_NAME_REQUIRED = "First name is required";
export const EMAIL_REQUIRED = "Email is required";
export const EMAIL_INVALID = "Email is not in valid format";
/** Not in the spec: the sign-up's words for an address that is already a user's (p1 §8 Sign-up 409). */
export const EMAIL_TAKEN = "This email address is already registered. Please use a different one.";
/** The activation screen's words for a number too short or too long (p1 §5). */
export const PHONE_TOO_SHORT = "Please enter all the digits in your phone number";
export const PHONE_TOO_LONG = "Please enter a valid phone number";
export const CONTACT_ADDED = "Contact added";
export const ERROR_FETCHING_CONTACTS = "Error fetching contacts";

export const CONTACTS_PAGE_SIZE = 10;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The form for a company of `country`: the phone is typed after the fixed prefix (+64, or +61 for AU) and stored E.164. */
export function newContactSchema(country: "NZ" | "AU") {
  return z.object({
    firstName: z
      .string()
      .trim()
      .max(100)
      .default("")
      .refine((value) => value.length > 0, FIRST_NAME_REQUIRED),
    lastName: z
      .string()
      .trim()
      .max(100)
      .default("")
      .transform((value) => value || null),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254)
      .default("")
      .superRefine((value, ctx) => {
        if (!value) ctx.addIssue({ code: z.ZodIssueCode.custom, message: EMAIL_REQUIRED });
        else if (!EMAIL_PATTERN.test(value)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: EMAIL_INVALID });
      }),
    phoneNumber: z
      .string()
      .max(40)
      .default("")
      .transform((value, ctx) => {
        const normalised = normalisePhoneNumber(value, country);
        if (normalised.kind === "empty") return null;
        if (normalised.kind === "ok") return normalised.e164;
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: normalised.kind === "short" ? PHONE_TOO_SHORT : PHONE_TOO_LONG });
        return z.NEVER;
      }),
  });
}

export type NewContactInput = z.input<ReturnType<typeof newContactSchema>>;
