import { describe, expect, it } from "vitest";
import { ageOn, sandboxIdentityProvider, type IdentityCheckInput } from "./identity-provider.server";

const now = new Date("2026-11-23T00:00:00Z");
const person = (overrides: Partial<IdentityCheckInput> = {}): IdentityCheckInput => ({
  country: "NZ",
  firstName: "Jamie",
  middleName: null,
  lastName: "Mudflat",
  dateOfBirth: "1980-04-12",
  verifyWith: "LICENCE",
  driversLicenceNumber: "AB123456",
  driversLicenceVersion: "123",
  passportNumber: null,
  address: null,
  ...overrides,
});

describe("the sandbox identity provider's documented rules", () => {
  it("verifies an ordinary person and fails each documented case", async () => {
    expect((await sandboxIdentityProvider.check(person(), now)).status).toBe("VERIFIED");
    const failing: [Partial<IdentityCheckInput>, string][] = [
      [{ driversLicenceNumber: "AB123000" }, "Licence not found"],
      [{ verifyWith: "PASSPORT", passportNumber: "LA123000", driversLicenceNumber: null }, "Passport not found"],
      [{ lastName: "FAIL" }, "Name not matched"],
      [{ dateOfBirth: "2008-11-24" }, "Under 18"],
      [{ country: "AU", address: null }, "Address not matched"],
    ];
    for (const [overrides, reason] of failing) {
      const result = await sandboxIdentityProvider.check(person(overrides), now);
      expect([result.status, result.reasons]).toEqual(["VERIFICATION_FAILED", [reason]]);
    }
    expect((await sandboxIdentityProvider.check(person({ dateOfBirth: "2008-11-23" }), now)).status).toBe("VERIFIED");
    expect((await sandboxIdentityProvider.check(person({ country: "AU", address: { line1: "1 George Street", city: "Sydney" } }), now)).status).toBe(
      "VERIFIED"
    );
  });

  it("counts age in whole years", () => {
    expect(ageOn("2000-11-23", now)).toBe(26);
    expect(ageOn("2000-11-24", now)).toBe(25);
    expect(ageOn("2000-02-29", new Date("2026-02-28T00:00:00Z"))).toBe(25);
  });
});
