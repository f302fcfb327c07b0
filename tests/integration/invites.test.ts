/**
 * Invites, batch invites, notifications and the landing offer page (p2 §2, §4 Other, §5 Invite, §6, §7) against
 * PostgreSQL and the built-in mailbox over SMTP. Each test makes its own companies and addresses.
 */
import crypto from "node:crypto";
import { QueryTypes } from "sequelize";
import { describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import {
  Company,
  Counterparty,
  Invite,
  Invoice,
  MailboxMessage,
  Notification,
  PurchaserOffer,
  SupplierOffer,
  SupplierOfferInvoice,
  User,
} from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import { addDays, todayIn } from "../../app/lib/dates";
import { AppError } from "../../app/lib/errors";
import type { Cents } from "../../app/lib/money";
import { maxFeeForSupplier, supplierOfferSavings } from "../../app/modules/offers/rules";
import { INVITE_EMAIL_INVALID, INVITE_EMAIL_REQUIRED } from "../../app/modules/invoices/schema";
import { NOTIFICATION_SENT, NO_CONTACT_EMAIL, OFFER_EXPIRED, OFFER_NOT_AVAILABLE } from "../../app/modules/invites/rules";
import { getLandingPage, hashToken, notifySuppliers, previewInvites, redeemLandingToken, sendInvites } from "../../app/modules/invites/service.server";
import { makeCompany, makeSupplierLink, makeUser } from "../support/factories";
import { withBuiltInMailbox } from "../support/mailbox";

const run = crypto.randomBytes(4).toString("hex");
let counter = 0;
const address = (name: string) => `${name}-${run}-${++counter}@invites.test`;
const unique = (label: string) => `${label}-${run}-${++counter}`;
const origin = "http://earlybird.test:3000";

withBuiltInMailbox("invites");

async function actorOf(company: Company): Promise<Actor> {
  const user = await makeUser({ company });
  return { userId: user.id, companyId: company.id, roles: ["ROLE_USER"] };
}


const today = () => todayIn("NZ");

async function record(
  supplier: Company,
  purchaser: Company,
  fields: { type: "INVOICE" | "BILL"; contactEmail?: string | null; include?: boolean; total?: Cents; due?: string }
) {
  return Invoice.create({
    type: fields.type,
    issuedBy: supplier.id,
    issuedFor: purchaser.id,
    issuedByCompanyName: supplier.companyName,
    issuedForCompanyName: purchaser.companyName,
    invoiceNumber: unique("INV"),
    dueDate: fields.due ?? addDays(today(), 30),
    total: fields.total ?? 100_000,
    includeInPurchaserOffer: fields.include ?? false,
    // The loading side's own contact (decision 033).
    [fields.type === "INVOICE" ? "issuerContactEmail" : "recipientContactEmail"]: fields.contactEmail ?? null,
  });
}

async function requestPayment(supplier: Company, invoice: Invoice, cashReward: Cents) {
  const offer = await SupplierOffer.create({
    createdByCompany: supplier.id,
    cashReward,
    expirationDate: addDays(today(), 10),
    offerStatus: "CLEARING",
    topUpId: null,
  });
  await SupplierOfferInvoice.create({ supplierOfferId: offer.id, invoiceId: invoice.id });
  return offer;
}

/** A verified supplier whose invoices to INACTIVE customers carry open prompt payment requests. */
async function supplierSide() {
  const supplier = await makeCompany({ verificationStatus: "VERIFIED" });
  return { supplier, seller: await actorOf(supplier) };
}

const tokenIn = (text: string) => {
  const match = /\/invoices\?token=([A-Za-z0-9_-]+)&invoiceType=(INVOICE|BILL)&type=(invite|notify)/.exec(text);
  expect(match, `a landing link in:\n${text}`).not.toBeNull();
  return { token: match![1], invoiceType: match![2], type: match![3] };
};

const mailTo = (to: string) => MailboxMessage.findAll({ where: { toAddress: to }, order: [["id", "ASC"]] });

async function refusal(call: Promise<unknown>): Promise<AppError> {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("invite (POST /invite)", () => {
  it("refuses a missing or malformed address with the spec's messages and writes nothing", async () => {
    const { supplier, seller } = await supplierSide();
    const customer = await makeCompany({ status: "INACTIVE" });
    const invoice = await record(supplier, customer, { type: "INVOICE" });
    await requestPayment(supplier, invoice, 2_000);
    const before = await Invite.count({ where: { invitingCompanyId: supplier.id } });

    const missing = await refusal(sendInvites(seller, { type: "INVOICE", invoiceIds: [invoice.id], email: "  ", note: "" }, { origin }));
    expect(missing).toMatchObject({ status: 422, message: INVITE_EMAIL_REQUIRED, field: "email" });
    const bad = await refusal(sendInvites(seller, { type: "INVOICE", invoiceIds: [invoice.id], email: "not-an-email", note: "" }, { origin }));
    expect(bad).toMatchObject({ status: 422, message: INVITE_EMAIL_INVALID, field: "email" });

    expect(await Invite.count({ where: { invitingCompanyId: supplier.id } })).toBe(before);
    expect((await Company.findByPk(customer.id))!.status).toBe("INACTIVE");
    expect((await Invoice.findByPk(invoice.id))!.usedForInvite).toBe(false);
  });

  it("answers 403 'company not verified' for an unverified sender, and writes nothing", async () => {
    const supplier = await makeCompany({ verificationStatus: "NOT_VERIFIED" });
    const seller = await actorOf(supplier);
    const customer = await makeCompany({ status: "INACTIVE" });
    const invoice = await record(supplier, customer, { type: "INVOICE" });
    await requestPayment(supplier, invoice, 2_000);
    const error = await refusal(sendInvites(seller, { type: "INVOICE", invoiceIds: [invoice.id], email: address("cust"), note: null }, { origin }));
    expect(error.status).toBe(403);
    expect(error.details).toEqual({ debugMessage: "company not verified" });
    expect(await Invite.count({ where: { invitingCompanyId: supplier.id } })).toBe(0);
  });

  it("stores only the token's hash with a 14-day expiry, updates status and inviter list, and mails the link", async () => {
    const { supplier, seller } = await supplierSide();
    const customer = await makeCompany({ status: "INACTIVE" });
    const invoice = await record(supplier, customer, { type: "INVOICE", total: 123_456 });
    await requestPayment(supplier, invoice, 5_000);
    const email = address("Customer");
    const sentAt = Date.now();

    const result = await sendInvites(seller, { type: "INVOICE", invoiceIds: [invoice.id], email, note: "Pay early & save" }, { origin });
    expect(result.sent).toEqual([expect.objectContaining({ companyName: customer.companyName, email: email.toLowerCase(), invoiceCount: 1 })]);

    const invite = (await Invite.findByPk(result.sent[0].inviteId))!;
    expect(invite).toMatchObject({ status: "SENT", inviteeCompanyId: customer.id, type: "INVOICE", note: "Pay early & save" });
    expect(invite.expiresAt!.getTime() - sentAt).toBeGreaterThan(14 * 86_400_000 - 60_000);
    expect(invite.expiresAt!.getTime() - sentAt).toBeLessThan(14 * 86_400_000 + 60_000);

    // p2 §4: the company is now INVITED and this supplier is on its inviter list; the invoice was used for an invite.
    expect((await Company.findByPk(customer.id))!.status).toBe("INVITED");
    const own = await Counterparty.findOne({ where: { companyId: supplier.id, counterpartyCompanyId: customer.id } });
    expect(own?.invitedAt).not.toBeNull();
    expect((await Invoice.findByPk(invoice.id))!.usedForInvite).toBe(true);
    // The invited user exists, without a password.
    const invitee = await User.findOne({ where: { username: email.toLowerCase() } });
    expect(invitee).toMatchObject({ companyId: customer.id, passwordHash: null, invitationStatus: "INVITED" });
    expect(invite.inviteeUserId).toBe(invitee!.id);

    // The e-mail went over SMTP into the mailbox, with the link; the stored hash is the link token's SHA-256.
    const [mail] = await mailTo(email.toLowerCase());
    expect(mail.subject).toBe(`${supplier.companyName} is offering you a discount for paying early`);
    expect(mail.textBody).toContain("Pay early & save");
    const link = tokenIn(mail.textBody!);
    expect(link).toMatchObject({ invoiceType: "BILL", type: "invite" });
    expect(mail.textBody).toContain(`${origin}/invoices?token=`);
    expect(invite.tokenHash).toBe(hashToken(link.token));
    expect(invite.tokenHash).not.toContain(link.token);
    const stored = await sequelize.query<{ n: string }>(`SELECT count(*) AS n FROM invites WHERE token_hash = :t OR note LIKE :like`, {
      type: QueryTypes.SELECT,
      replacements: { t: link.token, like: `%${link.token}%` },
    });
    expect(Number(stored[0].n)).toBe(0);

    // The landing page: the customer saves s of the prompt payment request (offers/rules), button to sign up.
    const page = await getLandingPage(link);
    const s = supplierOfferSavings(5_000);
    expect(page).toMatchObject({ offerGone: false, headline: "Save $30.00 on this invoice", goneText: null, figureLabel: "Cashback reward" });
    expect(s).toBe(3_000);
    expect(page.items).toEqual([expect.objectContaining({ invoiceNumber: invoice.invoiceNumber, amountDue: 123_456, figure: s, amountDueText: "$1,234.56" })]);
    expect(page.button).toEqual({ label: "Pay Now & Save $30.00", href: `/signup?token=${link.token}&userId=${invitee!.id}` });

    // The customer is now invited by this supplier: not invitable again by it (p2 §4 Other), nothing sent.
    const again = await refusal(sendInvites(seller, { type: "INVOICE", invoiceIds: [invoice.id], email, note: null }, { origin }));
    expect(again.status).toBe(422);
    expect(again.details).toEqual({ skipped: [expect.objectContaining({ id: invoice.id, reason: "Already invited by you" })] });
    expect(await mailTo(email.toLowerCase())).toHaveLength(1);
  });

  it("sends one invite when two arrive at once for the same customer", async () => {
    const { supplier, seller } = await supplierSide();
    const customer = await makeCompany({ status: "INACTIVE" });
    const invoice = await record(supplier, customer, { type: "INVOICE" });
    await requestPayment(supplier, invoice, 1_000);
    const results = await Promise.allSettled(
      [address("race-a"), address("race-b")].map((email) => sendInvites(seller, { type: "INVOICE", invoiceIds: [invoice.id], email, note: null }, { origin }))
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(AppError);
    expect(await Invite.count({ where: { inviteeCompanyId: customer.id } })).toBe(1);
  });

  it("is single use and expires: redeemed once by the invited company's user, then no longer available", async () => {
    const { supplier, seller } = await supplierSide();
    const customer = await makeCompany({ status: "INACTIVE" });
    const invoice = await record(supplier, customer, { type: "INVOICE" });
    await requestPayment(supplier, invoice, 1_000);
    const email = address("once");
    await sendInvites(seller, { type: "INVOICE", invoiceIds: [invoice.id], email, note: null }, { origin });
    const link = tokenIn((await mailTo(email))[0].textBody!);
    const invitee = (await User.findOne({ where: { username: email } }))!;

    // Someone of another company cannot use it.
    const stranger = await makeUser({ company: await makeCompany() });
    expect((await refusal(redeemLandingToken({ token: link.token, type: "invite", userId: stranger.id }))).status).toBe(403);
    // Expired (seen 15 days later): the offer text, and it cannot be used.
    const later = new Date(Date.now() + 15 * 86_400_000);
    expect(await getLandingPage(link, later)).toMatchObject({ offerGone: true, state: "expired", goneText: OFFER_NOT_AVAILABLE });
    expect((await refusal(redeemLandingToken({ token: link.token, type: "invite", userId: invitee.id }, later))).status).toBe(410);

    await redeemLandingToken({ token: link.token, type: "invite", userId: invitee.id });
    const invite = (await Invite.findOne({ where: { tokenHash: hashToken(link.token) } }))!;
    expect(invite.status).toBe("ACCEPTED");
    expect(invite.acceptedAt).not.toBeNull();
    const second = await refusal(redeemLandingToken({ token: link.token, type: "invite", userId: invitee.id }));
    expect(second).toMatchObject({ status: 410, message: OFFER_NOT_AVAILABLE });
    expect(await getLandingPage(link)).toMatchObject({ state: "used", offerGone: true, button: { label: "Log In", href: "/login" } });
  });

  it("shows the not-found page for a missing or unknown token, an invalid type or a mismatched invoiceType", async () => {
    const { supplier, seller } = await supplierSide();
    const customer = await makeCompany({ status: "INACTIVE" });
    const invoice = await record(supplier, customer, { type: "INVOICE" });
    await requestPayment(supplier, invoice, 1_000);
    const email = address("nf");
    await sendInvites(seller, { type: "INVOICE", invoiceIds: [invoice.id], email, note: null }, { origin });
    const link = tokenIn((await mailTo(email))[0].textBody!);
    for (const query of [
      { ...link, token: "" },
      { ...link, token: "unknown-token" },
      { ...link, type: "visit" },
      { ...link, invoiceType: "INVOICE" },
      { ...link, type: "notify" },
    ]) {
      expect((await refusal(getLandingPage(query))).status).toBe(404);
    }
    // A failed user fetch: the invited user no longer belongs to the company.
    const invitee = (await User.findOne({ where: { username: email } }))!;
    const other = await makeCompany();
    await invitee.update({ companyId: other.id });
    expect((await refusal(getLandingPage(link))).status).toBe(404);
  });
});

describe("batch invite", () => {
  it("covers only INACTIVE or INVITED-by-others customers with an offer, one invite per customer with a contact email", async () => {
    const { supplier, seller } = await supplierSide();
    const alpha = await makeCompany({ status: "INACTIVE", companyName: unique("Alpha") });
    const beta = await makeCompany({ status: "INVITED", companyName: unique("Beta") });
    const active = await makeCompany({ status: "ACTIVE" });
    const noEmail = await makeCompany({ status: "INACTIVE" });
    const ours = await makeCompany({ status: "INVITED" });
    // Invited before by this supplier: not invitable again.
    await sequelize.query(
      `INSERT INTO counterparties (company_id, counterparty_company_id, is_customer, invited_at) VALUES (:s, :c, true, now())
      ON CONFLICT (company_id, counterparty_company_id) DO UPDATE SET invited_at = now()`,
      { replacements: { s: supplier.id, c: ours.id } }
    );

    const alphaEmail = address("alpha");
    const a1 = await record(supplier, alpha, { type: "INVOICE", contactEmail: alphaEmail });
    const a2 = await record(supplier, alpha, { type: "INVOICE", contactEmail: null });
    const aNoOffer = await record(supplier, alpha, { type: "INVOICE", contactEmail: alphaEmail });
    const betaEmail = address("beta");
    const b1 = await record(supplier, beta, { type: "INVOICE", contactEmail: betaEmail });
    const c1 = await record(supplier, active, { type: "INVOICE", contactEmail: address("active") });
    const n1 = await record(supplier, noEmail, { type: "INVOICE", contactEmail: "nope@" });
    const o1 = await record(supplier, ours, { type: "INVOICE", contactEmail: address("ours") });
    for (const invoice of [a1, a2, b1, c1, n1, o1]) await requestPayment(supplier, invoice, 1_000);

    const ids = [a1, a2, aNoOffer, b1, c1, n1, o1].map((i) => i.id);
    const preview = await previewInvites(seller, { type: "INVOICE", invoiceIds: ids });
    expect(preview.groups.map((g) => [g.companyId, g.email, g.invoiceIds])).toEqual(
      expect.arrayContaining([
        [alpha.id, alphaEmail, [a1.id, a2.id]],
        [beta.id, betaEmail, [b1.id]],
        [noEmail.id, null, [n1.id]],
      ])
    );
    expect(preview.groups).toHaveLength(3);
    expect(preview.skipped.map((s) => [s.id, s.reason])).toEqual(
      expect.arrayContaining([
        [aNoOffer.id, "No offer to show"],
        [c1.id, "Already on Earlybird"],
        [o1.id, "Already invited by you"],
      ])
    );

    const result = await sendInvites(seller, { type: "INVOICE", invoiceIds: ids, note: "Batch" }, { origin });
    expect(result.sent.map((s) => [s.companyName, s.email, s.invoiceCount]).sort()).toEqual(
      [
        [alpha.companyName, alphaEmail, 2],
        [beta.companyName, betaEmail, 1],
      ].sort()
    );
    expect(result.skipped).toEqual(expect.arrayContaining([expect.objectContaining({ id: n1.id, reason: NO_CONTACT_EMAIL })]));
    // One e-mail per customer; alpha's lists both invoices on its landing page.
    expect(await mailTo(alphaEmail)).toHaveLength(1);
    expect(await mailTo(betaEmail)).toHaveLength(1);
    const page = await getLandingPage(tokenIn((await mailTo(alphaEmail))[0].textBody!));
    expect(page.items.map((i) => i.invoiceNumber).sort()).toEqual([a1.invoiceNumber, a2.invoiceNumber].sort());
    expect(page.headline).toBe("Save $12.00 on these invoices");
    // Nothing for the customer without an email.
    expect(await Invite.count({ where: { inviteeCompanyId: noEmail.id } })).toBe(0);
    expect((await Company.findByPk(noEmail.id))!.status).toBe("INACTIVE");
  });
});

describe("purchaser invites and notifies suppliers (from /bills)", () => {
  async function purchaserWithOffer() {
    const purchaser = await makeCompany({ verificationStatus: "VERIFIED" });
    await PurchaserOffer.create({ createdByCompany: purchaser.id, cashpool: 10_000_000, crr: "8.00", offerStatus: "ACTIVE", topUpId: null, cancelledAt: null });
    return { purchaser, buyer: await actorOf(purchaser) };
  }

  it("invites an INACTIVE supplier of a Payment Offered bill: the landing shows Get Paid Today and the fee of offers/rules", async () => {
    const { purchaser, buyer } = await purchaserWithOffer();
    const supplier = await makeCompany({ status: "INACTIVE" });
    await makeSupplierLink(purchaser, supplier);
    const due = addDays(today(), 20);
    const bill = await record(supplier, purchaser, { type: "BILL", include: true, total: 200_000, due });
    const email = address("supplier");
    const result = await sendInvites(buyer, { type: "BILL", invoiceIds: [bill.id], email, note: null }, { origin });
    expect(result.sent).toHaveLength(1);
    const [mail] = await mailTo(email);
    expect(mail.subject).toBe(`${purchaser.companyName} wants to pay you early`);
    const link2 = tokenIn(mail.textBody!);
    expect(link2.invoiceType).toBe("INVOICE");
    const page = await getLandingPage(link2);
    const fee = maxFeeForSupplier({
      discountedTotal: 200_000,
      daysToDue: 20,
      offers: [{ offerStatus: "ACTIVE", crrBp: 800, cashpool: 10_000_000, pendingCashpool: 0 }],
    });
    expect(fee).not.toBeNull();
    expect(page).toMatchObject({ headline: "Get Paid Today", figureLabel: "Service fee", button: { label: "Get Paid Today" } });
    expect(page.items).toEqual([expect.objectContaining({ amountDue: 200_000, figure: fee })]);

    // The offer is reset: the page says so.
    await PurchaserOffer.update({ offerStatus: "CANCELLED", cancelledAt: new Date() }, { where: { createdByCompany: purchaser.id } });
    expect(await getLandingPage(link2)).toMatchObject({ offerGone: true, goneText: OFFER_NOT_AVAILABLE });
  });

  it("notifies an ACTIVE supplier: 'Notification sent', the bill reads Notified, and the link's page says Log In", async () => {
    const { purchaser, buyer } = await purchaserWithOffer();
    const supplier = await makeCompany({ status: "ACTIVE" });
    await makeSupplierLink(purchaser, supplier);
    const supplierUser = await makeUser({ company: supplier, email: address("owner") });
    // The shared record's contact email is the purchaser's own accounts address: the supplier's user is told instead.
    const bill = await record(supplier, purchaser, { type: "BILL", include: true, contactEmail: address("ap") });
    const other = await record(supplier, purchaser, { type: "BILL", include: false });

    const nothing = await refusal(notifySuppliers(buyer, { companyId: supplier.id, invoiceIds: [other.id], type: "BILL" }, { origin }));
    expect(nothing.status).toBe(422);

    const result = await notifySuppliers(buyer, { companyId: supplier.id, invoiceIds: [bill.id, other.id], type: "BILL" }, { origin });
    expect(result).toMatchObject({ message: NOTIFICATION_SENT, email: supplierUser.username });
    expect((await Invoice.findByPk(bill.id))!.sentToSupplier).toBe(true);
    expect((await Invoice.findByPk(other.id))!.sentToSupplier).toBe(false);
    const notification = (await Notification.findByPk(result.notificationId))!;
    expect(notification.sentAt).not.toBeNull();

    const link3 = tokenIn((await mailTo(supplierUser.username))[0].textBody!);
    expect(link3).toMatchObject({ invoiceType: "INVOICE", type: "notify" });
    expect(notification.tokenHash).toBe(hashToken(link3.token));
    const page = await getLandingPage(link3);
    expect(page).toMatchObject({ offerGone: false, headline: "Get Paid Today", button: { label: "Log In", href: `/login?token=${link3.token}&type=notify` } });
    // Expired: the notify text.
    expect(await getLandingPage(link3, new Date(Date.now() + 15 * 86_400_000))).toMatchObject({ goneText: OFFER_EXPIRED });
    // Already notified: a second Notify has nothing to do.
    expect((await refusal(notifySuppliers(buyer, { companyId: supplier.id, invoiceIds: [bill.id], type: "BILL" }, { origin }))).status).toBe(422);
    // Used once by the supplier's user, then gone.
    await redeemLandingToken({ token: link3.token, type: "notify", userId: supplierUser.id });
    expect((await Notification.findByPk(notification.id))!.usedAt).not.toBeNull();
    expect(await getLandingPage(link3)).toMatchObject({ state: "used", goneText: OFFER_EXPIRED });
  });
});
