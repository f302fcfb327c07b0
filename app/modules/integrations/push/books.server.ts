/**
 * The two writes sync out makes, over B1's clients (xeroApiFor / myobApiFor: tokens refreshed, 429 and 5xx handled at
 * the edge): create a bill, and apply a payment to a bill (purchaser) or an invoice (supplier). Every call carries the
 * push's idempotency key as the provider's Idempotency-Key, so a retry after a lost answer writes nothing new.
 */
import type { AccountingConnection } from "../../../../db/models/index";
import type { AccountingPushSide } from "../../../../db/models/accounting-push";
import { myobApiFor, xeroApiFor } from "../connections.server";
import { myobPaymentInput, xeroAdjustmentInput, xeroBillInput, xeroPaymentInput, type BillForBooks, type PaymentForBooks } from "./rules";

/** A payment push's payload: the document paid, the account, and for a fee or cashback also the bank account. */
export interface PaymentPayload extends PaymentForBooks {
  kind: "PAYMENT" | "FEE" | "CASHBACK";
  contactExternalId: string | null;
  documentNumber: string;
  /** FEE and CASHBACK: the Earlybird bank account (Xero pays the adjustment through it). */
  bankAccount?: { code: string; externalId: string | null };
}

export interface BooksWriter {
  /** Creates the bill; returns the provider's id (Xero InvoiceID, MYOB UID). */
  createBill(bill: BillForBooks & { glAccountExternalId: string | null }, idempotencyKey: string): Promise<{ externalId: string; payload: unknown }>;
  /** Applies a payment to the side's document; returns the payment's id. */
  applyPayment(side: AccountingPushSide, payment: PaymentPayload, idempotencyKey: string): Promise<{ externalId: string; payload: unknown }>;
  /** Records a fee (supplier) or cashback (purchaser) on the mapped account (rules.ts plannedPayments says how). */
  recordPart(side: AccountingPushSide, part: PaymentPayload, idempotencyKey: string): Promise<{ externalId: string; payload: unknown }>;
}

export function booksWriterFor(connection: AccountingConnection): BooksWriter {
  if (connection.provider === "XERO") {
    const api = xeroApiFor(connection);
    return {
      async createBill(bill, key) {
        const input = xeroBillInput(bill);
        const created = await api.createInvoice(input, key);
        return { externalId: created.InvoiceID, payload: input };
      },
      async applyPayment(_side, payment, key) {
        const input = xeroPaymentInput(payment);
        const created = await api.createPayment(input, key);
        return { externalId: created.PaymentID, payload: input };
      },
      async recordPart(_side, part, key) {
        if (part.kind === "PAYMENT" || !part.bankAccount) throw new Error("A fee or cashback needs the Earlybird bank account");
        // Two calls, each under its own key: a retry after the first replays it (same InvoiceID) and goes on.
        const document = xeroAdjustmentInput({
          kind: part.kind,
          lineAccount: { code: part.account.code },
          bankAccount: part.bankAccount,
          amount: part.amount,
          date: part.date,
          documentNumber: part.documentNumber,
          reference: part.reference,
        });
        const adjustment = await api.createInvoice(document, `${key}:document`);
        const payment = xeroPaymentInput({ documentExternalId: adjustment.InvoiceID, account: part.bankAccount, amount: part.amount, date: part.date, reference: part.reference });
        const created = await api.createPayment(payment, `${key}:payment`);
        return { externalId: created.PaymentID, payload: { document, adjustmentInvoiceId: adjustment.InvoiceID, payment } };
      },
    };
  }
  const api = myobApiFor(connection);
  return {
    async createBill(bill, key) {
      if (!bill.supplier.externalId) throw new Error(`The supplier ${bill.supplier.name} is not in MYOB yet (sync contacts first)`);
      const input = {
        SupplierInvoiceNumber: bill.invoiceNumber,
        Date: `${bill.issueDate}T00:00:00`,
        Supplier: { UID: bill.supplier.externalId },
        IsTaxInclusive: true,
        ...(bill.orderNumber ? { PurchaseOrderNumber: bill.orderNumber } : {}),
        Terms: { DueDate: `${bill.dueDate}T00:00:00` },
        Lines: [
          {
            Type: "Transaction" as const,
            Description: `Bill ${bill.invoiceNumber}`,
            Total: bill.total / 100,
            ...(bill.glAccountExternalId ? { Account: { UID: bill.glAccountExternalId } } : {}),
          },
        ],
      };
      const created = await api.createBill(input, key);
      return { externalId: created.uid, payload: input };
    },
    async applyPayment(side, payment, key) {
      if (!payment.contactExternalId) throw new Error("The other company is not a contact in MYOB yet (sync contacts first)");
      const input = myobPaymentInput(side, { ...payment, contactUid: payment.contactExternalId });
      const created = side === "PURCHASER" ? await api.createSupplierPayment(input, key) : await api.createCustomerPayment(input, key);
      return { externalId: created.uid, payload: input };
    },
    // MYOB: the fee or cashback applied to the same bill or invoice from its mapped account.
    async recordPart(side, part, key) {
      return this.applyPayment(side, part, key);
    },
  };
}
