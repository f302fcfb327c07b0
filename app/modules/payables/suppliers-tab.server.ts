/**
 * The Suppliers tab of /bills (p2 §3 payables summaries, §4 summary statuses). STUB: to be built.
 */
import type { ListActor } from "../invoices/list.server";
import type { SuppliersTabData } from "./types";

export async function loadSuppliersTab(actor: ListActor, params: URLSearchParams): Promise<SuppliersTabData> {
  void actor;
  void params;
  return { rows: [], total: 0 };
}
