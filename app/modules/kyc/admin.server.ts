/**
 * The admin's KYC back office (spec p3 §2.3, §2.4, §3 "User or owner", §4.8; p1 §4 Identity verification): the
 * companies list by verification status, a company's Earlybird user and beneficial owners with their history and
 * documents, and the admin's own actions on a person (upload on behalf, manual Verify, edits of names, notes and
 * identity). Admins only: every function answers 404 to anyone else, as the admin routes do.
 */
import { actingUserId } from "../../lib/actor";
import { Op, type Transaction, type WhereOptions } from "sequelize";
import { sequelize } from "../../../db/index";
import {
  Company,
  IdentityDocument,
  User,
  VerificationHistoryEntry,
  type Address,
  type CompanyVerificationStatus,
  type PersonVerificationStatus,
  type Role,
} from "../../../db/models/index";
import { COMPANY_VERIFICATION_STATUSES } from "../../../db/models/company";
import type { Actor } from "../../lib/actor";
import { AppError, notFound } from "../../lib/errors";
import { isFeatureEnabled } from "../settings/service.server";
import { COMPANIES_DEFAULT_PAGE_SIZE, COMPANIES_PAGE_SIZES, FULL_NAME_REQUIRED, parseIdentityEdit, parsePersonDetails, type FieldErrors } from "./admin-schema";
import { verificationHistory, type HistoryEntry } from "./history";
import { checkPersonIdentity, setPersonStatus, storeIdentityDocument } from "./status.server";
import { audit as writeAudit } from "../audit/service.server";
import { requireAdmin, findCompany } from "../companies/service.server";

export const NO_DOCUMENT = "No document uploaded";

/** A validation failure: the first message, and every field's message in details.fieldErrors. */
export class KycValidationError extends AppError {
  readonly fieldErrors: FieldErrors;
  constructor(fieldErrors: FieldErrors) {
    super(400, Object.values(fieldErrors)[0] ?? "Values are missing", { code: "VALIDATION", details: { fieldErrors } });
    this.fieldErrors = fieldErrors;
  }
}

const positiveId = (value: unknown): number | null => {
  const text = String(value ?? "");
  return /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : null;
};

// ---- Companies list ------------------------------------------------------------------------------------------

export interface CompanyListRow {
  id: number;
  companyName: string;
  country: "NZ" | "AU";
  status: string;
  verificationStatus: CompanyVerificationStatus;
  registrationNumber: string | null;
  createdAt: string;
}

export interface CompanyListQuery {
  verificationStatus?: string | null;
  companyName?: string | null;
  page?: string | null;
  size?: string | null;
}

/** /companies (p3 §2.3, §7.3): page (1-based), size (default 25), companyName (contains, any case), verificationStatus. */
export async function listCompanies(actor: Actor, query: CompanyListQuery) {
  requireAdmin(actor);
  const verificationStatus = (COMPANY_VERIFICATION_STATUSES as readonly string[]).includes(query.verificationStatus ?? "")
    ? (query.verificationStatus as CompanyVerificationStatus)
    : null;
  const companyName = (query.companyName ?? "").trim().slice(0, 100);
  const requestedSize = Number(query.size);
  const size = (COMPANIES_PAGE_SIZES as readonly number[]).includes(requestedSize) ? requestedSize : COMPANIES_DEFAULT_PAGE_SIZE;
  const page = Math.max(1, Math.min(positiveId(query.page) ?? 1, 100_000));
  const where: WhereOptions = {};
  if (verificationStatus) Object.assign(where, { verificationStatus });
  if (companyName) Object.assign(where, { companyName: { [Op.iLike]: `%${companyName.replace(/[\\%_]/g, (c) => `\\${c}`)}%` } });
  const { rows, count } = await Company.findAndCountAll({
    where,
    attributes: ["id", "companyName", "country", "status", "verificationStatus", "registrationNumber", "createdAt"],
    order: [
      ["companyName", "ASC"],
      ["id", "ASC"],
    ],
    limit: size,
    offset: (page - 1) * size,
  });
  return {
    verificationStatus,
    companyName,
    page,
    size,
    totalElements: count,
    companies: rows.map(
      (company): CompanyListRow => ({
        id: company.id,
        companyName: company.companyName,
        country: company.country as "NZ" | "AU",
        status: company.status,
        verificationStatus: company.verificationStatus,
        registrationNumber: company.registrationNumber ?? null,
        createdAt: company.createdAt.toISOString(),
      })
    ),
  };
}

// ---- A company's people ----------------------------------------------------------------------------------------

const PEOPLE_WHERE = { [Op.not]: { roles: { [Op.contains]: ["ROLE_ADMIN"] } } };

export type PersonRole = "Earlybird user" | "Director" | "Owner" | "Director, Owner";

export function personRole(roles: readonly Role[]): PersonRole {
  if (roles.includes("ROLE_USER")) return "Earlybird user";
  const director = roles.includes("ROLE_DIRECTOR");
  const owner = roles.includes("ROLE_BENEFICIAL_OWNER");
  if (director && owner) return "Director, Owner";
  return director ? "Director" : "Owner";
}

export interface KycHistoryEntry extends HistoryEntry {
  /** Who made the change: a person's name, "Admin name (admin)", or null for the identity provider. */
  modifiedByName: string | null;
  documentName: string | null;
}

export interface KycPerson {
  id: number;
  name: string;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  username: string;
  roles: Role[];
  role: PersonRole;
  isEarlybirdUser: boolean;
  phoneNumber: string | null;
  phoneNumberVerified: boolean;
  verificationStatus: PersonVerificationStatus;
  /** The newest identity document (p3 §3 verificationDocName). */
  verificationDocName: string | null;
  documentId: number | null;
  lastModifiedBy: string | null;
  creationTime: string;
  note: string | null;
  history: KycHistoryEntry[];
}

export interface KycCompany {
  id: number;
  companyName: string;
  country: "NZ" | "AU";
  verificationStatus: CompanyVerificationStatus;
  businessConfirmed: boolean;
}

async function kycCompany(companyId: unknown, t?: Transaction): Promise<Company> {
  const id = positiveId(companyId);
  const company = id ? await findCompany(id, { transaction: t }) : null;
  if (!company) throw notFound("Company not found");
  return company;
}

const companyView = (company: Company): KycCompany => ({
  id: company.id,
  companyName: company.companyName,
  country: company.country as "NZ" | "AU",
  verificationStatus: company.verificationStatus,
  businessConfirmed: company.acknowledgementTimestamp !== null,
});

const displayName = (user: Pick<User, "firstName" | "middleName" | "lastName" | "username">) =>
  [user.firstName, user.middleName, user.lastName].filter(Boolean).join(" ") || user.username;

/** The people of a company with their newest document and their reduced history, Earlybird users first. */
async function loadPeople(company: Company, onlyUserId?: number): Promise<KycPerson[]> {
  const people = await User.findAll({ where: { companyId: company.id, ...PEOPLE_WHERE }, order: [["id", "ASC"]] });
  const shown = onlyUserId ? people.filter((person) => person.id === onlyUserId) : people;
  if (shown.length === 0) return [];
  const ids = shown.map((person) => person.id);
  const [documents, rows] = await Promise.all([
    IdentityDocument.findAll({ where: { userId: ids }, attributes: ["id", "userId", "fileName", "createdAt"], order: [["id", "DESC"]] }),
    VerificationHistoryEntry.findAll({ where: { userId: ids }, order: [["id", "ASC"]] }),
  ]);
  const modifierIds = new Set<number>();
  for (const row of rows) if (row.modifiedByUserId) modifierIds.add(row.modifiedByUserId);
  for (const person of shown) if (person.lastModifiedBy) modifierIds.add(person.lastModifiedBy);
  const modifiers =
    modifierIds.size > 0
      ? await User.findAll({ where: { id: [...modifierIds] }, attributes: ["id", "firstName", "middleName", "lastName", "username", "roles"] })
      : [];
  const modifierName = new Map(modifiers.map((user) => [user.id, user.isAdmin ? `${displayName(user)} (admin)` : displayName(user)]));
  const companyUserIds = new Set(people.map((person) => person.id));
  const documentName = new Map(documents.map((document) => [document.id, document.fileName]));
  return shown
    .map((person): KycPerson => {
      const latest = documents.find((document) => document.userId === person.id) ?? null;
      const history = verificationHistory(
        rows
          .filter((row) => row.userId === person.id)
          .map((row) => ({
            id: String(row.id),
            status: row.status,
            modifiedByUserId: row.modifiedByUserId,
            createdAt: row.createdAt,
            identityDocumentId: row.identityDocumentId,
            details: row.details as Record<string, unknown>,
          })),
        { createdAt: person.createdAt },
        companyUserIds
      ).map((entry) => ({
        ...entry,
        modifiedByName: entry.modifiedByUserId ? modifierName.get(entry.modifiedByUserId) ?? null : null,
        documentName: entry.documentId ? documentName.get(entry.documentId) ?? null : null,
      }));
      return {
        id: person.id,
        name: displayName(person),
        firstName: person.firstName,
        middleName: person.middleName,
        lastName: person.lastName,
        username: person.username,
        roles: person.roles,
        role: personRole(person.roles),
        isEarlybirdUser: person.roles.includes("ROLE_USER"),
        phoneNumber: person.phoneNumber,
        phoneNumberVerified: person.phoneNumberVerified,
        verificationStatus: person.verificationStatus,
        verificationDocName: latest?.fileName ?? null,
        documentId: latest?.id ?? null,
        lastModifiedBy: person.lastModifiedBy ? modifierName.get(person.lastModifiedBy) ?? null : null,
        creationTime: person.createdAt.toISOString(),
        note: person.note,
        history,
      };
    })
    .sort((a, b) => Number(b.isEarlybirdUser) - Number(a.isEarlybirdUser) || a.id - b.id);
}

/** The KYC screen of a company (p3 §2.4): its Earlybird user(s) (ROLE_USER) and its beneficial owners (the others). */
export async function getCompanyKyc(actor: Actor, companyId: unknown) {
  requireAdmin(actor);
  const company = await kycCompany(companyId);
  const people = await loadPeople(company);
  return {
    company: companyView(company),
    earlybirdUsers: people.filter((person) => person.isEarlybirdUser),
    owners: people.filter((person) => !person.isEarlybirdUser),
  };
}

/** Identity details of a person as the admin's edit form shows them. */
export interface KycPersonIdentity {
  dateOfBirth: string | null;
  verifyWith: "LICENCE" | "PASSPORT";
  driversLicenceNumber: string | null;
  driversLicenceVersion: string | null;
  passportNumber: string | null;
  address: Address | null;
}

export type PersonRef = { userName: string } | { userId: unknown };

async function findPerson(company: Company, ref: PersonRef, t?: Transaction): Promise<User> {
  const where: WhereOptions =
    "userName" in ref
      ? {
          username: String(ref.userName ?? "")
            .trim()
            .toLowerCase()
            .slice(0, 320),
        }
      : { id: positiveId(ref.userId) ?? -1 };
  const person = await User.findOne({ where: { ...where, companyId: company.id, ...PEOPLE_WHERE }, transaction: t });
  if (!person) throw notFound("Earlybird user not found");
  return person;
}

/** /companies/{id}/verify/{userName} and /verify-owner?userId= : one person, their identity and history. */
export async function getPersonForAdmin(actor: Actor, companyId: unknown, ref: PersonRef) {
  requireAdmin(actor);
  const company = await kycCompany(companyId);
  const user = await findPerson(company, ref);
  const [person] = await loadPeople(company, user.id);
  const identity: KycPersonIdentity = {
    dateOfBirth: user.dateOfBirth,
    verifyWith: user.verifyWith,
    driversLicenceNumber: user.driversLicenceNumber,
    driversLicenceVersion: user.driversLicenceVersion,
    passportNumber: user.passportNumber,
    address: user.address,
  };
  return { company: companyView(company), person, identity, passportAllowed: await isFeatureEnabled("verifyWithPassport") };
}

/** An identity document of one of the company's people (the newest, or `documentId`), with its bytes. */
export async function getIdentityDocumentFile(actor: Actor, companyId: unknown, userId: unknown, documentId?: unknown) {
  requireAdmin(actor);
  const company = await kycCompany(companyId);
  const person = await findPerson(company, { userId });
  const id = documentId === undefined || documentId === null || documentId === "" ? null : positiveId(documentId);
  if (documentId !== undefined && documentId !== null && documentId !== "" && id === null) throw notFound(NO_DOCUMENT);
  const document = await IdentityDocument.findOne({ where: { userId: person.id, ...(id ? { id } : {}) }, order: [["id", "DESC"]] });
  if (!document) throw notFound(NO_DOCUMENT);
  return { id: document.id, fileName: document.fileName, mimeType: document.mimeType, content: document.content, personName: displayName(person) };
}

/** An identity document by its id, when it belongs to one of the company's people (else 404). */
export async function getIdentityDocumentById(actor: Actor, companyId: unknown, documentId: unknown) {
  requireAdmin(actor);
  const company = await kycCompany(companyId);
  const id = positiveId(documentId);
  const document = id ? await IdentityDocument.findByPk(id) : null;
  if (!document) throw notFound(NO_DOCUMENT);
  const person = await User.findOne({ where: { id: document.userId, companyId: company.id, ...PEOPLE_WHERE }, attributes: ["id"] });
  if (!person) throw notFound(NO_DOCUMENT);
  return { id: document.id, fileName: document.fileName, mimeType: document.mimeType, content: document.content };
}

/** The metadata of that document (for the viewer dialog), without its bytes. */
export async function getIdentityDocumentInfo(actor: Actor, companyId: unknown, userId: unknown, documentId?: unknown) {
  const file = await getIdentityDocumentFile(actor, companyId, userId, documentId);
  return { id: file.id, fileName: file.fileName, mimeType: file.mimeType, sizeBytes: file.content.length, personName: file.personName };
}

// ---- The admin's actions -----------------------------------------------------------------------------------------

async function audit(t: Transaction, actor: Actor, person: User, action: string, details: Record<string, unknown>) {
  await writeAudit(actor, { companyId: person.companyId, action, entityType: "user", entityId: person.id, details }, { transaction: t });
}

/** Locks the person's row for the change (the core services lock it again, harmlessly, in the same transaction). */
async function lockedPerson(t: Transaction, companyId: unknown, userId: unknown): Promise<User> {
  const company = await kycCompany(companyId, t);
  const person = await findPerson(company, { userId }, t);
  await User.findByPk(person.id, { transaction: t, lock: t.LOCK.UPDATE, attributes: ["id"] });
  return (await User.findByPk(person.id, { transaction: t }))!;
}

/**
 * Upload on behalf (p1 §4): stores the document with the admin as uploader, sets the person VERIFICATION_PENDING
 * ("Document uploaded" in the history) and recomputes the company. Refuses a bad file with the spec's message.
 */
export async function uploadDocumentForPerson(actor: Actor, companyId: unknown, userId: unknown, file: { fileName: string; content: Buffer | null }) {
  requireAdmin(actor);
  return sequelize.transaction(async (t) => {
    const person = await lockedPerson(t, companyId, userId);
    const document = await storeIdentityDocument(t, { userId: person.id, fileName: file.fileName, content: file.content, uploadedByUserId: actor.userId });
    await audit(t, actor, person, "kyc.document_uploaded", {
      identityDocumentId: document.id,
      fileName: document.fileName,
      sizeBytes: document.sizeBytes,
    });
    return { name: displayName(person), documentId: document.id };
  });
}

/**
 * Manual Verify (p3 §2.4): the person becomes VERIFIED by the admin ("Manually verified" in the history), and the
 * company is recomputed (VERIFIED once everyone is verified and the business details are confirmed). Refused when the
 * person is already VERIFIED, so two admins clicking at once record one change.
 */
export async function verifyPersonManually(actor: Actor, companyId: unknown, userId: unknown, note?: string | null) {
  requireAdmin(actor);
  return sequelize.transaction(async (t) => {
    const person = await lockedPerson(t, companyId, userId);
    const name = displayName(person);
    if (person.verificationStatus === "VERIFIED") throw new AppError(409, `${name} is already verified`, { code: "ALREADY_VERIFIED" });
    const cleanNote = (note ?? "").trim().slice(0, 1000) || null;
    const companyStatus = await setPersonStatus(t, {
      userId: person.id,
      status: "VERIFIED",
      modifiedByUserId: actingUserId(actor),
      details: { manual: true, note: cleanNote, previousStatus: person.verificationStatus },
    });
    await audit(t, actor, person, "kyc.person_verified", {
      previousStatus: person.verificationStatus,
      companyVerificationStatus: companyStatus,
      note: cleanNote,
    });
    return { name, companyVerificationStatus: companyStatus };
  });
}

/**
 * Manual Fail (issue 20 part 2, decision 064): after reviewing an uploaded document the admin marks the person
 * VERIFICATION_FAILED ("Verification failed" in the history); the result e-mail tells them what to do next. Offered
 * only while the person is VERIFICATION_PENDING, so two admins clicking at once record one change.
 */
export async function failPersonManually(actor: Actor, companyId: unknown, userId: unknown, note?: string | null) {
  requireAdmin(actor);
  return sequelize.transaction(async (t) => {
    const person = await lockedPerson(t, companyId, userId);
    const name = displayName(person);
    if (person.verificationStatus !== "VERIFICATION_PENDING") {
      throw new AppError(409, `${name} has no document waiting for review`, { code: "NOT_PENDING" });
    }
    const cleanNote = (note ?? "").trim().slice(0, 1000) || null;
    const companyStatus = await setPersonStatus(t, {
      userId: person.id,
      status: "VERIFICATION_FAILED",
      modifiedByUserId: actingUserId(actor),
      details: { manual: true, note: cleanNote, previousStatus: person.verificationStatus },
    });
    await audit(t, actor, person, "kyc.person_failed", { previousStatus: person.verificationStatus, companyVerificationStatus: companyStatus, note: cleanNote });
    return { name, companyVerificationStatus: companyStatus };
  });
}

/** Edits a person's names and the admin-only notes (p1 §4). No identity check runs: the identity form does that. */
export async function updatePersonDetails(actor: Actor, companyId: unknown, userId: unknown, input: Record<string, unknown>) {
  requireAdmin(actor);
  const parsed = parsePersonDetails(input);
  if (!parsed.ok) throw new KycValidationError(parsed.fieldErrors);
  return sequelize.transaction(async (t) => {
    const person = await lockedPerson(t, companyId, userId);
    const changed = (["firstName", "middleName", "lastName", "note"] as const).filter((key) => (person[key] ?? null) !== parsed.data[key]);
    await User.update({ ...parsed.data, lastModifiedBy: actingUserId(actor) }, { where: { id: person.id }, transaction: t });
    // The note's text stays out of the audit log (it may hold personal details); only that it changed.
    await audit(t, actor, person, "kyc.person_updated", {
      changed,
      before: { firstName: person.firstName, middleName: person.middleName, lastName: person.lastName },
      after: { firstName: parsed.data.firstName, middleName: parsed.data.middleName, lastName: parsed.data.lastName },
    });
    return { name: displayName({ ...parsed.data, username: person.username }) };
  });
}

/**
 * Edits a person's identity (date of birth, licence or passport, AU residential address) and runs the identity
 * check again with it (core checkPersonIdentity): the answer says whether it passed, for the toast
 * "Verification is successful for {name}" / "Verification is failed for {name}".
 */
export async function updatePersonIdentity(actor: Actor, companyId: unknown, userId: unknown, input: Record<string, unknown>) {
  requireAdmin(actor);
  const company = await kycCompany(companyId);
  const parsed = parseIdentityEdit(input, { country: company.country as "NZ" | "AU", passportAllowed: await isFeatureEnabled("verifyWithPassport") });
  if (!parsed.ok) throw new KycValidationError(parsed.fieldErrors);
  return sequelize.transaction(async (t) => {
    const person = await lockedPerson(t, company.id, userId);
    if (!person.firstName || !person.lastName) throw new KycValidationError({ fullName: FULL_NAME_REQUIRED });
    const identity = parsed.data;
    const result = await checkPersonIdentity(t, {
      userId: person.id,
      identity: { firstName: person.firstName, middleName: person.middleName, lastName: person.lastName, ...identity },
      modifiedByUserId: actor.userId,
    });
    await audit(t, actor, person, "kyc.identity_checked", { status: result.status, reference: result.reference, verifyWith: identity.verifyWith });
    return { name: displayName(person), status: result.status, reasons: result.reasons };
  });
}
