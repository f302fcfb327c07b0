import crypto from "node:crypto";
import { Op, type Transaction } from "sequelize";
import { User, UserToken, type UserTokenPurpose } from "../../../db/models/index";
import { AppError } from "../../lib/errors";

/** The activation and reset pages' answer to a bad link (spec p1 §8, Activation 401). */
export const LINK_BROKEN = "The link might be broken or expired";

const tokenHash = (token: string) => crypto.createHash("sha256").update(token, "utf8").digest("hex");

/**
 * Issues a one-use link token for a user (sign-up activation, password reset, ...): 32 random bytes, of which only
 * the sha256 is stored, so a database read never yields a working link.
 */
export async function issueUserToken(
  t: Transaction,
  userId: number,
  purpose: UserTokenPurpose,
  ttlMs: number,
  now: Date = new Date(),
  /** The address the link is e-mailed to, kept where the user has none of their own (OWNER_VERIFICATION). */
  email: string | null = null
): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await UserToken.create({ userId, purpose, tokenHash: tokenHash(token), expiresAt: new Date(now.getTime() + ttlMs), createdAt: now, email }, { transaction: t });
  return token;
}

/**
 * The user a link token names. Unknown, expired, used or revoked tokens all answer 401 LINK_BROKEN. With `consume`
 * the token row is locked and marked used, so two requests racing with one link succeed once.
 */
export async function readUserToken(
  t: Transaction,
  token: string | null | undefined,
  purpose: UserTokenPurpose,
  options: { consume?: boolean; now?: Date } = {}
): Promise<User> {
  const now = options.now ?? new Date();
  const broken = () => new AppError(401, LINK_BROKEN, { code: "LINK_BROKEN" });
  if (!token || token.length > 200) throw broken();
  const row = await UserToken.findOne({
    where: { tokenHash: tokenHash(token), purpose },
    transaction: t,
    ...(options.consume ? { lock: t.LOCK.UPDATE } : {}),
  });
  if (!row || row.usedAt || row.revokedAt || row.expiresAt <= now) throw broken();
  const user = await User.findByPk(row.userId, { transaction: t });
  if (!user || user.disabledAt) throw broken();
  if (options.consume) await row.update({ usedAt: now }, { transaction: t });
  return user;
}

/** Revokes a user's live tokens of one purpose (a new reset link replaces the earlier ones). */
export async function revokeUserTokens(t: Transaction, userId: number, purpose: UserTokenPurpose, now: Date = new Date()): Promise<number> {
  const [count] = await UserToken.update(
    { revokedAt: now },
    { where: { userId, purpose, usedAt: null, revokedAt: null, expiresAt: { [Op.gt]: now } }, transaction: t }
  );
  return count;
}
