/**
 * /verify's service (issue 6 part 5): owners created once from the register, the identity form, the document upload
 * after a failed check, business details with the acknowledgement, the company status that follows, and scoping.
 */
import { describe, expect, it } from "vitest";
import { Op } from "sequelize";
import { Company, IdentityDocument, User, VerificationHistoryEntry } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import { AppError } from "../../app/lib/errors";
import {
  confirmBusinessDetails,
  ownerUsername,
  peopleToVerify,
  personForVerification,
  readDocumentStream,
  submitIdentity,
  uploadIdentityDocument,
} from "../../app/modules/kyc/service.server";
import {
  ADDRESS_PICK,
  BUSINESS_ACKNOWLEDGEMENT,
  COMPANY_PICK,
  DOCUMENT_FORMAT,
  DOCUMENT_TOO_LARGE,
  IDENTITY_CHECKS_EXHAUSTED,
  IDENTITY_CHECKS_PER_DAY,
  IDENTITY_DOCUMENT_MAX_BYTES,
  LICENCE_INVALID,
  NAME_REQUIRED,
} from "../../app/modules/kyc/schema";
import { makeCompany, makeUser } from "../support/factories";
import { identity } from "../support/kyc-identity";

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

async function mudflat(options: { firstName?: string; lastName?: string } = {}) {
  const company = await makeCompany({
    companyName: "Mudflat Logistics Limited",
    registrationNumber: "8812345",
    status: "PENDING",
    verificationStatus: "NOT_VERIFIED",
  });
  const user = await makeUser({ company });
  await user.update({ firstName: options.firstName ?? "Jamie", lastName: options.lastName ?? "Mudflat", onboardingState: "PHONE_NUMBER_VERIFIED" });
  const actor: Actor = { userId: user.id, companyId: company.id, roles: user.roles };
  return { company, user, actor };
}

async function refusal(run: () => Promise<unknown>): Promise<AppError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("the people to verify", () => {
  it("are created once from the register, even when the list loads twice at once; the primary user is matched by name", async () => {
    const { company, user, actor } = await mudflat();
    const loads = await Promise.all([peopleToVerify(actor), peopleToVerify(actor), peopleToVerify(actor)]);
    for (const people of loads) expect(people.map((person) => person.fullName)).toEqual(["Jamie Mudflat", "Harriet Anne Kingi"]);
    const users = await User.findAll({ where: { companyId: company.id }, order: [["id", "ASC"]] });
    expect(users).toHaveLength(2);
    const [primary, harriet] = users;
    expect(primary.id).toBe(user.id);
    expect(primary.roles).toEqual(["ROLE_USER", "ROLE_DIRECTOR", "ROLE_BENEFICIAL_OWNER"]);
    expect(primary.ownershipPercent).toBe("60.00");
    // Harriet: an owner (30 %), not a director; no password, a username that cannot receive mail; no date of birth copied.
    expect(harriet.roles).toEqual(["ROLE_BENEFICIAL_OWNER"]);
    expect([harriet.firstName, harriet.middleName, harriet.lastName, harriet.ownershipPercent]).toEqual(["Harriet", "Anne", "Kingi", "30.00"]);
    expect(harriet.passwordHash).toBeNull();
    expect(harriet.dateOfBirth).toBeNull();
    expect(harriet.username).toBe(ownerUsername(company.id, 2));
    expect(loads[0].map((person) => person.designation)).toEqual(["Director, Owner", "Owner"]);
    // Tom Small (10 %, not a director) is no one to verify.
    expect(await User.count({ where: { companyId: company.id, lastName: "Small" } })).toBe(0);
  });

  it("creates every owner as their own user when the primary user is not on the register", async () => {
    const { company, actor } = await mudflat({ firstName: "Pat", lastName: "Clerk" });
    const people = await peopleToVerify(actor);
    expect(people.map((person) => [person.fullName, person.designation, person.isSelf])).toEqual([
      ["Pat Clerk", "", true],
      ["Jamie Mudflat", "Director, Owner", false],
      ["Harriet Anne Kingi", "Owner", false],
    ]);
    expect(await User.count({ where: { companyId: company.id, username: { [Op.like]: `owner-${company.id}-%` } } })).toBe(2);
    // Later loads find them made.
    await peopleToVerify(actor);
    expect(await User.count({ where: { companyId: company.id } })).toBe(3);
  });

  it("are only the primary user for a company the register does not know", async () => {
    const company = await makeCompany({ registrationNumber: null });
    const user = await makeUser({ company });
    const people = await peopleToVerify({ userId: user.id, companyId: company.id, roles: user.roles });
    expect(people.map((person) => person.id)).toEqual([user.id]);
  });
});

describe("the identity form", () => {
  it("refuses bad input with the spec's messages and writes nothing", async () => {
    const { user, actor } = await mudflat();
    const result = await submitIdentity(actor, { userId: user.id, form: identity({ fullName: "Jamie", driversLicenceNumber: "AB12345" }) });
    expect(result).toEqual({ ok: false, fieldErrors: { fullName: NAME_REQUIRED, driversLicenceNumber: LICENCE_INVALID } });
    await user.reload();
    expect([user.verificationStatus, user.driversLicenceNumber]).toEqual(["NOT_VERIFIED", null]);
  });

  it("verifies the primary user, who moves to OWNER_VERIFIED, and the company to PARTIALLY_VERIFIED", async () => {
    const { company, user, actor } = await mudflat();
    const result = await submitIdentity(actor, { userId: user.id, form: identity({ fullName: "Jamie  Robert Mudflat" }) });
    expect(result).toEqual({ ok: true, status: "VERIFIED" });
    await user.reload();
    expect([user.onboardingState, user.verificationStatus, user.middleName, user.dateOfBirth, user.driversLicenceNumber]).toEqual([
      "OWNER_VERIFIED",
      "VERIFIED",
      "Robert",
      "1980-04-12",
      "AB123456",
    ]);
    await company.reload();
    expect(company.verificationStatus).toBe("PARTIALLY_VERIFIED");
    const again = await refusal(() => submitIdentity(actor, { userId: user.id, form: identity() }));
    expect(again.status).toBe(409);
  });

  it("sends a failed primary user to the document upload; the upload makes them pending and OWNER_VERIFIED", async () => {
    const { user, actor } = await mudflat();
    expect(await submitIdentity(actor, { userId: user.id, form: identity({ driversLicenceNumber: "AB123000" }) })).toEqual({
      ok: true,
      status: "VERIFICATION_FAILED",
    });
    await user.reload();
    expect([user.onboardingState, user.verificationStatus]).toEqual(["PHONE_NUMBER_VERIFIED", "VERIFICATION_FAILED"]);

    const wrong = await refusal(() =>
      uploadIdentityDocument(actor, { userId: user.id, file: { fileName: "licence.png", content: Buffer.from("not an image") } })
    );
    expect([wrong.status, wrong.message, wrong.field]).toEqual([400, DOCUMENT_FORMAT, "document"]);
    expect(await IdentityDocument.count({ where: { userId: user.id } })).toBe(0);

    // Two uploads at once: one is stored, the other finds the person pending.
    const both = await Promise.allSettled(
      [1, 2].map(() => uploadIdentityDocument(actor, { userId: user.id, file: { fileName: "licence.png", content: PNG } }))
    );
    expect(both.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    await user.reload();
    expect([user.onboardingState, user.verificationStatus]).toEqual(["OWNER_VERIFIED", "VERIFICATION_PENDING"]);
    expect(await IdentityDocument.count({ where: { userId: user.id } })).toBe(1);
    const second = await refusal(() => uploadIdentityDocument(actor, { userId: user.id, file: { fileName: "licence.png", content: PNG } }));
    expect(second.status).toBe(409);
  });

  it("checks an owner with their register name, which the user cannot change", async () => {
    const { company, actor } = await mudflat();
    const [, harriet] = await peopleToVerify(actor);
    const result = await submitIdentity(actor, { userId: harriet.id, form: identity({ fullName: "Someone Else", driversLicenceNumber: "HK654321" }) });
    expect(result).toEqual({ ok: true, status: "VERIFIED" });
    const owner = await User.findByPk(harriet.id);
    expect([owner!.fullName, owner!.driversLicenceNumber, owner!.onboardingState]).toEqual(["Harriet Anne Kingi", "HK654321", "SIGNED_UP"]);
    const history = await VerificationHistoryEntry.findAll({ where: { userId: harriet.id } });
    expect(history.map((entry) => [entry.status, entry.modifiedByUserId])).toEqual([["VERIFIED", actor.userId]]);
    await company.reload();
    expect(company.verificationStatus).toBe("PARTIALLY_VERIFIED");
  });
});

describe("business details and the company status", () => {
  it("store the acknowledgement with its time, and the company follows NOT_VERIFIED → PARTIALLY_VERIFIED → VERIFICATION_PENDING", async () => {
    const { company, user, actor } = await mudflat();
    expect((await refusal(() => confirmBusinessDetails(actor, { form: { registrationNumber: "8812345" } }))).status).toBe(409);

    await submitIdentity(actor, { userId: user.id, form: identity() });
    await company.reload();
    expect(company.verificationStatus).toBe("PARTIALLY_VERIFIED");

    expect(await confirmBusinessDetails(actor, { form: { registrationNumber: "" } })).toEqual({ ok: false, fieldErrors: { company: COMPANY_PICK } });
    expect(await confirmBusinessDetails(actor, { form: { registrationNumber: "1234" } })).toEqual({ ok: false, fieldErrors: { company: COMPANY_PICK } });
    await company.reload();
    expect(company.acknowledgementTimestamp).toBeNull();

    const now = new Date("2026-11-23T02:00:00Z");
    const confirmed = await confirmBusinessDetails(actor, { form: { registrationNumber: "9429048812344", website: "mudflatlogistics.co.nz" }, now });
    expect(confirmed).toEqual({ ok: true, status: "PARTIALLY_VERIFIED", otherPeople: 1 });
    await company.reload();
    expect([company.companyName, company.registrationNumber, company.nzbn, company.website, company.acknowledgementText]).toEqual([
      "Mudflat Logistics Limited",
      "8812345",
      "9429048812344",
      "mudflatlogistics.co.nz",
      BUSINESS_ACKNOWLEDGEMENT,
    ]);
    expect(company.acknowledgementTimestamp?.toISOString()).toBe(now.toISOString());
    await user.reload();
    expect(user.onboardingState).toBe("BUSINESS_DETAILS_CONFIRMED");

    // Harriet fails, then her document is uploaded: everyone verified or pending, business confirmed.
    const [, harriet] = await peopleToVerify(actor);
    await submitIdentity(actor, { userId: harriet.id, form: identity({ driversLicenceNumber: "HK123000" }) });
    await company.reload();
    expect(company.verificationStatus).toBe("PARTIALLY_VERIFIED");
    await uploadIdentityDocument(actor, { userId: harriet.id, file: { fileName: "harriet.png", content: PNG } });
    await company.reload();
    expect(company.verificationStatus).toBe("VERIFICATION_PENDING");
  });

  it("asks an AU company for an address picked from the suggestions", async () => {
    const company = await makeCompany({ companyName: "Wombat Cycles Pty Ltd", country: "AU", registrationNumber: "612345678" });
    const user = await makeUser({ company });
    await user.update({ firstName: "Bruce", lastName: "Wombat", onboardingState: "OWNER_VERIFIED" });
    const actor: Actor = { userId: user.id, companyId: company.id, roles: user.roles };
    expect(await confirmBusinessDetails(actor, { form: { registrationNumber: "612345678" } })).toEqual({ ok: false, fieldErrors: { address: ADDRESS_PICK } });
    expect(await confirmBusinessDetails(actor, { form: { registrationNumber: "612345678", addressId: "made-up" } })).toEqual({
      ok: false,
      fieldErrors: { address: ADDRESS_PICK },
    });
    const result = await confirmBusinessDetails(actor, { form: { registrationNumber: "612345678", addressId: "au-0001" } });
    expect(result.ok).toBe(true);
    await company.reload();
    expect(company.address).toMatchObject({ line1: "1 George Street", region: "NSW", countryCode: "AU" });
    const people = await peopleToVerify(actor);
    expect(people.map((person) => [person.fullName, person.designation])).toEqual([
      ["Bruce Wombat", "Director"],
      ["Sheila Banks", "Owner"],
      ["Kylie Minor", "Owner"],
    ]);
  });
});

describe("scoping", () => {
  it("gives another company's user a 404 for every person action", async () => {
    const { actor } = await mudflat();
    const [, harriet] = await peopleToVerify(actor);
    const other = await makeUser();
    const stranger: Actor = { userId: other.id, companyId: other.companyId, roles: other.roles };
    for (const run of [
      () => personForVerification(stranger, harriet.id),
      () => submitIdentity(stranger, { userId: harriet.id, form: identity() }),
      () => uploadIdentityDocument(stranger, { userId: harriet.id, file: { fileName: "x.png", content: PNG } }),
    ]) {
      expect((await refusal(run)).status).toBe(404);
    }
    const owner = await User.findByPk(harriet.id);
    expect(owner!.verificationStatus).toBe("NOT_VERIFIED");
    expect((await Company.findByPk(other.companyId!))!.verificationStatus).not.toBe("VERIFIED");
  });
});

describe("the uploaded file stream", () => {
  it("keeps at most one byte more than 10,000,000, so a larger file is refused without being held", async () => {
    async function* chunks(total: number, size = 1_000_000) {
      for (let sent = 0; sent < total; sent += size) yield new Uint8Array(Math.min(size, total - sent));
    }
    const large = await readDocumentStream("big.png", chunks(25_000_000));
    expect(large.content?.length).toBe(IDENTITY_DOCUMENT_MAX_BYTES + 1);
    const exact = await readDocumentStream("ok.png", chunks(IDENTITY_DOCUMENT_MAX_BYTES));
    expect(exact.content?.length).toBe(IDENTITY_DOCUMENT_MAX_BYTES);
    expect((await readDocumentStream("empty.png", chunks(0))).content).toBeNull();

    const { user, actor } = await mudflat();
    await submitIdentity(actor, { userId: user.id, form: identity({ driversLicenceNumber: "AB123000" }) });
    const content = Buffer.concat([PNG, large.content!]).subarray(0, IDENTITY_DOCUMENT_MAX_BYTES + 1);
    const refused = await refusal(() => uploadIdentityDocument(actor, { userId: user.id, file: { fileName: "big.png", content } }));
    expect([refused.status, refused.message]).toEqual([400, DOCUMENT_TOO_LARGE]);
    await user.reload();
    expect(user.verificationStatus).toBe("VERIFICATION_FAILED");
  });
});

describe("identity checks per person and day (issue 13 part 13)", () => {
  it("twenty checks at once for one person: exactly three run, the others are told to wait or upload", async () => {
    const { user, actor } = await mudflat();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => submitIdentity(actor, { userId: user.id, form: identity({ driversLicenceNumber: "AB123000" }) }))
    );
    const ran = results.filter((result) => result.status === "fulfilled");
    const refused = results.map((result) => (result.status === "rejected" ? (result.reason as AppError) : null)).filter(Boolean) as AppError[];
    expect(ran).toHaveLength(IDENTITY_CHECKS_PER_DAY);
    expect(refused).toHaveLength(20 - IDENTITY_CHECKS_PER_DAY);
    expect(new Set(refused.map((error) => `${error.status} ${error.message}`))).toEqual(new Set([`429 ${IDENTITY_CHECKS_EXHAUSTED}`]));
    expect(await VerificationHistoryEntry.count({ where: { userId: user.id } })).toBe(IDENTITY_CHECKS_PER_DAY);
  });

  it("counts the company's calendar day: the next day checks again", async () => {
    const { user, actor } = await mudflat();
    for (let check = 0; check < IDENTITY_CHECKS_PER_DAY; check++) {
      await submitIdentity(actor, { userId: user.id, form: identity({ driversLicenceNumber: "AB123000" }) });
    }
    expect((await refusal(() => submitIdentity(actor, { userId: user.id, form: identity() }))).status).toBe(429);
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect(await submitIdentity(actor, { userId: user.id, form: identity(), today: tomorrow })).toMatchObject({ ok: true, status: "VERIFIED" });
  });
});
