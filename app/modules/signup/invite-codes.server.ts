/**
 * Sign-up invite codes (p1 §5, §9; issue 6 part 1; docs/decisions/022): an admin creates a 6-digit code, single use,
 * expiring (14 days by default), optionally for an e-mail address, which then receives it. /signup checks a code
 * before the form appears and again, under a row lock, when the form is posted (signup.server.ts).
 */
import { actingUserId } from "../../lib/actor";
import crypto from "node:crypto";
import { Op, UniqueConstraintError, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { InviteCode, InviteCodeAttempt, User } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { HOME_TIME_ZONE } from "../../lib/dates";
import { AppError } from "../../lib/errors";
import { logger } from "../../lib/logger.server";
import { underAttemptLocks, type AttemptOutcome } from "../auth/attempt-limit.server";
import { sendMail } from "../notifications/mail.server";
import { inviteCodeStatus, type InviteCodeStatus } from "./rules";
import { CreateInviteCodeSchema, INVITE_CODE_INVALID, INVITE_CODE_PATTERN, TOO_MANY_CODE_ATTEMPTS, type CreateInviteCodeInput } from "./schema";
import { audit } from "../audit/service.server";
import { requireAdmin } from "../companies/service.server";
import { dateTimeFormat } from "~/lib/intl";

const DAY_MS = 86_400_000;
/** Wrong codes one client address may try in the window before /signup refuses it (docs/decisions/022). */
export const CODE_ATTEMPT_LIMIT = 10;
export const CODE_ATTEMPT_WINDOW_MINUTES = 15;

export interface InviteCodeView {
  id: number;
  code: string;
  email: string | null;
  status: InviteCodeStatus;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
  usedBy: string | null;
  createdBy: string | null;
}

function viewOf(row: InviteCode, now: Date): InviteCodeView {
  return {
    id: row.id,
    code: row.code,
    email: row.email,
    status: inviteCodeStatus(row, now),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    usedAt: row.usedAt?.toISOString() ?? null,
    usedBy: row.usedBy?.username ?? null,
    createdBy: row.createdBy?.username ?? null,
  };
}

/** Six random digits from the CSPRNG, leading zeros kept. */
export const randomInviteCode = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");

export interface CreateInviteCodeOptions {
  /** The site's origin for the /signup link in the e-mail (the request's origin on the web). */
  origin: string;
  now?: Date;
}

/**
 * Creates a code. A collision with any code ever issued (the column is unique) draws again. With an e-mail address the
 * code is sent to it after the commit; the result says whether a mail server took it.
 */
export async function createInviteCode(
  actor: Actor,
  input: CreateInviteCodeInput,
  options: CreateInviteCodeOptions
): Promise<InviteCodeView & { emailSent: boolean | null }> {
  requireAdmin(actor);
  const rawDays = input.days === "" || input.days === null ? undefined : input.days;
  const parsed = CreateInviteCodeSchema.safeParse({ email: input.email, days: rawDays });
  if (!parsed.success) throw AppError.validation(parsed.error);
  const { email, days } = parsed.data;
  const now = options.now ?? new Date();
  let row: InviteCode | null = null;
  for (let attempt = 0; attempt < 20 && !row; attempt += 1) {
    try {
      row = await sequelize.transaction(async (transaction) => {
        const created = await InviteCode.create(
          {
            code: randomInviteCode(),
            email: email ?? null,
            createdByUserId: actingUserId(actor),
            expiresAt: new Date(now.getTime() + days * DAY_MS),
            createdAt: now,
            updatedAt: now,
          },
          { transaction }
        );
        await audit(
          actor,
          {
            action: "INVITE_CODE_CREATED",
            entityType: "invite_code",
            entityId: created.id,
            details: { email: email ?? null, days },
          },
          { transaction }
        );
        return created;
      });
    } catch (error) {
      if (!(error instanceof UniqueConstraintError)) throw error;
    }
  }
  if (!row) throw new AppError(503, "Could not find a free invite code. Please try again.", { code: "INVITE_CODE_EXHAUSTED" });

  let emailSent: boolean | null = null;
  if (row.email) {
    emailSent = await sendMail({
      to: row.email,
      subject: "Your Earlybird invite code",
      text: inviteCodeMailText(row.code, new URL("/signup", options.origin).toString(), row.expiresAt),
    })
      .then((sent) => sent.accepted.length > 0)
      .catch((error) => {
        logger.error({ err: error }, "invite code e-mail failed");
        return false;
      });
  }
  const fresh = (await InviteCode.findByPk(row.id, { include: inviteCodeIncludes }))!;
  return { ...viewOf(fresh, now), emailSent };
}

export function inviteCodeMailText(code: string, signupUrl: string, expiresAt: Date): string {
  const until = dateTimeFormat("en-NZ", { day: "2-digit", month: "short", year: "numeric", timeZone: HOME_TIME_ZONE }).format(expiresAt);
  return [
    "Hello,",
    "",
    "You have been invited to Earlybird.",
    "",
    `Your invite code is ${code}`,
    "",
    `Sign up here: ${signupUrl}`,
    "",
    `The code works once and expires on ${until}.`,
    "",
    "The Earlybird team",
  ].join("\n");
}

const inviteCodeIncludes = [
  { model: User, as: "usedBy", attributes: ["id", "username"] },
  { model: User, as: "createdBy", attributes: ["id", "username"] },
];

/** The newest codes, for the admin's list. */
export async function listInviteCodes(actor: Actor, options: { limit?: number; now?: Date } = {}): Promise<InviteCodeView[]> {
  requireAdmin(actor);
  const rows = await InviteCode.findAll({
    include: inviteCodeIncludes,
    order: [
      ["createdAt", "DESC"],
      ["id", "DESC"],
    ],
    limit: Math.min(options.limit ?? 10, 100),
  });
  const now = options.now ?? new Date();
  return rows.map((row) => viewOf(row, now));
}

/**
 * Records a code check as a failure before it is evaluated, unless the client address already has its limit of wrong
 * codes in the window (429). Count and record are one step under the address's advisory lock (issue 13 part 7).
 */
export async function claimInviteCodeAttempt(ip: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - CODE_ATTEMPT_WINDOW_MINUTES * 60_000);
  return underAttemptLocks([`invite-code-ip:${ip}`], async (transaction) => {
    const failures = await InviteCodeAttempt.count({ where: { ip, succeeded: false, createdAt: { [Op.gte]: since } }, transaction });
    if (failures >= CODE_ATTEMPT_LIMIT) throw new AppError(429, TOO_MANY_CODE_ATTEMPTS, { code: "RATE_LIMITED", field: "code" });
    const attempt = await InviteCodeAttempt.create({ ip, succeeded: false, createdAt: now }, { transaction });
    return attempt.id;
  });
}

/** A claimed code check: a wrong code stays a failure; a usable one is marked; one that decided nothing is dropped. */
export async function settleInviteCodeAttempt(id: number, outcome: AttemptOutcome): Promise<void> {
  if (outcome === "succeeded") await InviteCodeAttempt.update({ succeeded: true }, { where: { id } });
  else if (outcome === "uncounted") await InviteCodeAttempt.destroy({ where: { id } });
}

/** A code row that can still be used: unused and not expired. `lock` takes the row for the sign-up transaction. */
export async function findUsableInviteCode(code: string, now: Date, transaction?: Transaction): Promise<InviteCode | null> {
  if (!INVITE_CODE_PATTERN.test(code)) return null;
  const row = await InviteCode.findOne({ where: { code }, transaction, lock: transaction ? transaction.LOCK.UPDATE : undefined });
  if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) return null;
  return row;
}

/**
 * The default step of /signup (p1 §5): is this code one that can be used? Wrong codes count towards the client address's
 * limit; past it every check is refused with 429 until the window passes. Returns the e-mail the code was issued for.
 */
export async function checkInviteCode(input: { code: string; ip: string; now?: Date }): Promise<{ email: string | null }> {
  const now = input.now ?? new Date();
  const attempt = await claimInviteCodeAttempt(input.ip, now);
  const row = await findUsableInviteCode(input.code, now);
  if (!row) throw new AppError(400, INVITE_CODE_INVALID, { code: "INVITE_CODE_INVALID", field: "code" });
  await settleInviteCodeAttempt(attempt, "succeeded");
  return { email: row.email };
}
