import { describe, expect, it } from "vitest";
import type { Cents } from "../../../lib/money";
import { backoffMs, billCreateKey, isEarlybirdAdjustment, isRetryable, MAX_BACKOFF_MS, paymentPushKey, plannedPayments, xeroAdjustmentInput, xeroBillInput, xeroPaymentInput } from "./rules";

const c = (value: number) => value as Cents;

describe("sync out rules", () => {
  it("keys one push per ledger transaction, kind and side, and one bill per provider", () => {
    expect(paymentPushKey(42, "PAYMENT", "PURCHASER")).toBe("42:PAYMENT:PURCHASER");
    expect(paymentPushKey(42, "FEE", "SUPPLIER")).toBe("42:FEE:SUPPLIER");
    expect(billCreateKey(7, "XERO")).toBe("bill-7:BILL_CREATE:XERO");
  });

  it("plans the bill paid in full plus the cashback or fee (Xero), or T less the part plus the part (MYOB); zero parts left out", () => {
    const amounts = { total: c(123_457), serviceFee: c(1_235), cashback: c(741) };
    expect(plannedPayments("XERO", "PURCHASER", amounts)).toEqual([
      { kind: "PAYMENT", side: "PURCHASER", amount: 123_457, account: "EARLYBIRD_BANK_ACCOUNT" },
      { kind: "CASHBACK", side: "PURCHASER", amount: 741, account: "EARLYBIRD_REWARDS" },
    ]);
    expect(plannedPayments("XERO", "SUPPLIER", amounts)).toEqual([
      { kind: "PAYMENT", side: "SUPPLIER", amount: 123_457, account: "EARLYBIRD_BANK_ACCOUNT" },
      { kind: "FEE", side: "SUPPLIER", amount: 1_235, account: "EARLYBIRD_FEES" },
    ]);
    expect(plannedPayments("MYOB_ESSENTIALS", "PURCHASER", amounts).map((p) => p.amount)).toEqual([122_716, 741]);
    expect(plannedPayments("MYOB_ACCOUNT_RIGHT", "SUPPLIER", amounts).map((p) => p.amount)).toEqual([122_222, 1_235]);
    expect(plannedPayments("XERO", "PURCHASER", { ...amounts, cashback: c(0) }).map((p) => p.kind)).toEqual(["PAYMENT"]);
  });

  it("backs off exponentially from 30 s to an hour, never sooner than Retry-After", () => {
    expect([1, 2, 3, 4].map((attempts) => backoffMs(attempts))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(20)).toBe(MAX_BACKOFF_MS);
    expect(backoffMs(1, 90)).toBe(90_000);
  });

  it("retries what the provider may answer differently later, not what it refused or a bug", () => {
    for (const status of [0, 401, 403, 408, 409, 429, 500, 502, 503]) expect(isRetryable({ status })).toBe(true);
    for (const status of [400, 404, 422]) expect(isRetryable({ status })).toBe(false);
    expect(isRetryable(new TypeError("Cannot read properties of undefined"))).toBe(false);
  });

  it("writes a bill as an AUTHORISED ACCPAY with billOrderNumber as Reference and the GL code on every line", () => {
    const bill = {
      invoiceNumber: "B-1",
      orderNumber: "PO-1",
      issueDate: "2026-11-20",
      dueDate: "2026-12-20",
      total: c(115_00),
      subTotal: c(100_00),
      gst: c(15_00),
      glCode: "400",
      supplier: { name: "Harbour Foods Ltd", externalId: null },
      items: [{ description: "Flour", units: "10", unitPrice: c(10_00), amount: c(100_00) }],
    };
    expect(xeroBillInput(bill)).toEqual({
      Type: "ACCPAY",
      InvoiceNumber: "B-1",
      Reference: "PO-1",
      Contact: { Name: "Harbour Foods Ltd" },
      Date: "2026-11-20",
      DueDate: "2026-12-20",
      Status: "AUTHORISED",
      LineAmountTypes: "Exclusive",
      LineItems: [{ Description: "Flour", Quantity: 10, UnitAmount: 10, LineAmount: 100, AccountCode: "400" }],
    });
    const plain = xeroBillInput({ ...bill, orderNumber: null, subTotal: null, gst: null, items: [], supplier: { name: "X", externalId: "c-1" } });
    expect(plain).toMatchObject({ Contact: { ContactID: "c-1" }, LineAmountTypes: "Inclusive", LineItems: [{ UnitAmount: 115, LineAmount: 115, AccountCode: "400" }] });
    expect(plain).not.toHaveProperty("Reference");
  });

  it("pays in dollars through the mapped account; the fee is an ACCPAY from Earlybird, the cashback an ACCREC", () => {
    expect(xeroPaymentInput({ documentExternalId: "inv-1", account: { code: "088", externalId: null }, amount: c(122_716), date: "2026-11-27", reference: "r" })).toEqual({
      Invoice: { InvoiceID: "inv-1" },
      Account: { Code: "088" },
      Date: "2026-11-27",
      Amount: 1227.16,
      Reference: "r",
    });
    const fee = xeroAdjustmentInput({ kind: "FEE", lineAccount: { code: "480" }, bankAccount: { code: "088", externalId: null }, amount: c(1_235), date: "2026-11-27", documentNumber: "I-1", reference: "r" });
    expect(fee).toMatchObject({ Type: "ACCPAY", Contact: { Name: "Earlybird" }, LineAmountTypes: "NoTax", LineItems: [{ AccountCode: "480", LineAmount: 12.35 }] });
    expect(xeroAdjustmentInput({ kind: "CASHBACK", lineAccount: { code: "280" }, bankAccount: { code: "088", externalId: null }, amount: c(741), date: "2026-11-27", documentNumber: "I-1", reference: "r" }).Type).toBe("ACCREC");
  });

  it("recognises the fee bills and cashback invoices it wrote, for sync in to skip", () => {
    expect(isEarlybirdAdjustment({ contactName: "Earlybird", reference: "Earlybird service fee XI-0001" })).toBe(true);
    expect(isEarlybirdAdjustment({ contactName: "earlybird ", reference: "Earlybird cashback B-1" })).toBe(true);
    expect(isEarlybirdAdjustment({ contactName: "Earlybird", reference: "PO-1" })).toBe(false);
    expect(isEarlybirdAdjustment({ contactName: "Harbour Foods", reference: "Earlybird cashback B-1" })).toBe(false);
  });
});
