/**
 * The payments-available dialog (p1 §2 "payments-available dialog (visible by default)"; p2 §2, §4 Payment Available;
 * decision 063): a supplier whose customers' offers would pay some of its invoices today is told so on its first
 * visit of /invoices in a session (where login lands), and not again in that session. "Payment Available" is exactly the invoices list's
 * PAYMENT_READY tab (invoiceRowStatus), so the dialog and the tab always agree.
 */
import { sequelize } from "../../../db/index";
import { QueryTypes } from "sequelize";
import type { Actor } from "../../lib/actor";
import type { Cents } from "../../lib/money";
import { defaultListQuery } from "./filters";
import { listInvoices, type ListActor } from "./list.server";
import type { Locale } from "./rules";

/** How many invoices the dialog names; the count covers them all. */
export const PAYMENTS_AVAILABLE_SHOWN = 3;

export interface PaymentsAvailableNotice {
  count: number;
  invoices: { id: number; number: string; customer: string; amountDue: Cents; maxFee: Cents | null }[];
  locale: Locale;
}

/**
 * The dialog's content on the session's first visit of /invoices, or null: a later visit, or no invoice is Payment
 * Available. The first visit is claimed in one guarded UPDATE, so two tabs opened at once show it once.
 */
export async function paymentsAvailableNotice(actor: ListActor, sessionId: string): Promise<PaymentsAvailableNotice | null> {
  const [claimed] = await sequelize.query<{ id: string }>(
    `UPDATE sessions SET payments_available_seen_at = now()
     WHERE id = :sessionId AND user_id = :userId AND payments_available_seen_at IS NULL
     RETURNING id`,
    { type: QueryTypes.SELECT, replacements: { sessionId, userId: actor.userId } }
  );
  if (!claimed) return null;
  const result = await listInvoices(actor, { ...defaultListQuery("INVOICE"), status: "PAYMENT_READY", size: 10, page: 1 });
  if (result.total === 0) return null;
  return {
    count: result.total,
    invoices: result.rows.slice(0, PAYMENTS_AVAILABLE_SHOWN).map((row) => ({
      id: row.id,
      number: row.number,
      customer: row.companyName,
      amountDue: row.amountDue,
      maxFee: row.maxFee,
    })),
    locale: result.locale,
  };
}

/** Closing the dialog: not shown again in this session (the acting user's own session only). */
export async function dismissPaymentsAvailable(actor: Actor, sessionId: string): Promise<void> {
  await sequelize.query(
    `UPDATE sessions SET payments_available_seen_at = now() WHERE id = :sessionId AND user_id = :userId AND payments_available_seen_at IS NULL`,
    { replacements: { sessionId, userId: actor.userId } }
  );
}
