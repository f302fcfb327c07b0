/**
 * Rows for counterparty merge tests (issue 15 part 6): a root purchaser R with two counterparties, the duplicate F
 * ("from") and T ("to"), and documents between them written straight to the tables (the merge reads tables, and
 * states such as an offer in CLEARING are quicker to write than to reach).
 */
import { QueryTypes } from "sequelize";
import { sequelize } from "../../db/index";
import type { Company } from "../../db/models/index";
import { addDays, todayIn } from "../../app/lib/dates";
import { makeCompany, makeCounterparty } from "./factories";

export async function makeMergePair(options: { fromName?: string; toName?: string; fromContactEmail?: string | null } = {}) {
  const root = await makeCompany({ companyName: `Root ${Date.now()}-${Math.random().toString(36).slice(2, 7)}` });
  const fromCompany = await makeCompany({ companyName: options.fromName ?? `Kiwi Dup ${root.id}`, status: "INACTIVE" });
  const toCompany = await makeCompany({ companyName: options.toName ?? `Kiwi ${root.id}` });
  const from = await makeCounterparty(root, fromCompany, { supplier: true, contactEmail: options.fromContactEmail ?? null });
  const to = await makeCounterparty(root, toCompany, { supplier: true });
  return { root, fromCompany, toCompany, from, to };
}

/** `count` bills of `supplier` to `purchaser` numbered `${prefix}-1..count`, in one statement. */
export async function insertBills(purchaser: Pick<Company, "id" | "companyName">, supplier: Pick<Company, "id" | "companyName">, count: number, prefix: string, options: { include?: boolean } = {}): Promise<number[]> {
  const rows = await sequelize.query<{ id: number }>(
    `INSERT INTO invoices (type, issued_by, issued_for, issued_by_company_name, issued_for_company_name, invoice_number, issue_date, due_date, total, include_in_purchaser_offer)
     SELECT 'BILL', $supplier, $purchaser, $supplierName, $purchaserName, $prefix || '-' || n, $issue::date, $due::date, 100 + n % 900, $include
       FROM generate_series(1, $count) n
     RETURNING id`,
    {
      bind: {
        supplier: supplier.id,
        purchaser: purchaser.id,
        supplierName: supplier.companyName,
        purchaserName: purchaser.companyName,
        prefix,
        issue: addDays(todayIn("NZ"), -3),
        due: addDays(todayIn("NZ"), 30),
        count,
        include: options.include ?? false,
      },
      type: QueryTypes.SELECT,
    }
  );
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

export async function insertInvoice(supplier: Pick<Company, "id" | "companyName">, customer: Pick<Company, "id" | "companyName">, number: string): Promise<number> {
  const [row] = await sequelize.query<{ id: number }>(
    `INSERT INTO invoices (type, issued_by, issued_for, issued_by_company_name, issued_for_company_name, invoice_number, due_date, total)
     VALUES ('INVOICE', $supplier, $customer, $supplierName, $customerName, $number, $due::date, 250) RETURNING id`,
    { bind: { supplier: supplier.id, customer: customer.id, supplierName: supplier.companyName, customerName: customer.companyName, number, due: addDays(todayIn("NZ"), 20) }, type: QueryTypes.SELECT }
  );
  return row.id;
}

export async function insertCreditNote(supplier: Pick<Company, "id" | "companyName">, purchaser: Pick<Company, "id" | "companyName">, number: string, total = 50): Promise<number> {
  const [row] = await sequelize.query<{ id: number }>(
    `INSERT INTO credit_notes (issued_by, issued_for, issued_by_company_name, issued_for_company_name, credit_number, issue_date, total)
     VALUES ($supplier, $purchaser, $supplierName, $purchaserName, $number, $issue::date, $total) RETURNING id`,
    { bind: { supplier: supplier.id, purchaser: purchaser.id, supplierName: supplier.companyName, purchaserName: purchaser.companyName, number, issue: addDays(todayIn("NZ"), -2), total }, type: QueryTypes.SELECT }
  );
  return row.id;
}

export async function allocate(creditNoteId: number, invoiceId: number, amount: number) {
  await sequelize.query(`INSERT INTO credit_note_allocations (credit_note_id, invoice_id, allocated_amount) VALUES ($1, $2, $3)`, { bind: [creditNoteId, invoiceId, amount] });
}

/** An open (CLEARING) supplier offer of `supplier` on its invoice (the purchaser's bill). */
export async function insertClearingSupplierOffer(supplier: Pick<Company, "id">, invoiceId: number): Promise<number> {
  const [offer] = await sequelize.query<{ id: number }>(
    `INSERT INTO supplier_offers (created_by_company, cash_reward, expiration_date, offer_status) VALUES ($1, 5, $2::date, 'CLEARING') RETURNING id`,
    { bind: [supplier.id, addDays(todayIn("NZ"), 5)], type: QueryTypes.SELECT }
  );
  await sequelize.query(`INSERT INTO supplier_offer_invoices (supplier_offer_id, invoice_id, offer_status) VALUES ($1, $2, 'CLEARING')`, { bind: [offer.id, invoiceId] });
  return offer.id;
}

/** A bill paid by the purchaser's offer: a SUCCESS execution result (what the ledger posting names). */
export async function insertPaidThroughOffer(purchaser: Pick<Company, "id">, billId: number): Promise<void> {
  const [offer] = await sequelize.query<{ id: number }>(
    `INSERT INTO purchaser_offers (created_by_company, cashpool, crr, offer_status, cancelled_at) VALUES ($1, 0, 5, 'CANCELLED', now()) RETURNING id`,
    { bind: [purchaser.id], type: QueryTypes.SELECT }
  );
  const [execution] = await sequelize.query<{ id: number }>(
    `INSERT INTO offer_executions (offer_kind, purchaser_offer_id, requested_by_company_id, status, progress) VALUES ('PURCHASER', $1, $2, 'SUCCESS', 100) RETURNING id`,
    { bind: [offer.id, purchaser.id], type: QueryTypes.SELECT }
  );
  await sequelize.query(`INSERT INTO offer_execution_results (execution_id, invoice_id, status, amount) VALUES ($1, $2, 'SUCCESS', 100)`, { bind: [execution.id, billId] });
}

export async function insertPurchaseOrder(company: Pick<Company, "id">, supplier: Pick<Company, "id">, number: string): Promise<number> {
  const [row] = await sequelize.query<{ id: number }>(
    `INSERT INTO purchase_orders (company_id, supplier_company_id, order_number, amount) VALUES ($1, $2, $3, 500) RETURNING id`,
    { bind: [company.id, supplier.id, number], type: QueryTypes.SELECT }
  );
  return row.id;
}
