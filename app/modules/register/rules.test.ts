import { describe, expect, it } from "vitest";
import { beneficialOwnersOf, designationOf, nameMatchScore } from "./rules";
import { localCompanyRegister } from "./local-register.server";

describe("company register rules", () => {
  it("scores a whole-name prefix above a word prefix above an inner match, and needs every word", () => {
    expect(nameMatchScore("Kauri Timber Limited", "kauri")).toBe(3);
    expect(nameMatchScore("Kauri Timber Limited", "timber")).toBe(2);
    expect(nameMatchScore("Kauri Timber Limited", "imbe")).toBe(1);
    expect(nameMatchScore("Kauri Timber Limited", "kauri foods")).toBe(0);
    expect(nameMatchScore("Kauri Timber Limited", "  ")).toBe(0);
  });

  it("keeps directors and owners of 25 % or more, with their designation", () => {
    const people = [
      { firstName: "A", middleName: null, lastName: "Director", dateOfBirth: null, roles: ["DIRECTOR" as const], ownershipPercent: null },
      { firstName: "B", middleName: null, lastName: "Both", dateOfBirth: null, roles: ["DIRECTOR" as const, "SHAREHOLDER" as const], ownershipPercent: 50 },
      { firstName: "C", middleName: null, lastName: "Owner", dateOfBirth: null, roles: ["SHAREHOLDER" as const], ownershipPercent: 25 },
      { firstName: "D", middleName: null, lastName: "Small", dateOfBirth: null, roles: ["SHAREHOLDER" as const], ownershipPercent: 24.99 },
    ];
    const owners = beneficialOwnersOf({ people });
    expect(owners.map((person) => person.lastName)).toEqual(["Director", "Both", "Owner"]);
    expect(owners.map(designationOf)).toEqual(["Director", "Director, Owner", "Owner"]);
  });
});

describe("the local register over fixtures", () => {
  it("finds up to 5 companies of the country from 3 characters, best match first", async () => {
    expect(await localCompanyRegister.search("Mu", "NZ")).toEqual([]);
    const found = await localCompanyRegister.search("mudflat", "NZ");
    expect(found[0].companyName).toBe("Mudflat Logistics Limited");
    expect(found[0].people).toHaveLength(3);
    const many = await localCompanyRegister.search("limited", "NZ", 50);
    expect(many).toHaveLength(5);
    expect(await localCompanyRegister.search("mudflat", "AU")).toEqual([]);
  });

  it("looks a company up by its company number, NZBN or ABN, ignoring spaces", async () => {
    expect((await localCompanyRegister.lookup("NZ", "9429 0488 12344"))?.companyName).toBe("Mudflat Logistics Limited");
    expect((await localCompanyRegister.lookup("NZ", "8812345"))?.companyName).toBe("Mudflat Logistics Limited");
    const wombat = await localCompanyRegister.lookup("AU", "612 345 678");
    expect(wombat?.companyName).toBe("Wombat Cycles Pty Ltd");
    expect((await localCompanyRegister.lookup("AU", wombat!.businessNumber!))?.registrationNumber).toBe("612345678");
    expect(await localCompanyRegister.lookup("AU", "8812345")).toBeNull();
  });

  it("holds a few hundred companies of both countries whose shareholdings sum to 100 %", async () => {
    const all = [...(await localCompanyRegister.search("limited", "NZ", 5))];
    expect(all.length).toBe(5);
    const { default: companies } = await import("../../../fixtures/register/companies.json", { with: { type: "json" } });
    expect(companies.length).toBeGreaterThanOrEqual(300);
    expect(new Set(companies.map((company) => company.country))).toEqual(new Set(["NZ", "AU"]));
    for (const company of companies) {
      const shares = company.people.reduce((sum, person) => sum + (person.ownershipPercent ?? 0), 0);
      expect(shares, company.companyName).toBe(100);
      expect(
        company.people.some((person) => person.roles.includes("DIRECTOR")),
        company.companyName
      ).toBe(true);
    }
  });
});
