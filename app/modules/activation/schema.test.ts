import { describe, expect, it } from "vitest";
import { StrongPasswordSchema } from "../auth/schema";
import { formatPhoneNumber, nationalNumberOf, normalisePhoneNumber, phonePrefixOf, splitFullName } from "./rules";
import {
  CODE_REQUIRED,
  FULL_NAME_INVALID,
  FULL_NAME_REQUIRED,
  PASSWORD_CRITERIA,
  PASSWORD_INVALID,
  PASSWORD_RULES,
  PHONE_REQUIRED,
  PHONE_TOO_LONG,
  PHONE_TOO_SHORT,
  phoneNumberSchema,
  SetNameSchema,
  VerifyCodeSchema,
} from "./schema";

const errorsOf = (result: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

describe("the spec's activation messages, verbatim (p1 §5, §8)", () => {
  it("keeps the spec's words and typos", () => {
    expect(FULL_NAME_REQUIRED).toBe("Please enter your full legal name");
    expect(FULL_NAME_INVALID).toBe("Please enter your full legal name in valid format.");
    expect(PASSWORD_INVALID).toBe("Please enter a password in valid format");
    expect(PASSWORD_CRITERIA).toBe("Password should match the criteria as shown below");
    expect(PHONE_REQUIRED).toBe("Please enter your phone number");
    expect(PHONE_TOO_SHORT).toBe("Please enter all the digits in your phone number");
    expect(CODE_REQUIRED).toBe("Please enter the code recieved on your phone number");
  });
});

describe("SetNameSchema: full legal name", () => {
  const password = "Sunny#Day2026";
  it("needs a first and a last name", () => {
    for (const fullName of ["", "   ", "Aroha"]) {
      expect(errorsOf(SetNameSchema.safeParse({ fullName, password }))).toEqual({ fullName: FULL_NAME_REQUIRED });
    }
  });

  it("splits first, middle and last names; extra spaces do not count", () => {
    expect(SetNameSchema.parse({ fullName: "  Aroha   Ngaio  Te Whata ", password }).fullName).toEqual({
      firstName: "Aroha",
      middleName: "Ngaio Te",
      lastName: "Whata",
    });
    expect(SetNameSchema.parse({ fullName: "Sam Kiwi", password }).fullName).toEqual({ firstName: "Sam", middleName: null, lastName: "Kiwi" });
    expect(splitFullName("Mary Jane van der Berg")).toEqual({ kind: "ok", name: { firstName: "Mary", middleName: "Jane van der", lastName: "Berg" } });
  });

  it("takes names with apostrophes, hyphens, full stops and accents", () => {
    expect(splitFullName("Siobhán O'Brien-Smith")).toMatchObject({ kind: "ok", name: { firstName: "Siobhán", lastName: "O'Brien-Smith" } });
    expect(splitFullName("Wiremu St. John")).toMatchObject({ kind: "ok" });
  });

  it("refuses digits and symbols as a name in valid format", () => {
    for (const fullName of ["Sam K1wi", "Sam <b>Kiwi</b>", "Sam @Kiwi", "R2D2"]) {
      expect(errorsOf(SetNameSchema.safeParse({ fullName, password }))).toEqual({ fullName: FULL_NAME_INVALID });
    }
    expect(errorsOf(SetNameSchema.safeParse({ fullName: `Sam ${"K".repeat(101)}`, password }))).toEqual({ fullName: FULL_NAME_INVALID });
  });
});

describe("SetNameSchema: password (p1 §5 strength rules)", () => {
  const fullName = "Sam Kiwi";
  it("an empty password is not in valid format", () => {
    expect(errorsOf(SetNameSchema.safeParse({ fullName, password: "" }))).toEqual({ password: PASSWORD_INVALID });
    expect(errorsOf(SetNameSchema.safeParse({ fullName }))).toEqual({ password: PASSWORD_INVALID });
  });

  it("each missing rule points at the criteria", () => {
    for (const password of ["Sunny#1", "sunny#day2026", "SUNNY#DAY2026", "Sunny#Dayyyy", "SunnyDay2026", "Sunny Day 2026"]) {
      expect(errorsOf(SetNameSchema.safeParse({ fullName, password }))).toEqual({ password: PASSWORD_CRITERIA });
    }
  });

  it("accepts a password meeting every rule, and refuses one over 128 characters", () => {
    expect(SetNameSchema.safeParse({ fullName, password: "Sunny#Day2026" }).success).toBe(true);
    expect(SetNameSchema.safeParse({ fullName, password: "Aa1!aaaa" }).success).toBe(true);
    expect(errorsOf(SetNameSchema.safeParse({ fullName, password: `Aa1!${"a".repeat(125)}` }))).toEqual({ password: PASSWORD_INVALID });
  });

  it("reports both fields at once", () => {
    expect(errorsOf(SetNameSchema.safeParse({ fullName: "Sam", password: "weak" }))).toEqual({ fullName: FULL_NAME_REQUIRED, password: PASSWORD_CRITERIA });
  });

  it("lists the five criteria the page shows live, agreeing with the server's StrongPasswordSchema", () => {
    for (const password of ["Sunny#Day2026", "Sunny#1", "sunny#day2026", "SUNNY#DAY2026", "Sunny#Dayyyy", "SunnyDay2026", "Aa1!aaaa"]) {
      expect(PASSWORD_RULES.every((rule) => rule.test(password))).toBe(StrongPasswordSchema.safeParse(password).success);
    }
    expect(PASSWORD_RULES.map((rule) => rule.test("Sunny#Day2026"))).toEqual([true, true, true, true, true]);
    expect(PASSWORD_RULES.filter((rule) => !rule.test("sunny")).map((rule) => rule.id)).toEqual(["length", "upper", "digit", "special"]);
  });
});

describe("phone number (p1 §5 Activation)", () => {
  it("uses +61 for AU companies, else +64", () => {
    expect(phonePrefixOf("AU")).toBe("+61");
    expect(phonePrefixOf("NZ")).toBe("+64");
    expect(phonePrefixOf(null)).toBe("+64");
  });

  it("is required", () => {
    for (const phoneNumber of ["", "   ", "abc"]) {
      expect(errorsOf(phoneNumberSchema("NZ").safeParse({ phoneNumber }))).toEqual({ phoneNumber: PHONE_REQUIRED });
    }
  });

  it("needs at least 8 digits after a leading 0 is dropped", () => {
    for (const phoneNumber of ["2123456", "0212345", "021-234", "0", "+64 21"]) {
      expect(errorsOf(phoneNumberSchema("NZ").safeParse({ phoneNumber }))).toEqual({ phoneNumber: PHONE_TOO_SHORT });
    }
    expect(errorsOf(phoneNumberSchema("NZ").safeParse({ phoneNumber: "2123456789012" }))).toEqual({ phoneNumber: PHONE_TOO_LONG });
  });

  it("normalises NZ numbers to E.164: non-digits stripped, a leading 0 dropped, a typed +64 not doubled", () => {
    for (const phoneNumber of ["021 234 5678", "21-234-5678", "(021) 2345678", "+64 21 234 5678", "0064212345678"]) {
      expect(phoneNumberSchema("NZ").parse({ phoneNumber }).phoneNumber).toBe("+64212345678");
    }
    expect(phoneNumberSchema("NZ").parse({ phoneNumber: "22345678" }).phoneNumber).toBe("+6422345678");
  });

  it("normalises AU numbers with +61", () => {
    for (const phoneNumber of ["0412 345 678", "412345678", "+61 412 345 678"]) {
      expect(phoneNumberSchema("AU").parse({ phoneNumber }).phoneNumber).toBe("+61412345678");
    }
    expect(normalisePhoneNumber("0412 345 678", "AU")).toEqual({ kind: "ok", e164: "+61412345678", national: "412345678" });
    expect(nationalNumberOf("+61412345678", "AU")).toBe("412345678");
  });

  it("shows E.164 numbers grouped as people read them", () => {
    expect(formatPhoneNumber("+64212345678")).toBe("+64 21 234 5678");
    expect(formatPhoneNumber("+6421234567")).toBe("+64 21 234 567");
    expect(formatPhoneNumber("+61412345678")).toBe("+61 412 345 678");
    expect(formatPhoneNumber("+442071234567")).toBe("+442071234567");
    expect(formatPhoneNumber(null)).toBe("");
  });
});

describe("VerifyCodeSchema: six digits (p1 §5, §9)", () => {
  it("takes one field or the six boxes, spaces ignored", () => {
    expect(VerifyCodeSchema.parse({ code: "123456" }).code).toBe("123456");
    expect(VerifyCodeSchema.parse({ code: " 123 456 " }).code).toBe("123456");
    expect(VerifyCodeSchema.parse({ code: ["1", "2", "3", "4", "5", "6"] }).code).toBe("123456");
  });

  it("anything but six digits asks for the code", () => {
    for (const code of [undefined, "", "12345", "1234567", "12345a", ["1", "2", "", "4", "5", "6"], 123456]) {
      expect(errorsOf(VerifyCodeSchema.safeParse({ code }))).toEqual({ code: CODE_REQUIRED });
    }
  });
});
