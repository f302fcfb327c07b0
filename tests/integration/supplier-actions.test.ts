/**
 * Issue 20 part 2, first half (B1, decision 063) through the routes, against PostgreSQL: the supplier bills page's row
 * actions are the /bills ones as child routes of /suppliers/{supplierId} (Notify, Invite, Edit Contact Email, Pay Now,
 * Include), each back on the supplier page with its month kept, and each refused for a bill that is not this
 * supplier's to the acting company; the payments-available dialog on /invoices until dismissed in the session; and
 * /invoices?invoiceId= opening the supplier's own invoice (a logged-out visitor gets a Log In page, not /login).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QueryTypes } from "sequelize";
import { sequelize } from "../../db/index";
import { Invite, Invoice } from "../../db/models/index";
import { addDays, todayIn } from "../../app/lib/dates";
import type { Cents } from "../../app/lib/money";
import { commitSessionToken } from "../../app/lib/session.server";
import { createSession } from "../../app/modules/auth/service.server";
import { loadSupplierBills } from "../../app/modules/payables/supplier-bills.server";
import { readFlashToast } from "../../app/web/toast.server";
import { action as notifyAction, loader as notifyLoader } from "../../app/routes/_app.suppliers.$supplierId.notify";
import { action as inviteAction, loader as inviteLoader } from "../../app/routes/_app.suppliers.$supplierId.invite";
import { action as payNowAction, loader as payNowLoader } from "../../app/routes/_app.suppliers.$supplierId.pay-now.$billId";
import { action as contactEmailAction, loader as contactEmailLoader } from "../../app/routes/_app.suppliers.$supplierId.contact-email.$invoiceId";
import { action as includeAction } from "../../app/routes/_app.suppliers.$supplierId.include";
import { loader as invoicesLoader } from "../../app/routes/_app.invoices";
import { loader as appLoader } from "../../app/routes/_app";
import { action as dismissAction } from "../../app/routes/_app.invoices.payments-available";
import { loader as invoiceDetailsLoader } from "../../app/routes/_app.invoices.details.$invoiceId";
import type {
  actorOf} from "../support/factories";
import {
  fundWallet,
  makeActivatedCompany,
  makeCompany,
  makeCustomerLink,
  makeInvoice,
  makeOffer,
  makePaymentRequest,
  makeSupplierLink,
} from "../support/factories";
import { settle } from "../support/routes";

afterAll(() => sequelize.close());

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;
const cookieFor = async (userId: number) => (await commitSessionToken(await createSession(userId), 3600)).split(";")[0];
const get = (path: string, cookie?: string) => new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });
const post = (path: string, form: Record<string, string | string[]>, cookie: string) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) for (const one of [value].flat()) body.append(name, one);
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: body.toString(),
  });
};
async function toastOf(response: Response) {
  const cookie = (response.headers.get("Set-Cookie") ?? "").split(";")[0];
  return (await readFlashToast(new Request("http://localhost/", { headers: { cookie } }))).toast;
}
async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

const DAYS = 12;
const month = addDays(todayIn("NZ"), DAYS).slice(0, 7);
let purchaserCookie = "";
let supplierCookie = "";
let purchaserActor: ReturnType<typeof actorOf>;
let supplierA = 0; // on Earlybird (ACTIVE)
let supplierB = 0; // not on Earlybird (INACTIVE): its Payment Offered bills offer Invite
const bills: Record<string, { id: number; number: string }> = {};

beforeAll(async () => {
  const purchaser = await makeActivatedCompany({ verificationStatus: "VERIFIED", companyName: `B1 Purchaser ${Date.now()}` });
  const active = await makeActivatedCompany({ verificationStatus: "VERIFIED", companyName: `B1 Active Supplier ${Date.now()}` });
  const inactive = await makeCompany({ companyName: `B1 Inactive Supplier ${Date.now()}`, status: "INACTIVE", verificationStatus: "NOT_VERIFIED" });
  const elsewhere = await makeActivatedCompany({ verificationStatus: "VERIFIED", companyName: `B1 Other Purchaser ${Date.now()}` });
  purchaserActor = purchaser.actor;
  supplierA = active.company.id;
  supplierB = inactive.id;
  for (const supplier of [active.company, inactive]) {
    await makeSupplierLink(purchaser.company, supplier);
    await makeCustomerLink(supplier, purchaser.company);
  }
  await makeSupplierLink(elsewhere.company, active.company);
  await makeCustomerLink(active.company, elsewhere.company);
  const make = async (key: string, supplier: typeof active.company | typeof inactive, fields: { contactEmail?: string; to?: typeof elsewhere.company } = {}) => {
    const made = await makeInvoice(supplier, fields.to ?? purchaser.company, { total: 100_000 as Cents, daysToDue: DAYS });
    // The purchaser's contact at the supplier (decision 033): what Invite sends to.
    if (fields.contactEmail) await made.update({ recipientContactEmail: fields.contactEmail });
    bills[key] = { id: made.id, number: made.invoiceNumber };
  };
  await make("notify", active.company);
  await make("include", active.company);
  await make("pay", active.company);
  await make("invite", inactive, { contactEmail: "accounts@inactive-supplier.test" });
  await make("inviteNoEmail", inactive);
  await make("otherPurchasers", active.company, { to: elsewhere.company });
  await makePaymentRequest(active.actor, bills.pay.id, 1_000 as Cents);
  await makeOffer(purchaser.actor, { cashpool: 1_000_000 as Cents, crr: "5", invoiceIds: [bills.notify.id, bills.invite.id, bills.inviteNoEmail.id] });
  // Funds Available beyond the cash reserve: Pay Now settles at once (no top-up).
  await fundWallet(purchaser.actor, 500_000 as Cents);
  purchaserCookie = await cookieFor(purchaser.user.id);
  supplierCookie = await cookieFor(active.user.id);
});

const page = (supplierId: number) => `/suppliers/${supplierId}?month=${month}`;

describe("the supplier bills page's rows", () => {
  it("offer the /bills actions: Notify, Include, Pay Now, Invite (or the contact email first)", async () => {
    const actionOf = async (supplierId: number) => {
      const data = await loadSupplierBills(purchaserActor, supplierId, new URLSearchParams({ month }));
      return new Map(data.rows.map((row) => [row.id, row]));
    };
    const a = await actionOf(supplierA);
    expect(a.get(bills.notify.id)?.action).toBe("Notify");
    expect(a.get(bills.include.id)?.action).toBe("Include");
    expect(a.get(bills.pay.id)?.action).toBe("Pay Now");
    expect(a.has(bills.otherPurchasers.id)).toBe(false);
    const b = await actionOf(supplierB);
    expect(b.get(bills.invite.id)).toMatchObject({ action: "Invite", inviteNeedsEmail: false });
    expect(b.get(bills.inviteNoEmail.id)).toMatchObject({ action: "Invite", inviteNeedsEmail: true });
  });
});

describe("Notify from the supplier page", () => {
  it("confirms over the page, notifies and comes back to the page with its month; another supplier's or purchaser's bill is refused", async () => {
    const params = { supplierId: String(supplierA) };
    const refused = await settle(() => notifyAction(args(post(`/suppliers/${supplierB}/notify?month=${month}`, { ids: String(bills.notify.id), confirmed: "1" }, purchaserCookie), { supplierId: String(supplierB) })));
    expect(refused.headers.get("Location")).toBe(page(supplierB));
    expect(await toastOf(refused)).toMatchObject({ type: "error", message: "Bill not found" });
    const foreign = await settle(() => notifyAction(args(post(`/suppliers/${supplierA}/notify`, { ids: String(bills.otherPurchasers.id), confirmed: "1" }, purchaserCookie), params)));
    expect(await toastOf(foreign)).toMatchObject({ type: "error", message: "Bill not found" });
    // The confirmation of another purchaser's bill is not found.
    const foreignDialog = await settle(() => notifyLoader(args(get(`/suppliers/${supplierA}/notify?ids=${bills.otherPurchasers.id}`, purchaserCookie), params)));
    expect(foreignDialog.status).toBe(404);
    // A post that did not come from the confirmation goes to it, and sends nothing.
    const unconfirmed = await settle(() => notifyAction(args(post(`/suppliers/${supplierA}/notify?month=${month}`, { ids: String(bills.notify.id) }, purchaserCookie), params)));
    expect(unconfirmed.headers.get("Location")).toBe(`/suppliers/${supplierA}/notify?month=${month}&ids=${bills.notify.id}`);
    expect((await Invoice.findByPk(bills.notify.id))!.sentToSupplier).toBe(false);

    // The confirmation names the bill and posts back to this page's route with its month.
    const dialog = (await (await settle(() => notifyLoader(args(get(`/suppliers/${supplierA}/notify?month=${month}&ids=${bills.notify.id}`, purchaserCookie), params)))).json()) as {
      records: { id: number; number: string }[];
      closeTo: string;
      action: string;
    };
    expect(dialog.records).toEqual([expect.objectContaining({ id: bills.notify.id, number: bills.notify.number })]);
    expect(dialog.closeTo).toBe(page(supplierA));
    expect(dialog.action).toBe(`/suppliers/${supplierA}/notify?month=${month}`);

    const sent = await settle(() => notifyAction(args(post(dialog.action, { ids: String(bills.notify.id), confirmed: "1" }, purchaserCookie), params)));
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(page(supplierA));
    expect(await toastOf(sent)).toMatchObject({ type: "success", message: "Notification sent" });
    expect((await Invoice.findByPk(bills.notify.id))!.sentToSupplier).toBe(true);
    // A GET without a bill has nothing to show: back to the page.
    const back = await settle(() => notifyLoader(args(get(`/suppliers/${supplierA}/notify?month=${month}`, purchaserCookie), params)));
    expect(back.headers.get("Location")).toBe(page(supplierA));
  });
});

describe("Invite from the supplier page", () => {
  it("opens the Invite dialog over the page for this supplier's bill only, sends, and comes back", async () => {
    const params = { supplierId: String(supplierB) };
    const wrong = await settle(() => inviteLoader(args(get(`/suppliers/${supplierB}/invite?ids=${bills.notify.id}`, purchaserCookie), params)));
    expect(wrong.status).toBe(404);
    const dialog = await settle(() => inviteLoader(args(get(`/suppliers/${supplierB}/invite?month=${month}&ids=${bills.invite.id}`, purchaserCookie), params)));
    expect(dialog.status).toBe(200);
    const data = await json<{ closeTo: string; action: string }>(dialog);
    expect(data.closeTo).toBe(page(supplierB));
    expect(data.action).toBe(`/suppliers/${supplierB}/invite?month=${month}&ids=${bills.invite.id}`);

    const sent = await settle(() =>
      inviteAction(args(post(data.action, { ids: String(bills.invite.id), email: "accounts@inactive-supplier.test", note: "" }, purchaserCookie), params))
    );
    expect(sent.headers.get("Location")).toBe(page(supplierB));
    expect(await toastOf(sent)).toMatchObject({ message: expect.stringContaining("accounts@inactive-supplier.test") });
    expect(await Invite.count({ where: { inviteeCompanyId: supplierB, inviteeEmail: "accounts@inactive-supplier.test" } })).toBe(1);
  });

  it("without a contact email, Invite's Edit Contact Email saves it and comes back to the page", async () => {
    const params = { supplierId: String(supplierB), invoiceId: String(bills.inviteNoEmail.id) };
    const dialog = await settle(() => contactEmailLoader(args(get(`/suppliers/${supplierB}/contact-email/${bills.inviteNoEmail.id}?month=${month}`, purchaserCookie), params)));
    expect((await json<{ closeTo: string }>(dialog)).closeTo).toBe(page(supplierB));
    const other = await settle(() =>
      contactEmailLoader(args(get(`/suppliers/${supplierB}/contact-email/${bills.notify.id}`, purchaserCookie), { ...params, invoiceId: String(bills.notify.id) }))
    );
    expect(other.status).toBe(404);
    const saved = await settle(() =>
      contactEmailAction(args(post(`/suppliers/${supplierB}/contact-email/${bills.inviteNoEmail.id}?month=${month}`, { contactEmail: "ap@inactive-supplier.test" }, purchaserCookie), params))
    );
    expect(saved.headers.get("Location")).toBe(page(supplierB));
    expect(await toastOf(saved)).toMatchObject({ type: "success", message: "Contact email updated" });
    expect((await Invoice.findByPk(bills.inviteNoEmail.id))!.recipientContactEmail).toBe("ap@inactive-supplier.test");
  });
});

describe("Pay Now from the supplier page", () => {
  it("opens the Pay Now dialog over the page, pays the bill, and comes back; not for another supplier's bill", async () => {
    const params = { supplierId: String(supplierA), billId: String(bills.pay.id) };
    const wrong = await settle(() => payNowLoader(args(get(`/suppliers/${supplierB}/pay-now/${bills.pay.id}`, purchaserCookie), { ...params, supplierId: String(supplierB) })));
    expect(wrong.status).toBe(404);
    const dialog = await settle(() => payNowLoader(args(get(`/suppliers/${supplierA}/pay-now/${bills.pay.id}?month=${month}`, purchaserCookie), params)));
    const data = await json<{ closeTo: string; action: string; data: { offer: { id: number; cashReward: number } | null } }>(dialog);
    expect(data.closeTo).toBe(page(supplierA));
    expect(data.data.offer).not.toBeNull();
    const paid = await settle(() =>
      payNowAction(args(post(data.action, { intent: "pay", supplierOfferId: String(data.data.offer!.id), invoiceIds: String(bills.pay.id) }, purchaserCookie), params))
    );
    expect(paid.headers.get("Location")).toBe(page(supplierA));
    expect(await toastOf(paid)).toMatchObject({ type: "success", message: expect.stringContaining(`Paid ${bills.pay.number}`) });
    expect((await Invoice.findByPk(bills.pay.id))!.billStatus).toBe("PAID");
  });
});

describe("Include from a supplier page row (the shared row form posts ids)", () => {
  it("asks first, then includes the bill and comes back to the page with its month", async () => {
    // Unconfirmed (decision 068): sent to the confirmation over the page, nothing changes.
    const unconfirmed = await settle(() =>
      includeAction(args(post(`/suppliers/${supplierA}/include?month=${month}`, { ids: String(bills.include.id), intent: "include" }, purchaserCookie), { supplierId: String(supplierA) }))
    );
    expect(unconfirmed.headers.get("Location")).toMatch(new RegExp(`^/suppliers/${supplierA}/include\\?`));
    expect((await Invoice.findByPk(bills.include.id))!.includeInPurchaserOffer).toBe(false);
    const response = await settle(() =>
      includeAction(
        args(post(`/suppliers/${supplierA}/include?month=${month}`, { ids: String(bills.include.id), intent: "include", confirmed: "1" }, purchaserCookie), {
          supplierId: String(supplierA),
        })
      )
    );
    expect(response.headers.get("Location")).toBe(page(supplierA));
    expect(await toastOf(response)).toMatchObject({ type: "success", message: "Included 1 bill(s) in your offer" });
    expect((await Invoice.findByPk(bills.include.id))!.includeInPurchaserOffer).toBe(true);
  });
});

describe("the payments-available dialog", () => {
  type InvoicesData = { paymentsAvailable: { count: number; invoices: { id: number }[] } | null };
  const invoices = async (cookie: string) => json<InvoicesData>(await settle(() => invoicesLoader(args(get("/invoices", cookie)))));

  it("shows the supplier's Payment Available invoices on the session's first visit of /invoices, then not again", async () => {
    // A dialog route over the list is not the list's first visit: nothing shown, nothing used up.
    const over = await settle(() => invoicesLoader(args(get(`/invoices/details/${bills.notify.id}`, supplierCookie))));
    expect((await json<InvoicesData>(over)).paymentsAvailable).toBeNull();
    const first = await invoices(supplierCookie);
    expect(first.paymentsAvailable?.count).toBeGreaterThanOrEqual(1);
    expect(first.paymentsAvailable?.invoices.map((invoice) => invoice.id)).toContain(bills.notify.id);
    const dismissed = await settle(() => dismissAction(args(post("/invoices/payments-available?page=1", { intent: "dismiss" }, supplierCookie))));
    expect(dismissed.headers.get("Location")).toBe("/invoices");
    expect((await invoices(supplierCookie)).paymentsAvailable).toBeNull();

    // A new login is a new session: shown again; "View Payment Available" opens the tab; a reload does not show it again.
    const [supplierUser] = await sequelize.query<{ id: number }>(`SELECT id FROM users WHERE company_id = :id`, { replacements: { id: supplierA }, type: QueryTypes.SELECT });
    const again = await cookieFor(supplierUser.id);
    expect((await invoices(again)).paymentsAvailable).not.toBeNull();
    const view = await settle(() => dismissAction(args(post("/invoices/payments-available", { intent: "view" }, again))));
    expect(view.headers.get("Location")).toBe("/invoices?status=PAYMENT_READY");
    expect((await invoices(again)).paymentsAvailable).toBeNull();
    const third = await cookieFor(supplierUser.id);
    expect((await invoices(third)).paymentsAvailable).not.toBeNull();
    expect((await invoices(third)).paymentsAvailable).toBeNull();
  });

  it("is not shown to a company with no Payment Available invoice", async () => {
    expect((await invoices(purchaserCookie)).paymentsAvailable).toBeNull();
  });
});

describe("/invoices?invoiceId= (highlightInvoice)", () => {
  it("opens the supplier's own invoice with the list row's status and action", async () => {
    const response = await settle(() => invoicesLoader(args(get(`/invoices?invoiceId=${bills.include.id}`, supplierCookie))));
    expect(response.headers.get("Location")).toBe(`/invoices/details/${bills.include.id}`);
    const details = await json<{ invoice: { number: string; row: { status: { label: string; action: string } } | null } }>(
      await settle(() => invoiceDetailsLoader(args(get(`/invoices/details/${bills.include.id}`, supplierCookie), { invoiceId: String(bills.include.id) })))
    );
    expect(details.invoice.number).toBe(bills.include.number);
    expect(details.invoice.row?.status).toMatchObject({ label: "Payment Available", action: "Get Paid" });
  });

  it("never opens another company's invoice", async () => {
    const response = await settle(() => invoicesLoader(args(get(`/invoices?invoiceId=${bills.include.id}`, purchaserCookie))));
    expect(response.headers.get("Location")).toBe("/invoices");
    expect(await toastOf(response)).toMatchObject({ type: "error", message: "Invoice not found" });
    const details = await settle(() => invoiceDetailsLoader(args(get(`/invoices/details/${bills.include.id}`, purchaserCookie), { invoiceId: String(bills.include.id) })));
    expect(details.status).toBe(404);
  });

  it("shows a logged-out visitor a Log In page that comes back to the invoice, without redirecting to /login", async () => {
    const path = `/invoices?invoiceId=${bills.include.id}`;
    const layout = await settle(() => appLoader(args(get(path))));
    expect(layout.status).toBe(200);
    expect(await json<{ landing: boolean }>(layout)).toMatchObject({ landing: true });
    const response = await settle(() => invoicesLoader(args(get(path))));
    expect(response.status).toBe(200);
    expect(await json<{ invoiceLink: { loginHref: string } }>(response)).toEqual({ invoiceLink: { loginHref: `/login?next=${encodeURIComponent(path)}` } });
  });
});
