/**
 * Attempt limits under concurrency (issue 13 part 7, docs/decisions/032): twenty attempts at once get exactly the
 * limit evaluated, the rest refused with 429, for logins (per account and per address), the settings' current-password
 * check, sign-up invite codes (the code step and the sign-up post) and forgot-password requests. The SMS codes
 * (activation, bank accounts) count under a row lock: activation.test.ts and bank-accounts.test.ts send twenty at once.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Op } from "sequelize";
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { Company, InviteCode, InviteCodeAttempt, LoginAttempt, PasswordResetRequest } from "../../db/models/index";
import { AppError } from "../../app/lib/errors";
import { LOGIN_FAILED, TOO_MANY_ATTEMPTS } from "../../app/modules/auth/schema";
import { actorOf, login, toSessionUser } from "../../app/modules/auth/service.server";
import { CURRENT_PASSWORD_WRONG, TOO_MANY_PASSWORD_ATTEMPTS, TOO_MANY_RESET_REQUESTS } from "../../app/modules/password/schema";
import { changePassword, requestPasswordReset, RESET_REQUESTS_PER_EMAIL } from "../../app/modules/password/service.server";
import type { RegisterCompany } from "../../app/modules/register/service.server";
import { checkInviteCode, CODE_ATTEMPT_LIMIT } from "../../app/modules/signup/invite-codes.server";
import { INVITE_CODE_INVALID, TOO_MANY_CODE_ATTEMPTS } from "../../app/modules/signup/schema";
import { signUp } from "../../app/modules/signup/signup.server";
import { makeUser, TEST_PASSWORD, testIp } from "../support/factories";

afterAll(() => sequelize.close());

const AT_ONCE = 20;

/** Runs `attempt` AT_ONCE times concurrently and tallies the outcomes by status and message. */
async function tally(attempt: (index: number) => Promise<unknown>): Promise<Map<string, number>> {
  const results = await Promise.allSettled(Array.from({ length: AT_ONCE }, (_, index) => attempt(index)));
  const counts = new Map<string, number>();
  for (const result of results) {
    const key =
      result.status === "fulfilled" ? "ok" : result.reason instanceof AppError ? `${result.reason.status} ${result.reason.message}` : String(result.reason);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

const sorted = (counts: Map<string, number>) => Object.fromEntries([...counts.entries()].sort());

describe("login", () => {
  it("twenty wrong passwords at once: exactly five are evaluated, fifteen refused", async () => {
    const user = await makeUser();
    const counts = await tally(() => login({ email: user.username, password: "Wrong#Pass1", ip: testIp() }));
    expect(sorted(counts)).toEqual({ [`401 ${LOGIN_FAILED}`]: 5, [`429 ${TOO_MANY_ATTEMPTS}`]: 15 });
    expect(await LoginAttempt.count({ where: { username: user.username, succeeded: false } })).toBe(5);
  });

  it("the right password among wrong ones at once: still exactly five failures evaluated", async () => {
    const user = await makeUser();
    const counts = await tally((index) => login({ email: user.username, password: index === 0 ? TEST_PASSWORD : "Wrong#Pass1", ip: testIp() }));
    // The right password is no failure: it logs in if it got a turn before the fifth failure, else it waits like the rest.
    // While it is being evaluated it holds one of the five places (recorded ahead as a failure, settled as a success), so
    // the others see four or five failures besides it: never more than five are evaluated, never fewer than four.
    const succeeded = counts.get("ok") ?? 0;
    const failed = counts.get(`401 ${LOGIN_FAILED}`) ?? 0;
    expect(succeeded).toBeLessThanOrEqual(1);
    expect(failed).toBeLessThanOrEqual(5);
    expect(failed).toBeGreaterThanOrEqual(succeeded ? 4 : 5);
    expect(sorted(counts)).toEqual({ ...(succeeded ? { ok: 1 } : {}), [`401 ${LOGIN_FAILED}`]: failed, [`429 ${TOO_MANY_ATTEMPTS}`]: 20 - failed - succeeded });
    expect(await LoginAttempt.count({ where: { username: user.username, succeeded: false } })).toBe(failed);
    expect(await LoginAttempt.count({ where: { username: user.username, succeeded: true } })).toBe(succeeded);
  });

  it("forty wrong passwords from one address at once, for different accounts: exactly thirty are evaluated", async () => {
    const ip = testIp();
    const users = await Promise.all(Array.from({ length: 8 }, () => makeUser()));
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, index) => login({ email: users[index % users.length].username, password: "Wrong#Pass1", ip }))
    );
    const statuses = results.map((result) => (result.status === "rejected" ? (result.reason as AppError).status : 200));
    expect(statuses.filter((status) => status === 401)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect(await LoginAttempt.count({ where: { ip, succeeded: false } })).toBe(30);
  });

  it("the password step of an MFA login and a missing code leave no failure behind", async () => {
    const user = await makeUser({ mfaSecret: "JBSWY3DPEHPK3PXP" });
    const ip = testIp();
    const first = await login({ email: user.username, password: TEST_PASSWORD, ip });
    expect(first.kind).toBe("mfa");
    if (first.kind !== "mfa") return;
    await expect(login({ email: user.username, password: "", mfaChallenge: first.challenge, mfaCode: "", ip })).rejects.toMatchObject({ code: "MFA_REQUIRED" });
    expect(await LoginAttempt.count({ where: { username: user.username } })).toBe(0);
  });
});

describe("the settings' current password", () => {
  it("twenty wrong current passwords at once: exactly five are checked", async () => {
    const user = await makeUser();
    const actor = actorOf(toSessionUser(user, null));
    const counts = await tally(() =>
      changePassword(actor, { currentPassword: "Wrong#Pass1", password: "Brand#New2026", confirmPassword: "Brand#New2026", ip: testIp() })
    );
    expect(sorted(counts)).toEqual({ [`400 ${CURRENT_PASSWORD_WRONG}`]: 5, [`429 ${TOO_MANY_PASSWORD_ATTEMPTS}`]: 15 });
    expect(await LoginAttempt.count({ where: { username: user.username, succeeded: false } })).toBe(5);
  });
});

/** A six-digit code no invite code has. */
async function unknownCode(): Promise<string> {
  for (;;) {
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
    if (!(await InviteCode.findOne({ where: { code } }))) return code;
  }
}

describe("sign-up invite codes", () => {
  it("twenty wrong codes at once from one address: exactly ten are checked", async () => {
    const ip = testIp();
    const code = await unknownCode();
    const counts = await tally(() => checkInviteCode({ code, ip }));
    expect(sorted(counts)).toEqual({ [`400 ${INVITE_CODE_INVALID}`]: CODE_ATTEMPT_LIMIT, [`429 ${TOO_MANY_CODE_ATTEMPTS}`]: AT_ONCE - CODE_ATTEMPT_LIMIT });
    expect(await InviteCodeAttempt.count({ where: { ip, succeeded: false } })).toBe(CODE_ATTEMPT_LIMIT);
  });

  it("twenty sign-ups with a wrong code at once: exactly ten are checked, nothing is written", async () => {
    const ip = testIp();
    const code = await unknownCode();
    const register = JSON.parse(fs.readFileSync(path.resolve("fixtures/register/companies.json"), "utf8")) as RegisterCompany[];
    const nz = register.filter((company) => company.country === "NZ");
    const pick = nz[crypto.randomInt(nz.length)];
    const companiesBefore = await Company.count({ where: { registrationNumber: pick.registrationNumber } });
    const counts = await tally((index) =>
      signUp({
        code,
        landingToken: "",
        country: "NZ",
        registrationNumber: pick.registrationNumber,
        email: `race-${index}-${crypto.randomBytes(3).toString("hex")}@limits.test`,
        ip,
        origin: "http://localhost:3000",
      })
    );
    expect(sorted(counts)).toEqual({ [`400 ${INVITE_CODE_INVALID}`]: CODE_ATTEMPT_LIMIT, [`429 ${TOO_MANY_CODE_ATTEMPTS}`]: AT_ONCE - CODE_ATTEMPT_LIMIT });
    expect(await Company.count({ where: { registrationNumber: pick.registrationNumber } })).toBe(companiesBefore);
  });
});

describe("forgot-password requests", () => {
  it("twenty requests for one e-mail at once: exactly five are taken", async () => {
    const email = `nobody-${crypto.randomBytes(4).toString("hex")}@limits.test`;
    const counts = await tally(() => requestPasswordReset({ email, ip: testIp(), origin: "http://localhost:3000" }));
    expect(sorted(counts)).toEqual({ ok: RESET_REQUESTS_PER_EMAIL, [`429 ${TOO_MANY_RESET_REQUESTS}`]: AT_ONCE - RESET_REQUESTS_PER_EMAIL });
    expect(await PasswordResetRequest.count({ where: { email: { [Op.eq]: email } } })).toBe(RESET_REQUESTS_PER_EMAIL);
  });
});
