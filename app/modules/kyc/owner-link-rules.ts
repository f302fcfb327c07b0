/** Pure rules of the owners' verification links (issue 20 part 2, decision 064). */
import { z } from "zod";

export const OWNER_VERIFICATION_PURPOSE = "OWNER_VERIFICATION" as const;
/** A link works for 7 days; a new invite for the same person revokes the earlier links. */
export const OWNER_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const OWNER_EMAIL_REQUIRED = "Please enter an email address";
export const OWNER_EMAIL_INVALID = "Please enter a valid email address";
export const OWNER_LINK_SENT = (name: string) => `Verification link sent to ${name}`;
export const OWNER_ALREADY_VERIFIED = (name: string) => `${name} is already verified`;
export const OWNER_LINK_BROKEN = "This verification link has expired or is no longer valid. Ask the company to send you a new one.";

export const OwnerInviteSchema = z.object({
  email: z
    .string({ required_error: OWNER_EMAIL_REQUIRED, invalid_type_error: OWNER_EMAIL_REQUIRED })
    .trim()
    .min(1, OWNER_EMAIL_REQUIRED)
    .max(254, OWNER_EMAIL_INVALID)
    .email(OWNER_EMAIL_INVALID)
    .refine((value) => !/\.invalid$/i.test(value), OWNER_EMAIL_INVALID)
    .transform((value) => value.toLowerCase()),
});

/** The address a stored link was sent to, when it is one a message can reach. */
export function verificationLinkAddress(email: string | null | undefined): string | null {
  return email && !/\.invalid$/i.test(email) ? email : null;
}
