import crypto from "node:crypto";
import type { Address } from "../../../db/models/company";

/** What an identity check sends the provider (spec p1 §3 User; §5 Identity form). */
export interface IdentityCheckInput {
  country: "NZ" | "AU";
  firstName: string;
  middleName: string | null;
  lastName: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  verifyWith: "LICENCE" | "PASSPORT";
  driversLicenceNumber: string | null;
  driversLicenceVersion: string | null;
  passportNumber: string | null;
  /** Required for AU (residential address). */
  address: Address | null;
}

export interface IdentityCheckResult {
  status: "VERIFIED" | "VERIFICATION_FAILED";
  /** The provider's reference for the check, kept in the history entry's details. */
  reference: string;
  /** Why a check failed, in the provider's words (for the admin's history panel, never shown to the person). */
  reasons: string[];
}

/** An identity (KYC) provider (decisions D7): the sandbox below is the default; a real client replaces it. */
export interface IdentityProvider {
  readonly name: string;
  check(input: IdentityCheckInput, now?: Date): Promise<IdentityCheckResult>;
}

/** Whole years between a YYYY-MM-DD birth date and `now` (UTC calendar). */
export function ageOn(dateOfBirth: string, now: Date): number {
  const [year, month, day] = dateOfBirth.split("-").map(Number);
  let age = now.getUTCFullYear() - year;
  if (now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day)) age -= 1;
  return age;
}

/**
 * The sandbox's rules, deterministic so tests and demos can choose the outcome (documented in
 * docs/decisions/021-onboarding-core.md and fixtures/register/README.md). A check FAILS when:
 * - the driver licence number ends in 000 (e.g. AB123000): "Licence not found";
 * - the passport number ends in 000: "Passport not found";
 * - the last name is "Fail" (any case): "Name not matched";
 * - the person is under 18 on the day of the check: "Under 18";
 * - an AU check has no residential address: "Address not matched".
 * Every other check is VERIFIED.
 */
export function sandboxIdentityRules(input: IdentityCheckInput, now: Date): string[] {
  const reasons: string[] = [];
  if (input.verifyWith === "LICENCE" && (input.driversLicenceNumber ?? "").endsWith("000")) reasons.push("Licence not found");
  if (input.verifyWith === "PASSPORT" && (input.passportNumber ?? "").endsWith("000")) reasons.push("Passport not found");
  if (input.lastName.trim().toLowerCase() === "fail") reasons.push("Name not matched");
  if (ageOn(input.dateOfBirth, now) < 18) reasons.push("Under 18");
  if (input.country === "AU" && !input.address) reasons.push("Address not matched");
  return reasons;
}

export const sandboxIdentityProvider: IdentityProvider = {
  name: "sandbox",
  async check(input, now = new Date()) {
    const reasons = sandboxIdentityRules(input, now);
    return { status: reasons.length ? "VERIFICATION_FAILED" : "VERIFIED", reference: `sandbox-${crypto.randomUUID()}`, reasons };
  },
};

let current: IdentityProvider = sandboxIdentityProvider;

/** The identity provider in use: the sandbox unless a real client was installed at start-up. */
export function identityProvider(): IdentityProvider {
  return current;
}

export function setIdentityProvider(next: IdentityProvider | null): void {
  current = next ?? sandboxIdentityProvider;
}
