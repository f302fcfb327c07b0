/**
 * TO BE REPLACED at the merge by `findPurchaseOrdersByNumber` and `normaliseOrderNumber` from
 * app/modules/purchase-orders/ (helper P, issue 16): same signatures. Delete this file and point the one import in
 * ./service.server.ts at the purchase-orders module.
 *
 * It assumes what P's module states: order numbers are stored normalised (trim, upper case, inner spaces removed), so
 * the lookup is the unique index (company_id, order_number).
 */
import { QueryTypes } from "sequelize";
import { sequelize } from "../../../db/index";
import type { Cents } from "../../lib/money";

export interface PurchaseOrderForMatch {
  id: number;
  orderNumber: string;
  supplierName: string | null;
  supplierCompanyId: number | null;
  amountCents: Cents;
  status: "OPEN" | "RECEIPTED" | "CLOSED";
}

/** Trim, upper case, inner spaces removed: "po 0012 " is "PO0012". */
export const normaliseOrderNumber = (value: string) => value.trim().toUpperCase().replace(/\s+/g, "");

/** The buyer's purchase orders with these numbers, by normalised number. */
export async function findPurchaseOrdersByNumber(companyId: number, orderNumbers: string[]): Promise<Map<string, PurchaseOrderForMatch>> {
  const numbers = [...new Set(orderNumbers.map(normaliseOrderNumber).filter((n) => n.length > 0))];
  const found = new Map<string, PurchaseOrderForMatch>();
  if (numbers.length === 0) return found;
  const rows = await sequelize.query<{ id: number; order_number: string; supplier_name: string | null; supplier_company_id: number | null; amount_c: string; status: PurchaseOrderForMatch["status"] }>(
    `SELECT id, order_number, supplier_name, supplier_company_id, (amount * 100)::bigint AS amount_c, status
       FROM purchase_orders WHERE company_id = :companyId AND order_number = ANY(ARRAY[:numbers]::text[])`,
    { type: QueryTypes.SELECT, replacements: { companyId, numbers } }
  );
  for (const row of rows) {
    found.set(normaliseOrderNumber(row.order_number), {
      id: row.id,
      orderNumber: row.order_number,
      supplierName: row.supplier_name,
      supplierCompanyId: row.supplier_company_id,
      amountCents: Number(row.amount_c) as Cents,
      status: row.status,
    });
  }
  return found;
}
