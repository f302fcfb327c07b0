/**
 * Inputs of the supplier bills page's bulk actions, from a form or a URL: the selected bills (`bill`) and credit
 * notes (`creditNote`), repeated fields of ids; a row's own Include/Exclude button sends `only` (or posts `ids`); the Suppliers tab's
 * row action sends `all` (every unpaid bill of the supplier). `returnTo` is where the toast lands: only our own list
 * pages are accepted, so it can never send the user elsewhere.
 */
import { z } from "zod";
import { resolveSameOriginPath } from "../../lib/safe-redirect";

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** Repeated id fields; anything that is not an id is dropped (a forged value selects nothing). */
function ids(values: unknown[]): number[] {
  const out: number[] = [];
  for (const value of values) {
    const parsed = id.safeParse(typeof value === "string" ? value.trim() : value);
    if (parsed.success) out.push(parsed.data);
  }
  return [...new Set(out)];
}

export interface FieldSource {
  getAll(name: string): unknown[];
  get(name: string): unknown;
}

export function parseSelection(source: FieldSource): { billIds: number[]; creditNoteIds: number[] } {
  return { billIds: ids(source.getAll("bill")), creditNoteIds: ids(source.getAll("creditNote")) };
}

export const IncludeIntentSchema = z.enum(["include", "exclude"]);

/**
 * An Include/Exclude post: `intent` from the pressed button; a row's own button posts to `?only=<billId>` (so the
 * selection's checkboxes, submitted with it, are ignored); otherwise the selected bills, or all=1.
 */
export function parseInclusion(form: FieldSource, url: URLSearchParams): { include: boolean; billIds: number[]; allUnpaid: boolean } | null {
  const intent = IncludeIntentSchema.safeParse(form.get("intent"));
  if (!intent.success) return null;
  const only = ids(url.getAll("only"));
  // `ids`: the shared row Include/Exclude (components/invoices/selection.tsx IncludeRowAction) posts the row's id so.
  const selected = only.length ? only : [...new Set([...parseSelection(form).billIds, ...ids(form.getAll("ids"))])];
  return { include: intent.data === "include", billIds: selected, allUnpaid: !only.length && form.get("all") === "1" };
}

/** A same-site path under /bills or this supplier's page, else the supplier page. */
export function safeReturnTo(value: unknown, supplierId: number): string {
  const fallback = `/suppliers/${supplierId}`;
  // The resolved path (dot segments, encoded dots, backslashes) must be ours and under one of the two pages.
  const path = resolveSameOriginPath(value);
  if (!path || !/^\/(bills|suppliers\/\d+)(?:[/?]|$)/.test(path)) return fallback;
  return path;
}

/** The list query of the supplier page, without the selection fields (for dialogs' closeTo and redirects). */
export function listSearchOf(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const [name, value] of params) if (["month", "period", "status", "page", "size"].includes(name)) kept.append(name, value);
  const search = kept.toString();
  return search ? `?${search}` : "";
}
