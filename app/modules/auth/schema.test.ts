import { describe, expect, it } from "vitest";
import { EMAIL_INVALID, EMAIL_REQUIRED, LoginSchema, PASSWORD_REQUIRED } from "./schema";

const errorsOf = (input: Record<string, string>) => {
  const parsed = LoginSchema.safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message]));
};

describe("LoginSchema (p1 §5)", () => {
  it("an empty form gets both messages, each on its field (issue 13 part 16)", () => {
    expect(errorsOf({ email: "", password: "" })).toEqual({ email: EMAIL_REQUIRED, password: PASSWORD_REQUIRED });
    expect(errorsOf({})).toEqual({ email: EMAIL_REQUIRED, password: PASSWORD_REQUIRED });
    expect(errorsOf({ email: "   ", password: "" })).toEqual({ email: EMAIL_REQUIRED, password: PASSWORD_REQUIRED });
  });

  it("a malformed e-mail and no password: both messages too", () => {
    expect(errorsOf({ email: "pat@", password: "" })).toEqual({ email: EMAIL_INVALID, password: PASSWORD_REQUIRED });
  });

  it("the MFA step needs no password; the e-mail is trimmed and lower-cased", () => {
    expect(errorsOf({ email: "pat@harbourfoods.test", password: "", mfaChallenge: "x" })).toEqual({});
    const parsed = LoginSchema.parse({ email: "  Pat@HarbourFoods.test ", password: "secret" });
    expect(parsed.email).toBe("pat@harbourfoods.test");
  });
});
