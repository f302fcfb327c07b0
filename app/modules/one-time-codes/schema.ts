/**
 * SMS one-time codes (spec p1 §4-5, §8-9; issue 14 part 4): the six-digit codes of activation (verify_code) and of
 * the add bank account wizard (CODE_ENTRY). The messages are the spec's, verbatim (typos included); both screens use
 * the same words, limits and rules.
 */
import { z } from "zod";

export const CODE_REQUIRED = "Please enter the code recieved on your phone number";
export const CODE_INVALID = "Invalid code. Please check the code you received.";
export const CODE_LOCKED = "You have made 3 failed attempts. Please request for a new code.";
/** Not in the spec (it gives no expiry): ours, in the spec's voice. */
export const CODE_EXPIRED = "This code has expired. Please request for a new code.";
export const CODE_RESEND_TOO_SOON = "Please wait 30 seconds before requesting another code.";

/** Six-digit SMS codes, three failed attempts (p1 §9). */
export const CODE_DIGITS = 6;
export const MAX_CODE_ATTEMPTS = 3;
/** How long an SMS code stays valid. */
export const CODE_TTL_MS = 10 * 60_000;
/** A new code may be asked for this long after the last one (keeps SMS from being flooded). */
export const CODE_RESEND_INTERVAL_MS = 30_000;

/**
 * The code typed: six digits, from one field or from six boxes (each box posts one value; they are joined). Spaces
 * are dropped; anything but six digits is the spec's "Please enter the code recieved on your phone number".
 */
export const OneTimeCodeSchema = z.preprocess(
  (value) => (Array.isArray(value) ? value.join("") : typeof value === "string" ? value : "").replace(/\s+/g, ""),
  z.string().regex(/^\d{6}$/, CODE_REQUIRED)
);
