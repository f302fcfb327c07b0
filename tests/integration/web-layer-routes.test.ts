/**
 * Issue 14 part 1 ("every route uses it"): the routes moved onto the one web layer answer a malformed id with the Not
 * Found page, and a field refused with 422 in the one shape (`fieldErrors`, the spec's message on the field), writing
 * nothing. Each test calls the route's loader or action with a real Request and a real session.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { BankAccount, Invoice, Job, Withdrawal } from "../../db/models/index";
import type { Company } from "../../db/models/index";
import { commitSessionToken } from "../../app/lib/session.server";
import { createSession } from "../../app/modules/auth/service.server";
import { ACCOUNT_NAME_REQUIRED } from "../../app/modules/banking/schema";
import { IMPORT_MESSAGES } from "../../app/modules/invoices/import-rules";
import { AMOUNT_BELOW_ONE } from "../../app/modules/invoices/schema";
import { SELECT_COMPANY } from "../../app/modules/ledger/top-ups.schema";
import { AMOUNT_TOO_LOW } from "../../app/modules/ledger/withdrawals.schema";
import { CURRENT_PASSWORD_REQUIRED } from "../../app/modules/password/schema";
import { action as topupsAction } from "../../app/routes/_app._index";
import { loader as payNowLoader, action as payNowAction } from "../../app/routes/_app.bills.pay-now.$billId";
import { loader as getPaidLoader } from "../../app/routes/_app.invoices.get-paid.$invoiceId";
import { loader as adminBankAccountsLoader } from "../../app/routes/_app.companies.$companyId.bank-accounts";
import { loader as kycLoader } from "../../app/routes/_app.companies.$companyId.kyc";
import { loader as kycDocumentLoader } from "../../app/routes/_app.companies.$companyId.kyc.document.$userId";
import { action as addInvoice } from "../../app/routes/_app.invoices.add";
import { action as importInvoices } from "../../app/routes/_app.invoices.import";
import { action as addBankAccount } from "../../app/routes/_app.settings.bank-accounts.add";
import { action as selectBankAccount } from "../../app/routes/_app.settings.bank-accounts.select";
import { action as withdraw } from "../../app/routes/_app.account.withdraw";
import { action as settingsAction } from "../../app/routes/_app.settings/route";
import { makeAdmin, makeCustomerLink, makeVerifiedCompany } from "../support/factories";
import { settle } from "../support/routes";

afterAll(() => sequelize.close());

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;
const cookieFor = async (userId: number) => (await commitSessionToken(await createSession(userId), 3600)).split(";")[0];

let company: Company;
let customer: Company;
let cookie = "";
let adminCookie = "";

beforeAll(async () => {
  const made = await makeVerifiedCompany();
  company = made.company;
  cookie = await cookieFor(made.user.id);
  customer = (await makeVerifiedCompany()).company;
  await makeCustomerLink(company, customer);
  adminCookie = await cookieFor((await makeAdmin()).userId!);
});

const get = (path: string, who = cookie) => new Request(`http://localhost${path}`, { headers: { cookie: who } });
const post = (path: string, form: Record<string, string>, who = cookie) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { cookie: who, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });

/** The Response a loader or action threw or returned. */

describe("a malformed id is the Not Found page", () => {
  it.each([
    ["Pay Now's dialog", () => payNowLoader(args(get("/bills/pay-now/7x"), { billId: "7x" }))],
    ["Pay Now's action", () => payNowAction(args(post("/bills/pay-now/0", { intent: "pay" }), { billId: "0" }))],
    ["Get Paid's dialog", () => getPaidLoader(args(get("/invoices/get-paid/abc"), { invoiceId: "abc" }))],
    ["the admin's bank accounts", () => adminBankAccountsLoader(args(get("/companies/x/bank-accounts", adminCookie), { companyId: "x" }))],
    ["the admin's KYC screen", () => kycLoader(args(get("/companies/99999999999/kyc", adminCookie), { companyId: "99999999999" }))],
    ["the admin's document viewer", () => kycDocumentLoader(args(get("/companies/1/kyc/document/-1", adminCookie), { companyId: "1", userId: "-1" }))],
  ])("%s", async (_name, run) => {
    const response = await settle(run);
    expect(response.status).toBe(404);
  });

  it("a well-formed id that is not the company's is a 404 too (Pay Now)", async () => {
    expect((await settle(() => payNowLoader(args(get("/bills/pay-now/2147483647"), { billId: "2147483647" })))).status).toBe(404);
  });
});

describe("a field refused is 422 with the spec's message on it, and nothing is written", () => {
  it("Add invoice: an amount under $1", async () => {
    const before = await Invoice.count({ where: { issuedBy: company.id } });
    const response = await settle(() =>
      addInvoice(
        args(
          post("/invoices/add", {
            intent: "submit",
            kind: "INVOICE",
            counterpartyId: String(customer.id),
            counterpartyName: customer.companyName,
            invoiceNumber: "WL-1",
            dueDate: "01/01/2099",
            amount: "0.50",
          })
        )
      )
    );
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ step: "enter", kind: "INVOICE", fieldErrors: { amount: AMOUNT_BELOW_ONE }, values: { invoiceNumber: "WL-1" } });
    expect(await Invoice.count({ where: { issuedBy: company.id } })).toBe(before);
  });

  it("Import: the confirm step without the box ticked", async () => {
    const before = await Job.count();
    const response = await settle(() =>
      importInvoices(
        args(post("/invoices/import", { intent: "confirm", uploadId: "3b241101-e2bb-4255-8caf-4136c566a962", fileName: "a.csv", format: "EARLYBIRD" }))
      )
    );
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ step: "confirm", fileName: "a.csv", fieldErrors: { confirmed: IMPORT_MESSAGES.confirmRequired } });
    expect(await Job.count()).toBe(before);
  });

  it("Import: an upload id that is not one is the choose step's, on the file field", async () => {
    const response = await settle(() => importInvoices(args(post("/invoices/import", { intent: "confirm", uploadId: "x", format: "EARLYBIRD", confirmed: "on" }))));
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ step: "choose", fieldErrors: { file: IMPORT_MESSAGES.uploadNotFound } });
  });

  it("Add Bank Account: no account name", async () => {
    const before = await BankAccount.count({ where: { companyId: company.id } });
    const response = await settle(() =>
      addBankAccount(args(post("/settings/bank-accounts/add", { intent: "review", bankAccountName: "", bankAccountNumber: "12-3456-1234567-000" })))
    );
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ step: "DETAILS_ENTRY", fieldErrors: { bankAccountName: ACCOUNT_NAME_REQUIRED } });
    expect(await BankAccount.count({ where: { companyId: company.id } })).toBe(before);
  });

  it("Select Account: none chosen", async () => {
    const response = await settle(() => selectBankAccount(args(post("/settings/bank-accounts/select", {}))));
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ fieldErrors: { bankAccountId: "Please select an account" } });
  });

  it("Withdraw: no amount", async () => {
    const before = await Withdrawal.count({ where: { companyId: company.id } });
    const response = await settle(() => withdraw(args(post("/account/withdraw", { intent: "review", amount: "" }))));
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ step: "enter", fieldErrors: { amount: AMOUNT_TOO_LOW } });
    expect(await Withdrawal.count({ where: { companyId: company.id } })).toBe(before);
  });

  it("Settings, Password tab: no current password", async () => {
    const response = await settle(() =>
      settingsAction(args(post("/settings?tab=password", { intent: "change-password", currentPassword: "", password: "Sunny#Day2027", confirmPassword: "Sunny#Day2027" })))
    );
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ intent: "change-password", fieldErrors: { currentPassword: CURRENT_PASSWORD_REQUIRED } });
  });

  it("the admin's Topups page, Assign: no company chosen (checked before any top-up is read)", async () => {
    const response = await settle(() => topupsAction(args(post("/?index&assign=1", { intent: "assign", id: "1", companyId: "" }, adminCookie))));
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ intent: "assign", fieldErrors: { companyId: SELECT_COMPANY } });
  });

  it("the admin's Topups page: a stale top-up id is the toast \"Topup not found\" over the list", async () => {
    const response = await settle(() => topupsAction(args(post("/?index", { intent: "confirm", id: "x" }, adminCookie))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });
});
