/**
 * Two-factor authentication in settings (issue 6 part 8, docs/decisions/024): TOTP (RFC 6238) as login.tsx checks it.
 * Turning it on or off asks for the current password (issue 13 part 8). On is two steps: after the password a new secret
 * is offered (kept as the user's pending secret for 15 minutes, shown as a QR code and as text) and MFA is on only once
 * a code from it is confirmed. That code's time step is remembered, as at login, so it cannot log in again.
 * The operator's `enableMfa` (auth/service.server.ts, the CLI's users:create --mfa) stays as it is.
 */
import { actingUserId } from "../../lib/actor";
import type { Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { User } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { AppError } from "../../lib/errors";
import { generateTotpSecret, matchTotpStep } from "../auth/totp.server";
import { MfaCodeFormSchema, MfaPasswordSchema, MFA_ENROLMENT_EXPIRED, MFA_INVALID } from "./schema";
import { assertCurrentPassword } from "./service.server";
import { audit } from "../audit/service.server";

/** How long an offered secret waits for its confirming code. */
export const MFA_ENROLMENT_TTL_MS = 15 * 60_000;

export interface MfaSettings {
  enabled: boolean;
  /** The secret being set up, while it waits for its code. */
  pending: { secret: string; otpauthUri: string; expiresAt: string } | null;
}

export function otpauthUri(username: string, secret: string): string {
  const label = encodeURIComponent(`Earlybird:${username}`);
  return `otpauth://totp/${label}?secret=${secret}&issuer=Earlybird&algorithm=SHA1&digits=6&period=30`;
}

function settingsOf(user: User, now: Date): MfaSettings {
  const pending = !user.mfaEnabled && user.pendingMfaSecret && user.pendingMfaExpiresAt && user.pendingMfaExpiresAt > now;
  return {
    enabled: user.mfaEnabled,
    pending: pending
      ? { secret: user.pendingMfaSecret!, otpauthUri: otpauthUri(user.username, user.pendingMfaSecret!), expiresAt: user.pendingMfaExpiresAt!.toISOString() }
      : null,
  };
}

async function ownUser(actor: Actor, options: { transaction?: Transaction } = {}): Promise<User> {
  const t = options.transaction;
  const user = await User.findByPk(actor.userId, t ? { transaction: t, lock: t.LOCK.UPDATE } : {});
  if (!user || user.disabledAt) throw new AppError(404, "User not found");
  return user;
}

/** The current password a change of two-factor authentication asks for (CURRENT_PASSWORD_REQUIRED when empty). */
function parseCurrentPassword(value: unknown): string {
  const parsed = MfaPasswordSchema.safeParse({ currentPassword: value });
  if (!parsed.success) throw new AppError(400, parsed.error.issues[0].message, { code: "VALIDATION", field: "currentPassword" });
  return parsed.data.currentPassword;
}

/** The user's own two-factor state. */
export async function getMfaSettings(actor: Actor, now: Date = new Date()): Promise<MfaSettings> {
  return settingsOf(await ownUser(actor), now);
}

/** Offers a new secret to scan (replacing any earlier one not yet confirmed), after the current password. MFA stays off until it is confirmed. */
export async function startMfaEnrolment(actor: Actor, input: { currentPassword: unknown; ip: string; now?: Date }): Promise<MfaSettings> {
  const currentPassword = parseCurrentPassword(input.currentPassword);
  const now = input.now ?? new Date();
  const user = await ownUser(actor);
  if (user.mfaEnabled) throw new AppError(409, "Two-factor authentication is already on", { code: "MFA_ALREADY_ON" });
  await assertCurrentPassword(user, currentPassword, input.ip, now);
  return sequelize.transaction(async (t) => {
    const locked = await ownUser(actor, { transaction: t });
    if (locked.mfaEnabled) throw new AppError(409, "Two-factor authentication is already on", { code: "MFA_ALREADY_ON" });
    await locked.update({ pendingMfaSecret: generateTotpSecret(), pendingMfaExpiresAt: new Date(now.getTime() + MFA_ENROLMENT_TTL_MS) }, { transaction: t });
    return settingsOf(locked, now);
  });
}

/** Confirms the offered secret with a code from the app: MFA is on from now, for every later login. */
export async function confirmMfaEnrolment(actor: Actor, input: { code: unknown; ip?: string | null; now?: Date }): Promise<MfaSettings> {
  const parsed = MfaCodeFormSchema.safeParse({ code: input.code });
  if (!parsed.success) throw new AppError(400, parsed.error.issues[0].message, { code: "VALIDATION", field: "code" });
  const now = input.now ?? new Date();
  return sequelize.transaction(async (t) => {
    const user = await ownUser(actor, { transaction: t });
    if (user.mfaEnabled) throw new AppError(409, "Two-factor authentication is already on", { code: "MFA_ALREADY_ON" });
    if (!user.pendingMfaSecret || !user.pendingMfaExpiresAt || user.pendingMfaExpiresAt <= now) {
      throw new AppError(400, MFA_ENROLMENT_EXPIRED, { code: "MFA_ENROLMENT_EXPIRED", field: "code" });
    }
    const step = matchTotpStep(user.pendingMfaSecret, parsed.data.code, now.getTime());
    if (step === null) throw new AppError(400, MFA_INVALID, { code: "MFA_INVALID", field: "code" });
    await user.update(
      {
        mfaEnabled: true,
        mfaSecret: user.pendingMfaSecret,
        // The confirming code is used: it cannot log in too.
        mfaLastStep: step,
        pendingMfaSecret: null,
        pendingMfaExpiresAt: null,
        lastModifiedBy: actingUserId(actor),
      },
      { transaction: t }
    );
    await audit(actor, { companyId: user.companyId, action: "MFA_ENABLED", entityType: "user", entityId: user.id, ip: input.ip ?? null }, { transaction: t });
    return settingsOf(user, now);
  });
}

/** Drops a secret offered but not confirmed. */
export async function cancelMfaEnrolment(actor: Actor): Promise<void> {
  await sequelize.transaction(async (t) => {
    const user = await ownUser(actor, { transaction: t });
    await user.update({ pendingMfaSecret: null, pendingMfaExpiresAt: null }, { transaction: t });
  });
}

/** Turns two-factor authentication off after the current password. */
export async function disableMfa(actor: Actor, input: { currentPassword: unknown; ip: string; now?: Date }): Promise<MfaSettings> {
  const currentPassword = parseCurrentPassword(input.currentPassword);
  const now = input.now ?? new Date();
  await assertCurrentPassword(await ownUser(actor), currentPassword, input.ip, now);
  return sequelize.transaction(async (t) => {
    const user = await ownUser(actor, { transaction: t });
    if (!user.mfaEnabled) return settingsOf(user, now);
    await user.update(
      { mfaEnabled: false, mfaSecret: null, mfaLastStep: null, pendingMfaSecret: null, pendingMfaExpiresAt: null, lastModifiedBy: actingUserId(actor) },
      { transaction: t }
    );
    await audit(actor, { companyId: user.companyId, action: "MFA_DISABLED", entityType: "user", entityId: user.id, ip: input.ip }, { transaction: t });
    return settingsOf(user, now);
  });
}
