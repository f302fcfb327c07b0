/**
 * The Invite customer/supplier dialog (p2 §2 Modals, §5 Invite) and the batch invite (p2 §4 Other, flag batchInvite)
 * over /invoices and /bills, and Notify on /bills (p2 §7 POST /notify): loaders and actions shared by the route files
 * (docs/decisions/007). GET with the selected ids shows who would be invited; POST sends.
 */
import { listReturnTo } from "~/web/invoices/include.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { listHref } from "~/components/invoices/list-parts";
import { requireCompanyUser } from "~/web/auth.server";
import { isFeatureEnabled } from "~/modules/settings/service.server";
import { redirectWithToast } from "~/web/toast.server";
import { parseListQuery } from "~/modules/invoices/filters";
import { INVOICE_IDS_NEEDED, parseId, type InvoiceKind } from "~/modules/invoices/schema";
import { notifySuppliers, previewInvites, sendInvites } from "~/modules/invites/service.server";
import { appOrigin } from "~/lib/app-url.server";
import { handleError, notFoundResponse, readForm } from "~/web/http.server";

const listPath = (kind: InvoiceKind) => (kind === "BILL" ? "/bills" : "/invoices");

/**
 * Where the dialog closes to: the list (its query kept), or `returnTo` from a page that shows these dialogs over
 * itself (the supplier bills page's child routes pass their own page, already checked).
 */
export interface ReturnOptions {
  closeTo?: string;
}

function listState(kind: InvoiceKind, request: Request, options: ReturnOptions = {}) {
  const url = new URL(request.url);
  const { query } = parseListQuery(url.searchParams, { type: kind });
  return { url, closeTo: options.closeTo ?? listHref(listPath(kind), query) };
}

function idsOf(values: FormDataEntryValue[] | string[]): number[] | null {
  const ids = [...new Set(values.map((value) => parseId(value)))];
  return ids.length === 0 || ids.includes(null) ? null : (ids as number[]);
}

export async function inviteLoader(kind: InvoiceKind, { request }: LoaderFunctionArgs, options: ReturnOptions = {}) {
  const { actor } = await requireCompanyUser(request);
  const { url, closeTo } = listState(kind, request, options);
  const ids = idsOf(url.searchParams.getAll("ids"));
  if (!ids) throw await redirectWithToast(closeTo, { type: "error", message: INVOICE_IDS_NEEDED });
  const preview = await previewInvites(actor, { type: kind, invoiceIds: ids });
  const batchInvite = await isFeatureEnabled("batchInvite");
  // Several companies at once is the batch invite, behind its flag.
  if (preview.groups.length > 1 && !batchInvite) throw notFoundResponse();
  return json({
    kind,
    closeTo, // The dialog's own URL (with the ids): after a refused POST the dialog is still this page.
    action: `${url.pathname}${url.search}`,
    ids,
    preview,
  });
}

export async function inviteAction(kind: InvoiceKind, { request }: ActionFunctionArgs, options: ReturnOptions = {}) {
  const { actor } = await requireCompanyUser(request);
  const { closeTo } = listState(kind, request, options);
  const form = await readForm(request);
  const ids = idsOf(form.getAll("ids"));
  if (!ids) return redirectWithToast(closeTo, { type: "error", message: INVOICE_IDS_NEEDED });
  const single = form.get("mode") !== "batch";
  if (!single && !(await isFeatureEnabled("batchInvite"))) throw notFoundResponse();
  const email = form.get("email");
  const note = form.get("note");
  try {
    const result = await sendInvites(
      actor,
      {
        type: kind,
        invoiceIds: ids,
        note: typeof note === "string" ? note : null,
        ...(single ? { email: typeof email === "string" ? email : "" } : {}),
        single,
      },
      { origin: appOrigin() }
    );
    const who = kind === "BILL" ? "supplier" : "customer";
    const message = result.sent.length === 1 ? `Invite sent to ${result.sent[0].email}` : `Invites sent to ${result.sent.length} ${who}s`;
    // An invite no mail server took is FAILED (decision 033): say so; the Invite dialog shows it and sends it again.
    if (result.failed.length > 0) {
      const failure = result.failed.length === 1 ? result.failed[0].message : `${result.failed.length} invites could not be sent. ${result.failed[0].message}`;
      return redirectWithToast(closeTo, { type: "error", message: result.sent.length > 0 ? `${message}. ${failure}` : failure });
    }
    return redirectWithToast(closeTo, { type: "success", message });
  } catch (error) {
    // p2 §6, §8: an unverified company's invite is ignored and the form closes (no get-verified dialog, unlike offers).
    // A refused address stays in the dialog with what was typed; anything else closes it with a toast.
    return handleError(error, {
      closeTo,
      notVerified: "close",
      notFound: "show",
      values: { email: typeof email === "string" ? email : "", note: typeof note === "string" ? note : "" },
    });
  }
}

/** Notify (the action of a Payment Offered bill whose supplier is on Earlybird): POST ids → "Notification sent". */
export async function notifyAction({ request }: ActionFunctionArgs, options: ReturnOptions = {}) {
  const { actor } = await requireCompanyUser(request);
  const form = await readForm(request);
  // From the supplier bills page the answer goes back there (decision 068).
  const closeTo = listReturnTo(form.get("returnTo")) ?? listState("BILL", request, options).closeTo;
  const ids = idsOf(form.getAll("ids"));
  if (!ids) return redirectWithToast(closeTo, { type: "error", message: INVOICE_IDS_NEEDED });
  try {
    const result = await notifySuppliers(
      actor,
      { companyId: form.get("companyId") ?? undefined, invoiceIds: ids, type: "BILL" },
      { origin: appOrigin() }
    );
    return redirectWithToast(closeTo, { type: "success", message: result.message });
  } catch (error) {
    return handleError(error, { closeTo, notFound: "show", notVerified: "show", fields: "none", exposeCodes: ["MAIL_NOT_SENT"] });
  }
}
