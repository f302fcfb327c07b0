/**
 * Forgot / reset password and the settings password change (issue 6 part 8; spec p1 §4, §5, §8; p3 §5) against
 * PostgreSQL. Mail goes to the mailbox table (no SMTP server in this process). Each test makes its own users.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Op } from "sequelize";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { AuditLogEntry, LoginAttempt, MailboxMessage, Session, User, UserToken } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import { env, resetEnvCache } from "../../app/lib/env.server";
import { AppError } from "../../app/lib/errors";
import { createSession, login, resolveSession } from "../../app/modules/auth/service.server";
import {
  CURRENT_PASSWORD_WRONG,
  FORGOT_EMAIL_INVALID,
  LINK_BROKEN,
  NEW_PASSWORD_REQUIRED,
  PASSWORD_CRITERIA,
  SAME_PASSWORD,
  TOO_MANY_PASSWORD_ATTEMPTS,
  TOO_MANY_RESET_REQUESTS,
} from "../../app/modules/password/schema";
import {
  appOrigin,
  changePassword,
  readResetLink,
  requestPasswordReset,
  RESET_REQUESTS_PER_EMAIL,
  RESET_REQUESTS_PER_IP,
  resetPassword,
} from "../../app/modules/password/service.server";
import { makeUser, TEST_PASSWORD, testIp } from "../support/factories";

const ORIGIN = "http://earlybird.test:3000";
const NEW_PASSWORD = "Fresh#Start2027";
let dataDir: string;

beforeAll(() => {
  // No published mailbox: mail is stored in mailbox_messages directly.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "earlybird-password-"));
  process.env.EARLYBIRD_DATA_DIR = dataDir;
  delete process.env.SMTP_URL;
  resetEnvCache();
});

afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await sequelize.close();
});

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** Mail is sent after the commit without being awaited: wait for `count` messages to `to`. */
async function mailTo(to: string, count = 1): Promise<MailboxMessage[]> {
  for (let i = 0; i < 100; i++) {
    const rows = await MailboxMessage.findAll({ where: { toAddress: to }, order: [["id", "ASC"]] });
    if (rows.length >= count) return rows;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`expected ${count} e-mail(s) to ${to}`);
}

function linkToken(message: MailboxMessage): string {
  const match = /http:\/\/earlybird\.test:3000\/resetpassword\?token=([A-Za-z0-9_-]+)/.exec(message.textBody ?? "");
  expect(match, message.textBody ?? "").not.toBeNull();
  return match![1];
}

async function requestLink(email: string, now?: Date): Promise<string> {
  const before = await MailboxMessage.count({ where: { toAddress: email } });
  await requestPasswordReset({ email, ip: testIp(), origin: ORIGIN, now });
  const rows = await mailTo(email, before + 1);
  return linkToken(rows[rows.length - 1]);
}

const loginKind = async (email: string, password: string) =>
  login({ email, password, ip: testIp() }).then(
    (result) => result.kind,
    (error: AppError) => error.status
  );

describe("forgot password", () => {
  it("e-mails a one-hour PASSWORD_RESET link to a registered user, storing only the token's hash", async () => {
    const user = await makeUser();
    const sentAt = Date.now();
    const token = await requestLink(user.username);
    const [mail] = await mailTo(user.username);
    expect(mail.subject).toBe("Reset your Earlybird password");
    expect(mail.relatedUserId).toBe(user.id);
    const rows = await UserToken.findAll({ where: { userId: user.id, purpose: "PASSWORD_RESET" } });
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(rows[0].tokenHash).not.toContain(token);
    const ttl = rows[0].expiresAt.getTime() - sentAt;
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000 + 5_000);
    expect(await readResetLink(token)).toEqual({ email: user.username });
  });

  it("points the link at APP_URL when it is set, else at the listening address, never at the request's host", async () => {
    const user = await makeUser();
    process.env.APP_URL = "https://app.earlybird.example/";
    resetEnvCache();
    try {
      await requestPasswordReset({ email: user.username, ip: testIp(), origin: appOrigin() });
      const [mail] = await mailTo(user.username);
      expect(mail.textBody).toMatch(/https:\/\/app\.earlybird\.example\/resetpassword\?token=[A-Za-z0-9_-]+/);
      expect(mail.textBody).not.toContain("attacker.example");
    } finally {
      delete process.env.APP_URL;
      resetEnvCache();
    }
    // Unset (outside production): the address this process listens on, whatever the request said.
    expect(appOrigin()).toBe(`http://localhost:${env().PORT}`);
  });

  it("answers the same for an unknown e-mail and sends nothing (no enumeration)", async () => {
    const unknown = `nobody-${crypto.randomBytes(4).toString("hex")}@example.test`;
    await expect(requestPasswordReset({ email: unknown, ip: testIp(), origin: ORIGIN })).resolves.toBeUndefined();
    const disabled = await makeUser({ disabled: true });
    await expect(requestPasswordReset({ email: disabled.username, ip: testIp(), origin: ORIGIN })).resolves.toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await MailboxMessage.count({ where: { toAddress: { [Op.in]: [unknown, disabled.username] } } })).toBe(0);
    expect(await UserToken.count({ where: { userId: disabled.id } })).toBe(0);
  });

  it("refuses a malformed or empty e-mail with the spec's message, and records nothing", async () => {
    const ip = testIp();
    for (const email of ["", "pat", "pat@harbour"]) {
      const error = await refusal(requestPasswordReset({ email, ip, origin: ORIGIN }));
      expect({ status: error.status, message: error.message, field: error.field }).toEqual({ status: 422, message: FORGOT_EMAIL_INVALID, field: "email" });
    }
  });

  it("limits requests per e-mail, registered or not, with the same answer", async () => {
    const user = await makeUser();
    const unknown = `nobody-${crypto.randomBytes(4).toString("hex")}@example.test`;
    for (const email of [user.username, unknown]) {
      for (let i = 0; i < RESET_REQUESTS_PER_EMAIL; i++) await requestPasswordReset({ email, ip: testIp(), origin: ORIGIN });
      const error = await refusal(requestPasswordReset({ email, ip: testIp(), origin: ORIGIN }));
      expect({ status: error.status, message: error.message }).toEqual({ status: 429, message: TOO_MANY_RESET_REQUESTS });
    }
    // An hour later the e-mail may ask again.
    await requestPasswordReset({ email: user.username, ip: testIp(), origin: ORIGIN, now: new Date(Date.now() + 61 * 60_000) });
  });

  it("limits requests per IP", async () => {
    const ip = testIp();
    for (let i = 0; i < RESET_REQUESTS_PER_IP; i++)
      await requestPasswordReset({ email: `probe-${i}-${crypto.randomBytes(3).toString("hex")}@example.test`, ip, origin: ORIGIN });
    const error = await refusal(requestPasswordReset({ email: "another@example.test", ip, origin: ORIGIN }));
    expect(error.status).toBe(429);
  });
});

describe("reset password", () => {
  it("sets the new password once: the link is used, the old password stops working, a second use fails", async () => {
    const user = await makeUser();
    const token = await requestLink(user.username);
    await resetPassword({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(await loginKind(user.username, NEW_PASSWORD)).toBe("session");
    expect(await loginKind(user.username, TEST_PASSWORD)).toBe(401);
    const row = await UserToken.findOne({ where: { userId: user.id, purpose: "PASSWORD_RESET" } });
    expect(row?.usedAt).not.toBeNull();
    const again = await refusal(resetPassword({ token, password: "Other#Pass2028", confirmPassword: "Other#Pass2028" }));
    expect({ status: again.status, message: again.message }).toEqual({ status: 401, message: LINK_BROKEN });
    await expect(readResetLink(token)).rejects.toMatchObject({ status: 401, message: LINK_BROKEN });
    expect(await loginKind(user.username, NEW_PASSWORD)).toBe("session");
    expect(await AuditLogEntry.count({ where: { entityId: String(user.id), action: "PASSWORD_RESET" } })).toBe(1);
  });

  it("works once when two requests race with one link", async () => {
    const user = await makeUser();
    const token = await requestLink(user.username);
    const results = await Promise.allSettled([
      resetPassword({ token, password: "Race#One2027", confirmPassword: "Race#One2027" }),
      resetPassword({ token, password: "Race#Two2027", confirmPassword: "Race#Two2027" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("expires one hour after it was sent", async () => {
    const user = await makeUser();
    const sent = new Date();
    const token = await requestLink(user.username, sent);
    expect(await readResetLink(token, new Date(sent.getTime() + 59 * 60_000))).toEqual({ email: user.username });
    const late = new Date(sent.getTime() + 60 * 60_000 + 1_000);
    await expect(readResetLink(token, late)).rejects.toMatchObject({ status: 401, message: LINK_BROKEN });
    const error = await refusal(resetPassword({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, now: late }));
    expect(error.message).toBe(LINK_BROKEN);
    expect(await loginKind(user.username, TEST_PASSWORD)).toBe("session");
  });

  it("a new request revokes the earlier link", async () => {
    const user = await makeUser();
    const first = await requestLink(user.username);
    const second = await requestLink(user.username);
    await expect(readResetLink(first)).rejects.toMatchObject({ status: 401 });
    await resetPassword({ token: second, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(await loginKind(user.username, NEW_PASSWORD)).toBe("session");
  });

  it("revokes every session of the user (PASSWORD_CHANGED), and no one else's", async () => {
    const user = await makeUser();
    const other = await makeUser();
    const sessions = [await createSession(user.id), await createSession(user.id)];
    const otherSession = await createSession(other.id);
    const token = await requestLink(user.username);
    await resetPassword({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    for (const session of sessions) expect((await resolveSession(session)).status).toBe("expired");
    expect((await resolveSession(otherSession)).status).toBe("valid");
    const rows = await Session.findAll({ where: { userId: user.id } });
    expect(rows.every((row) => row.revokedReason === "PASSWORD_CHANGED")).toBe(true);
  });

  it("refuses a weak or missing password with the spec's messages and keeps the link usable", async () => {
    const user = await makeUser();
    const token = await requestLink(user.username);
    const empty = await refusal(resetPassword({ token, password: "", confirmPassword: "" }));
    expect({ message: empty.message, field: empty.field }).toEqual({ message: NEW_PASSWORD_REQUIRED, field: "password" });
    const weak = await refusal(resetPassword({ token, password: "password", confirmPassword: "password" }));
    expect({ message: weak.message, field: weak.field }).toEqual({ message: PASSWORD_CRITERIA, field: "password" });
    expect(await readResetLink(token)).toEqual({ email: user.username });
    expect(await loginKind(user.username, TEST_PASSWORD)).toBe("session");
  });

  it("lifts a login lock-out from earlier wrong passwords", async () => {
    const user = await makeUser();
    for (let i = 0; i < 5; i++) expect(await loginKind(user.username, `Wrong#Guess${i}`)).toBe(401);
    expect(await loginKind(user.username, TEST_PASSWORD)).toBe(429);
    const token = await requestLink(user.username);
    await resetPassword({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(await loginKind(user.username, NEW_PASSWORD)).toBe("session");
  });

  it("refuses an unknown token", async () => {
    const error = await refusal(resetPassword({ token: "not-a-token", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }));
    expect({ status: error.status, message: error.message }).toEqual({ status: 401, message: LINK_BROKEN });
  });
});

describe("settings password change", () => {
  const actorOf = (user: User): Actor => ({ userId: user.id, companyId: user.companyId, roles: user.roles });

  it("needs the right current password, and counts wrong ones as failed logins", async () => {
    const user = await makeUser();
    const ip = testIp();
    const error = await refusal(changePassword(actorOf(user), { currentPassword: "Wrong#Pass1", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, ip }));
    expect({ status: error.status, message: error.message, field: error.field }).toEqual({
      status: 400,
      message: CURRENT_PASSWORD_WRONG,
      field: "currentPassword",
    });
    expect(await LoginAttempt.count({ where: { username: user.username, succeeded: false } })).toBe(1);
    expect(await loginKind(user.username, TEST_PASSWORD)).toBe("session");
  });

  it("locks after the login limit of wrong current passwords", async () => {
    const user = await makeUser();
    for (let i = 0; i < 5; i++) {
      await refusal(changePassword(actorOf(user), { currentPassword: `Wrong#Pass${i}`, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, ip: testIp() }));
    }
    const error = await refusal(
      changePassword(actorOf(user), { currentPassword: TEST_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, ip: testIp() })
    );
    expect({ status: error.status, message: error.message }).toEqual({ status: 429, message: TOO_MANY_PASSWORD_ATTEMPTS });
  });

  it("changes the password and ends the user's other sessions, keeping this one", async () => {
    const user = await makeUser();
    const current = await createSession(user.id);
    const elsewhere = await createSession(user.id);
    const result = await changePassword(actorOf(user), {
      currentPassword: TEST_PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      sessionToken: current,
      ip: testIp(),
    });
    expect(result.sessionsRevoked).toBe(1);
    expect((await resolveSession(current)).status).toBe("valid");
    expect((await resolveSession(elsewhere)).status).toBe("expired");
    expect((await Session.findOne({ where: { userId: user.id, revokedAt: { [Op.ne]: null } } }))?.revokedReason).toBe("PASSWORD_CHANGED");
    expect(await loginKind(user.username, NEW_PASSWORD)).toBe("session");
    expect(await loginKind(user.username, TEST_PASSWORD)).toBe(401);
  });

  it("refuses a weak, unconfirmed or unchanged new password with nothing written", async () => {
    const user = await makeUser();
    const before = (await User.findByPk(user.id))!.passwordHash;
    const cases: [string, string, string, string][] = [
      ["", "", NEW_PASSWORD_REQUIRED, "password"],
      ["weakpass", "weakpass", PASSWORD_CRITERIA, "password"],
      [NEW_PASSWORD, "Fresh#Start2028", "The passwords do not match", "confirmPassword"],
      [TEST_PASSWORD, TEST_PASSWORD, SAME_PASSWORD, "password"],
    ];
    for (const [password, confirmPassword, message, field] of cases) {
      const error = await refusal(changePassword(actorOf(user), { currentPassword: TEST_PASSWORD, password, confirmPassword, ip: testIp() }));
      expect({ message: error.message, field: error.field }).toEqual({ message, field });
    }
    expect((await User.findByPk(user.id))!.passwordHash).toBe(before);
  });
});
