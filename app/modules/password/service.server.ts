/**
 * Forgot / reset password (spec p1 §4 "Password reset", §5, §8; issue 6 part 8) and the settings password change
 * (p3 §5 Password). docs/decisions/024.
 *
 * - A request always answers the same, registered e-mail or not; the e-mail goes out after the commit without being
 *   awaited, so the answer's timing does not tell either. Requests are limited per e-mail and per IP.
 * - The link carries a PASSWORD_RESET user token (only its hash is stored): one hour, single use, and a new request
 *   revokes the earlier links. Using it sets the password, revokes every session of the user and clears the account's
 *   failed logins.
 * - A change in settings needs the current password (wrong ones count towards the login limit) and revokes the user's
 *   other sessions.
 */
import { actingUserId } from "../../lib/actor";
import crypto from "node:crypto";
import { Op, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { LoginAttempt, PasswordResetRequest, Session, User } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { AppError, isAppError } from "../../lib/errors";
import { logger } from "../../lib/logger.server";
import { hashPassword, verifyPassword } from "../auth/password.server";
import { lockAttemptKeys } from "../auth/attempt-limit.server";
import { claimLoginAttempt, settleLoginAttempt } from "../auth/service.server";
import { issueUserToken, readUserToken, revokeUserTokens } from "../auth/tokens.server";
import { sendMail } from "../notifications/mail.server";
import {
  ChangePasswordSchema,
  CURRENT_PASSWORD_WRONG,
  ForgotPasswordSchema,
  ResetPasswordSchema,
  SAME_PASSWORD,
  TOO_MANY_PASSWORD_ATTEMPTS,
  TOO_MANY_RESET_REQUESTS,
} from "./schema";
import { audit } from "../audit/service.server";

/** A reset link works for one hour (issue 6 part 8). */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** Forgot-password requests allowed per e-mail and per IP in an hour (ours: the spec gives no numbers). */
export const RESET_REQUESTS_PER_EMAIL = 5;
export const RESET_REQUESTS_PER_IP = 20;
const RESET_WINDOW_MS = 60 * 60_000;

const sha256 = (value: string) => crypto.createHash("sha256").update(value).digest("hex");


function logMailFailure(error: unknown) {
  logger.error({ err: error }, "password e-mail failed");
}

export { appOrigin } from "../../lib/app-url.server";

export const resetLink = (origin: string, token: string) => `${origin}/resetpassword?token=${encodeURIComponent(token)}`;

export interface ForgotPasswordRequest {
  email: unknown;
  ip: string;
  /** Where the link points: appOrigin(request origin). */
  origin: string;
  now?: Date;
}

/**
 * Forgot password: answers nothing (the page always shows the same confirmation). When the e-mail belongs to an
 * active user, earlier reset links are revoked and a new one is e-mailed.
 */
export async function requestPasswordReset(request: ForgotPasswordRequest): Promise<void> {
  const parsed = ForgotPasswordSchema.safeParse({ email: request.email });
  if (!parsed.success) throw AppError.validation(parsed.error);
  const { email } = parsed.data;
  const now = request.now ?? new Date();
  const since = new Date(now.getTime() - RESET_WINDOW_MS);

  await sequelize.transaction(async (t) => {
    // Counted and recorded under the limit's locks, so concurrent requests cannot all pass (issue 13 part 7).
    await lockAttemptKeys(t, [`reset-email:${email}`, `reset-ip:${request.ip}`]);
    const byEmail = await PasswordResetRequest.count({ where: { email, createdAt: { [Op.gte]: since } }, transaction: t });
    const byIp = await PasswordResetRequest.count({ where: { ip: request.ip, createdAt: { [Op.gte]: since } }, transaction: t });
    // Counted per requested e-mail, registered or not, so the limit reveals nothing either.
    if (byEmail >= RESET_REQUESTS_PER_EMAIL || byIp >= RESET_REQUESTS_PER_IP) throw new AppError(429, TOO_MANY_RESET_REQUESTS, { code: "RATE_LIMITED" });
    await PasswordResetRequest.create({ email, ip: request.ip, createdAt: now }, { transaction: t });
    const user = await User.findOne({ where: { username: email }, transaction: t, lock: t.LOCK.UPDATE });
    if (!user || user.disabledAt) return;
    await revokeUserTokens(t, user.id, "PASSWORD_RESET", now);
    const token = await issueUserToken(t, user.id, "PASSWORD_RESET", RESET_TOKEN_TTL_MS, now);
    await audit(
      null,
      { companyId: user.companyId, action: "PASSWORD_RESET_REQUESTED", entityType: "user", entityId: user.id, ip: request.ip },
      { transaction: t }
    );
    const link = resetLink(request.origin, token);
    t.afterCommit(() => {
      void sendMail({
        to: user.username,
        subject: "Reset your Earlybird password",
        text: [
          `Hello${user.firstName ? ` ${user.firstName}` : ""},`,
          "",
          "We received a request to reset the password of your Earlybird account. Choose a new password here:",
          link,
          "",
          "The link works once and expires in one hour. If you did not ask for it, you can ignore this e-mail: your password stays as it is.",
        ].join("\n"),
        relatedUserId: user.id,
      }).catch(logMailFailure);
    });
  });
}

/** Whom a reset link is for, without using it (the reset page shows the form, or the link's error). */
export async function readResetLink(token: string, now: Date = new Date()): Promise<{ email: string }> {
  const user = await sequelize.transaction((t) => readUserToken(t, token, "PASSWORD_RESET", { now }));
  return { email: user.username };
}

/** The reset page's view of a link, as a tagged outcome: whom it is for, or the words saying why it does not work. */
export async function findResetLink(token: string, now: Date = new Date()): Promise<{ ok: true; email: string } | { ok: false; message: string }> {
  try {
    return { ok: true, ...(await readResetLink(token, now)) };
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error;
    return { ok: false, message: error.message };
  }
}

async function revokeSessions(t: Transaction, userId: number, now: Date, keepTokenHash?: string): Promise<number> {
  const [count] = await Session.update(
    { revokedAt: now, revokedReason: "PASSWORD_CHANGED" },
    { where: { userId, revokedAt: null, ...(keepTokenHash ? { tokenHash: { [Op.ne]: keepTokenHash } } : {}) }, transaction: t }
  );
  return count;
}

function passwordChangedNotice(user: User) {
  return sendMail({
    to: user.username,
    subject: "Your Earlybird password was changed",
    text: [
      `Hello${user.firstName ? ` ${user.firstName}` : ""},`,
      "",
      "The password of your Earlybird account was just changed, and you were logged out everywhere else.",
      "If this was not you, reset your password at once and contact us.",
    ].join("\n"),
    relatedUserId: user.id,
  });
}

/**
 * Reset with the link's token: the token is used (once, under a row lock), the password set, other reset links
 * revoked and every session of the user revoked (PASSWORD_CHANGED).
 */
export async function resetPassword(input: {
  token: unknown;
  password: unknown;
  confirmPassword: unknown;
  ip?: string | null;
  now?: Date;
}): Promise<{ userId: number }> {
  const parsed = ResetPasswordSchema.safeParse(input);
  if (!parsed.success) throw AppError.validation(parsed.error);
  const now = input.now ?? new Date();
  const passwordHash = await hashPassword(parsed.data.password);
  return sequelize.transaction(async (t) => {
    const tokenUser = await readUserToken(t, parsed.data.token, "PASSWORD_RESET", { consume: true, now });
    const user = await User.findByPk(tokenUser.id, { transaction: t, lock: t.LOCK.UPDATE });
    if (!user || user.disabledAt) throw new AppError(401, "The link might be broken or expired", { code: "TOKEN_INVALID" });
    await user.update({ passwordHash, lastModifiedBy: user.id }, { transaction: t });
    await revokeUserTokens(t, user.id, "PASSWORD_RESET", now);
    const sessions = await revokeSessions(t, user.id, now);
    // The link proved the e-mail: earlier failed logins (a user who forgot the password has usually tried a few) no
    // longer lock the account out of its new password.
    await LoginAttempt.destroy({ where: { username: user.username, succeeded: false }, transaction: t });
    await audit(
      user.id,
      {
        companyId: user.companyId,
        action: "PASSWORD_RESET",
        entityType: "user",
        entityId: user.id,
        details: { sessionsRevoked: sessions },
        ip: input.ip ?? null,
      },
      { transaction: t }
    );
    t.afterCommit(() => void passwordChangedNotice(user).catch(logMailFailure));
    return { userId: user.id };
  });
}

/**
 * Checks the current password of a logged-in user before a security change. Wrong passwords count as failed logins
 * (the same limit: a stolen session cannot guess the password faster than the login page allows).
 */
export async function assertCurrentPassword(user: User, password: string, ip: string, now: Date = new Date()): Promise<void> {
  // Claimed as a failure first, under the login limit's locks (issue 13 part 7); a right password leaves no trace.
  const attempt = await claimLoginAttempt(user.username, ip, now, TOO_MANY_PASSWORD_ATTEMPTS);
  const right = await verifyPassword(user.passwordHash, password);
  if (!right) throw new AppError(400, CURRENT_PASSWORD_WRONG, { code: "CURRENT_PASSWORD_WRONG", field: "currentPassword" });
  await settleLoginAttempt(attempt, "uncounted");
}

export interface ChangePasswordInput {
  currentPassword: unknown;
  password: unknown;
  confirmPassword: unknown;
  /** The session making the change: it stays; every other session of the user is revoked. */
  sessionToken?: string | null;
  ip: string;
  now?: Date;
}

/** The settings Password tab: the user's own password, after the current one; the user's other sessions end. */
export async function changePassword(actor: Actor, input: ChangePasswordInput): Promise<{ sessionsRevoked: number }> {
  const parsed = ChangePasswordSchema.safeParse(input);
  if (!parsed.success) throw AppError.validation(parsed.error);
  const now = input.now ?? new Date();
  const user = await User.findByPk(actor.userId);
  if (!user || user.disabledAt) throw new AppError(404, "User not found");
  await assertCurrentPassword(user, parsed.data.currentPassword, input.ip, now);
  if (parsed.data.password === parsed.data.currentPassword) throw new AppError(400, SAME_PASSWORD, { code: "VALIDATION", field: "password" });
  const passwordHash = await hashPassword(parsed.data.password);
  return sequelize.transaction(async (t) => {
    const locked = await User.findByPk(user.id, { transaction: t, lock: t.LOCK.UPDATE });
    if (!locked) throw new AppError(404, "User not found");
    await locked.update({ passwordHash, lastModifiedBy: actingUserId(actor) }, { transaction: t });
    await revokeUserTokens(t, locked.id, "PASSWORD_RESET", now);
    const sessionsRevoked = await revokeSessions(t, locked.id, now, input.sessionToken ? sha256(input.sessionToken) : undefined);
    await audit(
      actor,
      {
        companyId: locked.companyId,
        action: "PASSWORD_CHANGED",
        entityType: "user",
        entityId: locked.id,
        details: { sessionsRevoked },
        ip: input.ip,
      },
      { transaction: t }
    );
    t.afterCommit(() => void passwordChangedNotice(locked).catch(logMailFailure));
    return { sessionsRevoked };
  });
}
