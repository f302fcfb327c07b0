/**
 * Owners and directors verify through a link, without an account (spec p1 §2: /verify with a token is not sent to
 * /login; issue 20 part 2, decision 064). The primary user, or an admin, sends a person of the company a link to an
 * address they give: a token per person (a new link revokes the earlier ones), good for 7 days, good only for that
 * person's own identity step on /verify (never a login). Only the token's sha256 is stored (auth/tokens.server.ts).
 */
import { Op, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { Company, User, UserToken, type PersonVerificationStatus } from "../../../db/models/index";
import { isAdminActor, type Actor } from "../../lib/actor";
import { appOrigin } from "../../lib/app-url.server";
import { AppError, notFound } from "../../lib/errors";
import { audit } from "../audit/service.server";
import { issueUserToken, readUserToken, revokeUserTokens } from "../auth/tokens.server";
import { deliverOutboxMessage, enqueueMail } from "../notifications/outbox.server";
import { addressSearch } from "../address/service.server";
import { getFeatureFlags } from "../settings/service.server";
import {
  OWNER_ALREADY_VERIFIED,
  OWNER_LINK_BROKEN,
  OWNER_LINK_TTL_MS,
  OWNER_VERIFICATION_PURPOSE,
  OwnerInviteSchema,
} from "./owner-link-rules";
import { ADDRESS_PICK, fieldErrorsOf, identityFormSchema, type IdentityFormField } from "./schema";
import { designationOfRoles, type DocumentStream, type FormResult } from "./service.server";
import { checkPersonIdentity, storeIdentityDocument } from "./status.server";

const OWNER_ROLES = ["ROLE_DIRECTOR", "ROLE_BENEFICIAL_OWNER"] as const;

const nameOf = (user: Pick<User, "firstName" | "lastName" | "username">) => [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username;

/** A person a link can be sent to: a director or owner of the company who is not its primary user, not an admin. */
function isLinkable(user: User): boolean {
  return !user.roles.includes("ROLE_ADMIN") && !user.roles.includes("ROLE_USER") && user.roles.some((role) => (OWNER_ROLES as readonly string[]).includes(role));
}

/**
 * The company whose person the actor may send a link to: an admin names it; a company user sends for their own
 * company only, and only its primary user (ROLE_USER) may (directors and owners cannot invite each other).
 */
function invitingCompanyId(actor: Actor, companyId: unknown): number {
  if (isAdminActor(actor)) {
    const id = Number(companyId);
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound("Company not found");
    return id;
  }
  if (!actor.companyId || !actor.roles.includes("ROLE_USER")) throw notFound();
  return actor.companyId;
}

export interface OwnerLinkSent {
  name: string;
  email: string;
  /** The mail server took the message; otherwise its answer (the link stays valid; sending again replaces it). */
  delivered: boolean;
  error: string | null;
}

/**
 * Sends person `userId` of the company a verification link at `email` (field errors on "email"). Refused for a
 * person who is VERIFIED (409) and, with a 404, for anyone the actor cannot reach. The link and its message are
 * written together; the message is delivered after the commit, and the answer says whether the mail server took it.
 */
export async function sendOwnerVerificationLink(
  actor: Actor,
  input: { companyId?: unknown; userId: unknown; email: unknown },
  options: { now?: Date } = {}
): Promise<OwnerLinkSent> {
  const companyId = invitingCompanyId(actor, input.companyId);
  const parsed = OwnerInviteSchema.safeParse({ email: input.email ?? "" });
  if (!parsed.success) throw AppError.validation({ email: parsed.error.issues[0].message });
  const email = parsed.data.email;
  const userId = Number(input.userId);
  if (!Number.isSafeInteger(userId) || userId <= 0) throw notFound("User not found");
  const now = options.now ?? new Date();

  const { outboxMessageId, name } = await sequelize.transaction(async (t) => {
    const person = await User.findOne({ where: { id: userId, companyId }, transaction: t, lock: t.LOCK.UPDATE });
    if (!person || !isLinkable(person)) throw notFound("User not found");
    const name = nameOf(person);
    if (person.verificationStatus === "VERIFIED") throw new AppError(409, OWNER_ALREADY_VERIFIED(name), { code: "ALREADY_VERIFIED" });
    const company = await Company.findByPk(companyId, { transaction: t, attributes: ["id", "companyName"] });
    if (!company) throw notFound("Company not found");
    await revokeUserTokens(t, person.id, OWNER_VERIFICATION_PURPOSE, now);
    const token = await issueUserToken(t, person.id, OWNER_VERIFICATION_PURPOSE, OWNER_LINK_TTL_MS, now, email);
    const link = `${appOrigin()}/verify?token=${encodeURIComponent(token)}`;
    const outboxMessageId = await enqueueMail(
      {
        to: email,
        subject: `Verify your identity for ${company.companyName}`,
        relatedUserId: person.id,
        text: [
          `Hello ${person.firstName ?? name},`,
          "",
          `${company.companyName} uses Earlybird to pay and get paid early. As ${designationOfRoles(person.roles).toLowerCase() || "a director or owner"} of ${company.companyName}, we need to verify your identity.`,
          "It takes a few minutes: have your driver licence ready. You do not need an Earlybird account.",
          "",
          `Verify your identity: ${link}`,
          "",
          "The link is for you only and works for 7 days. If you were not expecting it, you can ignore this e-mail.",
        ].join("\n"),
      },
      t
    );
    await audit(
      actor,
      { companyId, action: "kyc.verification_link_sent", entityType: "user", entityId: person.id, details: { email } },
      { transaction: t }
    );
    return { outboxMessageId, name };
  });
  const delivery = await deliverOutboxMessage(outboxMessageId);
  return { name, email, delivered: delivery.sent, error: delivery.sent ? null : delivery.error };
}

/** What the link's holder sees of themselves and their company. */
export interface OwnerLinkPerson {
  id: number;
  fullName: string;
  designation: string;
  verificationStatus: PersonVerificationStatus;
  dateOfBirth: string | null;
  driversLicenceNumber: string | null;
  driversLicenceVersion: string | null;
  passportNumber: string | null;
  note: string | null;
  companyName: string;
  country: "NZ" | "AU";
  passportAllowed: boolean;
  addressRequired: boolean;
}

const broken = () => new AppError(401, OWNER_LINK_BROKEN, { code: "LINK_BROKEN" });

/** The person a live link names (401 with OWNER_LINK_BROKEN for an unknown, expired or revoked one). */
async function linkPerson(t: Transaction, token: unknown): Promise<{ person: User; company: Company }> {
  const user = await readUserToken(t, typeof token === "string" ? token : null, OWNER_VERIFICATION_PURPOSE).catch(() => {
    throw broken();
  });
  if (!isLinkable(user) || !user.companyId) throw broken();
  const company = await Company.findByPk(user.companyId, { transaction: t });
  if (!company) throw broken();
  return { person: user, company };
}

export async function ownerLinkPerson(token: unknown): Promise<OwnerLinkPerson> {
  const flags = await getFeatureFlags();
  return sequelize.transaction(async (t) => {
    const { person, company } = await linkPerson(t, token);
    return {
      id: person.id,
      fullName: person.fullName || nameOf(person),
      designation: designationOfRoles(person.roles),
      verificationStatus: person.verificationStatus,
      dateOfBirth: person.dateOfBirth,
      driversLicenceNumber: person.driversLicenceNumber,
      driversLicenceVersion: person.driversLicenceVersion,
      passportNumber: person.passportNumber,
      note: null,
      companyName: company.companyName,
      country: company.country,
      passportAllowed: flags.verifyWithPassport,
      addressRequired: company.country === "AU" && flags.addressForVerification,
    };
  });
}

/** The holder acts as themselves: the history and audit name them, never the person who sent the link. */
const holderActor = (person: User): Actor => ({ userId: person.id, companyId: person.companyId, roles: person.roles });

async function lockStatus(t: Transaction, userId: number, allowed: PersonVerificationStatus[]): Promise<void> {
  const locked = await User.findByPk(userId, { transaction: t, lock: t.LOCK.UPDATE, attributes: ["id", "verificationStatus"] });
  if (!locked || !allowed.includes(locked.verificationStatus)) {
    throw new AppError(409, "This person's verification has already moved on", { code: "STATUS_CHANGED" });
  }
}

/**
 * The identity form through the link: the person's register name (not editable: p1 §4, other owners cannot edit
 * names), checked by the identity service as the in-app form is (the same schema, the same daily limit).
 */
export async function submitIdentityByLink(token: unknown, input: { form: Record<string, unknown>; today?: Date }): Promise<FormResult<IdentityFormField>> {
  const holder = await ownerLinkPerson(token);
  if (holder.verificationStatus !== "NOT_VERIFIED" && holder.verificationStatus !== "VERIFICATION_FAILED") {
    throw new AppError(409, "This person's identity is already verified or under review", { code: "ALREADY_VERIFIED" });
  }
  const parsed = identityFormSchema({
    nameEditable: false,
    requireAddress: holder.addressRequired,
    passportAllowed: holder.passportAllowed,
    today: input.today ?? new Date(),
  }).safeParse(input.form);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  const form = parsed.data;
  let address = null;
  if (form.addressId) {
    const picked = await addressSearch().resolve(form.addressId, holder.country);
    if (!picked) return { ok: false, fieldErrors: { address: ADDRESS_PICK } };
    address = picked.address;
  }
  return sequelize.transaction(async (t) => {
    const { person } = await linkPerson(t, token);
    await lockStatus(t, person.id, ["NOT_VERIFIED", "VERIFICATION_FAILED"]);
    const result = await checkPersonIdentity(t, {
      userId: person.id,
      identity: {
        firstName: person.firstName ?? "",
        middleName: person.middleName,
        lastName: person.lastName ?? "",
        dateOfBirth: form.dateOfBirth,
        verifyWith: form.verifyWith,
        driversLicenceNumber: form.driversLicenceNumber,
        driversLicenceVersion: form.driversLicenceVersion,
        passportNumber: form.passportNumber,
        address,
      },
      modifiedByUserId: person.id,
      now: input.today,
    });
    await audit(
      holderActor(person),
      { companyId: person.companyId, action: "kyc.identity_checked_by_link", entityType: "user", entityId: person.id, details: { status: result.status } },
      { transaction: t }
    );
    return { ok: true as const, status: result.status };
  });
}

/** The document after a failed check, through the link: stored, the person VERIFICATION_PENDING until an admin reviews it. */
export async function uploadDocumentByLink(token: unknown, file: DocumentStream | null): Promise<void> {
  await sequelize.transaction(async (t) => {
    const { person } = await linkPerson(t, token);
    await lockStatus(t, person.id, ["VERIFICATION_FAILED"]);
    await storeIdentityDocument(t, { userId: person.id, fileName: file?.fileName ?? "document", content: file?.content ?? null, uploadedByUserId: person.id });
  });
}

/** The close icon of a link's page (spec p1 §2: "revokes the token and goes to /login"). Unknown tokens change nothing. */
export async function revokeOwnerLink(token: unknown, now: Date = new Date()): Promise<void> {
  await sequelize.transaction(async (t) => {
    const { person } = await linkPerson(t, token).catch(() => ({ person: null }));
    if (person) await revokeUserTokens(t, person.id, OWNER_VERIFICATION_PURPOSE, now);
  });
}

/** The newest live link of each of these people (for the screens: "Link sent to … "). */
export async function liveLinkAddresses(userIds: number[], now: Date = new Date()): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await UserToken.findAll({
    where: { userId: userIds, purpose: OWNER_VERIFICATION_PURPOSE, usedAt: null, revokedAt: null, expiresAt: { [Op.gt]: now } },
    order: [["id", "ASC"]],
    attributes: ["userId", "email"],
  });
  return new Map(rows.filter((row) => row.email).map((row) => [row.userId, row.email!]));
}

