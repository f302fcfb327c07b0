import { Op, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { Company, User, type PersonVerificationStatus, type Role } from "../../../db/models/index";
import type { Address, CompanyVerificationStatus } from "../../../db/models/company";
import type { Actor } from "../../lib/actor";
import { AppError, notFound } from "../../lib/errors";
import { findCompany, getCompany } from "../companies/service.server";
import { getFeatureFlags } from "../settings/service.server";
import { addressSearch } from "../address/service.server";
import { advanceOnboarding } from "../onboarding/service.server";
import { isAtLeast } from "../onboarding/rules";
import { companyRegister } from "../register/service.server";
import { beneficialOwnersOf, normaliseCompanyName } from "../register/rules";
import type { RegisterPerson } from "../register/types";
import { IDENTITY_DOCUMENT_MAX_BYTES } from "./schema";
import {
  ADDRESS_PICK,
  BUSINESS_ACKNOWLEDGEMENT,
  businessFormSchema,
  COMPANY_PICK,
  fieldErrorsOf,
  identityFormSchema,
  type BusinessFormField,
  type IdentityFormField,
} from "./schema";
import { checkPersonIdentity, recomputeCompanyVerification, storeIdentityDocument } from "./status.server";

/**
 * Owners and directors created from the register are users of the company that can neither log in (no password) nor
 * receive mail: their username is `owner-<companyId>-<n>@owners.earlybird.invalid` (RFC 2606 reserves .invalid),
 * n being their place among the register's beneficial owners. The unique username index backs the company row lock.
 */
export const OWNER_EMAIL_DOMAIN = "owners.earlybird.invalid";
export const ownerUsername = (companyId: number, position: number) => `owner-${companyId}-${position}@${OWNER_EMAIL_DOMAIN}`;

const OWNER_ROLES: readonly Role[] = ["ROLE_DIRECTOR", "ROLE_BENEFICIAL_OWNER"];
const PEOPLE_WHERE = { [Op.not]: { roles: { [Op.contains]: ["ROLE_ADMIN"] } } };

const personKey = (firstName: string | null, lastName: string | null) => normaliseCompanyName(`${firstName ?? ""} ${lastName ?? ""}`);

function rolesOf(person: RegisterPerson): Role[] {
  const roles: Role[] = [];
  if (person.roles.includes("DIRECTOR")) roles.push("ROLE_DIRECTOR");
  if ((person.ownershipPercent ?? 0) >= 25) roles.push("ROLE_BENEFICIAL_OWNER");
  return roles;
}

/** The designation shown beside a person (spec p1 §2): Director, Owner, or "Director, Owner"; empty for neither. */
export function designationOfRoles(roles: readonly Role[]): string {
  return [roles.includes("ROLE_DIRECTOR") ? "Director" : null, roles.includes("ROLE_BENEFICIAL_OWNER") ? "Owner" : null].filter(Boolean).join(", ");
}

/**
 * Creates the company's owners and directors from the company register, once (issue 6 part 5): on the first need,
 * under the company row lock, and only while no user of the company holds an owner role yet. A register person whose
 * first and last name match a primary user (ROLE_USER) is that user: they gain the owner roles and percentage, no
 * duplicate is made. Dates of birth are not copied (the person enters theirs). Companies without a register match keep
 * only their primary user. Returns the number of users created.
 */
export async function ensureCompanyOwners(t: Transaction, companyId: number): Promise<number> {
  // Once made, nothing to do: answered without the company lock, so list loads do not queue behind each other.
  const made = await User.count({ where: { companyId, roles: { [Op.overlap]: [...OWNER_ROLES] } }, transaction: t });
  if (made > 0) return 0;
  const company = await findCompany(companyId, { transaction: t, lock: true, attributes: ["id", "country", "registrationNumber"] });
  if (!company) throw notFound("Company not found");
  const people = await User.findAll({ where: { companyId, ...PEOPLE_WHERE }, transaction: t, order: [["id", "ASC"]] });
  if (people.some((user) => user.roles.some((role) => OWNER_ROLES.includes(role)))) return 0;
  if (!company.registrationNumber) return 0;
  const registered = await companyRegister().lookup(company.country, company.registrationNumber);
  if (!registered) return 0;
  const primaries = people.filter((user) => user.roles.includes("ROLE_USER"));
  let created = 0;
  for (const [index, person] of beneficialOwnersOf(registered).entries()) {
    const roles = rolesOf(person);
    const percent = person.ownershipPercent === null ? null : person.ownershipPercent.toFixed(2);
    const primary = primaries.find((user) => personKey(user.firstName, user.lastName) === personKey(person.firstName, person.lastName));
    if (primary) {
      await User.update(
        { roles: [...primary.roles, ...roles.filter((role) => !primary.roles.includes(role))], ownershipPercent: percent },
        { where: { id: primary.id }, transaction: t }
      );
      continue;
    }
    await User.create(
      {
        companyId,
        username: ownerUsername(companyId, index + 1),
        passwordHash: null,
        roles,
        firstName: person.firstName,
        middleName: person.middleName,
        lastName: person.lastName,
        ownershipPercent: percent,
      },
      { transaction: t }
    );
    created += 1;
  }
  return created;
}

export interface VerifyCompany {
  id: number;
  companyName: string;
  country: "NZ" | "AU";
  registrationNumber: string | null;
  nzbn: string | null;
  businessNumber: string | null;
  address: Address | null;
  website: string | null;
  verificationStatus: CompanyVerificationStatus;
  businessConfirmed: boolean;
}

export interface VerifyPerson {
  id: number;
  fullName: string;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  designation: string;
  verificationStatus: PersonVerificationStatus;
  /** The person is the logged-in user (the primary user verifying themselves). */
  isSelf: boolean;
  isPrimary: boolean;
}

export interface VerifyPersonDetails extends VerifyPerson {
  dateOfBirth: string | null;
  verifyWith: "LICENCE" | "PASSPORT";
  driversLicenceNumber: string | null;
  driversLicenceVersion: string | null;
  passportNumber: string | null;
  note: string | null;
  address: Address | null;
}

/**
 * The company whose people the actor verifies. Not the companies module's requireCompanyId on purpose: /verify is a
 * company user's own page, so an admin or a user without a company gets the 404 an unknown page gets (as
 * requireAdmin's rule hides admin pages), not requireCompanyId's 403; admins verify people from their own pages.
 */
function verifyingCompanyId(actor: Actor): number {
  if (!actor.companyId || actor.roles[0] === "ROLE_ADMIN") throw notFound();
  return actor.companyId;
}

function toPerson(actor: Actor, user: User): VerifyPerson {
  return {
    id: user.id,
    fullName: user.fullName || user.username,
    firstName: user.firstName,
    middleName: user.middleName,
    lastName: user.lastName,
    designation: designationOfRoles(user.roles),
    verificationStatus: user.verificationStatus,
    isSelf: user.id === actor.userId,
    isPrimary: user.roles.includes("ROLE_USER"),
  };
}

async function companyOf(companyId: number, t?: Transaction): Promise<VerifyCompany> {
  const company = await getCompany(companyId, { transaction: t });
  return {
    id: company.id,
    companyName: company.companyName,
    country: company.country,
    registrationNumber: company.registrationNumber,
    nzbn: company.nzbn,
    businessNumber: company.businessNumber,
    address: company.address,
    website: company.website,
    verificationStatus: company.verificationStatus,
    businessConfirmed: company.acknowledgementTimestamp !== null,
  };
}

/** The actor's company as /verify shows it, and the options of its forms (flags). */
export async function verificationContext(actor: Actor) {
  const companyId = verifyingCompanyId(actor);
  const [company, me, flags] = await Promise.all([
    companyOf(companyId),
    User.findOne({ where: { id: actor.userId, companyId }, attributes: ["id", "onboardingState", "verificationStatus"] }),
    getFeatureFlags(),
  ]);
  if (!me) throw notFound();
  return {
    company,
    me: { id: me.id, onboardingState: me.onboardingState, verificationStatus: me.verificationStatus },
    passportAllowed: flags.verifyWithPassport,
    addressRequired: company.country === "AU" && flags.addressForVerification,
  };
}

/**
 * The people to verify (spec p1 §2 owners list): the company's owners and directors, created from the register on
 * this first need, and its primary users; primary users first.
 */
export async function peopleToVerify(actor: Actor): Promise<VerifyPerson[]> {
  const companyId = verifyingCompanyId(actor);
  const users = await sequelize.transaction(async (t) => {
    await ensureCompanyOwners(t, companyId);
    return User.findAll({ where: { companyId, ...PEOPLE_WHERE }, transaction: t, order: [["id", "ASC"]] });
  });
  const people = users.map((user) => toPerson(actor, user));
  return [...people.filter((person) => person.isPrimary), ...people.filter((person) => !person.isPrimary)];
}

/** One person of the actor's company (404 for anyone else's), with what the details and success views show. */
export async function personForVerification(actor: Actor, userId: number): Promise<VerifyPersonDetails> {
  const companyId = verifyingCompanyId(actor);
  if (!Number.isSafeInteger(userId) || userId <= 0) throw notFound("User not found");
  const user = await User.findOne({ where: { id: userId, companyId, ...PEOPLE_WHERE } });
  if (!user) throw notFound("User not found");
  return {
    ...toPerson(actor, user),
    dateOfBirth: user.dateOfBirth,
    verifyWith: user.verifyWith,
    driversLicenceNumber: user.driversLicenceNumber,
    driversLicenceVersion: user.driversLicenceVersion,
    passportNumber: user.passportNumber,
    note: user.note,
    address: user.address,
  };
}

/** Locks the person and re-reads their status, so two submits at once cannot both act on it. */
async function lockCheckable(t: Transaction, userId: number, allowed: PersonVerificationStatus[]): Promise<void> {
  const locked = await User.findByPk(userId, { transaction: t, lock: t.LOCK.UPDATE, attributes: ["id", "verificationStatus"] });
  if (!locked || !allowed.includes(locked.verificationStatus)) {
    throw new AppError(409, "This person's verification has already moved on", { code: "STATUS_CHANGED" });
  }
}

export type FormResult<Field extends string> =
  | { ok: true; status: PersonVerificationStatus | CompanyVerificationStatus }
  | { ok: false; fieldErrors: Partial<Record<Field, string>> };

/**
 * Submits a person's identity (spec p1 §4-5): validates the form, stores it on the person and runs the identity
 * provider's check. The primary user's own pass moves them to OWNER_VERIFIED; a failure leaves them where they are
 * until a document is uploaded. Only NOT_VERIFIED or VERIFICATION_FAILED people can be checked.
 */
export async function submitIdentity(
  actor: Actor,
  input: { userId: number; form: Record<string, unknown>; today?: Date }
): Promise<FormResult<IdentityFormField>> {
  const person = await personForVerification(actor, input.userId);
  const context = await verificationContext(actor);
  if (person.verificationStatus === "VERIFIED" || person.verificationStatus === "VERIFICATION_PENDING") {
    throw new AppError(409, "This person's identity is already verified or under review", { code: "ALREADY_VERIFIED" });
  }
  const parsed = identityFormSchema({
    nameEditable: person.isSelf,
    requireAddress: context.addressRequired,
    passportAllowed: context.passportAllowed,
    today: input.today ?? new Date(),
  }).safeParse(input.form);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  const form = parsed.data;
  let address: Address | null = null;
  if (form.addressId) {
    const picked = await addressSearch().resolve(form.addressId, context.company.country);
    if (!picked) return { ok: false, fieldErrors: { address: ADDRESS_PICK } };
    address = picked.address;
  }
  const name = form.name ?? { firstName: person.firstName ?? "", middleName: person.middleName, lastName: person.lastName ?? "" };
  return sequelize.transaction(async (t) => {
    await lockCheckable(t, person.id, ["NOT_VERIFIED", "VERIFICATION_FAILED"]);
    const result = await checkPersonIdentity(t, {
      userId: person.id,
      identity: {
        ...name,
        dateOfBirth: form.dateOfBirth,
        verifyWith: form.verifyWith,
        driversLicenceNumber: form.driversLicenceNumber,
        driversLicenceVersion: form.driversLicenceVersion,
        passportNumber: form.passportNumber,
        address,
      },
      modifiedByUserId: actor.userId,
      now: input.today,
    });
    if (person.isSelf && result.status === "VERIFIED") await advanceOnboarding(t, person.id, "OWNER_VERIFIED");
    return { ok: true as const, status: result.status };
  });
}

export interface DocumentStream {
  fileName: string | null;
  /** At most IDENTITY_DOCUMENT_MAX_BYTES + 1 bytes: enough to refuse a larger file without holding it. */
  content: Buffer | null;
}

/** Reads an uploaded file part, keeping at most one byte more than the limit and draining the rest. */
export async function readDocumentStream(fileName: string | null, data: AsyncIterable<Uint8Array>): Promise<DocumentStream> {
  const chunks: Buffer[] = [];
  let kept = 0;
  for await (const chunk of data) {
    if (kept > IDENTITY_DOCUMENT_MAX_BYTES) continue;
    const part = Buffer.from(chunk.buffer, chunk.byteOffset, Math.min(chunk.byteLength, IDENTITY_DOCUMENT_MAX_BYTES + 1 - kept));
    chunks.push(Buffer.from(part));
    kept += part.byteLength;
  }
  return { fileName, content: kept > 0 ? Buffer.concat(chunks) : null };
}

/**
 * A person's identity document after a failed check (spec p1 §4): stored (JPG or PNG by content, under 10 MB, with the
 * spec's messages on the field "document") and the person is VERIFICATION_PENDING until an admin reviews it. The
 * primary user's own upload moves them on to OWNER_VERIFIED.
 */
export async function uploadIdentityDocument(actor: Actor, input: { userId: number; file: DocumentStream | null }): Promise<void> {
  const person = await personForVerification(actor, input.userId);
  if (person.verificationStatus !== "VERIFICATION_FAILED") {
    throw new AppError(409, "A document is needed only after a failed verification", { code: "DOCUMENT_NOT_NEEDED" });
  }
  await sequelize.transaction(async (t) => {
    await lockCheckable(t, person.id, ["VERIFICATION_FAILED"]);
    await storeIdentityDocument(t, {
      userId: person.id,
      fileName: input.file?.fileName ?? "document",
      content: input.file?.content ?? null,
      uploadedByUserId: actor.userId,
    });
    if (person.isSelf) await advanceOnboarding(t, person.id, "OWNER_VERIFIED");
  });
}

/**
 * Confirm business details (spec p1 §2, §5): the company chosen from the register, its AU business address picked
 * from the suggestions, its website; stored with the acknowledgement the Confirm button carries and its time. The
 * owners are created from the register (so the company's status counts them), the company's status is recomputed and
 * the user moves to BUSINESS_DETAILS_CONFIRMED. Needs the user's own identity step done (OWNER_VERIFIED).
 */
export async function confirmBusinessDetails(
  actor: Actor,
  input: { form: Record<string, unknown>; now?: Date }
): Promise<FormResult<BusinessFormField> & { otherPeople?: number }> {
  const context = await verificationContext(actor);
  if (!isAtLeast(context.me.onboardingState, "OWNER_VERIFIED")) {
    throw new AppError(409, "Please verify your identity first", { code: "IDENTITY_FIRST" });
  }
  const country = context.company.country;
  const parsed = businessFormSchema({ requireAddress: country === "AU" }).safeParse(input.form);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  const form = parsed.data;
  const registered = await companyRegister().lookup(country, form.registrationNumber);
  if (!registered) return { ok: false, fieldErrors: { company: COMPANY_PICK } };
  let address: Address | null = registered.address ?? context.company.address;
  if (form.addressId) {
    const picked = await addressSearch().resolve(form.addressId, country);
    if (!picked) return { ok: false, fieldErrors: { address: ADDRESS_PICK } };
    address = picked.address;
  }
  const companyId = context.company.id;
  return sequelize.transaction(async (t) => {
    await findCompany(companyId, { transaction: t, lock: true, attributes: ["id"] });
    await Company.update(
      {
        companyName: registered.companyName,
        registrationNumber: registered.registrationNumber,
        nzbn: registered.nzbn,
        businessNumber: registered.businessNumber,
        industryCode: registered.industryCode,
        industryCodeDescription: registered.industryCodeDescription,
        address,
        website: form.website,
        acknowledgementText: BUSINESS_ACKNOWLEDGEMENT,
        acknowledgementTimestamp: input.now ?? new Date(),
      },
      { where: { id: companyId }, transaction: t }
    );
    await ensureCompanyOwners(t, companyId);
    const status = await recomputeCompanyVerification(t, companyId);
    await advanceOnboarding(t, actor.userId, "BUSINESS_DETAILS_CONFIRMED");
    const otherPeople = await User.count({ where: { companyId, id: { [Op.ne]: actor.userId }, ...PEOPLE_WHERE }, transaction: t });
    return { ok: true as const, status, otherPeople };
  });
}

/** A register company as the business form offers it (value: its registration number). */
export interface RegisterChoice {
  value: string;
  label: string;
  description: string | null;
  registrationNumber: string;
  businessNumber: string | null;
  website: string | null;
}

function toChoice(company: {
  companyName: string;
  registrationNumber: string;
  nzbn: string | null;
  businessNumber: string | null;
  country: "NZ" | "AU";
  website: string | null;
}): RegisterChoice {
  const businessNumber = company.country === "AU" ? company.businessNumber : company.nzbn;
  const description = company.country === "AU" ? `ACN ${company.registrationNumber}` : `Company number ${company.registrationNumber}`;
  return {
    value: company.registrationNumber,
    label: company.companyName,
    description,
    registrationNumber: company.registrationNumber,
    businessNumber,
    website: company.website,
  };
}

/** Register suggestions for the business form (up to 5; nothing below 3 characters). */
export async function searchRegisterChoices(country: "NZ" | "AU", query: string): Promise<RegisterChoice[]> {
  return (await companyRegister().search(query, country)).map(toChoice);
}

/** The register company with that number, as a choice, or null. */
export async function registerChoice(country: "NZ" | "AU", number: string | null): Promise<RegisterChoice | null> {
  if (!number) return null;
  const found = await companyRegister().lookup(country, number);
  return found ? toChoice(found) : null;
}

/** Address suggestions as the forms offer them, the chosen one kept first when the query no longer lists it. */
export async function addressChoices(country: "NZ" | "AU", query: string, chosenId: string | null): Promise<{ value: string; label: string }[]> {
  const found = (await addressSearch().suggest(query, country)).map((suggestion) => ({ value: suggestion.id, label: suggestion.label }));
  if (chosenId && !found.some((choice) => choice.value === chosenId)) {
    const chosen = await addressSearch().resolve(chosenId, country);
    if (chosen) found.unshift({ value: chosen.id, label: chosen.label });
  }
  return found;
}
