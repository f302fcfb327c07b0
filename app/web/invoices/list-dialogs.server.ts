/**
 * The loaders and actions of the list dialogs that /bills and /invoices both have (decision 007): Edit Contact Email
 * and Confirm Delete. Each route file names its kind and delegates here, so the two lists cannot drift apart.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { DELETE_FAILED, deleteToast } from "~/components/invoices/bulk-messages";
import { listHref } from "~/components/invoices/list-parts";
import { requireCompanyUser } from "~/web/auth.server";
import { z } from "zod";
import { redirectWithToast } from "~/web/toast.server";
import { deleteRecords, getRecordContact, previewDelete, updateContactEmail } from "~/modules/invoices/bulk.server";
import { parseListQuery, serializeListQuery } from "~/modules/invoices/filters";
import { INVOICE_IDS_NEEDED, parseId, type InvoiceKind } from "~/modules/invoices/schema";
import { handleError, IdSchema, pageError, parseParams, readForm } from "~/web/http.server";

const listPath = (kind: InvoiceKind) => (kind === "BILL" ? "/bills" : "/invoices");

/** `closeTo`: a page showing the dialog over itself (the supplier bills page) instead of the kind's list. */
function listState(kind: InvoiceKind, request: Request, closeTo?: string) {
  const url = new URL(request.url);
  const { query } = parseListQuery(url.searchParams, { type: kind });
  const search = serializeListQuery(query).toString();
  return { url, closeTo: closeTo ?? listHref(listPath(kind), query), search };
}

const Params = z.object({ invoiceId: IdSchema });

// Edit Contact Email (p2 §2 Modals, §5 Contact email), for one record of the list.

export async function contactEmailLoader(kind: InvoiceKind, { request, params }: LoaderFunctionArgs, options: { closeTo?: string } = {}) {
  const { actor } = await requireCompanyUser(request);
  const { invoiceId } = parseParams(params, Params);
  const { url, closeTo } = listState(kind, request, options.closeTo);
  return json({ closeTo, action: `${url.pathname}${url.search}`, record: await getRecordContact(actor, kind, invoiceId).catch(pageError) });
}

export async function contactEmailAction(kind: InvoiceKind, { request, params }: ActionFunctionArgs, options: { closeTo?: string } = {}) {
  const { actor } = await requireCompanyUser(request);
  const { invoiceId } = parseParams(params, Params);
  const { closeTo } = listState(kind, request, options.closeTo);
  const email = (await readForm(request)).get("contactEmail");
  try {
    await updateContactEmail(actor, kind, invoiceId, email);
  } catch (error) {
    // The address refused stays in the dialog, with what was typed; the record gone is the Not Found page.
    return handleError(error, { show: "inline", values: { contactEmail: typeof email === "string" ? email : "" } });
  }
  return redirectWithToast(closeTo, { type: "success", message: "Contact email updated" });
}

// Confirm Delete (p2 §2 Modals, §5 Bulk delete): GET with the selected ids, POST deletes them.

export async function confirmDeleteLoader(kind: InvoiceKind, { request }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { url, closeTo, search } = listState(kind, request);
  const ids = [...new Set(url.searchParams.getAll("ids").map(parseId))];
  if (ids.length === 0 || ids.includes(null)) throw await redirectWithToast(closeTo, { type: "error", message: INVOICE_IDS_NEEDED });
  const valid = ids as number[];
  const action = `${listPath(kind)}/delete${search ? `?${search}` : ""}`;
  // Only what the user may delete is listed and posted; the rest of the selection is counted (issue 13 part 17).
  const { deletable, refused } = await previewDelete(actor, kind, valid);
  return json({ closeTo, action, records: deletable, refusedCount: refused.length });
}

export async function confirmDeleteAction(kind: InvoiceKind, { request }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { closeTo } = listState(kind, request);
  const form = await readForm(request);
  try {
    const result = await deleteRecords(actor, { invoiceIds: form.getAll("ids").map(String), type: kind });
    return redirectWithToast(closeTo, deleteToast(kind, result));
  } catch (error) {
    // A refusal the user can act on (422) is its own toast; anything else is the general delete failure (a bug logged).
    return handleError(error, {
      closeTo,
      fields: "none",
      notFound: "show",
      notVerified: "show",
      unexpected: DELETE_FAILED,
      message: (e) => (e.status === 422 ? e.message : DELETE_FAILED),
    });
  }
}
