import { z } from "zod";
import { EMAIL_PATTERN } from "../auth/schema";

/** Sign-up inputs (p1 §5 Sign-up, §8 Sign-up) with the spec's messages, typos kept. */
export const INVITE_CODE_REQUIRED = "Please enter the code recieved via email";
export const INVITE_CODE_INVALID = "You entered an invalid code";
export const COMPANY_REQUIRED = "Please select your company";
export const WORK_EMAIL_REQUIRED = "Please type your work email";
export const WORK_EMAIL_INVALID = "Please type a valid email address";
/** p1 §8 Sign-up 409 (the same text as auth EMAIL_TAKEN, which lives in a server module). */
export const EMAIL_TAKEN = "This email address is already registered. Please use a different one.";
/** Not in the spec: guessing codes from one address is limited (docs/decisions/022). */
export const TOO_MANY_CODE_ATTEMPTS = "Too many attempts. Please wait 15 minutes and try again.";
/** Not in the spec: a register company that already has an Earlybird account (docs/decisions/022). */
export const COMPANY_ALREADY_REGISTERED = "This company is already registered with Earlybird. Please ask its primary user to invite you.";

/** Invite codes: 6 digits (p1 §9). Days the code lasts when an admin creates one (docs/decisions/022). */
export const INVITE_CODE_PATTERN = /^\d{6}$/;
export const INVITE_CODE_DEFAULT_DAYS = 14;
export const INVITE_CODE_MAX_DAYS = 90;
/** The register search (p1 §5, §9): from 3 characters, at most 5 suggestions, debounced by 1 second. */
export const REGISTER_SEARCH_MIN_LENGTH = 3;
export const REGISTER_SEARCH_LIMIT = 5;
export const REGISTER_SEARCH_DEBOUNCE_MS = 1000;
/** The activation link of the sign-up e-mail lasts 7 days. */
export const ACTIVATION_TOKEN_DAYS = 7;

export const COUNTRIES = ["NZ", "AU"] as const;
export type SignupCountry = (typeof COUNTRIES)[number];

export const InviteCodeSchema = z
  .string({ required_error: INVITE_CODE_REQUIRED })
  .transform((value) => value.replace(/\s/g, ""))
  .pipe(z.string().regex(INVITE_CODE_PATTERN, INVITE_CODE_REQUIRED));

export const WorkEmailSchema = z
  .string({ required_error: WORK_EMAIL_REQUIRED })
  .trim()
  .min(1, WORK_EMAIL_REQUIRED)
  .max(254, WORK_EMAIL_INVALID)
  .regex(EMAIL_PATTERN, WORK_EMAIL_INVALID)
  .transform((value) => value.toLowerCase());

const country = z.enum(COUNTRIES).catch("NZ");

/** The default step: the code alone. */
export const CodeStepSchema = z.object({ code: InviteCodeSchema });

/**
 * The sign-up form. The company is the register choice, named by its registration number (the server looks it up
 * again: a name typed but never picked from the suggestions is no choice). `code` is the invite code carried from the
 * first step, or empty when a landing-page invite token stands in for it.
 */
export const SignupSchema = z
  .object({
    code: z.string().default(""),
    landingToken: z.string().trim().max(200).default(""),
    landingUserId: z.coerce.number().int().positive().optional().catch(undefined),
    country,
    registrationNumber: z.string({ required_error: COMPANY_REQUIRED }).trim().min(1, COMPANY_REQUIRED).max(40, COMPANY_REQUIRED),
    email: WorkEmailSchema,
  })
  .superRefine((value, ctx) => {
    if (!value.landingToken && !INVITE_CODE_PATTERN.test(value.code.replace(/\s/g, "")))
      ctx.addIssue({ code: "custom", path: ["code"], message: INVITE_CODE_REQUIRED });
  })
  .transform((value) => ({ ...value, code: value.code.replace(/\s/g, "") }));
export type SignupInput = z.infer<typeof SignupSchema>;

/** The register search (GET /resources/register-search?q=&country=). */
export const RegisterSearchSchema = z.object({
  q: z.string().trim().max(100).catch(""),
  country,
});

/** An admin's new invite code (web dialog and CLI). */
export const CreateInviteCodeSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254, "Please enter a valid email address")
    .transform((value) => value.toLowerCase())
    .pipe(z.union([z.literal(""), z.string().regex(EMAIL_PATTERN, "Please enter a valid email address")]))
    .transform((value) => value || null)
    .nullish(),
  days: z.coerce
    .number({ invalid_type_error: `Enter a number of days from 1 to ${INVITE_CODE_MAX_DAYS}` })
    .int(`Enter a number of days from 1 to ${INVITE_CODE_MAX_DAYS}`)
    .min(1, `Enter a number of days from 1 to ${INVITE_CODE_MAX_DAYS}`)
    .max(INVITE_CODE_MAX_DAYS, `Enter a number of days from 1 to ${INVITE_CODE_MAX_DAYS}`)
    .default(INVITE_CODE_DEFAULT_DAYS),
});
// Loose on purpose: a form or the CLI hands the days over as text.
export type CreateInviteCodeInput = { email?: string | null; days?: number | string | null };

/** connect-account (p1 §2): Xero or MYOB, Continue or Skip; connect-account-myob: Essentials or AccountRight. */
export const ACCOUNTING_CHOICES = ["XERO", "MYOB"] as const;
export const MYOB_PRODUCTS = ["MYOB_ESSENTIALS", "MYOB_ACCOUNT_RIGHT"] as const;
export type AccountingSoftware = "XERO" | (typeof MYOB_PRODUCTS)[number];
export const CHOOSE_SOFTWARE = "Please choose your accounting software";

export const ConnectAccountSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("skip") }),
  z.object({ intent: z.literal("continue"), software: z.enum(ACCOUNTING_CHOICES, { errorMap: () => ({ message: CHOOSE_SOFTWARE }) }) }),
]);
export const ConnectMyobSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("skip") }),
  z.object({ intent: z.literal("continue"), software: z.enum(MYOB_PRODUCTS, { errorMap: () => ({ message: CHOOSE_SOFTWARE }) }) }),
]);
