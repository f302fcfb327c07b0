/**
 * The admin's KYC back office (issue 6 part 7; p3 §2.3, §2.4, §4.8; p1 §4): admins only, upload on behalf, manual
 * Verify with the company recomputed, identity edits that re-run the check, and the document bytes.
 */
import { describe, expect, it } from "vitest";
import type { User} from "../../db/models/index";
import { AuditLogEntry, Company, VerificationHistoryEntry } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import { AppError } from "../../app/lib/errors";
import {
  getCompanyKyc,
  getIdentityDocumentById,
  getIdentityDocumentFile,
  getPersonForAdmin,
  listCompanies,
  updatePersonDetails,
  updatePersonIdentity,
  uploadDocumentForPerson,
  verifyPersonManually,
} from "../../app/modules/kyc/admin.server";
import { LICENCE_NUMBER_INVALID, FULL_NAME_REQUIRED } from "../../app/modules/kyc/admin-schema";
import { DOCUMENT_FORMAT, IDENTITY_CHECKS_EXHAUSTED, IDENTITY_CHECKS_PER_DAY } from "../../app/modules/kyc/schema";
import { makeCompany, makeUser } from "../support/factories";

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const actorOf = (user: User): Actor => ({ userId: user.id, companyId: user.companyId ?? null, roles: user.roles });

async function refusal(run: () => Promise<unknown>): Promise<AppError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

/** A confirmed company with a verified Earlybird user and one owner still to verify. */
async function pendingWorld(ownerStatus: "NOT_VERIFIED" | "VERIFICATION_PENDING" = "NOT_VERIFIED") {
  const company = await makeCompany({ verificationStatus: "PARTIALLY_VERIFIED", acknowledgementTimestamp: new Date() });
  const user = await makeUser({ company });
  await user.update({ firstName: "Drew", lastName: "Kahu", verificationStatus: "VERIFIED", phoneNumber: "+64215550100" });
  const owner = await makeUser({ company, roles: ["ROLE_DIRECTOR", "ROLE_BENEFICIAL_OWNER"] });
  await owner.update({ firstName: "Ari", lastName: "Owner", verificationStatus: ownerStatus });
  const admin = await makeUser({ roles: ["ROLE_ADMIN"] });
  await admin.update({ firstName: "Ada", lastName: "Admin" });
  return { company, user, owner, admin: actorOf(admin), adminUser: admin };
}

describe("admin KYC access", () => {
  it("answers 404 to a company user for every function, even about their own company", async () => {
    const { company, user, owner } = await pendingWorld();
    const customer = actorOf(user);
    const calls = [
      () => listCompanies(customer, {}),
      () => getCompanyKyc(customer, company.id),
      () => getPersonForAdmin(customer, company.id, { userId: owner.id }),
      () => getIdentityDocumentFile(customer, company.id, owner.id),
      () => uploadDocumentForPerson(customer, company.id, owner.id, { fileName: "a.png", content: PNG }),
      () => verifyPersonManually(customer, company.id, owner.id),
      () => updatePersonDetails(customer, company.id, owner.id, { firstName: "X", lastName: "Y" }),
      () => updatePersonIdentity(customer, company.id, owner.id, {}),
    ];
    for (const call of calls) expect((await refusal(call)).status).toBe(404);
    expect((await owner.reload()).verificationStatus).toBe("NOT_VERIFIED");
  });

  it("does not reach a person through another company's id", async () => {
    const { owner, admin } = await pendingWorld();
    const other = await makeCompany();
    expect((await refusal(() => verifyPersonManually(admin, other.id, owner.id))).status).toBe(404);
    expect((await refusal(() => getPersonForAdmin(admin, other.id, { userId: owner.id }))).status).toBe(404);
    expect((await owner.reload()).verificationStatus).toBe("NOT_VERIFIED");
  });
});

describe("the KYC screen data", () => {
  it("splits the Earlybird user from the owners, with phone, document and a history of changes only", async () => {
    const { company, user, owner, admin } = await pendingWorld();
    const kyc = await getCompanyKyc(admin, company.id);
    expect(kyc.company).toMatchObject({ id: company.id, verificationStatus: "PARTIALLY_VERIFIED", businessConfirmed: true });
    expect(kyc.earlybirdUsers.map((person) => [person.id, person.role, person.phoneNumber])).toEqual([[user.id, "Earlybird user", "+64215550100"]]);
    expect(kyc.owners.map((person) => [person.id, person.role, person.phoneNumber, person.verificationDocName])).toEqual([
      [owner.id, "Director, Owner", null, null],
    ]);
    expect(kyc.owners[0].history.map((entry) => entry.label)).toEqual(["Created"]);
  });

  it("lists companies by verification status and name, 25 a page", async () => {
    const { company, admin } = await pendingWorld();
    const name = company.companyName;
    const found = await listCompanies(admin, { verificationStatus: "PARTIALLY_VERIFIED", companyName: name.slice(-8).toUpperCase() });
    expect(found.companies.map((row) => row.id)).toEqual([company.id]);
    expect(found.size).toBe(25);
    expect((await listCompanies(admin, { verificationStatus: "VERIFIED", companyName: name })).companies).toEqual([]);
    // LIKE wildcards in the search are taken literally: as a wildcard, "%" here would match this company.
    expect((await listCompanies(admin, { companyName: `${name.slice(0, 4)}%${name.slice(-4)}` })).totalElements).toBe(0);
  });
});

describe("upload on behalf", () => {
  it("sets the person pending with the admin as uploader, 'Document uploaded' in the history, and streams the bytes", async () => {
    const { company, owner, admin, adminUser } = await pendingWorld();
    const result = await uploadDocumentForPerson(admin, company.id, owner.id, { fileName: "ari-licence.png", content: PNG });
    expect(result.name).toBe("Ari Owner");
    await owner.reload();
    expect(owner.verificationStatus).toBe("VERIFICATION_PENDING");
    // Everyone verified or pending and the business confirmed: the company waits for review.
    expect((await Company.findByPk(company.id))!.verificationStatus).toBe("VERIFICATION_PENDING");

    const { owners } = await getCompanyKyc(admin, company.id);
    expect(owners[0]).toMatchObject({ verificationDocName: "ari-licence.png", documentId: result.documentId, lastModifiedBy: "Ada Admin (admin)" });
    expect(owners[0].history[0]).toMatchObject({
      label: "Document uploaded",
      documentId: result.documentId,
      modifiedByUserId: adminUser.id,
      documentName: "ari-licence.png",
    });

    const file = await getIdentityDocumentFile(admin, company.id, owner.id);
    expect(file.mimeType).toBe("image/png");
    expect(Buffer.compare(file.content, PNG)).toBe(0);
    const byId = await getIdentityDocumentById(admin, company.id, result.documentId);
    expect(byId.mimeType).toBe("image/png");
    const stranger = await makeCompany();
    expect((await refusal(() => getIdentityDocumentById(admin, stranger.id, result.documentId))).status).toBe(404);
    expect(await AuditLogEntry.count({ where: { action: "kyc.document_uploaded", entityId: String(owner.id), actorUserId: adminUser.id } })).toBe(1);
  });

  it("refuses a file that is not a JPG or PNG by its content, and writes nothing", async () => {
    const { company, owner, admin } = await pendingWorld();
    const error = await refusal(() =>
      uploadDocumentForPerson(admin, company.id, owner.id, { fileName: "licence.png", content: Buffer.from("%PDF-1.7 not an image") })
    );
    expect([error.status, error.message]).toEqual([400, DOCUMENT_FORMAT]);
    expect((await owner.reload()).verificationStatus).toBe("NOT_VERIFIED");
    expect(await VerificationHistoryEntry.count({ where: { userId: owner.id } })).toBe(0);
    expect((await refusal(() => getIdentityDocumentFile(admin, company.id, owner.id))).message).toBe("No document uploaded");
  });
});

describe("manual Verify", () => {
  it("records 'Manually verified' and makes the company VERIFIED once everyone is verified", async () => {
    const { company, owner, admin } = await pendingWorld("VERIFICATION_PENDING");
    await company.update({ verificationStatus: "VERIFICATION_PENDING" });
    const result = await verifyPersonManually(admin, company.id, owner.id, "Checked the licence by phone");
    expect(result).toEqual({ name: "Ari Owner", companyVerificationStatus: "VERIFIED" });
    expect((await owner.reload()).verificationStatus).toBe("VERIFIED");
    expect((await Company.findByPk(company.id))!.verificationStatus).toBe("VERIFIED");
    const { owners } = await getCompanyKyc(admin, company.id);
    expect(owners[0].history[0]).toMatchObject({ label: "Manually verified", details: { note: "Checked the licence by phone" } });

    // Already verified: refused, and no second history entry.
    expect((await refusal(() => verifyPersonManually(admin, company.id, owner.id))).status).toBe(409);
    expect(await VerificationHistoryEntry.count({ where: { userId: owner.id, status: "VERIFIED" } })).toBe(1);
  });

  it("leaves the company not yet verified while the business details are not confirmed", async () => {
    const { company, owner, admin } = await pendingWorld();
    await company.update({ acknowledgementTimestamp: null });
    expect((await verifyPersonManually(admin, company.id, owner.id)).companyVerificationStatus).toBe("PARTIALLY_VERIFIED");
  });

  it("records one change when two admins verify at once", async () => {
    const { company, owner, admin } = await pendingWorld();
    const results = await Promise.allSettled([verifyPersonManually(admin, company.id, owner.id), verifyPersonManually(admin, company.id, owner.id)]);
    expect(results.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    expect(await VerificationHistoryEntry.count({ where: { userId: owner.id } })).toBe(1);
  });
});

describe("edits", () => {
  it("saves names and the admin-only notes, refusing a missing last name", async () => {
    const { company, owner, admin } = await pendingWorld();
    expect((await refusal(() => updatePersonDetails(admin, company.id, owner.id, { firstName: "Ari", lastName: "" }))).message).toBe(FULL_NAME_REQUIRED);
    await updatePersonDetails(admin, company.id, owner.id, { firstName: "Ari", middleName: "Te", lastName: "Whetu", note: "Spoke to Ari" });
    await owner.reload();
    expect([owner.firstName, owner.middleName, owner.lastName, owner.note]).toEqual(["Ari", "Te", "Whetu", "Spoke to Ari"]);
    expect(await AuditLogEntry.count({ where: { action: "kyc.person_updated", entityId: String(owner.id) } })).toBe(1);
  });

  it("re-runs the identity check on an identity edit: a licence ending 000 fails, a good one verifies", async () => {
    const { company, owner, admin } = await pendingWorld();
    const identity = { dobDay: "3", dobMonth: "9", dobYear: "1980", verifyWith: "LICENCE", driversLicenceVersion: "123" };
    expect((await refusal(() => updatePersonIdentity(admin, company.id, owner.id, { ...identity, driversLicenceNumber: "AB12" }))).message).toBe(
      LICENCE_NUMBER_INVALID
    );
    expect(await VerificationHistoryEntry.count({ where: { userId: owner.id } })).toBe(0);

    const failed = await updatePersonIdentity(admin, company.id, owner.id, { ...identity, driversLicenceNumber: "AB123000" });
    expect(failed).toMatchObject({ name: "Ari Owner", status: "VERIFICATION_FAILED", reasons: ["Licence not found"] });
    await owner.reload();
    expect([owner.verificationStatus, owner.driversLicenceNumber, owner.dateOfBirth]).toEqual(["VERIFICATION_FAILED", "AB123000", "1980-09-03"]);

    const passed = await updatePersonIdentity(admin, company.id, owner.id, { ...identity, driversLicenceNumber: "AB123456" });
    expect(passed.status).toBe("VERIFIED");
    expect((await Company.findByPk(company.id))!.verificationStatus).toBe("VERIFIED");
    const { owners } = await getCompanyKyc(admin, company.id);
    // The check was started by the admin: the history says so.
    expect(owners[0].history.map((entry) => entry.label)).toEqual(["Manually verified", "Verification failed", "Created"]);
    expect(await AuditLogEntry.count({ where: { action: "kyc.identity_checked", entityId: String(owner.id) } })).toBe(2);
  });

  it("runs at most three identity checks per person a day, with a clear message (issue 13 part 13)", async () => {
    const { company, owner, admin } = await pendingWorld();
    const identity = { dobDay: "3", dobMonth: "9", dobYear: "1980", verifyWith: "LICENCE", driversLicenceVersion: "123", driversLicenceNumber: "AB123000" };
    for (let check = 0; check < IDENTITY_CHECKS_PER_DAY; check++) {
      expect((await updatePersonIdentity(admin, company.id, owner.id, identity)).status).toBe("VERIFICATION_FAILED");
    }
    const refused = await refusal(() => updatePersonIdentity(admin, company.id, owner.id, { ...identity, driversLicenceNumber: "AB123456" }));
    expect({ status: refused.status, message: refused.message }).toEqual({ status: 429, message: IDENTITY_CHECKS_EXHAUSTED });
    // Nothing is written: no check, no new details, no history entry.
    await owner.reload();
    expect([owner.verificationStatus, owner.driversLicenceNumber]).toEqual(["VERIFICATION_FAILED", "AB123000"]);
    expect(await VerificationHistoryEntry.count({ where: { userId: owner.id } })).toBe(IDENTITY_CHECKS_PER_DAY);
    // Another person of the company has checks of their own.
    const other = await makeUser({ company, roles: ["ROLE_DIRECTOR"] });
    await other.update({ firstName: "Bo", lastName: "Director" });
    expect((await updatePersonIdentity(admin, company.id, other.id, { ...identity, driversLicenceNumber: "AB123456" })).status).toBe("VERIFIED");
  });
});
