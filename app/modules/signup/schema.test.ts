import { describe, expect, it } from "vitest";
import { activationLink, confirmationPath, inviteCodeStatus } from "./rules";
import {
  CodeStepSchema,
  ConnectAccountSchema,
  ConnectMyobSchema,
  COMPANY_REQUIRED,
  CreateInviteCodeSchema,
  EMAIL_TAKEN,
  INVITE_CODE_REQUIRED,
  RegisterSearchSchema,
  SignupSchema,
  WORK_EMAIL_INVALID,
  WORK_EMAIL_REQUIRED,
} from "./schema";

/** The first message of each field: what the form shows under it. */
function messages(result: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } }) {
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[String(issue.path[0])] ??= issue.message;
  return first;
}

describe("sign-up messages (p1 §5, §8)", () => {
  it("keeps the spec's exact texts, typos included", () => {
    expect(INVITE_CODE_REQUIRED).toBe("Please enter the code recieved via email");
    expect(COMPANY_REQUIRED).toBe("Please select your company");
    expect(WORK_EMAIL_REQUIRED).toBe("Please type your work email");
    expect(WORK_EMAIL_INVALID).toBe("Please type a valid email address");
    expect(EMAIL_TAKEN).toBe("This email address is already registered. Please use a different one.");
  });
});

describe("the invite code step", () => {
  it.each([[""], ["12345"], ["1234567"], ["12a456"], ["      "]])("refuses %j with the code message", (code) => {
    expect(messages(CodeStepSchema.safeParse({ code }))).toEqual({ code: INVITE_CODE_REQUIRED });
  });

  it("refuses a missing code with the same message", () => {
    expect(messages(CodeStepSchema.safeParse({}))).toEqual({ code: INVITE_CODE_REQUIRED });
  });

  it("takes six digits, spaces removed, leading zeros kept", () => {
    expect(CodeStepSchema.parse({ code: " 012 345 " })).toEqual({ code: "012345" });
  });
});

describe("the sign-up form", () => {
  const valid = { code: "123456", country: "NZ", registrationNumber: "8812345", email: "Jo@Example.NZ" };

  it("parses a complete form, lower-casing the email", () => {
    expect(SignupSchema.parse(valid)).toMatchObject({ code: "123456", country: "NZ", registrationNumber: "8812345", email: "jo@example.nz", landingToken: "" });
  });

  it("needs a company picked from the suggestions", () => {
    expect(messages(SignupSchema.safeParse({ ...valid, registrationNumber: "" }))).toEqual({ registrationNumber: COMPANY_REQUIRED });
    expect(messages(SignupSchema.safeParse({ ...valid, registrationNumber: undefined }))).toEqual({ registrationNumber: COMPANY_REQUIRED });
  });

  it("needs a work email, in a valid format", () => {
    expect(messages(SignupSchema.safeParse({ ...valid, email: "" }))).toEqual({ email: WORK_EMAIL_REQUIRED });
    expect(messages(SignupSchema.safeParse({ ...valid, email: "   " }))).toEqual({ email: WORK_EMAIL_REQUIRED });
    expect(messages(SignupSchema.safeParse({ ...valid, email: undefined }))).toEqual({ email: WORK_EMAIL_REQUIRED });
    for (const email of ["jo", "jo@", "jo@example", "jo smith@example.nz", "@example.nz"]) {
      expect(messages(SignupSchema.safeParse({ ...valid, email }))).toEqual({ email: WORK_EMAIL_INVALID });
    }
  });

  it("gives every field its message at once", () => {
    expect(messages(SignupSchema.safeParse({ code: "123456", registrationNumber: "", email: "" }))).toEqual({
      registrationNumber: COMPANY_REQUIRED,
      email: WORK_EMAIL_REQUIRED,
    });
  });

  it("re-checks the carried code, unless a landing invite token stands in for it", () => {
    expect(messages(SignupSchema.safeParse({ ...valid, code: "" }))).toEqual({ code: INVITE_CODE_REQUIRED });
    expect(messages(SignupSchema.safeParse({ ...valid, code: "12" }))).toEqual({ code: INVITE_CODE_REQUIRED });
    expect(SignupSchema.safeParse({ ...valid, code: "", landingToken: "abc", landingUserId: "7" })).toMatchObject({
      success: true,
      data: { landingUserId: 7 },
    });
  });

  it("falls back to NZ for an unknown country (D1 default)", () => {
    expect(SignupSchema.parse({ ...valid, country: "US" }).country).toBe("NZ");
    expect(SignupSchema.parse({ ...valid, country: "AU" }).country).toBe("AU");
  });
});

describe("the register search query", () => {
  it("trims the query and defaults the country", () => {
    expect(RegisterSearchSchema.parse({ q: "  kauri  " })).toEqual({ q: "kauri", country: "NZ" });
    expect(RegisterSearchSchema.parse({ q: "x".repeat(200), country: "AU" })).toEqual({ q: "", country: "AU" });
  });
});

describe("creating an invite code", () => {
  it("defaults to 14 days and no e-mail", () => {
    expect(CreateInviteCodeSchema.parse({})).toEqual({ days: 14 });
    expect(CreateInviteCodeSchema.parse({ email: "", days: "3" })).toEqual({ email: null, days: 3 });
    expect(CreateInviteCodeSchema.parse({ email: " New@Co.NZ " })).toEqual({ email: "new@co.nz", days: 14 });
  });

  it("refuses a bad address and days outside 1-90", () => {
    expect(messages(CreateInviteCodeSchema.safeParse({ email: "nope" }))).toEqual({ email: "Please enter a valid email address" });
    for (const days of ["0", "91", "1.5", "x"])
      expect(messages(CreateInviteCodeSchema.safeParse({ days }))).toEqual({ days: "Enter a number of days from 1 to 90" });
  });
});

describe("the connect steps", () => {
  it("Continue needs a choice; Skip needs none", () => {
    expect(ConnectAccountSchema.parse({ intent: "skip" })).toEqual({ intent: "skip" });
    expect(ConnectAccountSchema.parse({ intent: "continue", software: "MYOB" })).toEqual({ intent: "continue", software: "MYOB" });
    expect(ConnectAccountSchema.safeParse({ intent: "continue" }).success).toBe(false);
    expect(ConnectMyobSchema.parse({ intent: "continue", software: "MYOB_ACCOUNT_RIGHT" })).toEqual({ intent: "continue", software: "MYOB_ACCOUNT_RIGHT" });
    expect(ConnectMyobSchema.safeParse({ intent: "continue", software: "XERO" }).success).toBe(false);
  });
});

describe("sign-up rules", () => {
  const now = new Date("2026-11-23T00:00:00Z");
  it("labels a code Unused, Used or Expired; used wins over expired", () => {
    expect(inviteCodeStatus({ usedAt: null, expiresAt: new Date("2026-11-24T00:00:00Z") }, now)).toBe("UNUSED");
    expect(inviteCodeStatus({ usedAt: null, expiresAt: now }, now)).toBe("EXPIRED");
    expect(inviteCodeStatus({ usedAt: new Date("2026-11-01T00:00:00Z"), expiresAt: new Date("2026-11-02T00:00:00Z") }, now)).toBe("USED");
  });

  it("builds the activation link and the confirmation path", () => {
    expect(activationLink("https://app.earlybird.nz", "a-b_c")).toBe("https://app.earlybird.nz/activate?set_name=true&token=a-b_c");
    expect(confirmationPath("jo+1@example.nz")).toBe("/signup?step=signup-confirmation&email=jo%2B1%40example.nz");
  });
});
