/**
 * The shared onboarding core of issue 6: one-use link tokens, forward-only onboarding states, person statuses with
 * their history, identity documents and the company status that follows its people.
 */
import { describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { Company, User, UserToken, VerificationHistoryEntry } from "../../db/models/index";
import { AppError } from "../../app/lib/errors";
import { issueUserToken, LINK_BROKEN, readUserToken, revokeUserTokens } from "../../app/modules/auth/tokens.server";
import { advanceOnboarding } from "../../app/modules/onboarding/service.server";
import { checkPersonIdentity, recomputeCompanyVerification, setPersonStatus, storeIdentityDocument } from "../../app/modules/kyc/status.server";
import { DOCUMENT_FORMAT, DOCUMENT_MISSING, DOCUMENT_TOO_LARGE } from "../../app/modules/kyc/schema";
import { makeCompany, makeUser } from "../support/factories";

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

async function refusal(run: () => Promise<unknown>): Promise<AppError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("link tokens", () => {
  it("store only a hash, work once when consumed, and refuse expired, revoked and wrong-purpose tokens", async () => {
    const user = await makeUser();
    const token = await sequelize.transaction((t) => issueUserToken(t, user.id, "ACTIVATION", 60_000));
    expect(await UserToken.count({ where: { tokenHash: token } })).toBe(0);

    const peeked = await sequelize.transaction((t) => readUserToken(t, token, "ACTIVATION"));
    expect(peeked.id).toBe(user.id);
    expect((await refusal(() => sequelize.transaction((t) => readUserToken(t, token, "PASSWORD_RESET")))).message).toBe(LINK_BROKEN);

    const results = await Promise.allSettled([1, 2, 3].map(() => sequelize.transaction((t) => readUserToken(t, token, "ACTIVATION", { consume: true }))));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const again = await refusal(() => sequelize.transaction((t) => readUserToken(t, token, "ACTIVATION")));
    expect([again.status, again.message]).toEqual([401, LINK_BROKEN]);

    const expired = await sequelize.transaction((t) => issueUserToken(t, user.id, "PASSWORD_RESET", 60_000));
    const later = new Date(Date.now() + 61_000);
    expect((await refusal(() => sequelize.transaction((t) => readUserToken(t, expired, "PASSWORD_RESET", { now: later })))).status).toBe(401);

    const revoked = await sequelize.transaction((t) => issueUserToken(t, user.id, "PASSWORD_RESET", 60_000));
    expect(await sequelize.transaction((t) => revokeUserTokens(t, user.id, "PASSWORD_RESET"))).toBe(2);
    expect((await refusal(() => sequelize.transaction((t) => readUserToken(t, revoked, "PASSWORD_RESET")))).status).toBe(401);
    expect((await refusal(() => sequelize.transaction((t) => readUserToken(t, "", "PASSWORD_RESET")))).status).toBe(401);
  });
});

describe("onboarding state", () => {
  it("moves forward only", async () => {
    const user = await makeUser();
    await user.update({ onboardingState: "SIGNED_UP" });
    expect(await sequelize.transaction((t) => advanceOnboarding(t, user.id, "PASSWORD_UPDATED"))).toBe("PASSWORD_UPDATED");
    expect(await sequelize.transaction((t) => advanceOnboarding(t, user.id, "EMAIL_VERIFIED"))).toBe("PASSWORD_UPDATED");
    await user.reload();
    expect(user.onboardingState).toBe("PASSWORD_UPDATED");
  });
});

describe("person and company verification", () => {
  it("follows the people through pending to verified, with a history entry per change", async () => {
    const company = await makeCompany({ verificationStatus: "NOT_VERIFIED" });
    const primary = await makeUser({ company });
    const owner = await makeUser({ company, roles: ["ROLE_BENEFICIAL_OWNER"] });
    const admin = await makeUser({ roles: ["ROLE_ADMIN"] });

    expect(await sequelize.transaction((t) => setPersonStatus(t, { userId: primary.id, status: "VERIFIED", modifiedByUserId: null }))).toBe(
      "PARTIALLY_VERIFIED"
    );
    await sequelize.transaction((t) => setPersonStatus(t, { userId: owner.id, status: "VERIFICATION_FAILED", modifiedByUserId: primary.id }));
    const document = await sequelize.transaction((t) =>
      storeIdentityDocument(t, { userId: owner.id, fileName: "licence.png", content: PNG, uploadedByUserId: primary.id })
    );
    expect(document.mimeType).toBe("image/png");
    // Business details not confirmed yet: pending people do not make the company pending.
    expect((await Company.findByPk(company.id))!.verificationStatus).toBe("PARTIALLY_VERIFIED");

    await company.update({ acknowledgementTimestamp: new Date(), acknowledgementText: "I warrant" });
    expect(await sequelize.transaction((t) => recomputeCompanyVerification(t, company.id))).toBe("VERIFICATION_PENDING");
    expect(await sequelize.transaction((t) => setPersonStatus(t, { userId: owner.id, status: "VERIFIED", modifiedByUserId: admin.id }))).toBe("VERIFIED");

    const history = await VerificationHistoryEntry.findAll({ where: { userId: owner.id }, order: [["id", "ASC"]] });
    expect(history.map((entry) => entry.status)).toEqual(["VERIFICATION_FAILED", "VERIFICATION_PENDING", "VERIFIED"]);
    expect(history[1].identityDocumentId).toBe(document.id);
    expect((await User.findByPk(owner.id))!.verificationStatus).toBe("VERIFIED");
  });

  it("refuses documents that are missing, too large or not JPG/PNG by content, writing nothing", async () => {
    const user = await makeUser();
    const upload = (content: Buffer | null, fileName = "id.png") =>
      refusal(() => sequelize.transaction((t) => storeIdentityDocument(t, { userId: user.id, fileName, content, uploadedByUserId: user.id })));
    expect((await upload(null)).message).toBe(DOCUMENT_MISSING);
    expect((await upload(Buffer.from("%PDF-1.7 pretending"), "id.png")).message).toBe(DOCUMENT_FORMAT);
    const big = Buffer.concat([PNG, Buffer.alloc(10_000_001 - PNG.length)]);
    const tooLarge = await upload(big);
    expect([tooLarge.message, tooLarge.field]).toEqual([DOCUMENT_TOO_LARGE, "document"]);
    expect(await VerificationHistoryEntry.count({ where: { userId: user.id } })).toBe(0);
    expect((await User.findByPk(user.id))!.verificationStatus).toBe("NOT_VERIFIED");
  });

  it("stores the identity, runs the sandbox check and records its result with the details checked", async () => {
    const company = await makeCompany({ verificationStatus: "NOT_VERIFIED", country: "NZ" });
    const person = await makeUser({ company });
    const identity = {
      firstName: "Jamie",
      middleName: null,
      lastName: "Mudflat",
      dateOfBirth: "1980-04-12",
      verifyWith: "LICENCE" as const,
      driversLicenceNumber: "AB123000",
      driversLicenceVersion: "123",
      passportNumber: null,
      address: null,
    };
    const failed = await sequelize.transaction((t) => checkPersonIdentity(t, { userId: person.id, identity, modifiedByUserId: person.id }));
    expect([failed.status, failed.reasons]).toEqual(["VERIFICATION_FAILED", ["Licence not found"]]);
    const passed = await sequelize.transaction((t) =>
      checkPersonIdentity(t, { userId: person.id, identity: { ...identity, driversLicenceNumber: "AB123456" }, modifiedByUserId: person.id })
    );
    expect(passed.status).toBe("VERIFIED");
    await person.reload();
    expect([person.verificationStatus, person.driversLicenceNumber, person.dateOfBirth, person.lastName]).toEqual([
      "VERIFIED",
      "AB123456",
      "1980-04-12",
      "Mudflat",
    ]);
    const history = await VerificationHistoryEntry.findAll({ where: { userId: person.id }, order: [["id", "ASC"]] });
    expect(history.map((entry) => [entry.status, entry.details.driversLicenceNumber])).toEqual([
      ["VERIFICATION_FAILED", "AB123000"],
      ["VERIFIED", "AB123456"],
    ]);
    expect((await Company.findByPk(company.id))!.verificationStatus).toBe("PARTIALLY_VERIFIED");
  });
});
