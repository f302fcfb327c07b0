import { Op, QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { Company, IdentityDocument, User, VerificationHistoryEntry, type PersonVerificationStatus, type VerificationDetails } from "../../../db/models/index";
import type { CompanyVerificationStatus } from "../../../db/models/company";
import { TIME_ZONES, todayIn, type Country } from "../../lib/dates";
import { AppError } from "../../lib/errors";
import { identityProvider, type IdentityCheckInput, type IdentityCheckResult } from "./identity-provider.server";
import { companyVerificationStatus, detectImageType } from "./rules";
import { DOCUMENT_FORMAT, DOCUMENT_MISSING, DOCUMENT_TOO_LARGE, IDENTITY_CHECKS_EXHAUSTED, IDENTITY_CHECKS_PER_DAY, IDENTITY_DOCUMENT_MAX_BYTES } from "./schema";
import { findCompany } from "../companies/service.server";
import { sendVerificationResult } from "./result-mail.server";

/** A company's people: its users other than admins (the Earlybird user, directors and beneficial owners). */
const PEOPLE_WHERE = { [Op.not]: { roles: { [Op.contains]: ["ROLE_ADMIN"] } } };

/**
 * Recomputes a company's verificationStatus from its people and its confirmed business details (kyc/rules.ts), in
 * the caller's transaction with the company row locked. Returns the status after the call.
 */
export async function recomputeCompanyVerification(t: Transaction, companyId: number): Promise<CompanyVerificationStatus> {
  const company = await findCompany(companyId, { transaction: t, lock: true, attributes: ["id", "verificationStatus", "acknowledgementTimestamp"] });
  if (!company) throw new AppError(404, "Company not found");
  const people = await User.findAll({ where: { companyId, ...PEOPLE_WHERE }, attributes: ["verificationStatus"], transaction: t });
  const next = companyVerificationStatus(
    people.map((person) => person.verificationStatus),
    company.acknowledgementTimestamp !== null
  );
  if (next !== company.verificationStatus) await Company.update({ verificationStatus: next }, { where: { id: companyId }, transaction: t });
  return next;
}

export interface PersonStatusChange {
  userId: number;
  status: PersonVerificationStatus;
  /** The person, a user of the company, or an admin; null for the identity provider's own result. */
  modifiedByUserId: number | null;
  /** What was checked (name, date of birth, licence, admin note), kept with the history entry. */
  details?: VerificationDetails;
  identityDocumentId?: number | null;
}

/**
 * Sets a person's verification status and appends it to their history (spec p3 §4.8), then recomputes their
 * company's status, all in the caller's transaction. A verification that ends (VERIFIED or VERIFICATION_FAILED) is
 * e-mailed after the commit (result-mail.server.ts). Returns the company's status after the change.
 */
export async function setPersonStatus(t: Transaction, change: PersonStatusChange): Promise<CompanyVerificationStatus | null> {
  const user = await User.findByPk(change.userId, { transaction: t, lock: t.LOCK.UPDATE, attributes: ["id", "companyId", "verificationStatus"] });
  if (!user) throw new AppError(404, "User not found");
  await User.update({ verificationStatus: change.status, lastModifiedBy: change.modifiedByUserId }, { where: { id: user.id }, transaction: t });
  await VerificationHistoryEntry.create(
    {
      userId: user.id,
      status: change.status,
      modifiedByUserId: change.modifiedByUserId,
      details: change.details ?? {},
      identityDocumentId: change.identityDocumentId ?? null,
    },
    { transaction: t }
  );
  const companyStatus = user.companyId ? await recomputeCompanyVerification(t, user.companyId) : null;
  await sendVerificationResult(t, user.id, change.status);
  return companyStatus;
}

export interface IdentityDocumentUpload {
  userId: number;
  fileName: string;
  content: Buffer | null | undefined;
  /** The person themselves, or the admin uploading on their behalf. */
  uploadedByUserId: number;
}

/** The upload's spec message (p1 §5) for a missing, oversized or non-JPG/PNG file, checked by content; null when fine. */
export function identityDocumentProblem(content: Buffer | null | undefined): string | null {
  if (!content || content.length === 0) return DOCUMENT_MISSING;
  if (content.length > IDENTITY_DOCUMENT_MAX_BYTES) return DOCUMENT_TOO_LARGE;
  if (!detectImageType(content)) return DOCUMENT_FORMAT;
  return null;
}

/**
 * Stores an identity document and sets its person VERIFICATION_PENDING with it (spec p1 §4: after an upload the
 * status is pending; review takes under an hour). Refuses, with the spec's message on the field "document", a
 * missing file, one over 10 MB, or one that is not a JPEG or PNG by its bytes.
 */
export async function storeIdentityDocument(t: Transaction, upload: IdentityDocumentUpload): Promise<IdentityDocument> {
  const problem = identityDocumentProblem(upload.content);
  if (problem) throw new AppError(400, problem, { field: "document", code: "INVALID_DOCUMENT" });
  const content = upload.content as Buffer;
  const fileName = (upload.fileName || "document").replace(/[\\/\r\n]/g, "_").slice(0, 200);
  const document = await IdentityDocument.create(
    { userId: upload.userId, fileName, mimeType: detectImageType(content)!, sizeBytes: content.length, content, uploadedByUserId: upload.uploadedByUserId },
    { transaction: t }
  );
  await setPersonStatus(t, {
    userId: upload.userId,
    status: "VERIFICATION_PENDING",
    modifiedByUserId: upload.uploadedByUserId,
    identityDocumentId: document.id,
  });
  return document;
}

export interface IdentityCheckRequest {
  userId: number;
  /** The identity as entered (spec p1 §3 User): stored on the person, then sent to the provider. */
  identity: Omit<IdentityCheckInput, "country">;
  /** The person, a user of their company, or an admin acting for them. */
  modifiedByUserId: number;
  now?: Date;
}

/**
 * The identity checks run for a person on the company's calendar day of `now` (D1): their history entries that carry
 * the provider's answer. Read under the person's row lock, so concurrent checks are counted one after the other.
 */
async function identityChecksOn(t: Transaction, userId: number, country: Country, now: Date): Promise<number> {
  const [row] = await sequelize.query<{ checks: number }>(
    `SELECT count(*)::int AS checks FROM verification_history
      WHERE user_id = :userId AND details->>'provider' IS NOT NULL AND (created_at AT TIME ZONE :zone)::date = :day`,
    { type: QueryTypes.SELECT, replacements: { userId, zone: TIME_ZONES[country], day: todayIn(country, now) }, transaction: t }
  );
  return row.checks;
}

/**
 * Stores a person's identity details and runs the identity provider's check on them, recording the result as the
 * person's status (VERIFIED or VERIFICATION_FAILED) with the checked details in the history. The provider is called
 * inside the caller's transaction: it is local by default, and a real client must answer within the request anyway.
 */
export async function checkPersonIdentity(t: Transaction, request: IdentityCheckRequest): Promise<IdentityCheckResult> {
  const user = await User.findByPk(request.userId, { transaction: t, lock: t.LOCK.UPDATE, attributes: ["id", "companyId"] });
  const company = user?.companyId ? await findCompany(user.companyId, { transaction: t, attributes: ["id", "country"] }) : null;
  if (!user || !company) throw new AppError(404, "User not found");
  // A real provider charges per check, and each one is a guess at someone's identity: a few a day per person
  // (issue 13 part 13), counted under the person's row lock taken above.
  if ((await identityChecksOn(t, user.id, company.country, request.now ?? new Date())) >= IDENTITY_CHECKS_PER_DAY) {
    throw new AppError(429, IDENTITY_CHECKS_EXHAUSTED, { code: "IDENTITY_CHECK_LIMIT" });
  }
  const identity = request.identity;
  // Only the chosen document's numbers are kept: switching to a passport clears the licence, and back.
  const checked = {
    firstName: identity.firstName,
    middleName: identity.middleName,
    lastName: identity.lastName,
    dateOfBirth: identity.dateOfBirth,
    driversLicenceNumber: identity.verifyWith === "LICENCE" ? identity.driversLicenceNumber : null,
    driversLicenceVersion: identity.verifyWith === "LICENCE" ? identity.driversLicenceVersion : null,
    passportNumber: identity.verifyWith === "PASSPORT" ? identity.passportNumber : null,
  };
  await User.update(
    { ...checked, verifyWith: identity.verifyWith, address: identity.address, lastModifiedBy: request.modifiedByUserId },
    { where: { id: user.id }, transaction: t }
  );
  const result = await identityProvider().check({ ...identity, country: company.country });
  await setPersonStatus(t, {
    userId: user.id,
    status: result.status,
    modifiedByUserId: request.modifiedByUserId,
    details: { ...checked, provider: identityProvider().name, reference: result.reference, reasons: result.reasons },
  });
  return result;
}
