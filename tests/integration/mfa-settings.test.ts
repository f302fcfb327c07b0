/**
 * Two-factor authentication from settings (issue 6 part 8): a secret is offered, MFA is on only after a code from it is
 * confirmed, login then asks for the code, and turning it off needs the password. The CLI's enableMfa still works.
 */
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { AuditLogEntry, User } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import { AppError } from "../../app/lib/errors";
import { enableMfa, login } from "../../app/modules/auth/service.server";
import { totpCode } from "../../app/modules/auth/totp.server";
import {
  cancelMfaEnrolment,
  confirmMfaEnrolment,
  disableMfa,
  getMfaSettings,
  MFA_ENROLMENT_TTL_MS,
  startMfaEnrolment,
} from "../../app/modules/password/mfa.server";
import { CURRENT_PASSWORD_WRONG, MFA_ENROLMENT_EXPIRED, MFA_INVALID, MFA_REQUIRED } from "../../app/modules/password/schema";
import { makeUser, TEST_PASSWORD, testIp } from "../support/factories";

afterAll(() => sequelize.close());

const actorOf = (user: User): Actor => ({ userId: user.id, companyId: user.companyId, roles: user.roles });

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** A code that is not valid for `secret` now (nor in the steps either side). */
function wrongCode(secret: string, at = Date.now()): string {
  const valid = new Set([-1, 0, 1].map((drift) => totpCode(secret, at + drift * 30_000)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, "0");
    if (!valid.has(code)) return code;
  }
}

const loginKind = async (email: string, extra: { mfaCode?: string } = {}) => (await login({ email, password: TEST_PASSWORD, ip: testIp(), ...extra })).kind;

describe("turning two-factor authentication on", () => {
  it("offers a secret without turning MFA on, then turns it on with a right code", async () => {
    const user = await makeUser();
    const offered = await startMfaEnrolment(actorOf(user));
    expect(offered.enabled).toBe(false);
    expect(offered.pending?.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(offered.pending?.otpauthUri).toBe(
      `otpauth://totp/${encodeURIComponent(`Earlybird:${user.username}`)}?secret=${offered.pending!.secret}&issuer=Earlybird&algorithm=SHA1&digits=6&period=30`
    );
    // Not on before the code is confirmed: login needs no code yet.
    expect(await loginKind(user.username)).toBe("session");
    expect((await User.findByPk(user.id))!.mfaSecret).toBeNull();

    const secret = offered.pending!.secret;
    const wrong = await refusal(confirmMfaEnrolment(actorOf(user), { code: wrongCode(secret) }));
    expect({ status: wrong.status, message: wrong.message, field: wrong.field }).toEqual({ status: 400, message: MFA_INVALID, field: "code" });
    expect((await getMfaSettings(actorOf(user))).enabled).toBe(false);

    const on = await confirmMfaEnrolment(actorOf(user), { code: totpCode(secret) });
    expect(on).toEqual({ enabled: true, pending: null });
    const stored = (await User.findByPk(user.id))!;
    expect({ mfaEnabled: stored.mfaEnabled, mfaSecret: stored.mfaSecret, pending: stored.pendingMfaSecret }).toEqual({
      mfaEnabled: true,
      mfaSecret: secret,
      pending: null,
    });
    expect(await AuditLogEntry.count({ where: { entityId: String(user.id), action: "MFA_ENABLED" } })).toBe(1);

    // Login now asks for the code, and takes the right one only.
    expect(await loginKind(user.username)).toBe("mfa");
    const bad = await refusal(login({ email: user.username, password: TEST_PASSWORD, mfaCode: wrongCode(secret), ip: testIp() }));
    expect(bad.message).toBe(MFA_INVALID);
    expect(await loginKind(user.username, { mfaCode: totpCode(secret) })).toBe("session");
  });

  it("refuses a missing or malformed code with the spec's message", async () => {
    const user = await makeUser();
    await startMfaEnrolment(actorOf(user));
    for (const code of ["", "12345", "abcdef"]) {
      const error = await refusal(confirmMfaEnrolment(actorOf(user), { code }));
      expect({ message: error.message, field: error.field }).toEqual({ message: MFA_REQUIRED, field: "code" });
    }
  });

  it("lets an offered secret lapse after 15 minutes, and a new offer replaces the old secret", async () => {
    const user = await makeUser();
    const first = (await startMfaEnrolment(actorOf(user))).pending!.secret;
    const later = new Date(Date.now() + MFA_ENROLMENT_TTL_MS + 1_000);
    const expired = await refusal(confirmMfaEnrolment(actorOf(user), { code: totpCode(first, later.getTime()), now: later }));
    expect(expired.message).toBe(MFA_ENROLMENT_EXPIRED);
    expect((await getMfaSettings(actorOf(user), later)).pending).toBeNull();

    const second = (await startMfaEnrolment(actorOf(user))).pending!.secret;
    expect(second).not.toBe(first);
    const stale = await refusal(confirmMfaEnrolment(actorOf(user), { code: totpCode(first) }));
    expect(stale.message).toBe(totpCode(first) === totpCode(second) ? MFA_ENROLMENT_EXPIRED : MFA_INVALID);
    await confirmMfaEnrolment(actorOf(user), { code: totpCode(second) });
    expect((await User.findByPk(user.id))!.mfaSecret).toBe(second);
  });

  it("cancels an offered secret", async () => {
    const user = await makeUser();
    await startMfaEnrolment(actorOf(user));
    await cancelMfaEnrolment(actorOf(user));
    expect(await getMfaSettings(actorOf(user))).toEqual({ enabled: false, pending: null });
    expect((await refusal(confirmMfaEnrolment(actorOf(user), { code: "123456" }))).message).toBe(MFA_ENROLMENT_EXPIRED);
  });

  it("refuses a new offer while MFA is on", async () => {
    const user = await makeUser();
    await enableMfa(null, user.id);
    expect((await refusal(startMfaEnrolment(actorOf(user)))).status).toBe(409);
  });
});

describe("turning two-factor authentication off", () => {
  it("needs the current password, then login no longer asks for a code", async () => {
    const user = await makeUser();
    const { secret } = await enableMfa(null, user.id); // the operator's path (CLI) keeps working
    expect(await loginKind(user.username)).toBe("mfa");
    const wrong = await refusal(disableMfa(actorOf(user), { currentPassword: "Wrong#Pass1", ip: testIp() }));
    expect({ message: wrong.message, field: wrong.field }).toEqual({ message: CURRENT_PASSWORD_WRONG, field: "currentPassword" });
    expect(await loginKind(user.username, { mfaCode: totpCode(secret) })).toBe("session");

    expect(await disableMfa(actorOf(user), { currentPassword: TEST_PASSWORD, ip: testIp() })).toEqual({ enabled: false, pending: null });
    expect((await User.findByPk(user.id))!.mfaSecret).toBeNull();
    expect(await loginKind(user.username)).toBe("session");
    expect(await AuditLogEntry.count({ where: { entityId: String(user.id), action: "MFA_DISABLED" } })).toBe(1);
  });

  it("only ever changes the actor's own user", async () => {
    const user = await makeUser();
    const other = await makeUser();
    await enableMfa(null, other.id);
    await startMfaEnrolment(actorOf(user));
    expect((await User.findByPk(other.id))!.pendingMfaSecret).toBeNull();
    await disableMfa(actorOf(user), { currentPassword: TEST_PASSWORD, ip: testIp() });
    expect((await User.findByPk(other.id))!.mfaEnabled).toBe(true);
  });
});
