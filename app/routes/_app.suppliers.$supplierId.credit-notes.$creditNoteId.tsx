import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { CreditNoteView, type CreditNoteActionData } from "~/components/credit-notes/credit-note-view";
import { RouteDialog } from "~/components/ui/route-dialog";
import { requireCompanyUser } from "~/web/auth.server";
import { AppError } from "~/lib/errors";
import { redirectWithToast } from "~/web/toast.server";
import { getSupplierCreditNote, localeOf } from "~/modules/invoices/bill-details.server";
import { deleteCreditNotes, updateCreditNote } from "~/modules/invoices/credit-notes.server";
import { handleError, IdSchema, pageError, parseParams, readForm } from "~/web/http.server";

/** Credit Note view (p2 §2 Modals, §4 Credit note), a dialog over the supplier page (decision 007). */

// Not in the spec (it lists no toast for these); ours, in the spec's voice.
const UPDATED = "Credit note updated";
const DELETED = "Credit note deleted";

const Params = z.object({ supplierId: IdSchema, creditNoteId: IdSchema });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { supplierId, creditNoteId } = parseParams(params, Params);
  const [note, locale] = await Promise.all([getSupplierCreditNote(actor, supplierId, creditNoteId).catch(pageError), localeOf(actor)]);
  const confirmDelete = new URL(request.url).searchParams.get("confirm") === "delete";
  return json({ note, locale, supplierId, confirmDelete });
}

const IntentSchema = z.object({ intent: z.enum(["edit-total", "edit-reference", "delete"]) });
const EDIT_PATHS = { "edit-total": "/total", "edit-reference": "/supplier_reference" } as const;

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { supplierId, creditNoteId } = parseParams(params, Params);
  const form = await readForm(request);
  const parsed = IntentSchema.safeParse({ intent: form.get("intent") });
  if (!parsed.success) return handleError(new AppError(400, "Unknown action"));
  const intent = parsed.data.intent;
  await getSupplierCreditNote(actor, supplierId, creditNoteId).catch(pageError);
  const supplierPage = `/suppliers/${supplierId}`;
  switch (intent) {
    case "edit-total":
    case "edit-reference": {
      try {
        await updateCreditNote(actor, creditNoteId, { path: EDIT_PATHS[intent], value: form.get("value"), modificationTime: form.get("modificationTime") });
      } catch (error) {
        // The concurrency refusal (409 STALE) is shown with a way to reload; a field's refusal on its field.
        return handleError<{ stale?: string }>(error, { fields: "named", data: (refusal) => (refusal.code === "STALE" ? { stale: refusal.message } : {}) });
      }
      return redirectWithToast(`${supplierPage}/credit-notes/${creditNoteId}`, { type: "success", message: UPDATED });
    }
    case "delete": {
      const [result] = await deleteCreditNotes(actor, [creditNoteId]);
      if (result?.status !== "SUCCESS") return json<CreditNoteActionData>({ fieldErrors: {}, formError: result?.message ?? "Could not perform deletion" }, { status: 409 });
      return redirectWithToast(supplierPage, { type: "success", message: DELETED });
    }
  }
}

export default function CreditNoteRoute() {
  const { note, locale, supplierId, confirmDelete } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const base = `/suppliers/${supplierId}/credit-notes/${note.id}`;
  return (
    <RouteDialog title={`Credit Note ${note.creditNumber}`} closeTo={`/suppliers/${supplierId}`} className="max-w-xl">
      <CreditNoteView
        note={note}
        locale={locale}
        actionData={actionData}
        confirmDelete={confirmDelete}
        links={{ self: base, allocate: `${base}/allocate`, allocations: `${base}/allocations`, askDelete: `${base}?confirm=delete`, close: `/suppliers/${supplierId}` }}
      />
    </RouteDialog>
  );
}
