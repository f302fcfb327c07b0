import { z } from "zod";

/** Login form (spec p1 §5): the messages are the spec's, verbatim. */
export const EMAIL_REQUIRED = "Please enter your email address";
export const EMAIL_INVALID = "Please enter a valid email address";
export const PASSWORD_REQUIRED = "Please enter your password";
export const MFA_REQUIRED = "Please enter the code shown on your authenticator app";
export const LOGIN_FAILED = "Error logging in. Check your credentials.";
export const MFA_INVALID = "Invalid code";
export const SESSION_EXPIRED = "Your session has expired. Please login again.";
export const TOO_MANY_ATTEMPTS = "Too many login attempts. Please wait 15 minutes and try again.";

// A plain, permissive address check: something@domain.tld without spaces.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The login form. Every field is checked at once, so an empty form shows both "Please enter your email address" and
 * "Please enter your password" (p1 §5, issue 13 part 16): a refinement after a failed field would never run.
 */
export const LoginSchema = z
  .object({
    email: z.string().default("").transform((value) => value.trim()),
    password: z.string().default(""),
    mfaCode: z.string().trim().optional(),
    // Present on the second (MFA) step: the password step has passed and is not repeated.
    mfaChallenge: z.string().optional(),
    next: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.email.length === 0) ctx.addIssue({ code: "custom", path: ["email"], message: EMAIL_REQUIRED });
    else if (!EMAIL_PATTERN.test(value.email)) ctx.addIssue({ code: "custom", path: ["email"], message: EMAIL_INVALID });
    if (!value.mfaChallenge && value.password.length === 0) ctx.addIssue({ code: "custom", path: ["password"], message: PASSWORD_REQUIRED });
  })
  .transform((value) => ({ ...value, email: value.email.toLowerCase() }));
export type LoginInput = z.infer<typeof LoginSchema>;

export const MfaCodeSchema = z.string().trim().min(1, MFA_REQUIRED).regex(/^\d{6}$/, MFA_REQUIRED);

/** Password strength (spec p1 §5): lowercase, uppercase, digit, a special character from !@#$%^&*, length >= 8. */
export const PASSWORD_CRITERIA = "Password should match the criteria as shown below";
export const StrongPasswordSchema = z
  .string()
  .min(8, PASSWORD_CRITERIA)
  .regex(/[a-z]/, PASSWORD_CRITERIA)
  .regex(/[A-Z]/, PASSWORD_CRITERIA)
  .regex(/\d/, PASSWORD_CRITERIA)
  .regex(/[!@#$%^&*]/, PASSWORD_CRITERIA);
