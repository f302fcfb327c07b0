/**
 * The admin company tabs and Live Offers (issue 20 part 1; p3 §2.3, §2.4, §5 New contact, §7.3, §8; decision 062):
 * every service refuses a company user (404) and is scoped by the company id; contacts are paged and a new contact is
 * validated with the spec's messages (nothing written on bad input) and invited by e-mail through the built-in mailbox;
 * Activity is the company's audit trail; the Offers tab and /live-offers show the live purchaser offer's figures; the
 * admin's Transactions are the company's own, and an admin's top-up for the company is among them.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { AuditLogEntry, MailboxMessage, User } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import type { Cents } from "../../app/lib/money";
import { commitSessionToken } from "../../app/lib/session.server";
import { createSession } from "../../app/modules/auth/service.server";
import { listCompanyActivity } from "../../app/modules/audit/activity.server";
import { addCompanyContact, listCompanyContacts } from "../../app/modules/companies/contacts.server";
import { EMAIL_INVALID, EMAIL_REQUIRED, EMAIL_TAKEN, FIRST_NAME_REQUIRED } from "../../app/modules/companies/contacts.schema";
import { listAccountTransactions, listCompanyTransactionsForAdmin } from "../../app/modules/ledger/account.server";
import { createTopUp } from "../../app/modules/ledger/top-ups.server";
import { companyInvoices, companyOffers, listLiveOffers } from "../../app/modules/offers/admin-offers.server";
import * as offersRoute from "../../app/routes/_app.companies.$companyId.offers";
import * as contactsRoute from "../../app/routes/_app.companies.$companyId.contacts";
import * as transactionsRoute from "../../app/routes/_app.companies.$companyId.transactions";
import * as activityRoute from "../../app/routes/_app.companies.$companyId.activity";
import * as liveOffersRoute from "../../app/routes/_app.live-offers";
import { makeAdmin, makeBill, makeCompany, makeFundedCompany, makeOffer, makeUser } from "../support/factories";
import { withBuiltInMailbox } from "../support/mailbox";

const run = crypto.randomBytes(4).toString("hex");
let counter = 0;
const address = (name: string) => `${name}-${run}-${++counter}@admin-tabs.test`;
const ORIGIN = "http://earlybird.test:3000";

withBuiltInMailbox("admin-tabs");
let admin: Actor;

beforeAll(async () => {
  admin = await makeAdmin();
});

async function statusOf(run: () => unknown): Promise<number> {
  try {
    const result = await run();
    return result instanceof Response ? result.status : 200;
  } catch (error) {
    if (error instanceof Response) return error.status;
    if (error && typeof error === "object" && "status" in error) return Number((error as { status: number }).status);
    throw error;
  }
}

describe("who may see the tabs", () => {
  it("refuses a company user on every service and every loader with a 404, and a missing company is a 404", async () => {
    const { actor, company } = await makeFundedCompany(0 as Cents);
    const own = company.id;
    for (const call of [
      () => companyOffers(actor, own),
      () => companyInvoices(actor, own, { page: 1 }),
      () => listLiveOffers(actor),
      () => listCompanyContacts(actor, own, { page: 1 }),
      () => addCompanyContact(actor, own, { firstName: "Eve", email: address("eve") }, { origin: ORIGIN }),
      () => listCompanyActivity(actor, own, { page: 1 }),
      () => listCompanyTransactionsForAdmin(actor, own, { page: 1, size: 25 }),
    ]) {
      expect(await statusOf(call)).toBe(404);
    }
    expect(await statusOf(() => companyOffers(admin, 2_000_000_000))).toBe(404);

    const userCookie = (await commitSessionToken(await createSession(actor.userId), 3600)).split(";")[0];
    const request = (p: string) => new Request(`${ORIGIN}${p}`, { headers: { Cookie: userCookie } });
    const params = { companyId: String(own) };
    const loaders: [string, (args: LoaderFunctionArgs) => unknown][] = [
      [`/companies/${own}/offers`, offersRoute.loader],
      [`/companies/${own}/contacts`, contactsRoute.loader],
      [`/companies/${own}/transactions`, transactionsRoute.loader],
      [`/companies/${own}/activity`, activityRoute.loader],
      ["/live-offers", liveOffersRoute.loader],
    ];
    for (const [p, loader] of loaders) expect(await statusOf(() => loader({ request: request(p), params, context: { requestId: "admin-tabs-test", cspNonce: "", ip: "127.0.0.1" } }))).toBe(404);
  });
});

describe("Contacts", () => {
  it("answers the spec's messages on bad input and writes nothing", async () => {
    const company = await makeCompany();
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ firstName: "", email: "" }, { firstName: FIRST_NAME_REQUIRED, email: EMAIL_REQUIRED }],
      [{ firstName: "Ana", email: "not-an-email" }, { email: EMAIL_INVALID }],
    ];
    for (const [input, fieldErrors] of cases) {
      const error = await addCompanyContact(admin, company.id, input, { origin: ORIGIN }).then(
        () => null,
        (e: unknown) => e
      );
      expect(error).toMatchObject({ status: 422, details: { fieldErrors } });
    }
    expect(await User.count({ where: { companyId: company.id } })).toBe(0);
    const taken = await makeUser({ email: address("taken") });
    await expect(addCompanyContact(admin, company.id, { firstName: "Ana", email: taken.username }, { origin: ORIGIN })).rejects.toMatchObject({
      status: 409,
      message: EMAIL_TAKEN,
    });
    expect(await User.count({ where: { companyId: company.id } })).toBe(0);
  });

  it("adds the contact to this company only, with the +64 phone, invites them by e-mail and records it in Activity", async () => {
    const company = await makeCompany({ country: "NZ" });
    const other = await makeCompany();
    const email = address("ana");
    const added = await addCompanyContact(admin, company.id, { firstName: " Ana ", lastName: "Smith", email: email.toUpperCase(), phoneNumber: "021 555 1234" }, { origin: ORIGIN });
    expect(added.emailSent).toBe(true);
    const user = await User.findByPk(added.userId);
    expect(user).toMatchObject({ companyId: company.id, username: email, firstName: "Ana", lastName: "Smith", phoneNumber: "+64215551234", passwordHash: null });
    expect(user!.roles).toEqual(["ROLE_USER"]);

    const mail = await MailboxMessage.findOne({ where: { toAddress: email, channel: "EMAIL" }, order: [["id", "DESC"]] });
    expect(mail?.subject).toBe(`You have been added to ${company.companyName} on Earlybird`);
    expect(mail?.textBody).toMatch(/http:\/\/earlybird\.test:3000\/activate\?set_name=true&token=\S+/);

    const page = await listCompanyContacts(admin, company.id, { page: 1 });
    expect(page.rows.map((row) => [row.email, row.phoneNumber, row.status, row.role])).toEqual([[email, "+64215551234", "INVITED", "Earlybird user"]]);
    expect((await listCompanyContacts(admin, other.id, { page: 1 })).total).toBe(0);

    const activity = await listCompanyActivity(admin, company.id, { page: 1 });
    expect(activity.rows[0]).toMatchObject({ what: `Contact added (user ${added.userId})` });
    expect(activity.rows[0].who).toContain(", admin");
    expect((await listCompanyActivity(admin, other.id, { page: 1 })).total).toBe(0);
  });

  it("pages the contacts 10 at a time", async () => {
    const company = await makeCompany();
    for (let i = 0; i < 12; i++) await makeUser({ company, email: address(`p${i}`) });
    const first = await listCompanyContacts(admin, company.id, { page: 1 });
    const second = await listCompanyContacts(admin, company.id, { page: 2 });
    expect([first.total, first.rows.length, second.rows.length, second.page]).toEqual([12, 10, 2, 2]);
    expect(new Set([...first.rows, ...second.rows].map((row) => row.id)).size).toBe(12);
    expect((await listCompanyContacts(admin, company.id, { page: 9 })).page).toBe(2);
  });
});

describe("Activity", () => {
  it("is the company's audit trail, newest first, 25 a page, who (or Earlybird) and what", async () => {
    const company = await makeCompany();
    const user = await makeUser({ company, email: address("actor") });
    await AuditLogEntry.bulkCreate(
      Array.from({ length: 27 }, (_, i) => ({
        actorUserId: i === 26 ? null : user.id,
        companyId: company.id,
        action: "BANK_ACCOUNT_ADDED",
        entityType: "bank_account",
        entityId: String(i),
        createdAt: new Date(Date.UTC(2026, 10, 1, 0, i)),
      }))
    );
    const first = await listCompanyActivity(admin, company.id, { page: 1 });
    expect([first.total, first.rows.length]).toEqual([27, 25]);
    expect(first.rows[0]).toMatchObject({ who: "Earlybird", what: "Bank account added (bank account 26)" });
    expect(first.rows[1].who).toBe(`${user.fullName} (${user.username})`);
    const second = await listCompanyActivity(admin, company.id, { page: 2 });
    expect(second.rows.map((row) => row.what)).toEqual(["Bank account added (bank account 1)", "Bank account added (bank account 0)"]);
  });
});

describe("Offers and Live Offers", () => {
  it("show the live purchaser offer's cash pool, rate and the company's bills; Live Offers links every live offer", async () => {
    const purchaser = await makeFundedCompany(0 as Cents);
    const supplier = await makeCompany({ companyName: `Supplier ${run}` });
    const bill = await makeBill(purchaser.company.id, supplier, 1000, 30, true);
    await makeOffer(purchaser.actor, { cashpool: 500_000 as Cents, crr: "8", invoiceIds: [bill.id] });

    const offers = await companyOffers(admin, purchaser.company.id);
    expect(offers.purchaserOffer).toMatchObject({ offerStatus: "ACTIVE", cashpool: 500_000, crr: "8.00", pendingExecutions: 0 });
    expect(offers.supplierOffers).toEqual([]);
    const invoices = await companyInvoices(admin, purchaser.company.id, { page: 1 });
    expect(invoices.rows.map((row) => [row.type, row.invoiceNumber, row.counterpartyName])).toEqual([["BILL", bill.invoiceNumber, supplier.companyName]]);
    expect((await companyInvoices(admin, supplier.id, { page: 1 })).total).toBe(0);
    expect((await companyOffers(admin, supplier.id)).purchaserOffer).toBeNull();

    const live = await listLiveOffers(admin);
    expect(live.find((row) => row.companyId === purchaser.company.id)).toMatchObject({ companyName: purchaser.company.companyName, cashpool: 500_000, crr: "8.00" });
    expect(live.some((row) => row.companyId === supplier.id)).toBe(false);
  });
});

describe("Transactions", () => {
  it("are the company's own rows, and an admin's top-up for the company is among them, pending", async () => {
    const { company, actor } = await makeFundedCompany(12_345 as Cents);
    const topUp = await createTopUp(admin, { amount: 50_000 as Cents, trigger: "CUSTOM", companyId: company.id });
    expect(topUp).toMatchObject({ companyId: company.id, topupStatus: "PENDING", topupAmount: 50_000 });
    const seenByAdmin = await listCompanyTransactionsForAdmin(admin, company.id, { page: 1, size: 25 });
    const seenByCompany = await listAccountTransactions(actor, { page: 1, size: 25 });
    expect(seenByAdmin.rows).toEqual(seenByCompany.rows);
    expect(seenByAdmin.rows[0]).toMatchObject({ status: "PENDING", amount: 50_000 });
    expect(seenByAdmin.total).toBe(2);
  });
});
