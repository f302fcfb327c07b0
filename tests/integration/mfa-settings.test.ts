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
import { CURRENT_PASSWORD_REQUIRED, CURRENT_PASSWORD_WRONG, MFA_ENROLMENT_EXPIRED, MFA_INVALID, MFA_REQUIRED } from "../../app/modules/password/schema";
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

const withPassword = (currentPassword: string = TEST_PASSWORD) => ({ currentPassword, ip: testIp() });

const loginKind = async (email: string, extra: { mfaCode?: string } = {}) => (await login({ email, password: TEST_PASSWORD, ip: testIp(), ...extra })).kind;

describe("turning two-factor authentication on", () => {
  it("offers a secret without turning MFA on, then turns it on with a right code", async () => {
    const user = await makeUser();
    const offered = await startMfaEnrolment(actorOf(user), withPassword());
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
    // The confirming code is used up (issue 13 part 8): login takes the next one.
    expect((await refusal(login({ email: user.username, password: TEST_PASSWORD, mfaCode: totpCode(secret), ip: testIp() }))).message).toBe(MFA_INVALID);
    expect(await loginKind(user.username, { mfaCode: totpCode(secret, Date.now() + 30_000) })).toBe("session");
  });

  it("asks for the current password before offering a secret (issue 13 part 8)", async () => {
    const user = await makeUser();
    const empty = await refusal(startMfaEnrolment(actorOf(user), withPassword("")));
    expect({ message: empty.message, field: empty.field }).toEqual({ message: CURRENT_PASSWORD_REQUIRED, field: "currentPassword" });
    const wrong = await refusal(startMfaEnrolment(actorOf(user), withPassword("Wrong#Pass1")));
    expect({ message: wrong.message, field: wrong.field }).toEqual({ message: CURRENT_PASSWORD_WRONG, field: "currentPassword" });
    expect(await getMfaSettings(actorOf(user))).toEqual({ enabled: false, pending: null });
    expect((await startMfaEnrolment(actorOf(user), withPassword())).pending?.secret).toMatch(/^[A-Z2-7]{32}$/);
  });

  it("only the operator turns it on without a password (the CLI's users:create --mfa)", async () => {
    const user = await makeUser();
    expect((await refusal(enableMfa(actorOf(user), user.id))).status).toBe(403);
    expect((await User.findByPk(user.id))!.mfaEnabled).toBe(false);
  });

  it("refuses a missing or malformed code with the spec's message", async () => {
    const user = await makeUser();
    await startMfaEnrolment(actorOf(user), withPassword());
    for (const code of ["", "12345", "abcdef"]) {
      const error = await refusal(confirmMfaEnrolment(actorOf(user), { code }));
      expect({ message: error.message, field: error.field }).toEqual({ message: MFA_REQUIRED, field: "code" });
    }
  });

  it("lets an offered secret lapse after 15 minutes, and a new offer replaces the old secret", async () => {
    const user = await makeUser();
    const first = (await startMfaEnrolment(actorOf(user), withPassword())).pending!.secret;
    const later = new Date(Date.now() + MFA_ENROLMENT_TTL_MS + 1_000);
    const expired = await refusal(confirmMfaEnrolment(actorOf(user), { code: totpCode(first, later.getTime()), now: later }));
    expect(expired.message).toBe(MFA_ENROLMENT_EXPIRED);
    expect((await getMfaSettings(actorOf(user), later)).pending).toBeNull();

    const second = (await startMfaEnrolment(actorOf(user), withPassword())).pending!.secret;
    expect(second).not.toBe(first);
    const stale = await refusal(confirmMfaEnrolment(actorOf(user), { code: totpCode(first) }));
    expect(stale.message).toBe(totpCode(first) === totpCode(second) ? MFA_ENROLMENT_EXPIRED : MFA_INVALID);
    await confirmMfaEnrolment(actorOf(user), { code: totpCode(second) });
    expect((await User.findByPk(user.id))!.mfaSecret).toBe(second);
  });

  it("cancels an offered secret", async () => {
    const user = await makeUser();
    await startMfaEnrolment(actorOf(user), withPassword());
    await cancelMfaEnrolment(actorOf(user));
    expect(await getMfaSettings(actorOf(user))).toEqual({ enabled: false, pending: null });
    expect((await refusal(confirmMfaEnrolment(actorOf(user), { code: "123456" }))).message).toBe(MFA_ENROLMENT_EXPIRED);
  });

  it("refuses a new offer while MFA is on", async () => {
    const user = await makeUser();
    await enableMfa(null, user.id);
    expect((await refusal(startMfaEnrolment(actorOf(user), withPassword()))).status).toBe(409);
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
    await startMfaEnrolment(actorOf(user), withPassword());
    expect((await User.findByPk(other.id))!.pendingMfaSecret).toBeNull();
    await disableMfa(actorOf(user), { currentPassword: TEST_PASSWORD, ip: testIp() });
    expect((await User.findByPk(other.id))!.mfaEnabled).toBe(true);
  });
});

describe("a TOTP code works once (issue 13 part 8)", () => {
  async function mfaUser() {
    const user = await makeUser();
    const { secret } = await enableMfa(null, user.id);
    return { user, secret };
  }

  const withCode = (email: string, mfaCode: string, now?: Date) => login({ email, password: TEST_PASSWORD, mfaCode, ip: testIp(), now });

  it("refuses a code used to log in, with a fresh challenge too, and any code older than it", async () => {
    const { user, secret } = await mfaUser();
    const now = Date.now();
    expect((await withCode(user.username, totpCode(secret, now))).kind).toBe("session");
    expect((await refusal(withCode(user.username, totpCode(secret, now)))).message).toBe(MFA_INVALID);

    // The two-step form: the password step signs a fresh challenge; the used code is refused on it as well.
    const step = await login({ email: user.username, password: TEST_PASSWORD, ip: testIp() });
    expect(step.kind).toBe("mfa");
    if (step.kind !== "mfa") return;
    const replay = await refusal(login({ email: user.username, password: "", mfaChallenge: step.challenge, mfaCode: totpCode(secret, now), ip: testIp() }));
    expect(replay).toMatchObject({ status: 401, message: MFA_INVALID, field: "mfaCode" });
    // The step before (still inside the drift window) is older than the one used: refused too.
    const previous = totpCode(secret, now - 30_000);
    if (previous !== totpCode(secret, now)) expect((await refusal(withCode(user.username, previous))).message).toBe(MFA_INVALID);
    // The next step's code works, once.
    expect((await withCode(user.username, totpCode(secret, now + 30_000), new Date(now + 30_000))).kind).toBe("session");
    expect((await refusal(withCode(user.username, totpCode(secret, now + 30_000), new Date(now + 30_000)))).message).toBe(MFA_INVALID);
  });

  it("one code sent twice at once logs in once", async () => {
    const { user, secret } = await mfaUser();
    const code = totpCode(secret);
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => withCode(user.username, code)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((result) => result.status === "rejected" && (result.reason as AppError).message === MFA_INVALID)).toHaveLength(4);
  });

  it("turning MFA off and on again starts afresh", async () => {
    const { user, secret } = await mfaUser();
    expect((await withCode(user.username, totpCode(secret))).kind).toBe("session");
    await disableMfa(actorOf(user), { currentPassword: TEST_PASSWORD, ip: testIp() });
    expect((await User.findByPk(user.id))!.mfaLastStep).toBeNull();
  });
});
