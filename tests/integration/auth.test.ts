import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { LoginAttempt, Session } from "../../db/models/index";
import { LOGIN_FAILED, MFA_INVALID, TOO_MANY_ATTEMPTS } from "../../app/modules/auth/schema";
import { createSession, createUser, EMAIL_TAKEN, expireStaleSessions, login, logout, resolveSession } from "../../app/modules/auth/service.server";
import { generateTotpSecret, totpCode } from "../../app/modules/auth/totp.server";
import { AppError } from "../../app/lib/errors";
import { makeCompany, makeUser, TEST_PASSWORD, testIp } from "../support/factories";

afterAll(() => sequelize.close());

async function expectAppError(promise: Promise<unknown>, status: number, message: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect({ status: (error as AppError).status, message: (error as AppError).message }).toEqual({ status, message });
  return error as AppError;
}

describe("login", () => {
  it("logs a company user in with email and password and opens a database session", async () => {
    const user = await makeUser();
    const result = await login({ email: user.username.toUpperCase(), password: TEST_PASSWORD, ip: testIp() });
    expect(result.kind).toBe("session");
    if (result.kind !== "session") return;
    expect(result.user).toMatchObject({ id: user.id, isAdmin: false, company: { id: user.companyId } });
    const lookup = await resolveSession(result.token);
    expect(lookup).toMatchObject({ status: "valid", user: { id: user.id } });
    // Only a hash of the token is stored.
    expect(await Session.count({ where: { tokenHash: result.token } })).toBe(0);
  });

  it("treats the user whose first role is ROLE_ADMIN as admin", async () => {
    const admin = await makeUser({ roles: ["ROLE_ADMIN"] });
    const director = await makeUser({ roles: ["ROLE_DIRECTOR", "ROLE_ADMIN"] });
    const a = await login({ email: admin.username, password: TEST_PASSWORD, ip: testIp() });
    const d = await login({ email: director.username, password: TEST_PASSWORD, ip: testIp() });
    expect(a.kind === "session" && a.user.isAdmin).toBe(true);
    expect(d.kind === "session" && d.user.isAdmin).toBe(false);
  });

  it("answers the same message for a wrong password, an unknown email and a disabled account", async () => {
    const user = await makeUser();
    const disabled = await makeUser({ disabled: true });
    await expectAppError(login({ email: user.username, password: "Wrong#Pass1", ip: testIp() }), 401, LOGIN_FAILED);
    await expectAppError(login({ email: "nobody@example.test", password: TEST_PASSWORD, ip: testIp() }), 401, LOGIN_FAILED);
    await expectAppError(login({ email: disabled.username, password: TEST_PASSWORD, ip: testIp() }), 401, LOGIN_FAILED);
  });

  it("limits failed attempts per account, even with the right password afterwards", async () => {
    const user = await makeUser();
    for (let i = 0; i < 5; i++) {
      await expectAppError(login({ email: user.username, password: "Wrong#Pass1", ip: testIp() }), 401, LOGIN_FAILED);
    }
    await expectAppError(login({ email: user.username, password: TEST_PASSWORD, ip: testIp() }), 429, TOO_MANY_ATTEMPTS);
    // The window passes: attempts older than 15 minutes no longer count.
    const later = new Date(Date.now() + 16 * 60_000);
    const result = await login({ email: user.username, password: TEST_PASSWORD, ip: testIp(), now: later });
    expect(result.kind).toBe("session");
  });

  it("limits failed attempts per IP address across accounts", async () => {
    const ip = testIp();
    for (let i = 0; i < 30; i++) {
      await LoginAttempt.create({ username: `probe-${i}@example.test`, ip, succeeded: false });
    }
    const user = await makeUser();
    await expectAppError(login({ email: user.username, password: TEST_PASSWORD, ip }), 429, TOO_MANY_ATTEMPTS);
    expect((await login({ email: user.username, password: TEST_PASSWORD, ip: testIp() })).kind).toBe("session");
  });

  it("asks users with MFA on for their authenticator code and checks it", async () => {
    const secret = generateTotpSecret();
    const user = await makeUser({ mfaSecret: secret });
    const ip = testIp();
    const first = await login({ email: user.username, password: TEST_PASSWORD, ip });
    expect(first.kind).toBe("mfa");
    if (first.kind !== "mfa") return;
    const badCode = totpCode(secret) === "000000" ? "111111" : "000000";
    const wrong = await expectAppError(login({ email: user.username, password: "", mfaChallenge: first.challenge, mfaCode: badCode, ip }), 401, MFA_INVALID);
    expect(wrong.field).toBe("mfaCode");
    const ok = await login({ email: user.username, password: "", mfaChallenge: first.challenge, mfaCode: totpCode(secret), ip });
    expect(ok.kind).toBe("session");
  });

  it("refuses a forged or foreign MFA challenge", async () => {
    const secret = generateTotpSecret();
    const user = await makeUser({ mfaSecret: secret });
    const other = await makeUser({ mfaSecret: generateTotpSecret() });
    const first = await login({ email: other.username, password: TEST_PASSWORD, ip: testIp() });
    if (first.kind !== "mfa") throw new Error("expected mfa");
    await expectAppError(login({ email: user.username, password: "", mfaChallenge: first.challenge, mfaCode: totpCode(secret), ip: testIp() }), 401, LOGIN_FAILED);
    await expectAppError(login({ email: user.username, password: "", mfaChallenge: `${user.id}.9999999999999.forged`, mfaCode: totpCode(secret), ip: testIp() }), 401, LOGIN_FAILED);
  });
});

describe("sessions", () => {
  it("are revoked on logout", async () => {
    const user = await makeUser();
    const token = await createSession(user.id);
    expect((await resolveSession(token)).status).toBe("valid");
    await logout(token);
    expect((await resolveSession(token)).status).toBe("expired");
    const session = await Session.findOne({ where: { userId: user.id } });
    expect(session?.revokedReason).toBe("LOGOUT");
  });

  it("expire after the idle window and the absolute lifetime", async () => {
    const user = await makeUser();
    const start = new Date("2026-01-01T00:00:00Z");
    const token = await createSession(user.id, { now: start });
    expect((await resolveSession(token, new Date(start.getTime() + 60 * 60_000))).status).toBe("valid");
    // 13 hours after the last activity: past the 12-hour idle window.
    expect((await resolveSession(token, new Date(start.getTime() + 14 * 60 * 60_000))).status).toBe("expired");
    const session = await Session.findOne({ where: { userId: user.id } });
    expect(session?.revokedReason).toBe("EXPIRED");
  });

  it("are expired in bulk by the scheduled work", async () => {
    const user = await makeUser();
    const old = await createSession(user.id, { now: new Date(Date.now() - 8 * 86_400_000) });
    const live = await createSession(user.id);
    await expireStaleSessions();
    // Read the rows directly: resolveSession would itself revoke an expired session on sight.
    const rows = await Session.findAll({ where: { userId: user.id }, order: [["createdAt", "ASC"]] });
    expect(rows.map((row) => row.revokedReason)).toEqual(["EXPIRED", null]);
    expect((await resolveSession(old)).status).toBe("expired");
    expect((await resolveSession(live)).status).toBe("valid");
  });

  it("ignore unknown tokens", async () => {
    expect((await resolveSession("not-a-token")).status).toBe("none");
    expect((await resolveSession(null)).status).toBe("none");
  });
});

describe("createUser", () => {
  it("creates an admin that can log in, and refuses a duplicate email", async () => {
    const email = `ops-${Date.now()}@earlybird.test`;
    const created = await createUser(null, { email, password: TEST_PASSWORD, admin: true });
    expect(created).toMatchObject({ roles: ["ROLE_ADMIN"], isAdmin: true, company: null });
    expect((await login({ email, password: TEST_PASSWORD, ip: testIp() })).kind).toBe("session");
    await expectAppError(createUser(null, { email, password: TEST_PASSWORD, admin: true }), 409, EMAIL_TAKEN);
  });

  it("refuses weak passwords and company users without a company", async () => {
    await expectAppError(createUser(null, { email: "weak@example.test", password: "password" }), 400, "Password should match the criteria as shown below");
    await expectAppError(createUser(null, { email: "nocompany@example.test", password: TEST_PASSWORD }), 400, "A company user needs a company");
    const company = await makeCompany();
    const user = await createUser(null, { email: `member-${Date.now()}@example.test`, password: TEST_PASSWORD, companyId: company.id });
    expect(user.company?.id).toBe(company.id);
  });
});
