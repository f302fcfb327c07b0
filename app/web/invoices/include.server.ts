/**
 * /bills/include (p2 §4 Other, §7 PATCH /invoice /include_in_purchaser_offer, §8) and the Notify confirmation of
 * /bills/notify, with their confirmations and Undo (decision 068):
 *   GET  ?ids=&intent=include|exclude  → the confirmation dialog over the list (nothing changes)
 *   POST ids, intent                   → the change; back to the list with the toast, whose Undo posts the opposite
 *                                        intent for exactly the bills that changed (undo=1: no Undo on that toast)
 * A `returnTo` (a path under /bills or /suppliers/{id}) sends Cancel and the answer back to another page that uses
 * the same row actions (the supplier bills page).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { includeToast, NOTHING_TO_INCLUDE } from "~/components/invoices/bulk-messages";
import { listHref } from "~/components/invoices/list-parts";
import type { ToastUndo } from "~/components/ui/toast";
import { resolveSameOriginPath } from "~/lib/safe-redirect";
import { describeRecords, IncludeIntentSchema, setIncludeInPurchaserOffer } from "~/modules/invoices/bulk.server";
import { parseListQuery, serializeListQuery } from "~/modules/invoices/filters";
import { INVOICE_IDS_NEEDED, parseId } from "~/modules/invoices/schema";
import { requireCompanyUser } from "~/web/auth.server";
import { handleError, pageError, readForm } from "~/web/http.server";
import { redirectWithToast } from "~/web/toast.server";

/** A page that uses the bills row actions: /bills or a supplier's page, with its query. */
export function listReturnTo(value: unknown): string | null {
  const path = resolveSameOriginPath(value);
  return path && /^\/(bills|suppliers\/\d+)(?:[/?]|$)/.test(path) ? path : null;
}

function billsState(request: Request, returnTo: unknown) {
  const url = new URL(request.url);
  const { query } = parseListQuery(url.searchParams, { type: "BILL" });
  const search = serializeListQuery(query).toString();
  const back = listReturnTo(returnTo);
  return { url, search: search ? `?${search}` : "", closeTo: back ?? listHref("/bills", query), returnTo: back };
}

function idsOf(values: readonly FormDataEntryValue[]): number[] | null {
  const ids = [...new Set(values.map((value) => parseId(value)))];
  return ids.length === 0 || ids.includes(null) ? null : (ids as number[]);
}

/** The confirmation of Include / Exclude (GET). */
export async function includeConfirmLoader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const url = new URL(request.url);
  const { closeTo, returnTo, search } = billsState(request, url.searchParams.get("returnTo"));
  const intent = IncludeIntentSchema.safeParse(url.searchParams.get("intent"));
  // The old links (a GET without an intent) land on the list.
  if (!intent.success) throw redirect(closeTo);
  const ids = idsOf(url.searchParams.getAll("ids"));
  if (!ids) throw await redirectWithToast(closeTo, { type: "info", message: NOTHING_TO_INCLUDE });
  const records = await describeRecords(actor, "BILL", ids).catch(pageError);
  if (records.length === 0) throw await redirectWithToast(closeTo, { type: "info", message: NOTHING_TO_INCLUDE });
  const fields: [string, string][] = [["intent", intent.data]];
  if (returnTo) fields.push(["returnTo", returnTo]);
  return json({ intent: intent.data, records, closeTo, action: `/bills/include${search}`, fields });
}

/**
 * A POST that did not come from the confirmation (an older form, another page's button) is sent to the confirmation
 * with what it posted, so nothing changes unconfirmed; an Undo (undo=1) reverts at once.
 */
export function unconfirmed(form: FormData, path: string, search: string, names: readonly string[]): Response | null {
  if (form.get("confirmed") === "1" || form.get("undo") === "1") return null;
  const query = new URLSearchParams(search);
  for (const name of names) for (const value of form.getAll(name)) if (typeof value === "string") query.append(name, value);
  const text = query.toString();
  return redirect(`${path}${text ? `?${text}` : ""}`);
}

export async function includeAction({ request }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const form = await readForm(request);
  const { closeTo: back, returnTo, search } = billsState(request, form.get("returnTo"));
  const toConfirm = unconfirmed(form, "/bills/include", search, ["ids", "intent", "returnTo"]);
  if (toConfirm) return toConfirm;
  const intent = IncludeIntentSchema.safeParse(form.get("intent"));
  if (!intent.success) return redirectWithToast(back, { type: "error", message: "Choose Include or Exclude" });
  const include = intent.data === "include";
  const ids = form.getAll("ids").map(parseId);
  if (ids.length === 0 || ids.includes(null)) return redirectWithToast(back, { type: "info", message: NOTHING_TO_INCLUDE });
  try {
    const result = await setIncludeInPurchaserOffer(actor, ids as number[], include);
    const toast = includeToast(include, result);
    const changed = result.results.filter((r) => r.updated).map((r) => String(r.id));
    // Undo reverts exactly the bills this request changed, and is not offered on the undo's own toast.
    if (changed.length === 0 || form.get("undo") === "1" || toast.type === "error") return redirectWithToast(back, toast);
    const undo: ToastUndo = {
      action: `/bills/include${search}`,
      fields: [["intent", include ? "exclude" : "include"], ["undo", "1"], ...changed.map((id): [string, string] => ["ids", id])],
    };
    if (returnTo) undo.fields.push(["returnTo", returnTo]);
    return redirectWithToast(back, { ...toast, undo });
  } catch (error) {
    // Every failure is a toast over the list, naming what could not be done; a bug's reason is logged, not shown.
    const failed = `Could not ${include ? `include ${ids.length} bill(s) in` : `exclude ${ids.length} bill(s) from`} your offer.`;
    return handleError(error, {
      closeTo: back,
      notFound: "show",
      notVerified: "show",
      fields: "none",
      unexpected: "Something went wrong",
      message: (e) => `${failed} ${e.message}`,
    });
  }
}

/** The confirmation of Notify (GET /bills/notify?ids=): who gets the e-mail, about which bills. */
export async function notifyConfirmLoader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const url = new URL(request.url);
  const { closeTo, returnTo, search } = billsState(request, url.searchParams.get("returnTo"));
  const ids = idsOf(url.searchParams.getAll("ids"));
  if (!ids) {
    // A GET without ids (an old link) is the list; with bad ids it says what is missing.
    if (url.searchParams.getAll("ids").length === 0) throw redirect(closeTo);
    throw await redirectWithToast(closeTo, { type: "error", message: INVOICE_IDS_NEEDED });
  }
  const records = await describeRecords(actor, "BILL", ids).catch(pageError);
  if (records.length === 0) throw await redirectWithToast(closeTo, { type: "error", message: INVOICE_IDS_NEEDED });
  const fields: [string, string][] = [];
  if (returnTo) fields.push(["returnTo", returnTo]);
  return json({ intent: "notify" as const, records, closeTo, action: `/bills/notify${search}`, fields });
}

/** POST /bills/notify: only from its confirmation (else to it), then the notification. */
export async function notifyConfirmedAction(args: ActionFunctionArgs, send: (args: ActionFunctionArgs) => Promise<Response>) {
  await requireCompanyUser(args.request);
  // Read from a copy (with the same size limit), so the sender reads the body as it always did.
  const form = await readForm(args.request.clone());
  const toConfirm = unconfirmed(form, "/bills/notify", billsState(args.request, null).search, ["ids", "returnTo"]);
  return toConfirm ?? send(args);
}
