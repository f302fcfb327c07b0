import { z } from "zod";
import { PASSWORD_CRITERIA, StrongPasswordSchema } from "../auth/schema";
import { OneTimeCodeSchema } from "../one-time-codes/schema";
import { normalisePhoneNumber, phonePrefixOf, splitFullName } from "./rules";

/** Activation (spec p1 §5 Activation, §8 Activation): the messages are the spec's, verbatim (typos included). */
export const FULL_NAME_REQUIRED = "Please enter your full legal name";
export const FULL_NAME_INVALID = "Please enter your full legal name in valid format.";
export const PASSWORD_INVALID = "Please enter a password in valid format";
export { PASSWORD_CRITERIA };
export const PHONE_REQUIRED = "Please enter your phone number";
export const PHONE_TOO_SHORT = "Please enter all the digits in your phone number";
/** Not in the spec: a number longer than any NZ or AU number (E.164 allows 15 digits with the country code). */
export const PHONE_TOO_LONG = "Please enter a valid phone number";
/** The SMS code's words and limits are the one-time-codes module's (the same as the bank account wizard's). */
export { CODE_EXPIRED, CODE_INVALID, CODE_LOCKED, CODE_REQUIRED, CODE_RESEND_TOO_SOON, CODE_TTL_MS } from "../one-time-codes/schema";
export const LINK_EXPIRED = "The link might be broken or expired";
export const CODE_SENT = "We sent a new code to your phone.";

/** The activation e-mail's link works 7 days (the signup module issues it). */
export const ACTIVATION_TOKEN_TTL_MS = 7 * 86_400_000;

export const PASSWORD_MAX_LENGTH = 128;

/** The password rules the page lists live (p1 §5 "Password strength"); the server decides with StrongPasswordSchema. */
export const PASSWORD_RULES: { id: string; label: string; test: (value: string) => boolean }[] = [
  { id: "length", label: "At least 8 characters", test: (value) => value.length >= 8 },
  { id: "lower", label: "A lowercase letter", test: (value) => /[a-z]/.test(value) },
  { id: "upper", label: "An uppercase letter", test: (value) => /[A-Z]/.test(value) },
  { id: "digit", label: "A number", test: (value) => /\d/.test(value) },
  { id: "special", label: "A special character (!@#$%^&*)", test: (value) => /[!@#$%^&*]/.test(value) },
];

/**
 * set_name: the full legal name (first and last word required; words in between are middle names) and the password.
 * An empty password is "in valid format" (p1 §8 field error); one that misses a rule points at the criteria list.
 */
export const SetNameSchema = z.object({
  fullName: z.string({ required_error: FULL_NAME_REQUIRED }).transform((value, ctx) => {
    const split = splitFullName(value);
    if (split.kind === "ok") return split.name;
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: split.kind === "incomplete" ? FULL_NAME_REQUIRED : FULL_NAME_INVALID });
    return z.NEVER;
  }),
  password: z.string({ required_error: PASSWORD_INVALID, invalid_type_error: PASSWORD_INVALID }).superRefine((value, ctx) => {
    if (value.length === 0 || value.length > PASSWORD_MAX_LENGTH) ctx.addIssue({ code: z.ZodIssueCode.custom, message: PASSWORD_INVALID });
    else if (!StrongPasswordSchema.safeParse(value).success) ctx.addIssue({ code: z.ZodIssueCode.custom, message: PASSWORD_CRITERIA });
  }),
});
export type SetNameInput = z.input<typeof SetNameSchema>;
export type SetNameValues = z.output<typeof SetNameSchema>;

/** set_phone_number: the number without its prefix (shown, not editable), stored as E.164 with the company's prefix. */
export function phoneNumberSchema(country: "NZ" | "AU") {
  return z.object({
    phoneNumber: z.string({ required_error: PHONE_REQUIRED }).transform((value, ctx) => {
      const normalised = normalisePhoneNumber(value, country);
      if (normalised.kind === "ok") return normalised.e164;
      const message = normalised.kind === "empty" ? PHONE_REQUIRED : normalised.kind === "short" ? PHONE_TOO_SHORT : PHONE_TOO_LONG;
      ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      return z.NEVER;
    }),
  });
}
export { phonePrefixOf };

/**
 * verify_code: six digits, from one field or the six boxes (each box posts one `code` value; the server joins them).
 * Spaces are ignored; anything but six digits is the spec's "Please enter the code recieved on your phone number".
 */
export const VerifyCodeSchema = z.object({ code: OneTimeCodeSchema });

export const ActivateIntentSchema = z.enum(["set_name", "set_phone_number", "verify_code", "resend_code"]);
export type ActivateIntent = z.infer<typeof ActivateIntentSchema>;
