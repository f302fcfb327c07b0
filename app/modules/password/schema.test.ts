import { describe, expect, it } from "vitest";
import {
  ChangePasswordSchema,
  CONFIRM_PASSWORD_MISMATCH,
  CURRENT_PASSWORD_REQUIRED,
  fieldErrorsOf,
  FORGOT_EMAIL_INVALID,
  ForgotPasswordSchema,
  LINK_BROKEN,
  MFA_REQUIRED,
  MfaCodeFormSchema,
  MfaPasswordSchema,
  NEW_PASSWORD_REQUIRED,
  PASSWORD_CRITERIA,
  PASSWORD_RULES,
  placeServerMessage,
  RESET_FAILED,
  ResetPasswordSchema,
} from "./schema";
import type { z } from "zod";

const errorsOf = (schema: z.ZodTypeAny, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrorsOf<string>(result.error);
};

describe("the spec's messages, verbatim", () => {
  it("keeps p1 §5 and §8 word for word", () => {
    expect(FORGOT_EMAIL_INVALID).toBe("The email address is invalid");
    expect(NEW_PASSWORD_REQUIRED).toBe("New password is required");
    expect(PASSWORD_CRITERIA).toBe("Password should match the criteria as shown below");
    expect(RESET_FAILED).toBe("Something went wrong, please try after sometime.");
    expect(LINK_BROKEN).toBe("The link might be broken or expired");
    expect(MFA_REQUIRED).toBe("Please enter the code shown on your authenticator app");
  });
});

describe("forgot password", () => {
  it.each([
    ["", FORGOT_EMAIL_INVALID],
    ["   ", FORGOT_EMAIL_INVALID],
    ["pat", FORGOT_EMAIL_INVALID],
    ["pat@harbourfoods", FORGOT_EMAIL_INVALID],
    ["pat @harbourfoods.test", FORGOT_EMAIL_INVALID],
    [undefined, FORGOT_EMAIL_INVALID],
  ])("refuses %j with %s", (email, message) => {
    expect(errorsOf(ForgotPasswordSchema, { email })).toEqual({ email: message });
  });

  it("accepts an address, trimmed and lower-cased", () => {
    expect(ForgotPasswordSchema.parse({ email: "  Pat@HarbourFoods.test " })).toEqual({ email: "pat@harbourfoods.test" });
  });
});

describe("reset password", () => {
  const good = "Sunny#Day2026";

  it("asks for the new password when it is empty", () => {
    expect(errorsOf(ResetPasswordSchema, { token: "t", password: "", confirmPassword: "" })).toEqual({ password: NEW_PASSWORD_REQUIRED });
    expect(errorsOf(ResetPasswordSchema, { token: "t" })).toEqual({ password: NEW_PASSWORD_REQUIRED });
  });

  it.each([
    ["Sunny#D1", true],
    ["Sunny#D", false], // 7 characters
    ["sunny#day2026", false], // no uppercase
    ["SUNNY#DAY2026", false], // no lowercase
    ["Sunny#Dayxxxx", false], // no digit
    ["SunnyDay2026", false], // no special character
    ["Sunny(Day2026", false], // "(" is not one of !@#$%^&*
    ["Sunny!Day2026", true],
    ["Sunny@Day2026", true],
    ["Sunny$Day2026", true],
    ["Sunny%Day2026", true],
    ["Sunny^Day2026", true],
    ["Sunny&Day2026", true],
    ["Sunny*Day2026", true],
  ])("%s meets the criteria: %s", (password, ok) => {
    const errors = errorsOf(ResetPasswordSchema, { token: "t", password, confirmPassword: password });
    expect(errors).toEqual(ok ? {} : { password: PASSWORD_CRITERIA });
  });

  it("needs the confirmation to match", () => {
    expect(errorsOf(ResetPasswordSchema, { token: "t", password: good, confirmPassword: "Sunny#Day2027" })).toEqual({
      confirmPassword: CONFIRM_PASSWORD_MISMATCH,
    });
  });

  it("needs the link's token", () => {
    expect(errorsOf(ResetPasswordSchema, { token: "", password: good, confirmPassword: good })).toEqual({ token: LINK_BROKEN });
  });

  it("lists the same criteria it checks", () => {
    expect(PASSWORD_RULES.map((rule) => rule.test("Sunny#Day2026"))).toEqual([true, true, true, true, true]);
    expect(PASSWORD_RULES.map((rule) => rule.test("abc"))).toEqual([false, true, false, false, false]);
  });
});

describe("settings password change", () => {
  it("asks for the current password and the new one, with the spec's messages", () => {
    expect(errorsOf(ChangePasswordSchema, { currentPassword: "", password: "", confirmPassword: "" })).toEqual({
      currentPassword: CURRENT_PASSWORD_REQUIRED,
      password: NEW_PASSWORD_REQUIRED,
    });
    expect(errorsOf(ChangePasswordSchema, { currentPassword: "Old#Pass2025", password: "weak", confirmPassword: "weak" })).toEqual({
      password: PASSWORD_CRITERIA,
    });
    expect(errorsOf(ChangePasswordSchema, { currentPassword: "Old#Pass2025", password: "Sunny#Day2026", confirmPassword: "" })).toEqual({
      confirmPassword: CONFIRM_PASSWORD_MISMATCH,
    });
    expect(errorsOf(ChangePasswordSchema, { currentPassword: "Old#Pass2025", password: "Sunny#Day2026", confirmPassword: "Sunny#Day2026" })).toEqual({});
  });
});

describe("two-factor codes", () => {
  it.each(["", "12345", "1234567", "12a456", undefined])("refuses %j", (code) => {
    expect(errorsOf(MfaCodeFormSchema, { code })).toEqual({ code: MFA_REQUIRED });
  });
  it("accepts six digits, trimmed", () => {
    expect(MfaCodeFormSchema.parse({ code: " 123456 " })).toEqual({ code: "123456" });
  });
  it("asks for the password to turn it off", () => {
    expect(errorsOf(MfaPasswordSchema, { currentPassword: "" })).toEqual({ currentPassword: CURRENT_PASSWORD_REQUIRED });
  });
});

describe("server messages on the reset and change forms", () => {
  it("shows a message containing 'validation' inline under the new password", () => {
    expect(placeServerMessage("Password validation failed")).toEqual({ field: "password", message: "Password validation failed" });
  });
  it("shows any other message for the form, or the spec's fallback", () => {
    expect(placeServerMessage("The link might be broken or expired")).toEqual({ field: "form", message: "The link might be broken or expired" });
    expect(placeServerMessage("")).toEqual({ field: "form", message: RESET_FAILED });
    expect(placeServerMessage(null)).toEqual({ field: "form", message: RESET_FAILED });
  });
});
