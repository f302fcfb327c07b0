/**
 * Issue 20 part 3 (docs/decisions/065-first-run.md): the Get started checklist is ticked from the company's real data,
 * a company lands by what it has (Get started with nothing, Bills for a purchaser, Invoices for a supplier, / for an
 * admin), and a new supplier or customer can be made on the spot from Create and Add, with the spec's GST rules.
 */
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { AuditLogEntry, Company, Counterparty, Invoice, type Company as CompanyRow } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import { AppError, fieldErrorsOf } from "../../app/lib/errors";
import { addDays, todayIn } from "../../app/lib/dates";
import type { Cents } from "../../app/lib/money";
import { commitSessionToken } from "../../app/lib/session.server";
import { createSession } from "../../app/modules/auth/service.server";
import { createTopUp } from "../../app/modules/ledger/top-ups.server";
import { firstRunFacts, getFirstRun, homePathOf } from "../../app/modules/first-run/service.server";
import { CHECKLIST_TEXT } from "../../app/modules/first-run/rules";
import { addCounterpartyOnTheSpot } from "../../app/modules/counterparties/new-counterparty.server";
import { NEW_COUNTERPARTY_MESSAGES } from "../../app/modules/counterparties/new-counterparty";
import { loader as indexLoader } from "../../app/routes/_app._index";
import { loader as getStartedLoader } from "../../app/routes/_app.get-started";
import { action as createAction } from "../../app/routes/_app.create-new-invoice";
import { action as addBillAction } from "../../app/routes/_app.bills.add";
import {
  actorOf,
  fundWallet,
  makeActivatedCompany,
  makeAdmin,
  makeBankAccount,
  makeCompany,
  makeCustomerLink,
  makeInvoice,
  makePaymentRequest,
  makeSupplierLink,
  makeUser,
} from "../support/factories";
import { settle } from "../support/routes";

afterAll(() => sequelize.close());

const args = (request: Request) => ({ request, params: {}, context: {} }) as never;
const cookieFor = async (userId: number) => (await commitSessionToken(await createSession(userId), 3600)).split(";")[0];
const get = (path: string, cookie: string) => new Request(`http://localhost${path}`, { headers: { cookie } });
const post = (path: string, form: Record<string, string>, cookie: string) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });

async function refusal(call: Promise<unknown>): Promise<AppError> {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function freshCompany() {
  const made = await makeActivatedCompany({ verificationStatus: "VERIFIED" });
  return { ...made, cookie: await cookieFor(made.user.id) };
}

const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

describe("the Get started checklist and the landing page", () => {
  it("a company with nothing lands on Get started, with nothing ticked and both ways to a first payment", async () => {
    const { actor, cookie } = await freshCompany();
    expect(await homePathOf(actor)).toBe("/get-started");
    const view = await getFirstRun(actor);
    expect(view.side).toBe("UNKNOWN");
    expect(view.items.map((item) => [item.title, item.done])).toEqual([
      [CHECKLIST_TEXT.records, false],
      [CHECKLIST_TEXT.bankAccount, false],
      [CHECKLIST_TEXT.firstPayment, false],
    ]);
    expect(view.items[2].links.map((link) => link.to)).toEqual(["/account/topup", "/invoices"]);
    expect(view.doneCount).toBe(0);

    // "/" sends the company user home; the page's own loader answers the checklist.
    const home = await settle(() => indexLoader(args(get("/", cookie))));
    expect(home.status).toBe(302);
    expect(home.headers.get("Location")).toBe("/get-started");
    const page = await settle(() => getStartedLoader(args(get("/get-started", cookie))));
    expect(((await page.json()) as { items: unknown[] }).items).toHaveLength(3);
  });

  it("a purchaser lands on Bills; its bank account and a completed top-up tick their items, a pending one says so", async () => {
    const { company, actor, cookie } = await freshCompany();
    const supplier = await makeCompany();
    await makeSupplierLink(company, supplier);
    await makeInvoice(supplier, company, { total: 12_345 as Cents });
    expect(await homePathOf(actor)).toBe("/bills");
    expect((await settle(() => indexLoader(args(get("/", cookie))))).headers.get("Location")).toBe("/bills");

    let view = await getFirstRun(actor);
    expect(view.side).toBe("PURCHASER");
    // The supplier's invoice is not the purchaser's own import: the first item waits for a connection or an import.
    expect(view.items.map((item) => [item.id, item.done])).toEqual([
      ["records", false],
      ["bank-account", false],
      ["top-up", false],
    ]);

    await makeBankAccount(company, { name: "Payouts", number: "0201000123456700", status: "VERIFICATION_PENDING" });
    await createTopUp(actor, { amount: 50_000 as Cents, trigger: "CUSTOM" });
    view = await getFirstRun(actor);
    expect(view.items[1]).toMatchObject({ done: true, note: "Bank account added, verification pending" });
    expect(view.items[2]).toMatchObject({ done: false, note: "Waiting for your bank transfer" });

    await fundWallet(actor, 10_000 as Cents);
    // A bill the purchaser loaded itself (an import, a sync, Add bill): its records are in.
    await makeInvoice(supplier, company, { total: 5_000 as Cents, type: "BILL" });
    view = await getFirstRun(actor);
    expect(view.items.map((item) => item.done)).toEqual([true, true, true]);
    expect(view.allDone).toBe(true);
  });

  it("a supplier lands on Invoices; a payment request ticks its third item", async () => {
    const { company, actor } = await freshCompany();
    const customer = await makeActivatedCompany({ verificationStatus: "VERIFIED" });
    await makeCustomerLink(company, customer.company);
    const invoice = await makeInvoice(company, customer.company, { total: 100_000 as Cents, daysToDue: 40 });
    expect(await homePathOf(actor)).toBe("/invoices");
    let view = await getFirstRun(actor);
    expect(view.side).toBe("SUPPLIER");
    expect(view.items[0]).toMatchObject({ done: true, note: "Your invoices and bills are in" });
    expect(view.items[2]).toMatchObject({ id: "request-payment", title: CHECKLIST_TEXT.requestPayment, done: false });
    await makePaymentRequest(actor, invoice.id, 1_000 as Cents);
    view = await getFirstRun(actor);
    expect(view.items[2]).toMatchObject({ done: true, note: "Payment requested" });
  });

  it("reads only the actor's company: another company's records and money tick nothing", async () => {
    const busy = await freshCompany();
    const supplier = await makeCompany();
    await makeInvoice(supplier, busy.company, { total: 9_999 as Cents, type: "BILL" });
    await makeBankAccount(busy.company, { name: "Busy", number: "0201000999999900" });
    await fundWallet(busy.actor, 1_000 as Cents);
    const idle = await freshCompany();
    const facts = await firstRunFacts(idle.company.id);
    expect(Object.values(facts).filter((value) => value === true)).toEqual([true]); // only its activated account
    expect(facts.accountActive).toBe(true);
    expect(await homePathOf(idle.actor)).toBe("/get-started");
  });

  it("an admin's home is /", async () => {
    expect(await homePathOf(await makeAdmin())).toBe("/");
  });
});

describe("a new counterparty on the spot", () => {
  async function company(): Promise<{ own: CompanyRow; actor: Actor }> {
    const own = await makeCompany();
    const user = await makeUser({ company: own });
    return { own, actor: actorOf(user) };
  }

  it("makes a company not on Earlybird and the actor's supplier row, GST of 8 digits padded, audited", async () => {
    const { own, actor } = await company();
    const { counterparty, created } = await addCounterpartyOnTheSpot(actor, "SUPPLIER", {
      newCompanyName: "  Kowhai   Timber  Ltd ",
      newCompanyEmail: "Accounts@Kowhai.test",
      newCompanyGst: "12-345-678",
    });
    expect(created).toBe(true);
    expect(counterparty).toMatchObject({ companyName: "Kowhai Timber Ltd", status: "INACTIVE", contactEmail: "accounts@kowhai.test" });
    const row = await Counterparty.findOne({ where: { companyId: own.id, counterpartyCompanyId: counterparty.id } });
    expect(row).toMatchObject({ isSupplier: true, isCustomer: false, gstNumber: "012345678" });
    expect((await Company.findByPk(counterparty.id))?.country).toBe(own.country);
    expect(await AuditLogEntry.count({ where: { companyId: own.id, action: "counterparty.create" } })).toBe(1);
  });

  it("refuses bad input with the spec's words and writes nothing", async () => {
    const { own, actor } = await company();
    const cases: [Record<string, string>, string, string][] = [
      [{ newCompanyName: "   " }, "newCompanyName", NEW_COUNTERPARTY_MESSAGES.name],
      [{ newCompanyName: "Rata Ltd", newCompanyEmail: "not-an-email" }, "newCompanyEmail", "Email is not in valid format"],
      [{ newCompanyName: "Rata Ltd", newCompanyGst: "12A-456-789" }, "newCompanyGst", "GST Number must only contain numbers e.g. 123-456-789 or 123456789"],
      [{ newCompanyName: "Rata Ltd", newCompanyGst: "1234567" }, "newCompanyGst", "Invalid GST Number length (min: 8, max: 9)."],
      [{ newCompanyName: "Rata Ltd", newCompanyGst: "1234567890" }, "newCompanyGst", "Invalid GST Number length (min: 8, max: 9)."],
    ];
    for (const [input, field, message] of cases) {
      const error = await refusal(addCounterpartyOnTheSpot(actor, "CUSTOMER", input));
      expect(error.status).toBe(422);
      expect(fieldErrorsOf(error)[field]).toBe(message);
    }
    expect(await Counterparty.count({ where: { companyId: own.id } })).toBe(0);
  });

  it("a name the actor has already is that counterparty, given the role; another company's is not", async () => {
    const { own, actor } = await company();
    const first = await addCounterpartyOnTheSpot(actor, "CUSTOMER", { newCompanyName: "Tane Mahuta Ltd" });
    const again = await addCounterpartyOnTheSpot(actor, "SUPPLIER", { newCompanyName: "tane  mahuta ltd", newCompanyGst: "123456789" });
    expect(again.created).toBe(false);
    expect(again.counterparty.id).toBe(first.counterparty.id);
    expect(await Counterparty.findOne({ where: { companyId: own.id } })).toMatchObject({ isSupplier: true, isCustomer: true, gstNumber: "123456789" });

    const other = await company();
    const theirs = await addCounterpartyOnTheSpot(other.actor, "SUPPLIER", { newCompanyName: "Tane Mahuta Ltd" });
    expect(theirs.created).toBe(true);
    expect(theirs.counterparty.id).not.toBe(first.counterparty.id);
  });

  it("on /create-new-invoice?type=bill: adds the supplier, chooses it, keeps what was typed, then the bill is created for it", async () => {
    const { company: own, cookie } = await freshCompany();
    const dueDate = ddmmyyyy(addDays(todayIn("NZ"), 20));
    const base = { invoiceNumber: "FR-1", issueDate: ddmmyyyy(todayIn("NZ")), dueDate, "items[0].description": "Timber", "items[0].units": "2", "items[0].unitPrice": "50" };
    const refused = await settle(() =>
      createAction(args(post("/create-new-invoice?type=bill", { ...base, intent: "add-counterparty", newCompanyName: "Matai Mills", newCompanyGst: "12" }, cookie)))
    );
    expect(refused.status).toBe(422);
    const refusedData = (await refused.json()) as { fieldErrors: Record<string, string>; addingCounterparty: boolean; values: { invoiceNumber: string } };
    expect(refusedData.fieldErrors.newCompanyGst).toBe("Invalid GST Number length (min: 8, max: 9).");
    expect(refusedData.addingCounterparty).toBe(true);
    expect(refusedData.values.invoiceNumber).toBe("FR-1");
    expect(await Counterparty.count({ where: { companyId: own.id } })).toBe(0);

    const added = await settle(() =>
      createAction(args(post("/create-new-invoice?type=bill", { ...base, intent: "add-counterparty", newCompanyName: "Matai Mills", newCompanyEmail: "ap@matai.test" }, cookie)))
    );
    expect(added.status).toBe(200);
    const data = (await added.json()) as { values: { counterpartyId: string; counterpartyName: string; invoiceNumber: string }; notice: string };
    expect(data.notice).toBe("Matai Mills added as a new supplier");
    expect(data.values).toMatchObject({ counterpartyName: "Matai Mills", invoiceNumber: "FR-1" });

    const created = await settle(() =>
      createAction(args(post("/create-new-invoice?type=bill", { ...base, intent: "confirm", counterpartyId: data.values.counterpartyId }, cookie)))
    );
    expect(created.status).toBe(302);
    const bill = await Invoice.findOne({ where: { issuedFor: own.id, invoiceNumber: "FR-1" } });
    expect(bill).toMatchObject({ type: "BILL", issuedBy: Number(data.values.counterpartyId), recipientContactEmail: "ap@matai.test" });
  });

  it("in the Add bill dialog: adds the supplier and answers the form with it chosen", async () => {
    const { company: own, cookie } = await freshCompany();
    const response = await settle(() =>
      addBillAction(args(post("/bills/add", { kind: "BILL", intent: "add-counterparty", invoiceNumber: "AB-7", newCompanyName: "Harakeke Supplies", newCompanyGst: "98765432" }, cookie)))
    );
    expect(response.status).toBe(200);
    const data = (await response.json()) as { step: string; values: { counterpartyId: string; invoiceNumber: string }; notice: string };
    expect(data).toMatchObject({ step: "enter", notice: "Harakeke Supplies added as a new supplier" });
    expect(data.values.invoiceNumber).toBe("AB-7");
    expect(await Counterparty.findOne({ where: { companyId: own.id, counterpartyCompanyId: Number(data.values.counterpartyId) } })).toMatchObject({
      isSupplier: true,
      gstNumber: "098765432",
    });
  });
});
