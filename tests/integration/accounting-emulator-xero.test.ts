/**
 * The accounting emulator's Xero side over real HTTP (issue 18 part 1, decision 054): the consent page and code flow
 * with PKCE (a wrong verifier and a replayed code refused), refresh rotation, the tenant header, paging and
 * If-Modified-Since, the minute limit's 429 with Retry-After, an idempotent payment, accounts, the aged payables report,
 * and state kept across a restart with the same data directory.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_BILLS, DEMO_INVOICES, emulatorAdmin, startAccountingEmulator, type AccountingEmulatorHandle } from "../../app/modules/integrations/emulator/index";
import type { XeroInvoice, XeroPayment } from "../../app/modules/integrations/xero/types";
import { connectXero, pkce, XERO_REDIRECT, xeroConsent, xeroToken } from "../support/accounting-emulator-flow";

const RIMU = "robin@rimugrocers.test";
let emulator: AccountingEmulatorHandle;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "accounting-emulator-xero-"));
  emulator = await startAccountingEmulator({ dataDir });
});
afterAll(async () => {
  await emulator.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await emulatorAdmin(emulator.url).reset();
  await emulatorAdmin(emulator.url).setLimits({ perMinute: 60, perDay: 5000, concurrent: 5 });
});

const api = (accessToken: string, tenantId: string | null, resource: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
  fetch(`${emulator.url}/xero/api/api.xro/2.0/${resource}`, { ...init, headers: { authorization: `Bearer ${accessToken}`, accept: "application/json", ...(tenantId ? { "xero-tenant-id": tenantId } : {}), ...init.headers } });

describe("Xero OAuth", () => {
  it("shows the organisation on the consent page and sends Cancel back with access_denied", async () => {
    const { challenge } = pkce();
    const query = new URLSearchParams({ response_type: "code", client_id: "earlybird-local-xero", redirect_uri: XERO_REDIRECT, scope: "openid offline_access accounting.transactions", state: "abc", code_challenge: challenge, code_challenge_method: "S256", login_hint: "taylor@tuitrading.test" });
    const page = await (await fetch(`${emulator.url}/xero/login/identity/connect/authorize?${query}`)).text();
    expect(page).toContain("Tui Trading Ltd");
    expect(page).toContain("Allow access");
    expect(page).toContain("Cancel");
    const cancelled = await xeroConsent(emulator.url, { email: "taylor@tuitrading.test", challenge, state: "abc", decision: "cancel" });
    expect(cancelled.get("error")).toBe("access_denied");
    expect(cancelled.get("state")).toBe("abc");
    expect(cancelled.get("code")).toBeNull();
  });

  it("exchanges a code once with the right verifier, and lists the tenant the grant covers", async () => {
    const { verifier, challenge } = pkce();
    const query = await xeroConsent(emulator.url, { email: RIMU, challenge, state: "s-9" });
    expect(query.get("state")).toBe("s-9");
    const code = query.get("code") as string;
    const wrong = await xeroToken(emulator.url, { grant_type: "authorization_code", code, redirect_uri: XERO_REDIRECT, code_verifier: `${verifier}x` });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: "invalid_grant" });
    const otherRedirect = await xeroToken(emulator.url, { grant_type: "authorization_code", code, redirect_uri: "http://localhost:9/elsewhere", code_verifier: verifier });
    expect(otherRedirect.status).toBe(400);
    const right = await xeroToken(emulator.url, { grant_type: "authorization_code", code, redirect_uri: XERO_REDIRECT, code_verifier: verifier });
    expect(right.status).toBe(200);
    const tokens = (await right.json()) as { access_token: string; refresh_token: string; expires_in: number; token_type: string };
    expect(tokens.expires_in).toBe(1800);
    expect(tokens.token_type).toBe("Bearer");
    const replayed = await xeroToken(emulator.url, { grant_type: "authorization_code", code, redirect_uri: XERO_REDIRECT, code_verifier: verifier });
    expect(replayed.status).toBe(400);
    expect(await replayed.json()).toEqual({ error: "invalid_grant" });
    const connections = (await (await fetch(`${emulator.url}/xero/api/connections`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).json()) as Array<{ tenantId: string; tenantName: string; tenantType: string }>;
    expect(connections).toHaveLength(1);
    expect(connections[0]).toMatchObject({ tenantName: "Rimu Grocers Ltd", tenantType: "ORGANISATION", tenantId: await emulatorAdmin(emulator.url).xeroTenantId("Rimu Grocers Ltd") });
  });

  it("refuses a wrong client secret", async () => {
    const response = await fetch(`${emulator.url}/xero/identity/connect/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${Buffer.from("earlybird-local-xero:nope").toString("base64")}` }, body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: "x" }) });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "invalid_client" });
  });

  it("rotates the refresh token: the old one stops working; revocation ends the grant", async () => {
    const { refreshToken, accessToken, tenantId } = await connectXero(emulator.url, RIMU);
    const refreshed = await xeroToken(emulator.url, { grant_type: "refresh_token", refresh_token: refreshToken });
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as { access_token: string; refresh_token: string };
    expect(next.refresh_token).not.toBe(refreshToken);
    const again = await xeroToken(emulator.url, { grant_type: "refresh_token", refresh_token: refreshToken });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: "invalid_grant" });
    expect((await api(next.access_token, tenantId, "Contacts")).status).toBe(200);
    // An expired access token: 401 TokenExpired, until refreshed.
    await emulatorAdmin(emulator.url).expireAccessTokens();
    const expired = await api(accessToken, tenantId, "Contacts");
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { Detail: string }).Detail).toMatch(/^TokenExpired/);
    const revoke = await fetch(`${emulator.url}/xero/identity/connect/revocation`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${Buffer.from("earlybird-local-xero:earlybird-local-xero-secret").toString("base64")}` }, body: new URLSearchParams({ token: next.refresh_token }) });
    expect(revoke.status).toBe(200);
    expect((await xeroToken(emulator.url, { grant_type: "refresh_token", refresh_token: next.refresh_token })).status).toBe(400);
    const tokens = await emulatorAdmin(emulator.url).tokens();
    expect(tokens.filter((token) => token.grantId === tokens.find((entry) => entry.token === next.refresh_token)?.grantId).every((token) => token.revoked)).toBe(true);
  });
});

describe("Xero Accounting API", () => {
  it("needs the xero-tenant-id of a connected tenant", async () => {
    const { accessToken } = await connectXero(emulator.url, RIMU);
    const missing = await api(accessToken, null, "Invoices");
    expect(missing.status).toBe(403);
    const tui = await emulatorAdmin(emulator.url).xeroTenantId("Tui Trading Ltd");
    expect((await api(accessToken, tui, "Invoices")).status).toBe(403);
    expect((await api("not-a-token", tui, "Invoices")).status).toBe(401);
  });

  it("serves the demo books: 40 bills XB-… and 40 invoices XI-… with contacts Earlybird knows", async () => {
    const { accessToken, tenantId } = await connectXero(emulator.url, RIMU);
    const bills = (await (await api(accessToken, tenantId, `Invoices?page=1&where=${encodeURIComponent('Type=="ACCPAY"')}`)).json()) as { Invoices: XeroInvoice[] };
    expect(bills.Invoices).toHaveLength(DEMO_BILLS);
    expect(bills.Invoices[0].InvoiceNumber).toBe("XB-0001");
    expect(new Set(bills.Invoices.map((invoice) => invoice.Status))).toEqual(new Set(["AUTHORISED", "DRAFT", "PAID", "VOIDED"]));
    const sales = (await (await api(accessToken, tenantId, `Invoices?where=${encodeURIComponent('Type=="ACCREC" AND Status=="AUTHORISED"')}&order=InvoiceNumber DESC`)).json()) as { Invoices: XeroInvoice[] };
    expect(sales.Invoices.length).toBeGreaterThan(20);
    expect(sales.Invoices.length).toBeLessThan(DEMO_INVOICES);
    expect(sales.Invoices[0].InvoiceNumber > sales.Invoices[1].InvoiceNumber).toBe(true);
    const contacts = (await (await api(accessToken, tenantId, "Contacts")).json()) as { Contacts: Array<{ Name: string; CompanyNumber?: string }> };
    expect(contacts.Contacts).toContainEqual(expect.objectContaining({ Name: "Tui Trading Ltd", CompanyNumber: "9429045556789" }));
    expect(contacts.Contacts.map((contact) => contact.Name)).not.toContain("Rimu Grocers Ltd");
    const one = (await (await api(accessToken, tenantId, "Invoices/XB-0002")).json()) as { Invoices: XeroInvoice[] };
    expect(one.Invoices[0].InvoiceNumber).toBe("XB-0002");
    const orders = (await (await api(accessToken, tenantId, "PurchaseOrders?page=1")).json()) as { PurchaseOrders: unknown[] };
    expect(orders.PurchaseOrders.length).toBeGreaterThan(0);
    const credits = (await (await api(accessToken, tenantId, "CreditNotes?page=1")).json()) as { CreditNotes: unknown[] };
    expect(credits.CreditNotes).toEqual([]);
  });

  it("pages 100 at a time and answers If-Modified-Since with the records changed since", async () => {
    const admin = emulatorAdmin(emulator.url);
    const { accessToken, tenantId } = await connectXero(emulator.url, RIMU);
    await admin.setLimits({ perMinute: 1000 });
    await admin.addXeroInvoices(tenantId, { count: 250 });
    const page = async (number: number, since?: string) => (await (await api(accessToken, tenantId, `Invoices?page=${number}`, { headers: since ? { "If-Modified-Since": since } : {} })).json()) as { Invoices: XeroInvoice[]; pagination: { itemCount: number; pageCount: number } };
    const first = await page(1);
    expect(first.Invoices).toHaveLength(100);
    expect(first.pagination).toMatchObject({ itemCount: 330, pageCount: 4 });
    expect((await page(4)).Invoices).toHaveLength(30);
    expect((await page(5)).Invoices).toHaveLength(0);
    const newest = (await page(4)).Invoices.at(-1) as XeroInvoice;
    const since = new Date(Number(/\d+/.exec(newest.UpdatedDateUTC)?.[0])).toISOString().replace("Z", "");
    expect((await page(1, since)).Invoices).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const changed = await admin.upsertXeroInvoice(tenantId, { InvoiceID: first.Invoices[3].InvoiceID, Reference: "changed in Xero" });
    const voided = await admin.voidXeroInvoice(tenantId, first.Invoices[5].InvoiceID);
    const delta = await page(1, since);
    expect(delta.Invoices.map((invoice) => invoice.InvoiceID)).toEqual([changed.InvoiceID, voided.InvoiceID]);
    expect(delta.Invoices[1].Status).toBe("VOIDED");
  });

  it("answers 429 with Retry-After over the minute limit, with the limit headers", async () => {
    const { accessToken, tenantId } = await connectXero(emulator.url, RIMU);
    await emulatorAdmin(emulator.url).setLimits({ perMinute: 3 });
    const answers = [];
    for (let call = 0; call < 4; call += 1) answers.push(await api(accessToken, tenantId, "Accounts"));
    expect(answers.slice(0, 3).map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers[0].headers.get("x-minlimit-remaining")).toBe("2");
    expect(answers[0].headers.get("x-daylimit-remaining")).toBe("4999");
    expect(answers[0].headers.get("x-appminlimit-remaining")).toBeTruthy();
    expect(answers[3].status).toBe(429);
    expect(Number(answers[3].headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(answers[3].headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(answers[3].headers.get("x-rate-limit-problem")).toBe("minute");
    expect(await emulatorAdmin(emulator.url).calls(tenantId)).toBe(4);
  });

  it("refuses a call over the in-flight limit and one over the day limit", async () => {
    const admin = emulatorAdmin(emulator.url);
    const { accessToken, tenantId } = await connectXero(emulator.url, RIMU);
    await admin.setLimits({ concurrent: 2, latencyMs: 300 });
    const statuses = await Promise.all([0, 1, 2].map(() => api(accessToken, tenantId, "Accounts").then(async (answer) => ({ status: answer.status, problem: answer.headers.get("x-rate-limit-problem") }))));
    expect(statuses.filter((answer) => answer.status === 200)).toHaveLength(2);
    expect(statuses.find((answer) => answer.status === 429)?.problem).toBe("concurrent");
    // The two answered calls count for the day; the refused one does not.
    await admin.setLimits({ concurrent: 5, latencyMs: 0, perDay: 2 });
    const day = await api(accessToken, tenantId, "Accounts");
    expect(day.status).toBe(429);
    expect(day.headers.get("x-rate-limit-problem")).toBe("day");
    expect(day.headers.get("x-daylimit-remaining")).toBe("0");
  });

  it("serves a tenant of 100,000 invoices page by page", async () => {
    const admin = emulatorAdmin(emulator.url);
    const { accessToken, tenantId } = await connectXero(emulator.url, RIMU);
    await admin.addXeroInvoices(tenantId, { count: 100_000 });
    const started = performance.now();
    const last = (await (await api(accessToken, tenantId, "Invoices?page=1001")).json()) as { Invoices: XeroInvoice[]; pagination: { itemCount: number } };
    expect(performance.now() - started).toBeLessThan(2000);
    expect(last.pagination.itemCount).toBe(100_080);
    expect(last.Invoices).toHaveLength(80);
    expect(last.Invoices.at(-1)?.InvoiceNumber).toBe("XB-100040");
  });

  it("fails the next calls with 503 when told to", async () => {
    const { accessToken, tenantId } = await connectXero(emulator.url, RIMU);
    await emulatorAdmin(emulator.url).failNext({ count: 2 });
    expect((await api(accessToken, tenantId, "Accounts")).status).toBe(503);
    expect((await api(accessToken, tenantId, "Accounts")).status).toBe(503);
    expect((await api(accessToken, tenantId, "Accounts")).status).toBe(200);
  });

  it("records a payment once per Idempotency-Key, reducing the bill to PAID", async () => {
    const admin = emulatorAdmin(emulator.url);
    const { accessToken, tenantId } = await connectXero(emulator.url, RIMU);
    const bill = await admin.xeroInvoice(tenantId, "XB-0001");
    expect(bill.Status).toBe("AUTHORISED");
    const before = (await admin.xeroPayments(tenantId)).length;
    const pay = (amount: number, key: string) => api(accessToken, tenantId, "Payments", { method: "PUT", headers: { "content-type": "application/json", "Idempotency-Key": key }, body: JSON.stringify({ Payments: [{ Invoice: { InvoiceID: bill.InvoiceID }, Account: { Code: "090" }, Date: "2026-11-20", Amount: amount, Reference: "Earlybird" }] }) });
    const half = Math.round(bill.AmountDue * 50) / 100;
    const first = await pay(half, "ledger-1");
    expect(first.status).toBe(200);
    const firstBody = (await first.json()) as { Payments: XeroPayment[] };
    const replay = (await (await pay(half, "ledger-1")).json()) as { Payments: XeroPayment[] };
    expect(replay.Payments[0].PaymentID).toBe(firstBody.Payments[0].PaymentID);
    expect((await admin.xeroPayments(tenantId)).length).toBe(before + 1);
    expect((await admin.xeroInvoice(tenantId, "XB-0001")).AmountDue).toBeCloseTo(bill.AmountDue - half, 2);
    const tooMuch = await pay(bill.AmountDue, "ledger-2");
    expect(tooMuch.status).toBe(400);
    expect(((await tooMuch.json()) as { Type: string }).Type).toBe("ValidationException");
    const rest = Math.round((bill.AmountDue - half) * 100) / 100;
    expect((await pay(rest, "ledger-3")).status).toBe(200);
    const paid = await admin.xeroInvoice(tenantId, "XB-0001");
    expect(paid).toMatchObject({ Status: "PAID", AmountDue: 0 });
  });

  it("creates accounts with unique codes, and bills with an Idempotency-Key", async () => {
    const { accessToken, tenantId } = await connectXero(emulator.url, RIMU);
    const taken = await api(accessToken, tenantId, "Accounts", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ Code: "280", Name: "Earlybird Cashback Income", Type: "OTHERINCOME" }) });
    expect(taken.status).toBe(400);
    const error = (await taken.json()) as { Type: string; Elements: Array<{ ValidationErrors: Array<{ Message: string }> }> };
    expect(error.Type).toBe("ValidationException");
    expect(error.Elements[0].ValidationErrors[0].Message).toBe("Please enter a unique Code.");
    const created = await api(accessToken, tenantId, "Accounts", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ Code: "480", Name: "Earlybird Fees", Type: "EXPENSE" }) });
    expect(created.status).toBe(200);
    const contact = (await emulatorAdmin(emulator.url).xeroContacts(tenantId))[0];
    const createBill = () => api(accessToken, tenantId, "Invoices", { method: "PUT", headers: { "content-type": "application/json", "Idempotency-Key": "bill-77" }, body: JSON.stringify({ Invoices: [{ Type: "ACCPAY", InvoiceNumber: "EB-77", Contact: { ContactID: contact.ContactID }, Date: "2026-11-20", DueDate: "2026-12-20", Status: "AUTHORISED", LineItems: [{ Description: "Goods", Quantity: 2, UnitAmount: 50, AccountCode: "300" }] }] }) });
    const one = (await (await createBill()).json()) as { Invoices: XeroInvoice[] };
    const two = (await (await createBill()).json()) as { Invoices: XeroInvoice[] };
    expect(two.Invoices[0].InvoiceID).toBe(one.Invoices[0].InvoiceID);
    expect(one.Invoices[0]).toMatchObject({ Total: 115, AmountDue: 115, Status: "AUTHORISED" });
    const found = (await (await api(accessToken, tenantId, `Invoices?where=${encodeURIComponent('InvoiceNumber=="EB-77"')}`)).json()) as { Invoices: XeroInvoice[] };
    expect(found.Invoices).toHaveLength(1);
  });

  it("reports aged payables: for one contact by bill, and (emulator convenience) the summary of all contacts", async () => {
    const { accessToken, tenantId } = await connectXero(emulator.url, RIMU);
    type Cell = { Value: string; Attributes?: Array<{ Id: string; Value: string }> };
    type Row = { RowType: string; Title?: string; Cells?: Cell[]; Rows?: Row[] };
    type Report = { Reports: Array<{ ReportID: string; Rows: Row[] }> };
    const all = (await (await api(accessToken, tenantId, "Reports/AgedPayablesByContact?date=2030-01-01")).json()) as Report;
    const report = all.Reports[0];
    expect(report.ReportID).toBe("AgedPayablesByContact");
    expect(report.Rows[0].Cells?.map((cell) => cell.Value)).toEqual(["Contact", "Current", "< 1 Month", "1 Month", "2 Months", "3 Months", "Older", "Total"]);
    const contacts = (report.Rows[1].Rows ?? []).filter((row) => row.RowType === "Row");
    expect(contacts.length).toBeGreaterThan(3);
    const tui = contacts.find((row) => row.Cells?.[0].Value === "Tui Trading Ltd") as Row;
    const contactId = tui.Cells?.[0].Attributes?.find((attribute) => attribute.Id === "contactID")?.Value as string;
    const bills = await emulatorAdmin(emulator.url).xeroContacts(tenantId);
    expect(bills.find((contact) => contact.Name === "Tui Trading Ltd")?.ContactID).toBe(contactId);
    const one = (await (await api(accessToken, tenantId, `Reports/AgedPayablesByContact?contactID=${contactId}&date=2030-01-01`)).json()) as Report;
    expect(one.Reports[0].Rows[0].Cells?.at(-1)?.Value).toBe("Due");
    const rows = one.Reports[0].Rows[1].Rows ?? [];
    const due = rows.filter((row) => row.RowType === "Row").reduce((total, row) => total + Number(row.Cells?.at(-1)?.Value), 0);
    expect(due).toBeCloseTo(Number(tui.Cells?.at(-1)?.Value), 2);
    expect(rows.at(-1)?.RowType).toBe("SummaryRow");
  });

  it("keeps its state across a restart with the same data directory", async () => {
    const admin = emulatorAdmin(emulator.url);
    const { accessToken, tenantId } = await connectXero(emulator.url, "pat@harbourfoods.test");
    expect((await admin.organisations()).map((organisation) => organisation.name)).toContain("Harbourfoods Ltd");
    const changed = await admin.upsertXeroInvoice(tenantId, { Type: "ACCPAY", Reference: "kept" });
    await emulator.close();
    emulator = await startAccountingEmulator({ dataDir });
    const again = emulatorAdmin(emulator.url);
    expect((await again.xeroInvoice(tenantId, changed.InvoiceID)).Reference).toBe("kept");
    // The tokens survive too: the connection keeps working.
    expect((await api(accessToken, tenantId, "Invoices/" + changed.InvoiceID)).status).toBe(200);
    expect(fs.existsSync(path.join(dataDir, "accounting-emulator", "state.json"))).toBe(true);
  });
});
