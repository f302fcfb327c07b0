import crypto from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { AuditLogEntry, Invite, MailboxMessage, User, type Company, type OnboardingState } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import { onboardingRedirect, postLoginPath, requireUser } from "../../app/web/auth.server";
import { commitSessionToken } from "../../app/lib/session.server";
import {
  CODE_EXPIRED,
  CODE_INVALID,
  CODE_LOCKED,
  CODE_REQUIRED,
  CODE_RESEND_TOO_SOON,
  FULL_NAME_REQUIRED,
  LINK_EXPIRED,
  PASSWORD_CRITERIA,
  PHONE_REQUIRED,
  PHONE_TOO_SHORT,
} from "../../app/modules/activation/schema";
import {
  getActivation,
  openActivationLink,
  resendPhoneCode,
  savePhoneNumber,
  setNameAndPassword,
  verifyPhoneCode,
} from "../../app/modules/activation/service.server";
import { verifyPassword } from "../../app/modules/auth/password.server";
import { createSession, login } from "../../app/modules/auth/service.server";
import { issueUserToken } from "../../app/modules/auth/tokens.server";
import { hashToken } from "../../app/modules/invites/service.server";
import { makeCompany, makeUser, testIp } from "../support/factories";

/**
 * Activation (issue 6 part 3) against a real PostgreSQL: the link token, set_name, the phone number and the SMS code
 * read from the built-in mailbox, and the onboarding redirects. Every user is new.
 */
afterAll(async () => {
  await sequelize.close();
});

const WEEK = 7 * 86_400_000;
const PASSWORD = "Sunny#Day2026";
const unique = () => crypto.randomBytes(5).toString("hex");

async function signedUpUser(options: { country?: "NZ" | "AU"; company?: Company; state?: OnboardingState } = {}) {
  const company = options.company ?? (await makeCompany({ country: options.country ?? "NZ" }));
  const user = await User.create({
    username: `new-${unique()}@activation.test`,
    companyId: company.id,
    roles: ["ROLE_USER"],
    onboardingState: options.state ?? "SIGNED_UP",
  });
  const token = await sequelize.transaction((t) => issueUserToken(t, user.id, "ACTIVATION", WEEK));
  return { user, company, token };
}

const actorOf = (user: User): Actor => ({ userId: user.id, companyId: user.companyId, roles: user.roles });

/** A user through set_name, with a session's actor for the phone steps. */
async function activatedUser(country: "NZ" | "AU" = "NZ") {
  const { user, company, token } = await signedUpUser({ country });
  await setNameAndPassword(token, { fullName: "Aroha Te Whata", password: PASSWORD });
  return { user: await user.reload(), company, actor: actorOf(user) };
}

const phone = (prefix = "21") => `${prefix}${crypto.randomInt(1_000_000, 9_999_999)}`;

/** The newest code sent to `to`, as a person reads it in the mailbox. */
async function codeSentTo(to: string): Promise<string> {
  const sms = await MailboxMessage.findOne({ where: { channel: "SMS", toAddress: to }, order: [["id", "DESC"]] });
  const match = /verification code is (\d{6})/.exec(sms?.textBody ?? "");
  expect(match, `an SMS code to ${to}`).not.toBeNull();
  return match![1];
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("the activation link", () => {
  it("opening it marks the e-mail verified; the name form shows the user", async () => {
    const { user, token, company } = await signedUpUser();
    const view = await openActivationLink(token);
    expect(view).toMatchObject({ userId: user.id, email: user.username, companyName: company.companyName, onboardingState: "EMAIL_VERIFIED" });
    expect((await user.reload()).onboardingState).toBe("EMAIL_VERIFIED");
    // Opening it again is fine until the password is set.
    expect((await openActivationLink(token)).onboardingState).toBe("EMAIL_VERIFIED");
  });

  it("an unknown, expired or other-purpose token is 'The link might be broken or expired'", async () => {
    const { user, token } = await signedUpUser();
    const reset = await sequelize.transaction((t) => issueUserToken(t, user.id, "PASSWORD_RESET", WEEK));
    for (const bad of ["", "nope", `${token}x`, reset]) {
      await expect(openActivationLink(bad)).rejects.toMatchObject({ status: 401, message: LINK_EXPIRED });
    }
    await expect(openActivationLink(token, { now: new Date(Date.now() + WEEK + 60_000) })).rejects.toMatchObject({ status: 401, message: LINK_EXPIRED });
    await expect(setNameAndPassword(token, { fullName: "Sam Kiwi", password: PASSWORD }, { now: new Date(Date.now() + WEEK + 60_000) })).rejects.toMatchObject({
      status: 401,
    });
    expect((await user.reload()).onboardingState).toBe("SIGNED_UP");
  });
});

describe("set_name", () => {
  it("bad input gets the spec's messages on their fields and writes nothing", async () => {
    const { user, token } = await signedUpUser();
    await expect(setNameAndPassword(token, { fullName: "Aroha", password: "weak" })).rejects.toMatchObject({
      status: 422,
      details: { fieldErrors: { fullName: FULL_NAME_REQUIRED, password: PASSWORD_CRITERIA } },
    });
    await user.reload();
    expect(user).toMatchObject({ onboardingState: "SIGNED_UP", passwordHash: null, firstName: null });
    // The token was not used by the failed attempt.
    expect((await openActivationLink(token)).onboardingState).toBe("EMAIL_VERIFIED");
  });

  it("stores the names and the password hash, moves to PASSWORD_UPDATED, and the token works once", async () => {
    const { user, token } = await signedUpUser();
    const result = await setNameAndPassword(token, { fullName: "  Mary Jane van der Berg ", password: PASSWORD });
    expect(result).toEqual({ userId: user.id, kind: "activation" });
    await user.reload();
    expect(user).toMatchObject({ firstName: "Mary", middleName: "Jane van der", lastName: "Berg", onboardingState: "PASSWORD_UPDATED" });
    expect(user.passwordHash).not.toContain(PASSWORD);
    expect(await verifyPassword(user.passwordHash, PASSWORD)).toBe(true);
    expect(await AuditLogEntry.count({ where: { action: "USER_ACTIVATED", entityId: String(user.id) } })).toBe(1);

    await expect(setNameAndPassword(token, { fullName: "Eve Mallory", password: "Other#Pass2026" })).rejects.toMatchObject({
      status: 401,
      message: LINK_EXPIRED,
    });
    await expect(openActivationLink(token)).rejects.toMatchObject({ status: 401 });
    expect((await user.reload()).firstName).toBe("Mary");

    // The new password logs in, and login sends the user on to the phone step.
    const session = await login({ email: user.username, password: PASSWORD, ip: testIp() });
    expect(session.kind).toBe("session");
    if (session.kind === "session") expect(postLoginPath(session.user, new URLSearchParams("next=/bills"))).toBe("/activate?set_phone_number=true");
  });

  it("two submissions of the same link at once: exactly one sets the password", async () => {
    const { user, token } = await signedUpUser();
    const results = await Promise.allSettled([
      setNameAndPassword(token, { fullName: "First Person", password: PASSWORD }),
      setNameAndPassword(token, { fullName: "Second Person", password: PASSWORD }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((result) => result.status === "rejected").map((result) => (result as PromiseRejectedResult).reason.status)).toEqual([401]);
    expect(await AuditLogEntry.count({ where: { action: "USER_ACTIVATED", entityId: String(user.id) } })).toBe(1);
  });
});

describe("an invite link (p1 §4 Invite landing)", () => {
  async function invitedUser(state: OnboardingState) {
    const { user, company } = await signedUpUser({ state });
    const inviter = await makeCompany();
    const token = crypto.randomBytes(32).toString("base64url");
    const invite = await Invite.create({
      invitingCompanyId: inviter.id,
      invitedByUserId: null,
      inviteeEmail: user.username,
      inviteeCompanyId: company.id,
      inviteeUserId: user.id,
      note: null,
      type: "INVOICE",
      tokenHash: hashToken(token),
      status: "SENT",
      sentAt: new Date(),
      acceptedAt: null,
      expiresAt: new Date(Date.now() + 14 * 86_400_000),
    });
    return { user, invite, token };
  }

  it("activates an EMAIL_VERIFIED invited user and is redeemed once the password is set", async () => {
    const { user, invite, token } = await invitedUser("EMAIL_VERIFIED");
    expect((await openActivationLink(token)).userId).toBe(user.id);
    expect(await setNameAndPassword(token, { fullName: "Invited Person", password: PASSWORD })).toEqual({ userId: user.id, kind: "invite" });
    expect((await user.reload()).onboardingState).toBe("PASSWORD_UPDATED");
    expect((await invite.reload()).status).toBe("ACCEPTED");
    await expect(setNameAndPassword(token, { fullName: "Again Person", password: PASSWORD })).rejects.toMatchObject({ status: 401, message: LINK_EXPIRED });
  });

  it("does not activate an invited user who has not verified their e-mail", async () => {
    const { token } = await invitedUser("SIGNED_UP");
    await expect(openActivationLink(token)).rejects.toMatchObject({ status: 401, message: LINK_EXPIRED });
  });
});

describe("set_phone_number", () => {
  it("NZ: stores E.164 with +64, a leading 0 dropped, and sends a six-digit code by SMS; only its hash is kept", async () => {
    const { user, actor } = await activatedUser("NZ");
    const number = phone();
    const view = await savePhoneNumber(actor, { phoneNumber: `0${number.slice(0, 2)} ${number.slice(2)}` });
    expect(view).toMatchObject({ phoneNumber: `+64${number}`, phonePrefix: "+64", nationalNumber: number, code: { state: "OPEN", attemptsLeft: 3 } });
    const code = await codeSentTo(`+64${number}`);
    await user.reload();
    expect(user.phoneNumber).toBe(`+64${number}`);
    expect(user.phoneNumberVerified).toBe(false);
    expect(user.smsCodeHash).toBeTruthy();
    expect(user.smsCodeHash).not.toContain(code);
    expect(await verifyPassword(user.smsCodeHash, code)).toBe(true);
    expect(user.smsCodeExpiresAt!.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(user.smsCodeExpiresAt!.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
  });

  it("AU: +61", async () => {
    const { actor } = await activatedUser("AU");
    const number = phone("4");
    const view = await savePhoneNumber(actor, { phoneNumber: `0${number}` });
    expect(view.phoneNumber).toBe(`+61${number}`);
    expect(await codeSentTo(`+61${number}`)).toMatch(/^\d{6}$/);
  });

  it("bad numbers get the spec's messages and nothing is sent or stored", async () => {
    const { user, actor } = await activatedUser();
    await expect(savePhoneNumber(actor, { phoneNumber: "" })).rejects.toMatchObject({ status: 422, field: "phoneNumber", message: PHONE_REQUIRED });
    await expect(savePhoneNumber(actor, { phoneNumber: "021 234" })).rejects.toMatchObject({ status: 422, field: "phoneNumber", message: PHONE_TOO_SHORT });
    await user.reload();
    expect(user.phoneNumber).toBeNull();
    expect(user.smsCodeHash).toBeNull();
  });

  it("is only for a user at PASSWORD_UPDATED", async () => {
    const { user: fresh } = await signedUpUser();
    await expect(savePhoneNumber(actorOf(fresh), { phoneNumber: phone() })).rejects.toMatchObject({ status: 409 });
    const onboarded = await makeUser();
    await expect(savePhoneNumber(actorOf(onboarded), { phoneNumber: phone() })).rejects.toMatchObject({ status: 409 });
  });
});

describe("verify_code", () => {
  async function withCode(country: "NZ" | "AU" = "NZ") {
    const activated = await activatedUser(country);
    const number = phone(country === "AU" ? "4" : "21");
    const view = await savePhoneNumber(activated.actor, { phoneNumber: number });
    return { ...activated, to: view.phoneNumber!, code: await codeSentTo(view.phoneNumber!) };
  }

  it("an empty or short code asks for the code without counting", async () => {
    const { user, actor } = await withCode();
    for (const code of ["", "123", ["1", "2"]]) {
      await expect(verifyPhoneCode(actor, { code })).rejects.toMatchObject({ status: 422, field: "code", message: CODE_REQUIRED });
    }
    expect((await user.reload()).smsFailedAttempts).toBe(0);
  });

  it("three failures lock the code, even the right one, until a new code is sent; resend resets the counter", async () => {
    const { user, actor, to, code } = await withCode();
    const start = Date.now();
    await expect(verifyPhoneCode(actor, { code: wrongCode(code) })).rejects.toMatchObject({ status: 400, message: CODE_INVALID });
    await expect(verifyPhoneCode(actor, { code: wrongCode(code) })).rejects.toMatchObject({ message: CODE_INVALID });
    await expect(verifyPhoneCode(actor, { code: wrongCode(code) })).rejects.toMatchObject({ message: CODE_LOCKED });
    await expect(verifyPhoneCode(actor, { code })).rejects.toMatchObject({ message: CODE_LOCKED });
    expect((await user.reload()).smsFailedAttempts).toBe(3);
    expect((await getActivation(actor)).code).toMatchObject({ state: "LOCKED", attemptsLeft: 0 });

    // A new code at most every 30 seconds.
    await expect(resendPhoneCode(actor, { now: new Date(start + 5_000) })).rejects.toMatchObject({ status: 429, message: CODE_RESEND_TOO_SOON });
    const later = new Date(start + 31_000);
    const view = await resendPhoneCode(actor, { now: later });
    expect(view.code).toMatchObject({ state: "OPEN", attemptsLeft: 3 });
    const fresh = await codeSentTo(to);
    expect((await user.reload()).smsFailedAttempts).toBe(0);
    // The old code is gone with the new one (unless the random draw repeated it).
    if (fresh !== code) await expect(verifyPhoneCode(actor, { code }, { now: later })).rejects.toMatchObject({ message: CODE_INVALID });

    const done = await verifyPhoneCode(actor, { code: fresh.split("") }, { now: later });
    expect(done.onboardingState).toBe("PHONE_NUMBER_VERIFIED");
    await user.reload();
    expect(user).toMatchObject({
      phoneNumberVerified: true,
      onboardingState: "PHONE_NUMBER_VERIFIED",
      smsCodeHash: null,
      smsFailedAttempts: 0,
      phoneNumber: to,
    });
    // Done: the phone steps are closed.
    await expect(verifyPhoneCode(actor, { code: fresh }, { now: later })).rejects.toMatchObject({ status: 409 });
    await expect(resendPhoneCode(actor, { now: new Date(start + 120_000) })).rejects.toMatchObject({ status: 409 });
  });

  it("counts attempts under a row lock: twenty wrong codes at once make exactly three failures", async () => {
    const { user, actor, code } = await withCode();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => verifyPhoneCode(actor, { code: wrongCode(code) })));
    const messages = results.map((result) => (result as PromiseRejectedResult).reason.message as string);
    expect(messages.filter((message) => message === CODE_INVALID)).toHaveLength(2);
    expect(messages.filter((message) => message === CODE_LOCKED)).toHaveLength(18);
    expect((await user.reload()).smsFailedAttempts).toBe(3);
  });

  it("an expired code is refused without counting; a new code works", async () => {
    const { user, actor, to, code } = await withCode("AU");
    const late = new Date(Date.now() + 10 * 60_000 + 1_000);
    await expect(verifyPhoneCode(actor, { code }, { now: late })).rejects.toMatchObject({ status: 400, message: CODE_EXPIRED });
    expect((await user.reload()).smsFailedAttempts).toBe(0);
    expect((await getActivation(actor, { now: late })).code.state).toBe("EXPIRED");
    await resendPhoneCode(actor, { now: late });
    const view = await verifyPhoneCode(actor, { code: await codeSentTo(to) }, { now: late });
    expect(view).toMatchObject({ onboardingState: "PHONE_NUMBER_VERIFIED", phoneNumber: to });
  });

  it("a corrected phone number gets its own code and the counter starts again", async () => {
    const { user, actor, code } = await withCode();
    await expect(verifyPhoneCode(actor, { code: wrongCode(code) })).rejects.toMatchObject({ message: CODE_INVALID });
    // Within 30 seconds a new number would send a second SMS too soon.
    await expect(savePhoneNumber(actor, { phoneNumber: phone() })).rejects.toMatchObject({ status: 429, field: "phoneNumber" });
    const number = phone();
    const view = await savePhoneNumber(actor, { phoneNumber: number }, { now: new Date(Date.now() + 31_000) });
    expect(view.phoneNumber).toBe(`+64${number}`);
    expect((await user.reload()).smsFailedAttempts).toBe(0);
  });
});

describe("the onboarding redirects (p1 §4)", () => {
  async function redirectOf(user: User, url: string): Promise<string | null> {
    const cookie = await commitSessionToken(await createSession(user.id), 3600);
    const request = new Request(url, { headers: { Cookie: cookie.split(";")[0] } });
    return requireUser(request).then(
      () => null,
      (thrown: unknown) => (thrown as Response).headers.get("Location")
    );
  }

  it("a SIGNED_UP user hitting /invoices goes to set_name; later activation states to their step", async () => {
    const { user } = await signedUpUser();
    expect(await redirectOf(user, "http://x/invoices")).toBe("/activate?set_name=true");
    await user.update({ onboardingState: "PASSWORD_UPDATED" });
    expect(await redirectOf(user, "http://x/bills?tab=suppliers")).toBe("/activate?set_phone_number=true");
    await user.update({ phoneNumber: "+64211234567" });
    expect(await redirectOf(user, "http://x/")).toBe("/activate?verify_code=true");
    // Verification can wait (issue 13 part 18): from PHONE_NUMBER_VERIFIED on, the app lets the user in.
    await user.update({ onboardingState: "PHONE_NUMBER_VERIFIED" });
    expect(await redirectOf(user, "http://x/invoices")).toBeNull();
    expect(await redirectOf(user, "http://x/settings")).toBeNull();
    await user.update({ onboardingState: "OWNER_VERIFIED" });
    expect(await redirectOf(user, "http://x/invoices")).toBeNull();
    await user.update({ onboardingState: "ONBOARDED" });
    expect(await redirectOf(user, "http://x/invoices")).toBeNull();
  });

  it("the onboarding screens, logout and the mailbox stay open; admins skip the check", async () => {
    const { user } = await signedUpUser({ state: "PHONE_NUMBER_VERIFIED" });
    for (const url of [
      "http://x/verify?step=user_details",
      "http://x/activate?verify_code=true",
      "http://x/signup?step=connect-account",
      "http://x/logout",
      "http://x/mailbox/1",
    ]) {
      expect(await redirectOf(user, url)).toBeNull();
    }
    // /verify only once the phone is verified: before that, activation comes first.
    await user.update({ onboardingState: "PASSWORD_UPDATED", phoneNumber: null });
    expect(await redirectOf(user, "http://x/verify?step=user_details")).toBe("/activate?set_phone_number=true");
    expect(await redirectOf(user, "http://x/activate?set_phone_number=true")).toBeNull();
    const admin = await makeUser({ roles: ["ROLE_ADMIN"] });
    await admin.update({ onboardingState: "SIGNED_UP" });
    expect(await redirectOf(admin, "http://x/companies")).toBeNull();
    expect(
      onboardingRedirect({ isAdmin: true, onboardingState: "SIGNED_UP", verificationStatus: "NOT_VERIFIED", phoneNumber: null }, new Request("http://x/"))
    ).toBeNull();
  });

  it("after login, onboarding comes before next", () => {
    const base = { isAdmin: false, verificationStatus: "NOT_VERIFIED", phoneNumber: null } as const;
    expect(postLoginPath({ ...base, onboardingState: "PHONE_NUMBER_VERIFIED" }, new URLSearchParams("next=/bills"))).toBe("/verify?step=user_details");
    expect(postLoginPath({ ...base, onboardingState: "ONBOARDED" }, new URLSearchParams("next=/bills"))).toBe("/bills");
    expect(postLoginPath({ ...base, onboardingState: "ONBOARDED" }, new URLSearchParams())).toBe("/invoices");
  });
});
