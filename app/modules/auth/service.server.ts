import crypto from "node:crypto";
import { Op, QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { Company, LoginAttempt, Session, User, type OnboardingState, type PersonVerificationStatus, type Role } from "../../../db/models/index";
import { actingUserId, isOperator, type Actor } from "../../lib/actor";
import { env } from "../../lib/env.server";
import { AppError, isAppError } from "../../lib/errors";
import { settleAttempt, underAttemptLocks, type AttemptOutcome } from "./attempt-limit.server";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./password.server";
import { EMAIL_PATTERN, LOGIN_FAILED, MFA_INVALID, MfaCodeSchema, StrongPasswordSchema, TOO_MANY_ATTEMPTS } from "./schema";
import { generateTotpSecret, matchTotpStep } from "./totp.server";
import { audit } from "../audit/service.server";
import { findCompany } from "../companies/service.server";
import { signValue } from "../integrations/crypto.server";

/** What the web and CLI know of the logged-in user: no secrets. */
export interface SessionUser {
  id: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  fullName: string;
  roles: Role[];
  isAdmin: boolean;
  verificationStatus: PersonVerificationStatus;
  onboardingState: OnboardingState;
  /** E.164; with onboardingState it decides where onboarding continues (onboarding/rules onboardingPath). */
  phoneNumber: string | null;
  phoneNumberVerified: boolean;
  company: null | {
    id: number;
    companyName: string;
    country: "NZ" | "AU";
    status: string;
    verificationStatus: string;
  };
}

export function toSessionUser(user: User, company: Company | null | undefined): SessionUser {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: user.fullName || user.username,
    roles: user.roles,
    isAdmin: user.isAdmin,
    verificationStatus: user.verificationStatus,
    onboardingState: user.onboardingState,
    phoneNumber: user.phoneNumber ?? null,
    phoneNumberVerified: user.phoneNumberVerified ?? false,
    company: company
      ? { id: company.id, companyName: company.companyName, country: company.country, status: company.status, verificationStatus: company.verificationStatus }
      : null,
  };
}

export const actorOf = (user: Pick<SessionUser, "id" | "roles" | "company">): Actor => ({
  userId: user.id,
  companyId: user.company?.id ?? null,
  roles: user.roles,
});

const sha256 = (value: string) => crypto.createHash("sha256").update(value).digest("hex");

// MFA challenges are signed rather than stored: they only prove the password step passed a moment ago. Any web process
// must verify what another signed (issue 19: one web process per CPU, more on other machines): the key is SESSION_SECRET,
// else one derived from the encryption key (ENCRYPTION_KEY, required in production; elsewhere the development key file
// every process of the installation shares). A key made per process refused the code step on every other process.
const MFA_CHALLENGE_MS = 5 * 60_000;
const challengeMac = (payload: string) => {
  const secret = env().SESSION_SECRET;
  return secret ? crypto.createHmac("sha256", secret).update(payload).digest("base64url") : signValue("mfa-challenge", payload);
};

function signChallenge(userId: number, now: number): string {
  const payload = `${userId}.${now + MFA_CHALLENGE_MS}`;
  const signature = challengeMac(payload);
  return `${payload}.${signature}`;
}

function readChallenge(challenge: string, now: number): number | null {
  const [userId, expires, signature] = challenge.split(".");
  if (!userId || !expires || !signature) return null;
  const expected = challengeMac(`${userId}.${expires}`);
  if (expected.length !== signature.length || !crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) return null;
  if (Number(expires) < now) return null;
  return Number(userId);
}

export type LoginResult = { kind: "session"; token: string; user: SessionUser } | { kind: "mfa"; challenge: string };

export interface LoginRequest {
  email: string;
  password: string;
  mfaCode?: string;
  mfaChallenge?: string;
  ip: string;
  userAgent?: string | null;
  now?: Date;
}

/**
 * Records a login attempt as a failure before it is evaluated, unless the account or the client address already has
 * its limit of failures in the window (429). Count and record are one step under advisory locks (attempt-limit.server.ts),
 * so concurrent guesses get exactly the limit evaluated. The settings' current-password check shares the limit.
 */
export async function claimLoginAttempt(username: string, ip: string, now: Date, tooMany: string = TOO_MANY_ATTEMPTS): Promise<number> {
  const { LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_IP, LOGIN_WINDOW_MINUTES } = env();
  const since = new Date(now.getTime() - LOGIN_WINDOW_MINUTES * 60_000);
  return underAttemptLocks([`login-account:${username}`, `login-ip:${ip}`], async (transaction) => {
    const recent = { succeeded: false, createdAt: { [Op.gte]: since } };
    const accountFailures = await LoginAttempt.count({ where: { username, ...recent }, transaction });
    const ipFailures = await LoginAttempt.count({ where: { ip, ...recent }, transaction });
    if (accountFailures >= LOGIN_MAX_FAILURES_PER_ACCOUNT || ipFailures >= LOGIN_MAX_FAILURES_PER_IP) {
      throw new AppError(429, tooMany, { code: "RATE_LIMITED" });
    }
    const attempt = await LoginAttempt.create({ username, ip, succeeded: false, createdAt: now }, { transaction });
    return attempt.id;
  });
}

/** Settles a claimed attempt: a failure stays; a success is marked; an attempt that decided nothing is dropped. */
export async function settleLoginAttempt(id: number, outcome: AttemptOutcome): Promise<void> {
  if (outcome === "succeeded") await LoginAttempt.update({ succeeded: true }, { where: { id } });
  else if (outcome === "uncounted") await LoginAttempt.destroy({ where: { id } });
}

/**
 * Email + password (+ TOTP code when the user has MFA on). Wrong credentials, unknown emails and disabled
 * accounts all answer the same message; failures count towards the per-account and per-IP limits.
 */
export async function login(request: LoginRequest): Promise<LoginResult> {
  const now = request.now ?? new Date();
  const username = request.email.trim().toLowerCase();
  const attempt = await claimLoginAttempt(username, request.ip, now);
  return settleAttempt(attempt, () => checkLogin(username, request, now), settleLoginAttempt, {
    // A session is a success; the password step of an MFA login decided nothing yet, nor did a missing or malformed code.
    ofResult: (result) => (result.kind === "session" ? "succeeded" : "uncounted"),
    ofError: (error) => (isAppError(error) && error.code === "MFA_REQUIRED" ? "uncounted" : "failed"),
  });
}

async function checkLogin(username: string, request: LoginRequest, now: Date): Promise<LoginResult> {
  if (request.mfaChallenge) {
    const userId = readChallenge(request.mfaChallenge, now.getTime());
    const user = userId ? await User.findByPk(userId, { include: [{ model: Company, as: "company" }] }) : null;
    if (!user || user.username !== username || user.disabledAt || !user.mfaEnabled || !user.mfaSecret) {
      throw new AppError(401, LOGIN_FAILED, { code: "LOGIN_FAILED" });
    }
    return completeMfa(user, request, now);
  }

  const user = await User.findOne({ where: { username }, include: [{ model: Company, as: "company" }] });
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), request.password);
  if (!user || !passwordOk || user.disabledAt || !user.passwordHash) {
    throw new AppError(401, LOGIN_FAILED, { code: "LOGIN_FAILED" });
  }
  if (user.mfaEnabled) {
    if (!request.mfaCode) return { kind: "mfa", challenge: signChallenge(user.id, now.getTime()) };
    return completeMfa(user, request, now);
  }
  return startSession(user, request, now);
}

async function completeMfa(user: User, request: LoginRequest, now: Date): Promise<LoginResult> {
  const code = MfaCodeSchema.safeParse(request.mfaCode ?? "");
  if (!code.success) {
    throw new AppError(400, code.error.issues[0].message, {
      code: "MFA_REQUIRED",
      field: "mfaCode",
      details: { challenge: signChallenge(user.id, now.getTime()) },
    });
  }
  const step = matchTotpStep(user.mfaSecret!, code.data, now.getTime());
  if (step === null || !(await takeTotpStep(user.id, step))) {
    throw new AppError(401, MFA_INVALID, { code: "MFA_INVALID", field: "mfaCode", details: { challenge: signChallenge(user.id, now.getTime()) } });
  }
  return startSession(user, request, now);
}

/**
 * A TOTP code works once (issue 13 part 8): the user's last accepted time step moves forward to `step` only if `step`
 * is later, in one guarded UPDATE, so the same code (or an older one) is refused afterwards, with a fresh challenge
 * too, and two requests racing with one code cannot both pass. False: the code was used already.
 */
export async function takeTotpStep(userId: number, step: number, transaction?: Transaction): Promise<boolean> {
  const [taken] = await User.update(
    { mfaLastStep: step },
    { where: { id: userId, [Op.or]: [{ mfaLastStep: null }, { mfaLastStep: { [Op.lt]: step } }] }, transaction }
  );
  return taken === 1;
}

async function startSession(user: User, request: LoginRequest, now: Date): Promise<LoginResult> {
  const token = await createSession(user.id, { ip: request.ip, userAgent: request.userAgent ?? null, now });
  await user.update({ lastLoginAt: now });
  return { kind: "session", token, user: toSessionUser(user, user.company) };
}

export async function createSession(userId: number, options: { ip?: string | null; userAgent?: string | null; now?: Date } = {}): Promise<string> {
  const now = options.now ?? new Date();
  const { SESSION_IDLE_MINUTES, SESSION_MAX_DAYS } = env();
  const token = crypto.randomBytes(32).toString("base64url");
  await Session.create({
    tokenHash: sha256(token),
    userId,
    ip: options.ip ?? null,
    userAgent: options.userAgent?.slice(0, 500) ?? null,
    createdAt: now,
    lastSeenAt: now,
    idleExpiresAt: new Date(now.getTime() + SESSION_IDLE_MINUTES * 60_000),
    expiresAt: new Date(now.getTime() + SESSION_MAX_DAYS * 86_400_000),
    revokedAt: null,
    revokedReason: null,
  });
  return token;
}

export type SessionLookup =
  | { status: "valid"; user: SessionUser; sessionId: string; /** The payments-available dialog was shown or closed in this session. */ paymentsAvailableSeen: boolean }
  | { status: "expired" }
  | { status: "none" };

/** Resolves a session cookie's token. Expired sessions are revoked on sight; live ones slide their idle expiry. */
/** The session and its user and company in one plain query (every logged-in request reads it: issue 19). */
interface SessionRow {
  session_id: string;
  payments_available_seen: boolean;
  revoked_at: Date | null;
  expires_at: Date;
  idle_expires_at: Date;
  last_seen_at: Date;
  user_id: number;
  username: string;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  roles: Role[];
  verification_status: PersonVerificationStatus;
  onboarding_state: OnboardingState;
  phone_number: string | null;
  phone_number_verified: boolean | null;
  disabled_at: Date | null;
  company_id: number | null;
  company_name: string | null;
  country: Company["country"] | null;
  company_status: Company["status"] | null;
  company_verification_status: Company["verificationStatus"] | null;
}

export async function resolveSession(token: string | null | undefined, now: Date = new Date()): Promise<SessionLookup> {
  if (!token) return { status: "none" };
  const [row] = await sequelize.query<SessionRow>(
    `SELECT s.id AS session_id, s.revoked_at, s.expires_at, s.idle_expires_at, s.last_seen_at, s.payments_available_seen_at IS NOT NULL AS payments_available_seen,
            u.id AS user_id, u.username, u.first_name, u.middle_name, u.last_name, u.roles, u.verification_status,
            u.onboarding_state, u.phone_number, u.phone_number_verified, u.disabled_at,
            c.id AS company_id, c.company_name, c.country, c.status AS company_status, c.verification_status AS company_verification_status
       FROM sessions s JOIN users u ON u.id = s.user_id LEFT JOIN companies c ON c.id = u.company_id
      WHERE s.token_hash = $1`,
    { bind: [sha256(token)], type: QueryTypes.SELECT }
  );
  if (!row) return { status: "none" };
  if (row.revoked_at) return { status: "expired" };
  if (row.expires_at <= now || row.idle_expires_at <= now || row.disabled_at) {
    await Session.update({ revokedAt: now, revokedReason: "EXPIRED" }, { where: { id: row.session_id } });
    return { status: "expired" };
  }
  // Slide the idle window at most once a minute to keep reads cheap.
  if (now.getTime() - row.last_seen_at.getTime() > 60_000) {
    const idle = new Date(now.getTime() + env().SESSION_IDLE_MINUTES * 60_000);
    await Session.update({ lastSeenAt: now, idleExpiresAt: idle < row.expires_at ? idle : row.expires_at }, { where: { id: row.session_id } });
  }
  const fullName = [row.first_name, row.middle_name, row.last_name].filter(Boolean).join(" ");
  const user: SessionUser = {
    id: row.user_id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: fullName || row.username,
    roles: row.roles,
    isAdmin: row.roles?.[0] === "ROLE_ADMIN",
    verificationStatus: row.verification_status,
    onboardingState: row.onboarding_state,
    phoneNumber: row.phone_number ?? null,
    phoneNumberVerified: row.phone_number_verified ?? false,
    company:
      row.company_id === null
        ? null
        : { id: row.company_id, companyName: row.company_name!, country: row.country!, status: row.company_status!, verificationStatus: row.company_verification_status! },
  };
  return { status: "valid", user, sessionId: row.session_id, paymentsAvailableSeen: row.payments_available_seen };
}

export async function logout(token: string | null | undefined, now: Date = new Date()): Promise<void> {
  if (!token) return;
  await Session.update({ revokedAt: now, revokedReason: "LOGOUT" }, { where: { tokenHash: sha256(token), revokedAt: null } });
}

/** The scheduled job's work: revoke every session past its idle or absolute expiry, prune old attempts. */
export async function expireStaleSessions(now: Date = new Date()): Promise<{ expired: number; prunedAttempts: number }> {
  const [expired] = await Session.update(
    { revokedAt: now, revokedReason: "EXPIRED" },
    { where: { revokedAt: null, [Op.or]: [{ expiresAt: { [Op.lte]: now } }, { idleExpiresAt: { [Op.lte]: now } }] } }
  );
  const prunedAttempts = await LoginAttempt.destroy({ where: { createdAt: { [Op.lt]: new Date(now.getTime() - 7 * 86_400_000) } } });
  return { expired, prunedAttempts };
}

export interface CreateUserInput {
  email: string;
  password: string;
  admin?: boolean;
  companyId?: number | null;
  firstName?: string | null;
  lastName?: string | null;
  roles?: Role[];
}

export const EMAIL_TAKEN = "This email address is already registered. Please use a different one.";

/** Creates a user with a login (used by the CLI's users:create and by the demo data). */
export async function createUser(actor: Actor | null, input: CreateUserInput): Promise<SessionUser> {
  const username = input.email.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(username)) throw new AppError(400, "Please enter a valid email address", { field: "email" });
  const strong = StrongPasswordSchema.safeParse(input.password);
  if (!strong.success) throw new AppError(400, strong.error.issues[0].message, { field: "password" });
  const roles: Role[] = input.roles ?? (input.admin ? ["ROLE_ADMIN"] : ["ROLE_USER"]);
  if (roles[0] !== "ROLE_ADMIN" && !input.companyId) throw new AppError(400, "A company user needs a company", { field: "companyId" });
  const passwordHash = await hashPassword(input.password);
  return sequelize.transaction(async (transaction) => {
    if (await User.findOne({ where: { username }, transaction })) throw new AppError(409, EMAIL_TAKEN, { field: "email", code: "EMAIL_TAKEN" });
    const company = input.companyId ? await findCompany(input.companyId, { transaction }) : null;
    if (input.companyId && !company) throw new AppError(404, "Company not found", { field: "companyId" });
    const user = await User.create(
      {
        username,
        passwordHash,
        roles,
        companyId: company?.id ?? null,
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        onboardingState: "ONBOARDED",
        phoneNumberVerified: false,
        lastModifiedBy: actingUserId(actor),
      },
      { transaction }
    );
    await audit(
      actor,
      { companyId: company?.id ?? null, action: "USER_CREATED", entityType: "user", entityId: user.id, details: { username, roles } },
      { transaction }
    );
    return toSessionUser(user, company);
  });
}

/**
 * Turns TOTP MFA on for a user and returns the secret to enrol in an authenticator app: the operator's path
 * (`users:create --mfa`, the OPERATOR actor), for a user whose password the operator has just set. Everyone else turns it on
 * in settings, after their current password (password/mfa.server.ts, issue 13 part 8).
 */
export async function enableMfa(actor: Actor | null, userId: number): Promise<{ secret: string; otpauthUri: string }> {
  if (actor && !isOperator(actor)) throw new AppError(403, "Two-factor authentication is turned on in settings, with the current password", { code: "FORBIDDEN" });
  return sequelize.transaction(async (transaction) => {
    const user = await User.findByPk(userId, { transaction, lock: transaction.LOCK.UPDATE });
    if (!user) throw new AppError(404, "User not found");
    const secret = generateTotpSecret();
    await user.update({ mfaEnabled: true, mfaSecret: secret, mfaLastStep: null, lastModifiedBy: null }, { transaction });
    await audit(null, { companyId: user.companyId, action: "MFA_ENABLED", entityType: "user", entityId: user.id }, { transaction });
    const label = encodeURIComponent(`Earlybird:${user.username}`);
    return { secret, otpauthUri: `otpauth://totp/${label}?secret=${secret}&issuer=Earlybird&algorithm=SHA1&digits=6&period=30` };
  });
}
