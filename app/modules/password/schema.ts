/**
 * Forgot / reset password (spec p1 §2, §4 "Password reset", §5, §8), the settings Password tab (p3 §5 Password) and
 * the settings two-factor section. The spec's messages are verbatim; the ones the spec does not give are ours, in its
 * voice, and say so.
 */
import { z } from "zod";
import { EMAIL_PATTERN, MFA_INVALID, MFA_REQUIRED, PASSWORD_CRITERIA } from "../auth/schema";

export { MFA_INVALID, MFA_REQUIRED, PASSWORD_CRITERIA };

// The spec's messages.
export const FORGOT_EMAIL_INVALID = "The email address is invalid";
export const NEW_PASSWORD_REQUIRED = "New password is required";
export const RESET_FAILED = "Something went wrong, please try after sometime.";
export const LINK_BROKEN = "The link might be broken or expired";

// Ours (the spec gives none).
export const CONFIRM_PASSWORD_MISMATCH = "The passwords do not match";
export const CURRENT_PASSWORD_REQUIRED = "Current password is required";
export const CURRENT_PASSWORD_WRONG = "Your current password is incorrect";
export const SAME_PASSWORD = "Your new password must be different from your current password";
export const TOO_MANY_RESET_REQUESTS = "Too many password reset requests. Please wait an hour and try again.";
export const TOO_MANY_PASSWORD_ATTEMPTS = "Too many attempts. Please wait 15 minutes and try again.";
export const MFA_ENROLMENT_EXPIRED = "This setup has expired. Please start again.";
export const PASSWORD_CHANGED = "Your password has been changed";
export const MFA_TURNED_ON = "Two-factor authentication is on";
export const MFA_TURNED_OFF = "Two-factor authentication is off";

/** The password rules (p1 §5 "Password strength"), listed under the new-password field; `test` drives the live ticks. */
export const PASSWORD_RULES: { label: string; test: (value: string) => boolean }[] = [
  { label: "At least 8 characters", test: (value) => value.length >= 8 },
  { label: "A lowercase letter", test: (value) => /[a-z]/.test(value) },
  { label: "An uppercase letter", test: (value) => /[A-Z]/.test(value) },
  { label: "A number", test: (value) => /\d/.test(value) },
  { label: "A special character (!@#$%^&*)", test: (value) => /[!@#$%^&*]/.test(value) },
];

const text = z.preprocess((value) => (typeof value === "string" ? value : ""), z.string());

/** Forgot password: an e-mail in the simple {email} format; an empty one is invalid too (p1 §5). */
export const ForgotPasswordSchema = z.object({
  email: text.pipe(z.string().trim().toLowerCase().regex(EMAIL_PATTERN, FORGOT_EMAIL_INVALID)),
});

const newPassword = text.pipe(
  z
    .string()
    .min(1, NEW_PASSWORD_REQUIRED)
    .refine((value) => PASSWORD_RULES.every((rule) => rule.test(value)), PASSWORD_CRITERIA)
);

/** The new password and its confirmation; a confirmation is checked only once the password itself is acceptable. */
const withConfirmation = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ ...shape, password: newPassword, confirmPassword: text }).superRefine((value, ctx) => {
    if (value.confirmPassword !== value.password) ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: CONFIRM_PASSWORD_MISMATCH });
  });

/** /resetpassword?token=: the token from the link and the new password (p1 §5 "Reset"). */
export const ResetPasswordSchema = withConfirmation({ token: text.pipe(z.string().trim().min(1, LINK_BROKEN)) });

/** The settings Password tab (p3 §5 Password): the current password, then the new one as on reset. */
export const ChangePasswordSchema = withConfirmation({ currentPassword: text.pipe(z.string().min(1, CURRENT_PASSWORD_REQUIRED)) });

/** The six-digit code from the authenticator app, to confirm turning two-factor authentication on. */
export const MfaCodeFormSchema = z.object({
  code: text.pipe(
    z
      .string()
      .trim()
      .min(1, MFA_REQUIRED)
      .regex(/^\d{6}$/, MFA_REQUIRED)
  ),
});

/** Turning two-factor authentication off asks for the current password. */
export const MfaPasswordSchema = z.object({ currentPassword: text.pipe(z.string().min(1, CURRENT_PASSWORD_REQUIRED)) });

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** The first message of each field, for the form. */
export function fieldErrorsOf<K extends string>(error: z.ZodError): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form") as K;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Where a server message goes on the reset and change forms (p1 §5, p3 §5): one containing "validation" is shown
 * inline under the new password; any other is the form's message, or the spec's fallback when there is none.
 */
export function placeServerMessage(message: string | null | undefined): { field: "password" | "form"; message: string } {
  if (message && /validation/i.test(message)) return { field: "password", message };
  return { field: "form", message: message || RESET_FAILED };
}
