import { describe, expect, it } from "vitest";
import {
  ADDRESS_REQUIRED,
  DATE_OF_BIRTH_INCOMPLETE,
  FULL_NAME_REQUIRED,
  LICENCE_NUMBER_INVALID,
  LICENCE_NUMBER_REQUIRED,
  LICENCE_VERSION_REQUIRED,
  NOTE_TOO_LONG,
  PASSPORT_NUMBER_REQUIRED,
  dateOfBirthFrom,
  parseIdentityEdit,
  parsePersonDetails,
} from "./admin-schema";

const NOW = new Date(Date.UTC(2026, 10, 23, 2, 0));
const NZ = { country: "NZ" as const, passportAllowed: false, now: NOW };
const good = { dobDay: "14", dobMonth: "2", dobYear: "1986", verifyWith: "LICENCE", driversLicenceNumber: "dk 123456", driversLicenceVersion: "123" };

describe("person details (names and notes)", () => {
  it("needs a first and a last name, trims them, and keeps an optional middle name and note", () => {
    expect(parsePersonDetails({ firstName: "  Ari ", middleName: "", lastName: " Pending", note: " called on Monday " })).toEqual({
      ok: true,
      data: { firstName: "Ari", middleName: null, lastName: "Pending", note: "called on Monday" },
    });
    expect(parsePersonDetails({ firstName: "Ari", lastName: " " })).toEqual({ ok: false, fieldErrors: { fullName: FULL_NAME_REQUIRED } });
    expect(parsePersonDetails({ firstName: "", lastName: "Pending" })).toEqual({ ok: false, fieldErrors: { fullName: FULL_NAME_REQUIRED } });
  });

  it("refuses a note over 1000 characters", () => {
    expect(parsePersonDetails({ firstName: "Ari", lastName: "Pending", note: "x".repeat(1001) })).toEqual({ ok: false, fieldErrors: { note: NOTE_TOO_LONG } });
  });
});

describe("identity edit (p1 §5 Identity form)", () => {
  it("accepts a complete NZ identity with a licence, normalised", () => {
    expect(parseIdentityEdit(good, NZ)).toEqual({
      ok: true,
      data: {
        dateOfBirth: "1986-02-14",
        verifyWith: "LICENCE",
        driversLicenceNumber: "DK123456",
        driversLicenceVersion: "123",
        passportNumber: null,
        address: null,
      },
    });
  });

  it("gives each message on its field", () => {
    expect(parseIdentityEdit({}, NZ)).toEqual({
      ok: false,
      fieldErrors: { dateOfBirth: DATE_OF_BIRTH_INCOMPLETE, driversLicenceNumber: LICENCE_NUMBER_REQUIRED, driversLicenceVersion: LICENCE_VERSION_REQUIRED },
    });
    for (const wrong of ["D1234567", "DK12345", "DK1234567", "123456DK", "DK12345X"]) {
      expect(parseIdentityEdit({ ...good, driversLicenceNumber: wrong }, NZ)).toEqual({
        ok: false,
        fieldErrors: { driversLicenceNumber: LICENCE_NUMBER_INVALID },
      });
    }
    for (const wrong of ["12", "1234", "12a", ""]) {
      expect(parseIdentityEdit({ ...good, driversLicenceVersion: wrong }, NZ)).toEqual({
        ok: false,
        fieldErrors: { driversLicenceVersion: LICENCE_VERSION_REQUIRED },
      });
    }
  });

  it("needs a complete date of birth within the last 100 years, with days limited by the month", () => {
    expect(dateOfBirthFrom("29", "2", "2024", NOW)).toBe("2024-02-29");
    expect(dateOfBirthFrom("29", "2", "2023", NOW)).toBeNull();
    expect(dateOfBirthFrom("31", "4", "1990", NOW)).toBeNull();
    expect(dateOfBirthFrom("1", "13", "1990", NOW)).toBeNull();
    expect(dateOfBirthFrom("1", "1", "1926", NOW)).toBe("1926-01-01");
    expect(dateOfBirthFrom("1", "1", "1925", NOW)).toBeNull();
    expect(dateOfBirthFrom("24", "11", "2026", NOW)).toBeNull();
    expect(dateOfBirthFrom("", "1", "1990", NOW)).toBeNull();
    expect(parseIdentityEdit({ ...good, dobMonth: "" }, NZ)).toEqual({ ok: false, fieldErrors: { dateOfBirth: DATE_OF_BIRTH_INCOMPLETE } });
  });

  it("takes a passport only under the flag, and then needs its number", () => {
    const passport = { ...good, verifyWith: "PASSPORT", passportNumber: "" };
    expect(parseIdentityEdit(passport, { ...NZ, passportAllowed: true })).toEqual({ ok: false, fieldErrors: { passportNumber: PASSPORT_NUMBER_REQUIRED } });
    const ok = parseIdentityEdit({ ...passport, passportNumber: "la123456" }, { ...NZ, passportAllowed: true });
    expect(ok).toMatchObject({
      ok: true,
      data: { verifyWith: "PASSPORT", passportNumber: "LA123456", driversLicenceNumber: null, driversLicenceVersion: null },
    });
    // Flag off: the passport choice is ignored and the licence is checked.
    expect(parseIdentityEdit({ ...passport, passportNumber: "LA123456" }, NZ)).toMatchObject({
      ok: true,
      data: { verifyWith: "LICENCE", passportNumber: null },
    });
  });

  it("requires a residential address for AU", () => {
    const AU = { ...NZ, country: "AU" as const };
    expect(parseIdentityEdit(good, AU)).toEqual({ ok: false, fieldErrors: { address: ADDRESS_REQUIRED } });
    expect(
      parseIdentityEdit({ ...good, addressLine1: "8 Smith Street", addressSuburb: "Alice Springs", addressRegion: "NT", addressPostcode: "87" }, AU)
    ).toEqual({
      ok: false,
      fieldErrors: { address: ADDRESS_REQUIRED },
    });
    expect(
      parseIdentityEdit({ ...good, addressLine1: "8 Smith Street", addressSuburb: "Alice Springs", addressRegion: "NT", addressPostcode: "0870" }, AU)
    ).toMatchObject({
      ok: true,
      data: { address: { line1: "8 Smith Street", suburb: "Alice Springs", region: "NT", postcode: "0870", countryCode: "AU" } },
    });
  });
});
