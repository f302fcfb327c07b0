/**
 * The accounting emulator's MYOB side over real HTTP (issue 18 part 1, decision 054): consent (Allow access / Cancel),
 * the token endpoint (form-encoded client credentials, expires_in as a string, rotation), company files by product
 * (AccountRight: 401 without or with a wrong cftoken, 200 with the file's user; Essentials: none needed), the headers,
 * OData paging and LastModified filters, RowVersion conflicts, POST 201 with Location, and an idempotent payment.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emulatorAdmin, MYOB_FILE_USER, startAccountingEmulator, type AccountingEmulatorHandle } from "../../app/modules/integrations/emulator/index";
import type { MyobAccount, MyobBill, MyobCompanyFile, MyobContact, MyobPage, MyobTokenResponse } from "../../app/modules/integrations/myob/types";
import { connectMyob, form, MYOB_REDIRECT, myobHeaders } from "../support/accounting-emulator-flow";

const RIMU = "robin@rimugrocers.test";
const CFTOKEN = Buffer.from(`${MYOB_FILE_USER.username}:${MYOB_FILE_USER.password}`).toString("base64");
let emulator: AccountingEmulatorHandle;

beforeAll(async () => {
  emulator = await startAccountingEmulator({ dataDir: null });
});
afterAll(() => emulator.close());
beforeEach(() => emulatorAdmin(emulator.url).reset());

const get = async <T>(url: string, headers: Record<string, string>): Promise<{ status: number; body: T }> => {
  const response = await fetch(url, { headers });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
};

describe("MYOB OAuth", () => {
  it("shows the organisation, sends Cancel back with access_denied, and exchanges a code once", async () => {
    const query = new URLSearchParams({ response_type: "code", client_id: "earlybird-local-myob", redirect_uri: MYOB_REDIRECT, scope: "CompanyFile", state: "m-2", login_hint: RIMU });
    const page = await (await fetch(`${emulator.url}/myob/secure/oauth2/account/authorize?${query}`)).text();
    expect(page).toContain("Rimu Grocers Ltd");
    expect(page).toContain("Allow access");
    const cancel = await fetch(`${emulator.url}/myob/secure/oauth2/account/authorize`, { method: "POST", headers: form, body: new URLSearchParams({ ...Object.fromEntries(query), decision: "cancel" }), redirect: "manual" });
    const back = new URL(cancel.headers.get("location") as string).searchParams;
    expect(back.get("error")).toBe("access_denied");
    expect(back.get("state")).toBe("m-2");
    const allow = await fetch(`${emulator.url}/myob/secure/oauth2/account/authorize`, { method: "POST", headers: form, body: new URLSearchParams({ ...Object.fromEntries(query), decision: "allow" }), redirect: "manual" });
    const code = new URL(allow.headers.get("location") as string).searchParams.get("code") as string;
    const exchange = () => fetch(`${emulator.url}/myob/secure/oauth2/v1/authorize`, { method: "POST", headers: form, body: new URLSearchParams({ client_id: "earlybird-local-myob", client_secret: "earlybird-local-myob-secret", grant_type: "authorization_code", code, redirect_uri: MYOB_REDIRECT }) });
    const first = await exchange();
    expect(first.status).toBe(200);
    const tokens = (await first.json()) as MyobTokenResponse;
    expect(tokens.expires_in).toBe("1200");
    expect(tokens.user?.username).toBe(RIMU);
    expect((await exchange()).status).toBe(400);
    const refresh = (token: string) => fetch(`${emulator.url}/myob/secure/oauth2/v1/authorize`, { method: "POST", headers: form, body: new URLSearchParams({ client_id: "earlybird-local-myob", client_secret: "earlybird-local-myob-secret", grant_type: "refresh_token", refresh_token: token }) });
    const rotated = await refresh(tokens.refresh_token);
    expect(rotated.status).toBe(200);
    expect((await refresh(tokens.refresh_token)).status).toBe(400);
  });
});

describe("MYOB API", () => {
  it("lists two AccountRight files that need the file's credentials", async () => {
    const { accessToken } = await connectMyob(emulator.url, RIMU, "MYOB_ACCOUNT_RIGHT");
    const files = await get<MyobCompanyFile[]>(`${emulator.url}/myob/api/accountright/`, myobHeaders(accessToken));
    expect(files.status).toBe(200);
    expect(files.body.map((file) => file.Name)).toEqual(["Rimu Grocers Ltd (Live)", "Rimu Grocers Ltd (Training)"]);
    const uri = files.body[0].Uri;
    expect((await get(`${uri}/`, myobHeaders(accessToken))).status).toBe(401);
    expect((await get(`${uri}/`, myobHeaders(accessToken, Buffer.from("Administrator:wrong").toString("base64")))).status).toBe(401);
    expect((await get(`${uri}/`, myobHeaders(accessToken, CFTOKEN))).status).toBe(200);
    const withoutKey = Object.fromEntries(Object.entries(myobHeaders(accessToken, CFTOKEN)).filter(([name]) => name !== "x-myobapi-key"));
    expect((await get(`${uri}/Contact/Supplier`, withoutKey)).status).toBe(403);
    expect((await get(`${uri}/Contact/Supplier`, { ...myobHeaders(accessToken, CFTOKEN), "x-myobapi-version": "v1" })).status).toBe(400);
    expect((await get(`${uri}/Contact/Supplier`, myobHeaders("bad-token", CFTOKEN))).status).toBe(401);
  });

  it("lists one Essentials business that needs no cftoken", async () => {
    const { accessToken } = await connectMyob(emulator.url, "taylor@tuitrading.test", "MYOB_ESSENTIALS");
    const files = await get<MyobCompanyFile[]>(`${emulator.url}/myob/api/accountright/`, myobHeaders(accessToken));
    expect(files.body).toHaveLength(1);
    expect(files.body[0].Name).toBe("Tui Trading Ltd");
    const bills = await get<MyobPage<MyobBill>>(`${files.body[0].Uri}/Purchase/Bill/Service`, myobHeaders(accessToken));
    expect(bills.status).toBe(200);
    expect(bills.body.Count).toBe(40);
    expect(bills.body.Items[0].Number).toBe("MB-0001");
  });

  it("pages with $top/$skip and NextPageLink, filters on LastModified, and sorts", async () => {
    const { accessToken } = await connectMyob(emulator.url, RIMU, "MYOB_ACCOUNT_RIGHT");
    const { live } = await emulatorAdmin(emulator.url).myobFileIds("Rimu Grocers Ltd");
    const headers = myobHeaders(accessToken, CFTOKEN);
    const base = `${emulator.url}/myob/api/accountright/${live}`;
    const first = await get<MyobPage<MyobBill>>(`${base}/Purchase/Bill/Service?$top=15`, headers);
    expect(first.body.Items).toHaveLength(15);
    expect(first.body.Count).toBe(40);
    const second = await get<MyobPage<MyobBill>>(first.body.NextPageLink as string, headers);
    expect(second.body.Items[0].Number).toBe("MB-0016");
    const last = await get<MyobPage<MyobBill>>(`${base}/Purchase/Bill/Service?$top=15&$skip=30`, headers);
    expect(last.body.Items).toHaveLength(10);
    expect(last.body.NextPageLink).toBeNull();
    const newest = last.body.Items.at(-1) as MyobBill;
    const since = (time: string) => get<MyobPage<MyobBill>>(`${base}/Purchase/Bill/Service?$filter=${encodeURIComponent(`LastModified gt datetime'${time}'`)}`, headers);
    expect((await since(newest.LastModified)).body.Items).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const changed = await emulatorAdmin(emulator.url).upsertMyobBill(live, { UID: first.body.Items[2].UID, Comment: "changed in MYOB" });
    const delta = await since(newest.LastModified);
    expect(delta.body.Items.map((bill) => bill.UID)).toEqual([changed.UID]);
    expect(delta.body.Items[0].RowVersion).not.toBe(first.body.Items[2].RowVersion);
    const sorted = await get<MyobPage<MyobBill>>(`${base}/Purchase/Bill/Service?$orderby=Number desc&$top=2`, headers);
    expect(sorted.body.Items.map((bill) => bill.Number)).toEqual(["MB-0040", "MB-0039"]);
    const open = await get<MyobPage<MyobBill>>(`${base}/Purchase/Bill/Service?$filter=${encodeURIComponent("Status eq 'Closed'")}`, headers);
    expect(open.body.Count).toBe(4);
    const listed = await fetch(`${base}/Purchase/Bill/Service?$top=5`, { headers });
    const etag = listed.headers.get("etag") as string;
    expect(etag).toBeTruthy();
    expect((await fetch(`${base}/Purchase/Bill/Service?$top=5`, { headers: { ...headers, "If-None-Match": etag } })).status).toBe(304);
  });

  it("refuses an update with a stale RowVersion (409) and takes the current one", async () => {
    const { accessToken } = await connectMyob(emulator.url, RIMU, "MYOB_ACCOUNT_RIGHT");
    const { live } = await emulatorAdmin(emulator.url).myobFileIds("Rimu Grocers Ltd");
    const headers = { ...myobHeaders(accessToken, CFTOKEN), "content-type": "application/json" };
    const suppliers = await get<MyobPage<MyobContact>>(`${emulator.url}/myob/api/accountright/${live}/Contact/Supplier`, headers);
    const supplier = suppliers.body.Items[0];
    const put = (rowVersion: string) => fetch(supplier.URI as string, { method: "PUT", headers, body: JSON.stringify({ ...supplier, GSTNumber: "111-222-333", RowVersion: rowVersion }) });
    expect((await put(supplier.RowVersion)).status).toBe(200);
    const stale = await put(supplier.RowVersion);
    expect(stale.status).toBe(409);
    const current = await get<MyobContact>(supplier.URI as string, headers);
    expect(current.body.GSTNumber).toBe("111-222-333");
    expect(current.body.RowVersion).not.toBe(supplier.RowVersion);
  });

  it("creates a bill (201, Location), an account (unique DisplayID), and a supplier payment once per Idempotency-Key", async () => {
    const admin = emulatorAdmin(emulator.url);
    const { accessToken } = await connectMyob(emulator.url, RIMU, "MYOB_ACCOUNT_RIGHT");
    const { live } = await admin.myobFileIds("Rimu Grocers Ltd");
    const headers = { ...myobHeaders(accessToken, CFTOKEN), "content-type": "application/json" };
    const base = `${emulator.url}/myob/api/accountright/${live}`;
    const accounts = await admin.myobAccounts(live);
    const purchases = accounts.find((account) => account.DisplayID === "5-1000") as MyobAccount;
    const bank = accounts.find((account) => account.DisplayID === "1-1110") as MyobAccount;
    const supplier = (await get<MyobPage<MyobContact>>(`${base}/Contact/Supplier`, headers)).body.Items[0];
    const created = await fetch(`${base}/Purchase/Bill/Service`, { method: "POST", headers, body: JSON.stringify({ Date: "2026-11-20", Supplier: { UID: supplier.UID }, SupplierInvoiceNumber: "EB-1", Lines: [{ Description: "Goods", Total: 200, Account: { UID: purchases.UID } }] }) });
    expect(created.status).toBe(201);
    const location = created.headers.get("location") as string;
    expect(location).toContain(`${base}/Purchase/Bill/Service/`);
    const bill = (await get<MyobBill>(location, headers)).body;
    expect(bill).toMatchObject({ TotalAmount: 230, BalanceDueAmount: 230, Status: "Open", Number: "MB-0041" });
    const taken = await fetch(`${base}/GeneralLedger/Account`, { method: "POST", headers, body: JSON.stringify({ Name: "Earlybird Cashback Income", DisplayID: "1-1500", Type: "OtherCurrentAsset" }) });
    expect(taken.status).toBe(400);
    const account = await fetch(`${base}/GeneralLedger/Account?returnBody=true`, { method: "POST", headers, body: JSON.stringify({ Name: "Earlybird Bank Account", DisplayID: "1-1245", Type: "Bank", Classification: "Asset" }) });
    expect(account.status).toBe(201);
    expect(((await account.json()) as MyobAccount).DisplayID).toBe("1-1245");
    const pay = (amount: number, key: string) => fetch(`${base}/Purchase/SupplierPayment`, { method: "POST", headers: { ...headers, "Idempotency-Key": key }, body: JSON.stringify({ PayFrom: "Account", Account: { UID: bank.UID }, Supplier: { UID: supplier.UID }, Date: "2026-11-21", Lines: [{ Type: "Bill", Purchase: { UID: bill.UID }, AmountApplied: amount }] }) });
    const paid = await pay(230, "ledger-9");
    expect(paid.status).toBe(201);
    const replay = await pay(230, "ledger-9");
    expect(replay.status).toBe(201);
    expect(replay.headers.get("location")).toBe(paid.headers.get("location"));
    expect(await admin.myobPayments(live)).toHaveLength(1);
    expect(await admin.myobBill(live, bill.UID)).toMatchObject({ BalanceDueAmount: 0, Status: "Closed" });
    expect((await pay(1, "ledger-10")).status).toBe(400);
    await admin.deleteMyobBill(live, bill.UID);
    expect((await get(location, headers)).status).toBe(404);
  });
});
