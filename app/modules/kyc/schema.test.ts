import { describe, expect, it } from "vitest";
import {
  ADDRESS_PICK,
  businessFormSchema,
  COMPANY_EDIT_PENDING,
  COMPANY_PICK,
  dateOfBirthFrom,
  DOB_INCOMPLETE,
  dobYears,
  fieldErrorsOf,
  identityFormSchema,
  LICENCE_INVALID,
  LICENCE_REQUIRED,
  LICENCE_VERSION_REQUIRED,
  NAME_EDIT_PENDING,
  NAME_REQUIRED,
  PASSPORT_REQUIRED,
  splitFullName,
  WEBSITE_FORMAT,
  type IdentityFormOptions,
} from "./schema";

const today = new Date("2026-11-23T00:00:00Z");
const options = (overrides: Partial<IdentityFormOptions> = {}): IdentityFormOptions => ({
  nameEditable: true,
  requireAddress: false,
  passportAllowed: false,
  today,
  ...overrides,
});
const good = {
  fullName: "Jamie Mudflat",
  dobDay: "12",
  dobMonth: "4",
  dobYear: "1980",
  verifyWith: "LICENCE",
  driversLicenceNumber: "ab123456",
  driversLicenceVersion: "123",
  passportNumber: "",
  addressId: "",
};
const errorsOf = (input: Record<string, string>, opts = options()) => {
  const result = identityFormSchema(opts).safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
};

describe("the identity form (spec p1 §5)", () => {
  it("accepts a complete form and normalises it", () => {
    const result = identityFormSchema(options()).parse(good);
    expect(result).toEqual({
      name: { firstName: "Jamie", middleName: null, lastName: "Mudflat" },
      dateOfBirth: "1980-04-12",
      verifyWith: "LICENCE",
      driversLicenceNumber: "AB123456",
      driversLicenceVersion: "123",
      passportNumber: null,
      addressId: null,
    });
  });

  it("asks for a full legal name with first and last name, and a finished edit", () => {
    expect(errorsOf({ ...good, fullName: "" }).fullName).toBe(NAME_REQUIRED);
    expect(errorsOf({ ...good, fullName: "Jamie" }).fullName).toBe(NAME_REQUIRED);
    expect(errorsOf({ ...good, fullName: "Jamie Mudflat", nameEditing: "true" }).fullName).toBe(NAME_EDIT_PENDING);
    expect(NAME_REQUIRED).toBe("Plases enter your full legal name");
    expect(NAME_EDIT_PENDING).toBe("Please confirm your changes by clicking Done button");
    // Owners cannot edit names: their posted name is ignored.
    expect(errorsOf({ ...good, fullName: "" }, options({ nameEditable: false }))).toEqual({});
    expect(splitFullName("  Harriet  Anne   Kingi ")).toEqual({ firstName: "Harriet", middleName: "Anne", lastName: "Kingi" });
  });

  it("asks for a complete, real date of birth within 100 years", () => {
    expect(DOB_INCOMPLETE).toBe("Please select complete date of birth");
    expect(errorsOf({ ...good, dobDay: "" }).dateOfBirth).toBe(DOB_INCOMPLETE);
    expect(errorsOf({ ...good, dobMonth: "" }).dateOfBirth).toBe(DOB_INCOMPLETE);
    expect(errorsOf({ ...good, dobYear: "" }).dateOfBirth).toBe(DOB_INCOMPLETE);
    expect(errorsOf({ ...good, dobDay: "31", dobMonth: "4" }).dateOfBirth).toBe(DOB_INCOMPLETE);
    expect(errorsOf({ ...good, dobDay: "29", dobMonth: "2", dobYear: "2001" }).dateOfBirth).toBe(DOB_INCOMPLETE);
    expect(errorsOf({ ...good, dobDay: "29", dobMonth: "2", dobYear: "2000" }).dateOfBirth).toBeUndefined();
    expect(errorsOf({ ...good, dobMonth: "13" }).dateOfBirth).toBe(DOB_INCOMPLETE);
    expect(errorsOf({ ...good, dobYear: "1925" }).dateOfBirth).toBe(DOB_INCOMPLETE);
    expect(dateOfBirthFrom("1", "1", "1926", today)).toBe("1926-01-01");
    expect(dateOfBirthFrom("24", "11", "2026", today)).toBeNull();
    const years = dobYears(today);
    expect([years[0], years[years.length - 1], years.length]).toEqual([2026, 1926, 101]);
  });

  it("asks for a licence number of two letters and six digits, and a three-digit version", () => {
    expect(LICENCE_REQUIRED).toBe("Please enter driver's licence number");
    expect(LICENCE_INVALID).toBe("Please enter a valid driver's licence number");
    expect(LICENCE_VERSION_REQUIRED).toBe("Please enter driver's licence version");
    expect(errorsOf({ ...good, driversLicenceNumber: "" }).driversLicenceNumber).toBe(LICENCE_REQUIRED);
    for (const wrong of ["AB12345", "AB1234567", "A1234567", "ABC12345", "12345678", "AB12345X"]) {
      expect(errorsOf({ ...good, driversLicenceNumber: wrong }).driversLicenceNumber).toBe(LICENCE_INVALID);
    }
    expect(errorsOf({ ...good, driversLicenceVersion: "" }).driversLicenceVersion).toBe(LICENCE_VERSION_REQUIRED);
    expect(errorsOf({ ...good, driversLicenceVersion: "12" }).driversLicenceVersion).toBe(LICENCE_VERSION_REQUIRED);
    expect(errorsOf({ ...good, driversLicenceVersion: "12a" }).driversLicenceVersion).toBe(LICENCE_VERSION_REQUIRED);
  });

  it("takes a passport only under the flag, and then asks for its number", () => {
    const passport = { ...good, verifyWith: "PASSPORT", driversLicenceNumber: "", driversLicenceVersion: "" };
    expect(PASSPORT_REQUIRED).toBe("Please enter your passport number");
    expect(errorsOf(passport, options({ passportAllowed: true })).passportNumber).toBe(PASSPORT_REQUIRED);
    expect(errorsOf({ ...passport, passportNumber: "la123456" }, options({ passportAllowed: true }))).toEqual({});
    expect(identityFormSchema(options({ passportAllowed: true })).parse({ ...passport, passportNumber: "la123456" })).toMatchObject({
      verifyWith: "PASSPORT",
      passportNumber: "LA123456",
      driversLicenceNumber: null,
    });
    // Flag off: the choice is ignored and the licence is required.
    expect(errorsOf(passport).driversLicenceNumber).toBe(LICENCE_REQUIRED);
  });

  it("asks AU people for a residential address picked from the suggestions", () => {
    expect(ADDRESS_PICK).toBe("Plases select an address from the suggestions");
    expect(errorsOf(good, options({ requireAddress: true })).address).toBe(ADDRESS_PICK);
    expect(errorsOf({ ...good, addressId: "au-0001" }, options({ requireAddress: true }))).toEqual({});
  });
});

describe("confirm business details (spec p1 §5)", () => {
  const business = { registrationNumber: "8812345", companyEditing: "", addressId: "", website: "" };
  const errors = (input: Record<string, string>, requireAddress = false) => {
    const result = businessFormSchema({ requireAddress }).safeParse(input);
    return result.success ? {} : fieldErrorsOf(result.error);
  };
  it("has every message on its field", () => {
    expect(COMPANY_PICK).toBe("Please select your company from the suggestions shown");
    expect(COMPANY_EDIT_PENDING).toBe("Please confirm your change by clicking Done button");
    expect(WEBSITE_FORMAT).toBe("Please enter your business website address in correct format");
    expect(errors(business)).toEqual({});
    expect(errors({ ...business, registrationNumber: "" }).company).toBe(COMPANY_PICK);
    expect(errors({ ...business, companyEditing: "true" }).company).toBe(COMPANY_EDIT_PENDING);
    expect(errors(business, true).address).toBe(ADDRESS_PICK);
    expect(errors({ ...business, website: "mudflat" }).website).toBe(WEBSITE_FORMAT);
    expect(errors({ ...business, website: "mud flat.nz" }).website).toBe(WEBSITE_FORMAT);
    expect(errors({ ...business, website: "mudflatlogistics.co.nz" })).toEqual({});
    expect(businessFormSchema({ requireAddress: false }).parse({ ...business, website: " www.mudflat.nz " }).website).toBe("www.mudflat.nz");
  });
});
