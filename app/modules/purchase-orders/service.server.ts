/**
 * Purchase orders of a buyer (decisions D6; issue 16 part 1; docs/decisions/041): the look-up the matching uses, and the
 * list (the CLI's pos:list). Both read only the company's rows, through purchase_orders_number_key
 * (company_id, order_number_key) and purchase_orders_status_key_idx (company_id, status, order_number_key).
 */
import { QueryTypes } from "sequelize";
import { sequelize } from "../../../db/index";
import type { Actor } from "../../lib/actor";
import { AppError } from "../../lib/errors";
import { parseDecimalToCents, type Cents } from "../../lib/money";
import { requireCompanyId } from "../companies/service.server";
import { normaliseOrderNumber, PURCHASE_ORDER_STATUSES, type PurchaseOrderStatus } from "./rules";

export { normaliseOrderNumber } from "./rules";

/** What the matching needs of a purchase order. */
export interface PurchaseOrderForMatch {
  id: number;
  orderNumber: string;
  supplierName: string | null;
  supplierCompanyId: number | null;
  amountCents: Cents;
  status: PurchaseOrderStatus;
}

interface OrderRow {
  id: number;
  order_number: string;
  supplier_name: string | null;
  supplier_company_id: number | null;
  amount: string;
  status: PurchaseOrderStatus;
  order_date: string | null;
}

const forMatch = (row: OrderRow): PurchaseOrderForMatch => ({
  id: row.id,
  orderNumber: row.order_number,
  supplierName: row.supplier_name,
  supplierCompanyId: row.supplier_company_id,
  amountCents: parseDecimalToCents(row.amount),
  status: row.status,
});

/**
 * The company's purchase orders with these numbers, by normalised number (normaliseOrderNumber): "po 1001" finds
 * PO1001. Numbers with no order are absent from the map. One indexed probe per distinct number.
 */
export async function findPurchaseOrdersByNumber(companyId: number, orderNumbers: string[]): Promise<Map<string, PurchaseOrderForMatch>> {
  const keys = [...new Set(orderNumbers.map(normaliseOrderNumber).filter((key) => key.length > 0))];
  const found = new Map<string, PurchaseOrderForMatch>();
  if (keys.length === 0) return found;
  const rows = await sequelize.query<OrderRow & { key: string }>(
    // = ANY of the array: the unique index (company_id, order_number_key) probed once per number, whatever the batch's
    // size (a join to unnest() let the planner hash a sequential scan of every order for a batch of 500).
    `SELECT po.order_number_key AS key, po.id, po.order_number, po.supplier_name, po.supplier_company_id, po.amount::text AS amount, po.status,
            po.order_date::text AS order_date
       FROM purchase_orders po
      WHERE po.company_id = $companyId AND po.order_number_key = ANY($keys::text[])`,
    { bind: { companyId, keys }, type: QueryTypes.SELECT }
  );
  for (const row of rows) found.set(row.key, forMatch(row));
  return found;
}

export interface PurchaseOrderListItem extends PurchaseOrderForMatch {
  orderDate: string | null;
}

export interface PurchaseOrderList {
  page: number;
  size: number;
  /** Whether a next page exists (no count over the table). */
  hasMore: boolean;
  purchaseOrders: PurchaseOrderListItem[];
}

export const PURCHASE_ORDER_PAGE_SIZES = [10, 25, 50, 100] as const;
export const STATUS_FILTER_MESSAGE = `Status must be one of ${PURCHASE_ORDER_STATUSES.join(", ")}`;
/** Pages beyond this are refused (an offset read grows with the page). */
export const MAX_LIST_PAGE = 1_000;

/** The actor's company's purchase orders in order-number order, a page at a time, optionally of one status. */
export async function listPurchaseOrders(
  actor: Actor,
  input: { status?: string | null; page?: number; size?: number } = {}
): Promise<PurchaseOrderList> {
  const companyId = requireCompanyId(actor, "Only a company user can list purchase orders");
  const status = input.status ? input.status.trim().toUpperCase() : null;
  if (status !== null && !(PURCHASE_ORDER_STATUSES as readonly string[]).includes(status)) throw AppError.validation({ status: STATUS_FILTER_MESSAGE });
  const page = input.page ?? 1;
  const size = input.size ?? 25;
  if (!Number.isInteger(page) || page < 1 || page > MAX_LIST_PAGE) throw AppError.validation({ page: `Page must be a whole number from 1 to ${MAX_LIST_PAGE}` });
  if (!(PURCHASE_ORDER_PAGE_SIZES as readonly number[]).includes(size)) throw AppError.validation({ size: "Size must be 10, 25, 50 or 100" });
  const rows = await sequelize.query<OrderRow>(
    `SELECT po.id, po.order_number, po.supplier_name, po.supplier_company_id, po.amount::text AS amount, po.status, po.order_date::text AS order_date
       FROM purchase_orders po
      WHERE po.company_id = $companyId ${status ? "AND po.status = $status" : ""}
      ORDER BY po.order_number_key
      LIMIT $limit OFFSET $offset`,
    { bind: { companyId, ...(status ? { status } : {}), limit: size + 1, offset: (page - 1) * size }, type: QueryTypes.SELECT }
  );
  return {
    page,
    size,
    hasMore: rows.length > size,
    purchaseOrders: rows.slice(0, size).map((row) => ({ ...forMatch(row), orderDate: row.order_date })),
  };
}
