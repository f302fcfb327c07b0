import type { CompanyVerificationStatus } from "../../../db/models/company";
import type { PersonVerificationStatus } from "../../../db/models/user";
import { labelsOf } from "../../lib/status-labels";

/**
 * A company's verificationStatus follows its people (issue 6 part 5) and its confirmed business details:
 * - VERIFIED: every person VERIFIED and the business details confirmed;
 * - VERIFICATION_PENDING: every person VERIFIED or VERIFICATION_PENDING (one at least pending), business confirmed;
 * - PARTIALLY_VERIFIED: someone VERIFIED or VERIFICATION_PENDING, but not yet the above;
 * - NOT_VERIFIED: nobody verified or pending.
 */
export function companyVerificationStatus(people: readonly PersonVerificationStatus[], businessConfirmed: boolean): CompanyVerificationStatus {
  const done = people.filter((status) => status === "VERIFIED" || status === "VERIFICATION_PENDING").length;
  if (people.length > 0 && done === people.length && businessConfirmed) {
    return people.every((status) => status === "VERIFIED") ? "VERIFIED" : "VERIFICATION_PENDING";
  }
  return done > 0 ? "PARTIALLY_VERIFIED" : "NOT_VERIFIED";
}

export type IdentityDocumentType = "image/jpeg" | "image/png";

/** The file's type read from its first bytes (JPEG FF D8 FF, PNG's 8-byte signature), never from its name. */
export function detectImageType(bytes: Uint8Array): IdentityDocumentType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((value, index) => bytes[index] === value)) return "image/png";
  return null;
}

/** Person verification status labels (spec p1 §3). */
export const PERSON_STATUS_LABELS: Record<PersonVerificationStatus, string> = labelsOf("personVerification");
