/**
 * Account activation (spec p1 §2 Activation, §4 Onboarding state, §5, §8; issue 6 part 3): the activation link of the
 * sign-up e-mail opens set_name (full legal name and password), then set_phone_number and verify_code (a six-digit SMS
 * code, three failures lock it until a new one is sent). See docs/decisions/023-activation.md.
 *
 * set_name is reached through a link token (the ACTIVATION token of the e-mail, or a live invite link whose invited
 * user has verified their e-mail, p1 §4 Invite landing); it is used once, when the password is set, and the route
 * then starts a session. The later steps act for the logged-in user (an Actor).
 */
import type { Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import type { Company} from "../../../db/models/index";
import { User, type OnboardingState, type PersonVerificationStatus } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { AppError, isAppError } from "../../lib/errors";
import { hashPassword } from "../auth/password.server";
import { readUserToken } from "../auth/tokens.server";
import { findCompany, requireCompanyId } from "../companies/service.server";
import {
  assertResendAllowed,
  attemptsLeft,
  checkCode,
  codeRefused,
  codeState,
  issueCode,
  resendAvailableAt,
  type CodeRecord,
  type CodeState,
} from "../one-time-codes/service.server";
import { invitedUserOfToken, redeemLandingToken } from "../invites/service.server";
import { sendSms } from "../notifications/sms.server";
import { advanceOnboarding } from "../onboarding/service.server";
import { isAtLeast } from "../onboarding/rules";
import { joinFullName, nationalNumberOf, phonePrefixOf } from "./rules";
import { CODE_TTL_MS, LINK_EXPIRED, PHONE_REQUIRED, phoneNumberSchema, SetNameSchema, VerifyCodeSchema } from "./schema";
import { audit } from "../audit/service.server";

export interface Clock {
  now?: Date;
}

/** Where the link came from: the activation e-mail, or an invite link (redeemed once the password is set). */
export type LinkKind = "activation" | "invite";

/** What the activation screens show: no hashes, no secrets. */
export interface ActivationView {
  userId: number;
  email: string;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  fullName: string;
  companyName: string | null;
  country: "NZ" | "AU";
  /** +64 or +61 (decisions D1), shown before the number and not editable. */
  phonePrefix: "+61" | "+64";
  /** The saved number without its prefix, for the form. */
  nationalNumber: string;
  phoneNumber: string | null;
  onboardingState: OnboardingState;
  verificationStatus: PersonVerificationStatus;
  isAdmin: boolean;
  code: { state: CodeState; attemptsLeft: number; resendAvailableAt: string | null };
}

const linkExpired = () => new AppError(401, LINK_EXPIRED, { code: "LINK_EXPIRED" });

/** The user's SMS code as the one-time-code rules see it (a code without its hash is no code). */
const smsCodeOf = (user: User): CodeRecord & { hash: string | null } => ({
  hash: user.smsCodeHash,
  expiresAt: user.smsCodeHash ? user.smsCodeExpiresAt : null,
  failedAttempts: user.smsFailedAttempts,
});

function viewOf(user: User, company: Company | null, now: Date): ActivationView {
  const country = company?.country === "AU" ? "AU" : "NZ";
  return {
    userId: user.id,
    email: user.username,
    firstName: user.firstName,
    middleName: user.middleName,
    lastName: user.lastName,
    fullName: joinFullName(user),
    companyName: company?.companyName ?? null,
    country,
    phonePrefix: phonePrefixOf(country),
    nationalNumber: nationalNumberOf(user.phoneNumber, country),
    phoneNumber: user.phoneNumber,
    onboardingState: user.onboardingState,
    verificationStatus: user.verificationStatus,
    isAdmin: user.isAdmin,
    code: {
      state: codeState(smsCodeOf(user), now),
      attemptsLeft: attemptsLeft(user.smsFailedAttempts),
      resendAvailableAt: resendAvailableAt(user.smsCodeExpiresAt)?.toISOString() ?? null,
    },
  };
}

async function companyOfUser(user: User, transaction?: Transaction): Promise<Company | null> {
  return user.companyId ? findCompany(user.companyId, { transaction }) : null;
}

/**
 * The user a link names, locked for this transaction. An activation token is read (and, with `consume`, used under
 * its row lock); a token that is not one may be a live invite link (p1 §4 Invite landing). Either way the user must
 * still be before PASSWORD_UPDATED: once the password is set, the link has done its work.
 */
async function userOfLink(transaction: Transaction, token: string, options: { consume: boolean; now: Date }): Promise<{ user: User; kind: LinkKind }> {
  if (!token || token.length > 200) throw linkExpired();
  let userId: number | null = null;
  let kind: LinkKind = "activation";
  try {
    userId = (await readUserToken(transaction, token, "ACTIVATION", { consume: options.consume, now: options.now })).id;
  } catch (error) {
    if (!isAppError(error) || error.status !== 401) throw error;
    userId = await invitedUserOfToken(token, options.now);
    kind = "invite";
  }
  if (!userId) throw linkExpired();
  const user = await User.findByPk(userId, { transaction, lock: transaction.LOCK.UPDATE });
  if (!user || user.disabledAt || user.isAdmin || !user.companyId || isAtLeast(user.onboardingState, "PASSWORD_UPDATED")) throw linkExpired();
  // An invite link activates only a user who has verified their e-mail (p1 §4); the sign-up link does that itself.
  if (kind === "invite" && user.onboardingState !== "EMAIL_VERIFIED") throw linkExpired();
  return { user, kind };
}

/**
 * Opening the activation link (set_name): the e-mail address is now proven, so the user becomes EMAIL_VERIFIED
 * (forward only). The token stays valid until the password is set. 401 "The link might be broken or expired" for an
 * unknown, expired, used or revoked token.
 */
export async function openActivationLink(token: string, clock: Clock = {}): Promise<ActivationView> {
  const now = clock.now ?? new Date();
  return sequelize.transaction(async (transaction) => {
    const { user } = await userOfLink(transaction, token, { consume: false, now });
    const state = await advanceOnboarding(transaction, user.id, "EMAIL_VERIFIED");
    user.onboardingState = state;
    return viewOf(user, await companyOfUser(user, transaction), now);
  });
}

/** Like openActivationLink, as a tagged outcome: null for a link that does not work (401 "The link might be broken..."). */
export async function findActivationLink(token: string, clock: Clock = {}): Promise<ActivationView | null> {
  try {
    return await openActivationLink(token, clock);
  } catch (error) {
    if (isAppError(error) && error.status === 401) return null;
    throw error;
  }
}

/**
 * set_name: the full legal name and the password (p1 §5). Every field is checked before anything is written; then, in
 * one transaction, the token is used (single use, under its row lock), the names and the password hash stored and the
 * user moved to PASSWORD_UPDATED. Returns the user id for the route to start a session. An invite link is redeemed in
 * the same transaction (docs/decisions/018).
 */
export async function setNameAndPassword(
  token: string,
  input: { fullName?: unknown; password?: unknown },
  clock: Clock = {}
): Promise<{ userId: number; kind: LinkKind }> {
  const now = clock.now ?? new Date();
  const parsed = SetNameSchema.safeParse({ fullName: input.fullName ?? "", password: input.password ?? "" });
  if (!parsed.success) throw AppError.validation(parsed.error);
  const { fullName, password } = parsed.data;
  const passwordHash = await hashPassword(password);
  return sequelize.transaction(async (transaction) => {
    const { user, kind } = await userOfLink(transaction, token, { consume: true, now });
    await user.update(
      { firstName: fullName.firstName, middleName: fullName.middleName, lastName: fullName.lastName, passwordHash, lastModifiedBy: user.id },
      { transaction }
    );
    await advanceOnboarding(transaction, user.id, "EMAIL_VERIFIED");
    await advanceOnboarding(transaction, user.id, "PASSWORD_UPDATED");
    if (kind === "invite") {
      // Used in this transaction under the invite's row lock: the password and the invite's use commit together, once.
      await redeemLandingToken({ token, type: "invite", userId: user.id }, now, transaction).catch((error: unknown) => {
        throw isAppError(error) ? linkExpired() : error;
      });
    }
    await audit(
      user.id,
      { companyId: user.companyId, action: "USER_ACTIVATED", entityType: "user", entityId: user.id, details: { via: kind } },
      { transaction }
    );
    return { userId: user.id, kind };
  });
}

/** The activating user acts for themselves, within their company (403 "Forbidden" without one). */
function requireSelf(actor: Actor): number {
  requireCompanyId(actor, "Forbidden");
  return actor.userId;
}

async function lockedSelf(actor: Actor, transaction: Transaction): Promise<User> {
  const user = await User.findByPk(requireSelf(actor), { transaction, lock: transaction.LOCK.UPDATE });
  if (!user || user.disabledAt) throw new AppError(404, "User not found", { code: "NOT_FOUND" });
  return user;
}

/** The activation screens' view of the logged-in user. */
export async function getActivation(actor: Actor, clock: Clock = {}): Promise<ActivationView> {
  const user = await User.findByPk(requireSelf(actor));
  if (!user) throw new AppError(404, "User not found", { code: "NOT_FOUND" });
  return viewOf(user, await companyOfUser(user), clock.now ?? new Date());
}

/** The phone steps are for a user who has set a password and not yet verified a phone (p1 §4). */
function assertPhoneStep(user: User) {
  if (user.onboardingState !== "PASSWORD_UPDATED") throw new AppError(409, "Your phone number is already verified.", { code: "WRONG_STEP" });
}

async function sendCode(phoneNumber: string, code: string, userId: number) {
  await sendSms({
    to: phoneNumber,
    text: `Your Earlybird verification code is ${code}. It expires in ${CODE_TTL_MS / 60_000} minutes. Never share this code.`,
    relatedUserId: userId,
  });
}

/** Stores a new code's hash (argon2id: the code itself is never stored) with its expiry; failed attempts start again. */
async function storeNewCode(user: User, transaction: Transaction, now: Date, values: Partial<{ phoneNumber: string }> = {}): Promise<string> {
  const { code, stored } = await issueCode(now);
  await user.update(
    { ...values, smsCodeHash: stored.hash, smsCodeExpiresAt: stored.expiresAt, smsFailedAttempts: stored.failedAttempts, lastModifiedBy: user.id },
    { transaction }
  );
  return code;
}

/**
 * set_phone_number: the number typed after the company's prefix (+64, or +61 for AU) is stored as E.164 and a new
 * six-digit code goes to it by SMS (after the commit). A user may come back to correct the number; a new code is
 * then sent, at most one every 30 seconds.
 */
export async function savePhoneNumber(actor: Actor, input: { phoneNumber?: unknown }, clock: Clock = {}): Promise<ActivationView> {
  const now = clock.now ?? new Date();
  const sent = await sequelize.transaction(async (transaction) => {
    const user = await lockedSelf(actor, transaction);
    assertPhoneStep(user);
    const company = await companyOfUser(user, transaction);
    const parsed = phoneNumberSchema(company?.country === "AU" ? "AU" : "NZ").safeParse({
      phoneNumber: typeof input.phoneNumber === "string" ? input.phoneNumber : "",
    });
    if (!parsed.success) throw AppError.validation(parsed.error);
    assertResendAllowed(smsCodeOf(user).expiresAt, now, "phoneNumber");
    const code = await storeNewCode(user, transaction, now, { phoneNumber: parsed.data.phoneNumber });
    await user.update({ phoneNumberVerified: false }, { transaction });
    return { code, user, company };
  });
  await sendCode(sent.user.phoneNumber!, sent.code, sent.user.id);
  return viewOf(sent.user, sent.company, now);
}

/** "Resend code": a new code replaces the old one and the failed attempts start again at 0 (p1 §4). */
export async function resendPhoneCode(actor: Actor, clock: Clock = {}): Promise<ActivationView> {
  const now = clock.now ?? new Date();
  const sent = await sequelize.transaction(async (transaction) => {
    const user = await lockedSelf(actor, transaction);
    assertPhoneStep(user);
    if (!user.phoneNumber) throw new AppError(400, PHONE_REQUIRED, { code: "PHONE_REQUIRED", field: "phoneNumber" });
    assertResendAllowed(smsCodeOf(user).expiresAt, now);
    const code = await storeNewCode(user, transaction, now);
    return { code, user, company: await companyOfUser(user, transaction) };
  });
  await sendCode(sent.user.phoneNumber!, sent.code, sent.user.id);
  return viewOf(sent.user, sent.company, now);
}

/**
 * verify_code: the six digits. Counted under the user's row lock: a wrong code is one failed attempt ("Invalid
 * code..."); the third, and every try after it, answers "You have made 3 failed attempts..." until a new code is sent.
 * An expired code is refused without counting. Right: the phone is verified and the user PHONE_NUMBER_VERIFIED.
 */
export async function verifyPhoneCode(actor: Actor, input: { code?: unknown }, clock: Clock = {}): Promise<ActivationView> {
  const now = clock.now ?? new Date();
  const parsed = VerifyCodeSchema.safeParse({ code: input.code });
  if (!parsed.success) throw AppError.validation(parsed.error);
  const outcome = await sequelize.transaction(async (transaction) => {
    const user = await lockedSelf(actor, transaction);
    assertPhoneStep(user);
    const check = await checkCode(smsCodeOf(user), parsed.data.code, now);
    if (!check.ok) {
      if (check.failedAttempts !== null) await user.update({ smsFailedAttempts: check.failedAttempts }, { transaction });
      return { kind: "REFUSED" as const, refusal: check.refusal };
    }
    await user.update({ smsCodeHash: null, smsCodeExpiresAt: null, smsFailedAttempts: 0, phoneNumberVerified: true, lastModifiedBy: user.id }, { transaction });
    user.onboardingState = await advanceOnboarding(transaction, user.id, "PHONE_NUMBER_VERIFIED");
    await audit(user.id, { companyId: user.companyId, action: "PHONE_NUMBER_VERIFIED", entityType: "user", entityId: user.id, details: {} }, { transaction });
    return { kind: "OK" as const, view: viewOf(user, await companyOfUser(user, transaction), now) };
  });
  // Thrown after the commit, so a wrong code's attempt stays counted.
  if (outcome.kind === "REFUSED") throw codeRefused(outcome.refusal);
  return outcome.view;
}
