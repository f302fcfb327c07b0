/**
 * The payments-available dialog (p1 §2 "payments-available dialog (visible by default)"; p2 §2, §4 Payment Available;
 * decision 063): a supplier whose customers' offers would pay some of its invoices today is told so on /invoices,
 * until it dismisses the dialog, and not again in that session. "Payment Available" is exactly the invoices list's
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

async function dismissedInSession(actor: Actor, sessionId: string): Promise<boolean> {
  const [row] = await sequelize.query<{ dismissed: boolean }>(
    `SELECT payments_available_dismissed_at IS NOT NULL AS dismissed FROM sessions WHERE id = :sessionId AND user_id = :userId`,
    { type: QueryTypes.SELECT, replacements: { sessionId, userId: actor.userId } }
  );
  // No such session of this user: nothing to remember a dismissal by, so nothing is shown.
  return row ? row.dismissed : true;
}

/** The dialog's content for this session, or null (dismissed, or no invoice is Payment Available). */
export async function paymentsAvailableNotice(actor: ListActor, sessionId: string): Promise<PaymentsAvailableNotice | null> {
  if (await dismissedInSession(actor, sessionId)) return null;
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

/** Dismisses the dialog for the rest of this session (the acting user's own session only). */
export async function dismissPaymentsAvailable(actor: Actor, sessionId: string): Promise<void> {
  await sequelize.query(
    `UPDATE sessions SET payments_available_dismissed_at = now() WHERE id = :sessionId AND user_id = :userId AND payments_available_dismissed_at IS NULL`,
    { replacements: { sessionId, userId: actor.userId } }
  );
}
