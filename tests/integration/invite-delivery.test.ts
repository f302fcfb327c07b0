/**
 * Issue 13 part 11: an address the mail server refuses must not leave a PENDING invite behind. Against a small SMTP
 * server (smtp-server) that refuses any recipient at refused.test: the invite and its outbox message are written
 * together; the refusal marks both FAILED, changes nothing else (the company is not "invited"), the Invite dialog
 * shows it, and sending again reuses the invite and works. The same for Notify: a refused notification leaves the
 * bills not Notified, so Notify is offered again.
 */
import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { Company, Counterparty, Invite, Invoice, Notification, OutboxMessage, PurchaserOffer, SupplierOffer, SupplierOfferInvoice } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import { addDays, todayIn } from "../../app/lib/dates";
import { resetEnvCache } from "../../app/lib/env.server";
import type { Cents } from "../../app/lib/money";
import { commitSessionToken } from "../../app/lib/session.server";
import { createSession } from "../../app/modules/auth/service.server";
import { inviteNotSent, lastInviteFailed } from "../../app/modules/invites/rules";
import { notifySuppliers, previewInvites, sendInvites } from "../../app/modules/invites/service.server";
import { loader as inviteLoader } from "../../app/routes/_app.invoices.invite";
import { makeCompany, makeSupplierLink, makeUser } from "../support/factories";

const run = crypto.randomBytes(4).toString("hex");
let counter = 0;
const good = (name: string) => `${name}-${run}-${++counter}@accepted.test`;
const refused = (name: string) => `${name}-${run}-${++counter}@refused.test`;
const origin = "http://earlybird.test:3000";

/** Recipients the test SMTP server took, by address. */
const delivered: string[] = [];
let smtp: SMTPServer;
let smtpUrl = "";

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith("@refused.test")) return callback(Object.assign(new Error("5.1.1 Recipient address rejected: no such user"), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      stream.on("data", () => undefined);
      stream.on("end", () => {
        delivered.push(...session.envelope.rcptTo.map((recipient) => recipient.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}?ignoreTLS=true`;
});

beforeEach(() => {
  process.env.SMTP_URL = smtpUrl;
  resetEnvCache();
});

afterEach(() => {
  delete process.env.SMTP_URL;
  resetEnvCache();
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await sequelize.close();
});

async function actorOf(company: Company): Promise<Actor> {
  const user = await makeUser({ company });
  return { userId: user.id, companyId: company.id, roles: ["ROLE_USER"] };
}

/** A record between two companies, due in 30 days. */
function recordOf(type: "INVOICE" | "BILL", supplier: Company, purchaser: Company, fields: { includeInPurchaserOffer?: boolean } = {}) {
  return Invoice.create({
    type,
    issuedBy: supplier.id,
    issuedFor: purchaser.id,
    issuedByCompanyName: supplier.companyName,
    issuedForCompanyName: purchaser.companyName,
    invoiceNumber: `${type}-${run}-${++counter}`,
    dueDate: addDays(todayIn("NZ"), 30),
    total: 100_000 as Cents,
    ...fields,
  });
}

/** A verified supplier, an INACTIVE customer and an invoice with an open prompt payment request: one invite to send. */
async function invitable() {
  const supplier = await makeCompany({ verificationStatus: "VERIFIED" });
  const seller = await actorOf(supplier);
  const customer = await makeCompany({ status: "INACTIVE" });
  const invoice = await recordOf("INVOICE", supplier, customer);
  const offer = await SupplierOffer.create({ createdByCompany: supplier.id, cashReward: 2_000 as Cents, expirationDate: addDays(todayIn("NZ"), 10), offerStatus: "CLEARING", topUpId: null } as never);
  await SupplierOfferInvoice.create({ supplierOfferId: offer.id, invoiceId: invoice.id } as never);
  return { supplier, seller, customer, invoice };
}

const invitesOf = (supplier: Company, customer: Company) => Invite.findAll({ where: { invitingCompanyId: supplier.id, inviteeCompanyId: customer.id } });

describe("an invite the mail server refuses (issue 13 part 11)", () => {
  it("is FAILED with its outbox message, leaves nothing PENDING and marks nothing invited", async () => {
    const { supplier, seller, customer, invoice } = await invitable();
    const email = refused("nobody");
    const result = await sendInvites(seller, { type: "INVOICE", invoiceIds: [invoice.id], email, note: null }, { origin });
    expect(result.sent).toEqual([]);
    expect(result.failed).toHaveLength(1);
    expect(result.failed[0]).toMatchObject({ email, companyName: customer.companyName });
    expect(result.failed[0].error).toContain("Recipient address rejected");
    expect(result.failed[0].message).toBe(inviteNotSent(email, result.failed[0].error));

    const invites = await invitesOf(supplier, customer);
    expect(invites.map((invite) => invite.status)).toEqual(["FAILED"]);
    const message = await OutboxMessage.findByPk(invites[0].outboxMessageId!);
    expect(message).toMatchObject({ status: "FAILED", toAddress: email, attempts: 1, textBody: null, htmlBody: null });
    expect(message!.lastError).toContain("Recipient address rejected");
    expect(await Invite.count({ where: { invitingCompanyId: supplier.id, status: "PENDING" } })).toBe(0);
    // Nothing an invite changes happened: the customer can still be invited by this supplier.
    expect((await Company.findByPk(customer.id))!.status).toBe("INACTIVE");
    expect((await Counterparty.findOne({ where: { companyId: supplier.id, counterpartyCompanyId: customer.id } }))?.invitedAt ?? null).toBeNull();
    expect((await Invoice.findByPk(invoice.id))!.usedForInvite).toBe(false);
  });

  it("shows in the Invite dialog, and sending again reuses the invite and delivers it", async () => {
    const { supplier, seller, customer, invoice } = await invitable();
    const bad = refused("typo");
    await sendInvites(seller, { type: "INVOICE", invoiceIds: [invoice.id], email: bad, note: null }, { origin });
    const [failedInvite] = await invitesOf(supplier, customer);

    // The dialog (GET /invoices/invite?ids=...) says what happened to the last invite.
    const preview = await previewInvites(seller, { type: "INVOICE", invoiceIds: [invoice.id] });
    expect(preview.groups.map((group) => group.companyId)).toEqual([customer.id]);
    expect(preview.failed).toEqual([expect.objectContaining({ companyId: customer.id, email: bad })]);
    expect(lastInviteFailed(bad, preview.failed[0].error)).toContain(`The last invite to ${bad} could not be sent`);
    const cookie = (await commitSessionToken(await createSession(seller.userId), 3600)).split(";")[0];
    const page = (await (inviteLoader({ request: new Request(`http://localhost/invoices/invite?ids=${invoice.id}`, { headers: { cookie } }), params: {}, context: {} } as never) as Promise<Response>).then((r) =>
      r.json()
    )) as { preview: { failed: { email: string }[] } };
    expect(page.preview.failed.map((failure) => failure.email)).toEqual([bad]);

    const fixed = good("fixed");
    const again = await sendInvites(seller, { type: "INVOICE", invoiceIds: [invoice.id], email: fixed, note: null }, { origin });
    expect(again.failed).toEqual([]);
    expect(again.sent).toEqual([expect.objectContaining({ inviteId: failedInvite.id, email: fixed })]);
    expect(delivered).toContain(fixed);
    const invites = await invitesOf(supplier, customer);
    expect(invites.map((invite) => [invite.id, invite.status, invite.inviteeEmail])).toEqual([[failedInvite.id, "SENT", fixed]]);
    expect(invites[0].tokenHash).not.toBe(failedInvite.tokenHash);
    expect((await OutboxMessage.findByPk(invites[0].outboxMessageId!))!.status).toBe("SENT");
    // Now the invite has happened (p2 §4).
    expect((await Company.findByPk(customer.id))!.status).toBe("INVITED");
    expect((await Counterparty.findOne({ where: { companyId: supplier.id, counterpartyCompanyId: customer.id } }))!.invitedAt).not.toBeNull();
    expect((await Invoice.findByPk(invoice.id))!.usedForInvite).toBe(true);
    expect((await previewInvites(seller, { type: "INVOICE", invoiceIds: [invoice.id] })).failed).toEqual([]);
  });

  it("an invite that goes out is SENT at once, with its message delivered", async () => {
    const { supplier, seller, customer, invoice } = await invitable();
    const email = good("ok");
    const result = await sendInvites(seller, { type: "INVOICE", invoiceIds: [invoice.id], email, note: null }, { origin });
    expect(result.failed).toEqual([]);
    const [invite] = await invitesOf(supplier, customer);
    expect(invite.status).toBe("SENT");
    expect(await OutboxMessage.findByPk(invite.outboxMessageId!)).toMatchObject({ status: "SENT", attempts: 1, textBody: null });
  });
});

describe("a notification the mail server refuses (issue 13 part 11)", () => {
  it("leaves the bills not Notified (Notify is offered again) and works when sent again", async () => {
    const purchaser = await makeCompany({ verificationStatus: "VERIFIED" });
    const buyer = await actorOf(purchaser);
    // A supplier on Earlybird whose only user's address the server refuses.
    const supplier = await makeCompany({ status: "ACTIVE" });
    const supplierUser = await makeUser({ company: supplier, email: refused("supplier") });
    await makeSupplierLink(purchaser, supplier);
    await PurchaserOffer.create({ createdByCompany: purchaser.id, cashpool: 1_000_000 as Cents, crr: "8.00", offerStatus: "ACTIVE" } as never);
    const bill = await recordOf("BILL", supplier, purchaser, { includeInPurchaserOffer: true });

    const error = await notifySuppliers(buyer, { companyId: supplier.id, invoiceIds: [bill.id], type: "BILL" }, { origin }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "MAIL_NOT_SENT" });
    expect((error as Error).message).toContain(`The notification to ${supplierUser.username} could not be sent`);
    expect((await Invoice.findByPk(bill.id))!.sentToSupplier).toBe(false);
    const [notification] = await Notification.findAll({ where: { companyId: purchaser.id } });
    expect(notification.sentAt).toBeNull();
    expect((await OutboxMessage.findByPk(notification.outboxMessageId!))!.status).toBe("FAILED");

    // The supplier's address is fixed; Notify again goes out.
    await supplierUser.update({ username: good("supplier") });
    const result = await notifySuppliers(buyer, { companyId: supplier.id, invoiceIds: [bill.id], type: "BILL" }, { origin });
    expect(result.email).toBe(supplierUser.username);
    expect((await Invoice.findByPk(bill.id))!.sentToSupplier).toBe(true);
    expect((await Notification.findByPk(result.notificationId))!.sentAt).not.toBeNull();
  });
});
