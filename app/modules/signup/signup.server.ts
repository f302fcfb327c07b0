/**
 * Sign-up (p1 §2 Sign-up, §5, §7 POST /signup, §8; issue 6 parts 1, 2, 4; docs/decisions/022).
 *
 * One transaction creates the company (PENDING, from the register), its primary user (ROLE_USER, SIGNED_UP, no
 * password), uses the invite code (or the landing page's invite token) and issues the activation token; the e-mail with
 * the activation link goes out after the commit. Anything refused (a used or expired code, a taken e-mail) writes
 * nothing.
 */
import { Op, UniqueConstraintError, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { Company, Invite, User, type Address } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { AppError, isAppError } from "../../lib/errors";
import { logger } from "../../lib/logger.server";
import { issueUserToken } from "../auth/tokens.server";
import type { AttemptOutcome } from "../auth/attempt-limit.server";
import { hashToken, redeemLandingToken } from "../invites/service.server";
import { sendMail } from "../notifications/mail.server";
import { companyRegister, type RegisterCompany } from "../register/service.server";
import { claimInviteCodeAttempt, findUsableInviteCode, settleInviteCodeAttempt } from "./invite-codes.server";
import { activationLink } from "./rules";
import {
  ACTIVATION_TOKEN_DAYS,
  COMPANY_ALREADY_REGISTERED,
  COMPANY_REQUIRED,
  EMAIL_TAKEN,
  INVITE_CODE_INVALID,
  REGISTER_SEARCH_LIMIT,
  REGISTER_SEARCH_MIN_LENGTH,
  type AccountingSoftware,
  type SignupCountry,
  type SignupInput,
} from "./schema";
import { audit } from "../audit/service.server";
import { findCompany } from "../companies/service.server";

const DAY_MS = 86_400_000;

export interface RegisterSuggestion {
  companyName: string;
  registrationNumber: string;
  nzbn: string | null;
  businessNumber: string | null;
  industryCode: string | null;
  industryCodeDescription: string | null;
}

const suggestionOf = (company: RegisterCompany): RegisterSuggestion => ({
  companyName: company.companyName,
  registrationNumber: company.registrationNumber,
  nzbn: company.nzbn ?? null,
  businessNumber: company.businessNumber ?? null,
  industryCode: company.industryCode ?? null,
  industryCodeDescription: company.industryCodeDescription ?? null,
});

/** Business name search (p1 §5): nothing below 3 characters, at most 5 suggestions. Public: the register is public data. */
export async function searchRegister(query: string, country: SignupCountry): Promise<RegisterSuggestion[]> {
  const q = query.trim();
  if (q.length < REGISTER_SEARCH_MIN_LENGTH) return [];
  const found = await companyRegister().search(q, country, REGISTER_SEARCH_LIMIT);
  return found.slice(0, REGISTER_SEARCH_LIMIT).map(suggestionOf);
}

/** The register company a form carried (to show the pick again after a refused post), or null. */
export async function registerChoice(country: SignupCountry, registrationNumber: string): Promise<RegisterSuggestion | null> {
  const number = registrationNumber.trim();
  if (!number || number.length > 40) return null;
  const found = await companyRegister().lookup(country, number);
  return found ? suggestionOf(found) : null;
}

export interface LandingInvite {
  userId: number;
  email: string;
  companyName: string;
}

/**
 * The landing page's "Sign up" (docs/decisions/018): /signup?token=…&userId=… for an invited user who has not signed
 * up. A live invite token naming that user stands in for the invite code. Anything else is null (the code step shows).
 */
export async function findLandingInvite(
  token: string | null | undefined,
  userId: number | null | undefined,
  now: Date = new Date(),
  transaction?: Transaction
): Promise<LandingInvite | null> {
  if (!token || token.length > 200 || !userId) return null;
  const invite = await Invite.findOne({ where: { tokenHash: hashToken(token) }, transaction });
  if (!invite || invite.inviteeUserId !== userId || invite.status === "ACCEPTED" || invite.status === "CANCELLED" || invite.status === "EXPIRED") return null;
  if (!invite.expiresAt || invite.expiresAt.getTime() <= now.getTime()) return null;
  const user = await User.findByPk(userId, { transaction, lock: transaction ? transaction.LOCK.UPDATE : undefined });
  if (!user || user.companyId !== invite.inviteeCompanyId || user.passwordHash !== null || user.onboardingState !== "SIGNED_UP") return null;
  const company = await findCompany(invite.inviteeCompanyId, { attributes: ["id", "companyName"], transaction });
  if (!company) return null;
  return { userId: user.id, email: user.username, companyName: company.companyName };
}

export interface SignupRequest extends SignupInput {
  ip: string;
  /** The site's origin for the activation link (the request's origin on the web). */
  origin: string;
  now?: Date;
}

export interface SignupResult {
  userId: number;
  companyId: number;
  email: string;
  emailSent: boolean;
  landingTokenRedeemed: boolean;
}

function companyFields(register: RegisterCompany, country: SignupCountry) {
  return {
    companyName: register.companyName,
    country,
    registrationNumber: register.registrationNumber,
    nzbn: register.nzbn ?? null,
    businessNumber: register.businessNumber ?? null,
    industryCode: register.industryCode ?? null,
    industryCodeDescription: register.industryCodeDescription ?? null,
    address: (register.address as Address | null) ?? { country: country === "AU" ? "Australia" : "New Zealand", countryCode: country },
    website: register.website ?? null,
  };
}

/** A register company that already has an Earlybird account (a PENDING or ACTIVE company with its number). */
async function assertCompanyFree(country: SignupCountry, registrationNumber: string, exceptCompanyId: number | null, transaction: Transaction) {
  const existing = await Company.findOne({
    where: {
      country,
      registrationNumber,
      status: { [Op.in]: ["PENDING", "ACTIVE"] },
      ...(exceptCompanyId ? { id: { [Op.ne]: exceptCompanyId } } : {}),
    },
    attributes: ["id"],
    transaction,
  });
  if (existing) throw new AppError(409, COMPANY_ALREADY_REGISTERED, { code: "COMPANY_TAKEN", field: "registrationNumber" });
}

async function assertEmailFree(username: string, exceptUserId: number | null, transaction: Transaction) {
  const taken = await User.findOne({ where: { username, ...(exceptUserId ? { id: { [Op.ne]: exceptUserId } } : {}) }, attributes: ["id"], transaction });
  if (taken) throw new AppError(409, EMAIL_TAKEN, { code: "EMAIL_TAKEN", field: "email" });
}

/**
 * POST /signup. Throws AppError with the field it concerns: code (invalid, used, expired: "You entered an invalid
 * code"; 429 when guessing), registrationNumber ("Please select your company"), email (409 EMAIL_TAKEN).
 */
export async function signUp(request: SignupRequest): Promise<SignupResult> {
  const now = request.now ?? new Date();
  const landing = Boolean(request.landingToken);
  // The code is claimed as a wrong one before it is checked (issue 13 part 7); settled once the sign-up has decided.
  const attempt = landing ? null : await claimInviteCodeAttempt(request.ip, now);
  const settle = (outcome: AttemptOutcome) => (attempt === null ? Promise.resolve() : settleInviteCodeAttempt(attempt, outcome));

  const register = await companyRegister().lookup(request.country, request.registrationNumber);
  if (!register) {
    await settle("uncounted");
    throw AppError.validation({ registrationNumber: COMPANY_REQUIRED });
  }

  let token: string;
  let result: Omit<SignupResult, "emailSent">;
  try {
    ({ token, result } = await sequelize.transaction(async (transaction) => {
      if (landing) return signUpInvitee(request, register, now, transaction);
      return signUpWithCode(request, register, now, transaction);
    }));
  } catch (error) {
    // A wrong code stays a failure; any other refusal (e-mail taken, company registered) says nothing of the code.
    if (!(isAppError(error) && error.field === "code")) await settle("uncounted");
    if (error instanceof UniqueConstraintError && error.errors.some((e) => e.path === "username")) {
      throw new AppError(409, EMAIL_TAKEN, { code: "EMAIL_TAKEN", field: "email" });
    }
    throw error;
  }

  await settle("succeeded");
  const link = activationLink(request.origin, token);
  const emailSent = await sendMail({
    to: result.email,
    subject: "Activate your Earlybird account",
    text: activationMailText(register.companyName, link),
    relatedUserId: result.userId,
  })
    .then((sent) => sent.accepted.length > 0)
    .catch((error) => {
      // The account stands; the user can ask for the mail again from support or an admin (the token stays valid).
      logger.error({ err: error }, "sign-up e-mail failed");
      return false;
    });
  return { ...result, emailSent };
}

async function signUpWithCode(request: SignupRequest, register: RegisterCompany, now: Date, transaction: Transaction) {
  const code = await findUsableInviteCode(request.code, now, transaction);
  if (!code) throw new AppError(400, INVITE_CODE_INVALID, { code: "INVITE_CODE_INVALID", field: "code" });
  await assertEmailFree(request.email, null, transaction);
  await assertCompanyFree(request.country, register.registrationNumber, null, transaction);

  const company = await Company.create({ status: "PENDING", verificationStatus: "NOT_VERIFIED", ...companyFields(register, request.country) }, { transaction });
  const user = await User.create(
    { username: request.email, passwordHash: null, roles: ["ROLE_USER"], companyId: company.id, onboardingState: "SIGNED_UP", phoneNumberVerified: false },
    { transaction }
  );
  await code.update({ usedAt: now, usedByUserId: user.id, companyId: company.id }, { transaction });
  const token = await issueUserToken(transaction, user.id, "ACTIVATION", ACTIVATION_TOKEN_DAYS * DAY_MS, now);
  await audit(
    user.id,
    {
      companyId: company.id,
      action: "SIGNED_UP",
      entityType: "user",
      entityId: user.id,
      details: { inviteCodeId: code.id, registrationNumber: register.registrationNumber, country: request.country },
      ip: request.ip,
    },
    { transaction }
  );
  return { token, result: { userId: user.id, companyId: company.id, email: user.username, landingTokenRedeemed: false } };
}

/** The invitee of a landing-page invite: the invited company and user exist already; sign-up completes them. */
async function signUpInvitee(request: SignupRequest, register: RegisterCompany, now: Date, transaction: Transaction) {
  const invitee = await findLandingInvite(request.landingToken, request.landingUserId, now, transaction);
  // A token used, expired or not this user's is the same as a wrong code: nothing is written.
  if (!invitee) throw new AppError(400, INVITE_CODE_INVALID, { code: "INVITE_CODE_INVALID", field: "code" });
  const user = (await User.findByPk(invitee.userId, { transaction, lock: transaction.LOCK.UPDATE }))!;
  const company = (await findCompany(user.companyId!, { transaction, lock: true }))!;
  await assertEmailFree(request.email, user.id, transaction);
  await assertCompanyFree(request.country, register.registrationNumber, company.id, transaction);

  await company.update({ ...companyFields(register, request.country), status: company.status === "ACTIVE" ? "ACTIVE" : "PENDING" }, { transaction });
  await user.update({ username: request.email, roles: ["ROLE_USER"], onboardingState: "SIGNED_UP" }, { transaction });
  await redeemLandingToken({ token: request.landingToken, type: "invite", userId: user.id }, now, transaction);
  const token = await issueUserToken(transaction, user.id, "ACTIVATION", ACTIVATION_TOKEN_DAYS * DAY_MS, now);
  await audit(
    user.id,
    {
      companyId: company.id,
      action: "SIGNED_UP",
      entityType: "user",
      entityId: user.id,
      details: { landingInvite: true, registrationNumber: register.registrationNumber, country: request.country },
      ip: request.ip,
    },
    { transaction }
  );
  return { token, result: { userId: user.id, companyId: company.id, email: request.email, landingTokenRedeemed: true } };
}

export function activationMailText(companyName: string, link: string): string {
  return [
    "Welcome to Earlybird!",
    "",
    `Thanks for signing up ${companyName}. Activate your account to set your name and password:`,
    "",
    link,
    "",
    `The link works once and expires in ${ACTIVATION_TOKEN_DAYS} days.`,
    "",
    "If you did not sign up for Earlybird, you can ignore this e-mail.",
    "",
    "The Earlybird team",
  ].join("\n");
}

/**
 * connect-account / connect-account-myob (p1 §2; issue 6 part 4): Continue records the chosen software on the company
 * (the integrations issue makes the connection), Skip records nothing but the skip. Only the company's primary user.
 */
export async function recordAccountingChoice(actor: Actor, software: AccountingSoftware | null): Promise<void> {
  if (!actor.companyId || !actor.roles.includes("ROLE_USER")) throw new AppError(403, "Forbidden", { code: "FORBIDDEN" });
  await sequelize.transaction(async (transaction) => {
    const company = await findCompany(actor.companyId!, { transaction, lock: true });
    if (!company) throw new AppError(404, "Company not found", { code: "NOT_FOUND" });
    if (software) await company.update({ accountingSoftware: software }, { transaction });
    await audit(
      actor,
      {
        companyId: company.id,
        action: software ? "ACCOUNTING_SOFTWARE_CHOSEN" : "ACCOUNTING_CONNECT_SKIPPED",
        entityType: "company",
        entityId: company.id,
        details: { software },
      },
      { transaction }
    );
  });
}
