/**
 * Issue 20 part 2 (decision 064): the KYC result e-mail /verify promises, sent through real SMTP to the built-in
 * mailbox when a verification ends (the identity service's check, an admin's manual Verify or Fail), and the owners'
 * verification links: a token per person, e-mailed, expiring, single-purpose, revoked by a newer one, good without an
 * account for that person's identity step only.
 */
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { AuditLogEntry, MailboxMessage, OutboxMessage, User, UserToken, VerificationHistoryEntry } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import { AppError } from "../../app/lib/errors";
import { failPersonManually, uploadDocumentForPerson, verifyPersonManually } from "../../app/modules/kyc/admin.server";
import { OWNER_EMAIL_INVALID, OWNER_EMAIL_REQUIRED, OWNER_LINK_BROKEN } from "../../app/modules/kyc/owner-link-rules";
import {
  ownerLinkPerson,
  revokeOwnerLink,
  sendOwnerVerificationLink,
  submitIdentityByLink,
  uploadDocumentByLink,
} from "../../app/modules/kyc/owner-links.server";
import { peopleToVerify, submitIdentity } from "../../app/modules/kyc/service.server";
import { setPersonStatus } from "../../app/modules/kyc/status.server";
import { makeCompany, makeUser } from "../support/factories";
import { mailTo, withBuiltInMailbox } from "../support/mailbox";
import { identity } from "../support/kyc-identity";

const unique = () => crypto.randomBytes(4).toString("hex");

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

withBuiltInMailbox("kyc-mail");

async function refusal(run: () => Promise<unknown>): Promise<AppError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

/** Mudflat Logistics (the register's NZ company with owners Harriet Anne Kingi and others), its primary user. */
async function mudflat() {
  const company = await makeCompany({ companyName: "Mudflat Logistics Limited", registrationNumber: "8812345", status: "PENDING", verificationStatus: "NOT_VERIFIED" });
  const email = `jamie-${unique()}@mudflat.test`;
  const user = await makeUser({ company, email, firstName: "Jamie", lastName: "Mudflat" });
  await user.update({ onboardingState: "PHONE_NUMBER_VERIFIED" });
  const actor: Actor = { userId: user.id, companyId: company.id, roles: user.roles };
  const people = await peopleToVerify(actor);
  const harriet = people.find((person) => person.fullName.startsWith("Harriet"))!;
  return { company, user, email, actor, harriet };
}

const tokenIn = (text: string | null) => {
  const match = /\/verify\?token=([A-Za-z0-9_-]+)/.exec(text ?? "");
  expect(match, "a /verify?token= link in the e-mail").not.toBeNull();
  return decodeURIComponent(match![1]);
};

describe("the KYC result e-mail", () => {
  it("tells the primary user when their own check fails (what to do next), then when it passes", async () => {
    const { user, email, actor } = await mudflat();
    expect(await submitIdentity(actor, { userId: user.id, form: identity({ driversLicenceNumber: "AB123000" }) })).toEqual({ ok: true, status: "VERIFICATION_FAILED" });
    const [failed] = await mailTo(email, 1);
    expect(failed.subject).toBe("Verification failed for Jamie Mudflat");
    expect(failed.textBody).toContain("We could not verify your identity for Mudflat Logistics Limited");
    expect(failed.textBody).toContain("What to do next: upload a clear photo of your driver licence or passport");
    expect(failed.textBody).toMatch(/Upload it here: http:\/\/\S+\/verify\?step=user_details&upload_document=true/);

    // The document uploaded (pending: no result yet, no e-mail), then an admin verifies: the result is e-mailed.
    await uploadDocumentForPerson((await adminActor()), user.companyId!, user.id, { fileName: "licence.png", content: PNG });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await MailboxMessage.count({ where: { toAddress: email } })).toBe(1);
    await verifyPersonManually(await adminActor(), user.companyId!, user.id, "Checked the licence photo");
    const [, verified] = await mailTo(email, 2);
    expect(verified.subject).toBe("Verification successful for Jamie Mudflat");
    expect(verified.textBody).toContain("Your identity has been verified for Mudflat Logistics Limited on Earlybird.");
  });

  it("an admin's manual Fail of a pending document sends the failure with what to do next; only a pending person can be failed", async () => {
    const { user, email, actor } = await mudflat();
    const admin = await adminActor();
    expect((await refusal(() => failPersonManually(admin, user.companyId!, user.id))).status).toBe(409);
    await submitIdentity(actor, { userId: user.id, form: identity({ driversLicenceNumber: "AB123000" }) });
    await mailTo(email, 1);
    await uploadDocumentForPerson(admin, user.companyId!, user.id, { fileName: "licence.png", content: PNG });
    const result = await failPersonManually(admin, user.companyId!, user.id, "Photo unreadable");
    expect(result.name).toBe("Jamie Mudflat");
    expect((await user.reload()).verificationStatus).toBe("VERIFICATION_FAILED");
    const history = await VerificationHistoryEntry.findAll({ where: { userId: user.id }, order: [["id", "ASC"]] });
    expect(history.map((entry) => entry.status)).toEqual(["VERIFICATION_FAILED", "VERIFICATION_PENDING", "VERIFICATION_FAILED"]);
    const [, second] = await mailTo(email, 2);
    expect(second.subject).toBe("Verification failed for Jamie Mudflat");
    expect(second.textBody).toContain("What to do next");
    // A company user cannot fail anyone (admins only: 404).
    expect((await refusal(() => failPersonManually(actor, user.companyId!, user.id))).status).toBe(404);
  });

  it("a change that rolls back sends nothing", async () => {
    const { user, email } = await mudflat();
    await expect(
      sequelize.transaction(async (t) => {
        await setPersonStatus(t, { userId: user.id, status: "VERIFIED", modifiedByUserId: null });
        throw new Error("rolled back");
      })
    ).rejects.toThrow("rolled back");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await MailboxMessage.count({ where: { toAddress: email } })).toBe(0);
    expect(await OutboxMessage.count({ where: { toAddress: email } })).toBe(0);
    expect((await user.reload()).verificationStatus).toBe("NOT_VERIFIED");
    // The same change committed is e-mailed.
    await sequelize.transaction((t) => setPersonStatus(t, { userId: user.id, status: "VERIFIED", modifiedByUserId: null }));
    expect((await mailTo(email, 1))[0].subject).toBe("Verification successful for Jamie Mudflat");
  });
});

let admin: Promise<Actor> | undefined;
function adminActor(): Promise<Actor> {
  admin ??= makeUser({ roles: ["ROLE_ADMIN"] }).then((user) => ({ userId: user.id, companyId: null, roles: user.roles }));
  return admin;
}

describe("owners' verification links", () => {
  it("the primary user e-mails an owner a link; the owner verifies with it, without an account, and both are told the result", async () => {
    const { email: primaryEmail, actor, harriet, company } = await mudflat();
    const ownerEmail = `harriet-${unique()}@owners.test`;

    // Bad addresses: the spec's field messages, nothing written.
    expect((await refusal(() => sendOwnerVerificationLink(actor, { userId: harriet.id, email: "" }))).details).toMatchObject({
      fieldErrors: { email: OWNER_EMAIL_REQUIRED },
    });
    expect((await refusal(() => sendOwnerVerificationLink(actor, { userId: harriet.id, email: "not-an-email" }))).details).toMatchObject({
      fieldErrors: { email: OWNER_EMAIL_INVALID },
    });
    expect(await UserToken.count({ where: { userId: harriet.id } })).toBe(0);

    const sent = await sendOwnerVerificationLink(actor, { userId: harriet.id, email: ownerEmail.toUpperCase() });
    expect(sent).toEqual({ name: "Harriet Kingi", email: ownerEmail, delivered: true, error: null });
    const [invite] = await mailTo(ownerEmail, 1);
    expect(invite.subject).toBe("Verify your identity for Mudflat Logistics Limited");
    const token = tokenIn(invite.textBody);
    // Only the hash is stored.
    const row = await UserToken.findOne({ where: { userId: harriet.id, purpose: "OWNER_VERIFICATION" } });
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.email).toBe(ownerEmail);
    expect(await AuditLogEntry.count({ where: { action: "kyc.verification_link_sent", entityId: String(harriet.id) } })).toBe(1);

    const holder = await ownerLinkPerson(token);
    expect([holder.id, holder.fullName, holder.companyName, holder.verificationStatus]).toEqual([harriet.id, "Harriet Anne Kingi", company.companyName, "NOT_VERIFIED"]);

    // The name is the register's, whatever the form says; a failed check e-mails the owner and the primary user.
    const failed = await submitIdentityByLink(token, { form: identity({ fullName: "Someone Else", driversLicenceNumber: "HK654000" }) });
    expect(failed).toEqual({ ok: true, status: "VERIFICATION_FAILED" });
    const owner = await User.findByPk(harriet.id);
    expect([owner!.fullName, owner!.driversLicenceNumber]).toEqual(["Harriet Anne Kingi", "HK654000"]);
    const [, ownerFailed] = await mailTo(ownerEmail, 2);
    expect(ownerFailed.subject).toBe("Verification failed for Harriet Kingi");
    expect(ownerFailed.textBody).toContain("Open the link in your invitation e-mail again to upload it");
    const [primaryFailed] = await mailTo(primaryEmail, 1);
    expect(primaryFailed.subject).toBe("Verification failed for Harriet Kingi");
    expect(primaryFailed.textBody).toMatch(/Upload it here: http:\/\/\S+\/verify\?step=beneficial_owners&upload=true&userId=\d+/);

    // The upload through the link makes the owner pending; an admin then verifies: both are told.
    await uploadDocumentByLink(token, { fileName: "licence.png", content: PNG });
    expect((await owner!.reload()).verificationStatus).toBe("VERIFICATION_PENDING");
    const history = await VerificationHistoryEntry.findAll({ where: { userId: harriet.id }, order: [["id", "ASC"]] });
    expect(history.map((entry) => [entry.status, entry.modifiedByUserId])).toEqual([
      ["VERIFICATION_FAILED", harriet.id],
      ["VERIFICATION_PENDING", harriet.id],
    ]);
    await verifyPersonManually(await adminActor(), company.id, harriet.id);
    const [, , ownerVerified] = await mailTo(ownerEmail, 3);
    expect(ownerVerified.subject).toBe("Verification successful for Harriet Kingi");
    const [, primaryVerified] = await mailTo(primaryEmail, 2);
    expect(primaryVerified.textBody).toContain("The identity of Harriet Kingi has been verified for Mudflat Logistics Limited");

    // Verified: no new link, and the old one cannot check again.
    expect((await refusal(() => sendOwnerVerificationLink(actor, { userId: harriet.id, email: ownerEmail }))).status).toBe(409);
    expect((await refusal(() => submitIdentityByLink(token, { form: identity() }))).status).toBe(409);
  });

  it("a link expires after 7 days, a newer link revokes it, and the close icon revokes it", async () => {
    const { actor, harriet } = await mudflat();
    const to = `harriet-${unique()}@owners.test`;
    const past = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    await sendOwnerVerificationLink(actor, { userId: harriet.id, email: to }, { now: past });
    const old = tokenIn((await mailTo(to, 1))[0].textBody);
    const expired = await refusal(() => ownerLinkPerson(old));
    expect([expired.status, expired.message]).toEqual([401, OWNER_LINK_BROKEN]);

    await sendOwnerVerificationLink(actor, { userId: harriet.id, email: to });
    const first = tokenIn((await mailTo(to, 2))[1].textBody);
    expect((await ownerLinkPerson(first)).id).toBe(harriet.id);
    await sendOwnerVerificationLink(actor, { userId: harriet.id, email: to });
    const second = tokenIn((await mailTo(to, 3))[2].textBody);
    expect((await refusal(() => ownerLinkPerson(first))).status).toBe(401);
    expect((await ownerLinkPerson(second)).id).toBe(harriet.id);

    await revokeOwnerLink(second);
    expect((await refusal(() => ownerLinkPerson(second))).status).toBe(401);
    expect((await refusal(() => submitIdentityByLink(second, { form: identity() }))).status).toBe(401);
    expect((await refusal(() => uploadDocumentByLink(second, { fileName: "a.png", content: PNG }))).status).toBe(401);
    for (const bad of ["", "nonsense", null, "x".repeat(500)]) expect((await refusal(() => ownerLinkPerson(bad))).status).toBe(401);
  });

  it("only the primary user of the person's company, or an admin, can send a link, and only for an owner or director", async () => {
    const { user, actor, harriet, company } = await mudflat();
    const other = await mudflat();
    const to = `x-${unique()}@owners.test`;
    // Another company's primary user: not found.
    expect((await refusal(() => sendOwnerVerificationLink(other.actor, { userId: harriet.id, email: to }))).status).toBe(404);
    // The primary user themselves: not a person a link is for.
    expect((await refusal(() => sendOwnerVerificationLink(actor, { userId: user.id, email: to }))).status).toBe(404);
    // A director of the company (not its primary user) cannot send links.
    const directorActor: Actor = { userId: harriet.id, companyId: company.id, roles: ["ROLE_DIRECTOR", "ROLE_BENEFICIAL_OWNER"] };
    expect((await refusal(() => sendOwnerVerificationLink(directorActor, { userId: harriet.id, email: to }))).status).toBe(404);
    expect(await UserToken.count({ where: { userId: harriet.id } })).toBe(0);
    // An admin names the company, and only that company's people.
    const admin = await adminActor();
    expect((await refusal(() => sendOwnerVerificationLink(admin, { companyId: other.company.id, userId: harriet.id, email: to }))).status).toBe(404);
    const sent = await sendOwnerVerificationLink(admin, { companyId: company.id, userId: harriet.id, email: to });
    expect(sent.delivered).toBe(true);
    await mailTo(to, 1);
    // A link is not a login: its holder's person has no password.
    expect((await User.findByPk(harriet.id))!.passwordHash).toBeNull();
  });
});
