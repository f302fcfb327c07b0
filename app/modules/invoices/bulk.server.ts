/**
 * Bulk and single-record changes on the invoices and bills lists (p2 §4 Other, §5 Bulk delete, §7 PATCH/DELETE /invoice,
 * §8 toasts): delete, include/exclude in the purchaser offer, contact email. STUB signatures: to be built.
 */
import { AppError } from "../../lib/errors";
import type { ListActor } from "./list.server";
import type { InvoiceKind } from "./schema";

export interface RecordResult {
  id: number;
  status: "SUCCESS" | "FAILED";
  message: string;
}

/** DELETE /invoice/batch {invoiceIds, type}: each id deleted or refused on its own; every id is scoped to the actor's company. */
export async function deleteRecords(
  actor: ListActor,
  input: { invoiceIds: unknown; type: unknown }
): Promise<{ results: RecordResult[]; deleted: number; type: InvoiceKind }> {
  void actor;
  void input;
  throw new AppError(501, "Not built yet");
}

/** PATCH /invoice path /include_in_purchaser_offer on the actor's bills. */
export async function setIncludeInPurchaserOffer(
  actor: ListActor,
  ids: readonly number[],
  include: boolean
): Promise<{ results: { id: number; updated: boolean; message: string }[]; updated: number }> {
  void actor;
  void ids;
  void include;
  throw new AppError(501, "Not built yet");
}

/** PATCH /invoice path /contact_email on one record the actor's company can see. */
export async function updateContactEmail(actor: ListActor, id: number, email: unknown): Promise<{ id: number; contactEmail: string }> {
  void actor;
  void id;
  void email;
  throw new AppError(501, "Not built yet");
}
