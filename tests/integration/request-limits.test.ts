/**
 * Issue 13 parts 9-10 through the routes, as a browser would post: a bill number with a NUL byte, a 100,000-character
 * bill or credit-note number, a form over 1 MB, and an impossible date in /resources/analytics/*. Each gets a 4xx with a
 * clear message (on its field where it has one) and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Op } from "sequelize";
import { sequelize } from "../../db/index";
import { CreditNote, Invoice } from "../../db/models/index";
import { addDays, todayIn } from "../../app/lib/dates";
import { commitSessionToken } from "../../app/lib/session.server";
import { createSession } from "../../app/modules/auth/service.server";
import { NUMBER_TOO_LONG } from "../../app/modules/invoices/schema";
import { BODY_MESSAGES } from "../../app/web/body-limits";
import { action as addBill } from "../../app/routes/_app.bills.add";
import { loader as analytics } from "../../app/routes/resources.analytics.$type";
import { makeSupplierLink, makeVerifiedCompany } from "../support/factories";
import { settle } from "../support/routes";

afterAll(() => sequelize.close());

let cookie = "";
let purchaserId = 0;
let supplierId = 0;

beforeAll(async () => {
  const purchaser = await makeVerifiedCompany();
  const supplier = await makeVerifiedCompany();
  purchaserId = purchaser.company.id;
  supplierId = supplier.company.id;
  await makeSupplierLink(purchaser.company, supplier.company);
  cookie = (await commitSessionToken(await createSession(purchaser.user.id), 3600)).split(";")[0];
});

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;

function post(path: string, body: string) {
  return new Request(`http://localhost${path}`, { method: "POST", headers: { cookie, "Content-Type": "application/x-www-form-urlencoded" }, body });
}

function billForm(fields: Record<string, string>) {
  const today = todayIn("NZ");
  return new URLSearchParams({
    intent: "submit",
    kind: "BILL",
    counterpartyId: String(supplierId),
    invoiceNumber: "B-1",
    dueDate: addDays(today, 30),
    issueDate: today,
    amount: "100.00",
    ...fields,
  }).toString();
}

const billsOfPurchaser = () => Invoice.count({ where: { issuedFor: purchaserId } });

describe("numbers and bodies through /bills/add", () => {
  it("answers a NUL byte in a bill number with 400 and its message, and writes nothing", async () => {
    const before = await billsOfPurchaser();
    const response = await settle(() => addBill(args(post("/bills/add", billForm({ invoiceNumber: "B-\u0000-1" })))));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: BODY_MESSAGES.nulCharacter });
    expect(await billsOfPurchaser()).toBe(before);
  });

  it("refuses a 100,000-character bill number on its field and stores nothing", async () => {
    const before = await billsOfPurchaser();
    const response = await settle(() => addBill(args(post("/bills/add", billForm({ invoiceNumber: "9".repeat(100_000) })))));
    expect(response.status).toBe(422);
    const data = (await response.json()) as { step: string; fieldErrors: Record<string, string> };
    expect(data).toMatchObject({ step: "enter", fieldErrors: { invoiceNumber: NUMBER_TOO_LONG } });
    expect(await billsOfPurchaser()).toBe(before);
  });

  it("refuses a 100,000-character credit-note number on its field and stores nothing", async () => {
    const form = new URLSearchParams({ intent: "submit", kind: "CREDIT_NOTE", counterpartyId: String(supplierId), creditNumber: "C".repeat(100_000), total: "5" });
    const response = await settle(() => addBill(args(post("/bills/add?kind=credit-note", form.toString()))));
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ fieldErrors: { creditNumber: NUMBER_TOO_LONG } });
    expect(await CreditNote.count({ where: { issuedFor: purchaserId } })).toBe(0);
  });

  it("stores a 255-character bill number", async () => {
    const number = `B${"9".repeat(254)}`;
    const response = await settle(() => addBill(args(post("/bills/add", billForm({ invoiceNumber: number })))));
    expect(response.status).toBe(302);
    expect(await Invoice.count({ where: { issuedFor: purchaserId, invoiceNumber: { [Op.eq]: number } } })).toBe(1);
  });

  it("refuses a form over 1 MB with 413 before parsing it", async () => {
    const response = await settle(() => addBill(args(post("/bills/add", billForm({ invoiceNumber: "x".repeat(1_100_000) })))));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: BODY_MESSAGES.tooLarge });
  });
});

describe("/resources/analytics/*", () => {
  it.each(["2026-02-31", "2026-13-01", "2025-02-29", "0000-01-01"])("answers fromTime=%s with 422 and a clear message", async (fromTime) => {
    const response = await settle(() => analytics(args(new Request(`http://localhost/resources/analytics/bills?fromTime=${fromTime}`, { headers: { cookie } }), { type: "bills" })));
    expect(response.status).toBe(422);
    // The one error shape (a field error on fromTime), with the message under `message` as the endpoint always gave it.
    const message = "fromTime must be a date (YYYY-MM-DD)";
    expect(await response.json()).toEqual({ message, fieldErrors: { fromTime: message } });
  });

  it("answers an unknown type with the Not Found page", async () => {
    const response = await settle(() => analytics(args(new Request("http://localhost/resources/analytics/offers", { headers: { cookie } }), { type: "offers" })));
    expect(response.status).toBe(404);
  });

  it("takes a real day, a leap day included", async () => {
    const response = await settle(() => analytics(args(new Request(`http://localhost/resources/analytics/bills?fromTime=2028-02-29`, { headers: { cookie } }), { type: "bills" })));
    expect(response.status).toBe(200);
  });
});
