import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { CreditNoteView, type CreditNoteActionData } from "~/components/credit-notes/credit-note-view";
import { RouteDialog } from "~/components/ui/route-dialog";
import { requireCompanyUser } from "~/lib/auth.server";
import { isAppError } from "~/lib/errors";
import { redirectWithToast } from "~/lib/toast.server";
import { getSupplierCreditNote, localeOf } from "~/modules/invoices/bill-details.server";
import { deleteCreditNotes, updateCreditNote } from "~/modules/invoices/credit-notes.server";
import { parseId } from "~/modules/invoices/schema";
import { readForm } from "~/web/http.server";

/** Credit Note view (p2 §2 Modals, §4 Credit note), a dialog over the supplier page (decision 007). */

// Not in the spec (it lists no toast for these); ours, in the spec's voice.
const UPDATED = "Credit note updated";
const DELETED = "Credit note deleted";

function idsOf(params: LoaderFunctionArgs["params"]) {
  const supplierId = parseId(params.supplierId);
  const creditNoteId = parseId(params.creditNoteId);
  if (supplierId === null || creditNoteId === null) throw new Response("Not Found", { status: 404 });
  return { supplierId, creditNoteId };
}

function notFoundOr(error: unknown): never {
  if (isAppError(error) && error.status === 404) throw new Response("Not Found", { status: 404 });
  throw error;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { supplierId, creditNoteId } = idsOf(params);
  const [note, locale] = await Promise.all([getSupplierCreditNote(actor, supplierId, creditNoteId).catch(notFoundOr), localeOf(actor)]);
  const confirmDelete = new URL(request.url).searchParams.get("confirm") === "delete";
  return json({ note, locale, supplierId, confirmDelete });
}

const IntentSchema = z.object({ intent: z.enum(["edit-total", "edit-reference", "delete"]) });
const EDIT_PATHS = { "edit-total": "/total", "edit-reference": "/supplier_reference" } as const;
const FIELDS: Record<string, "total" | "supplierReference"> = { total: "total", supplierReference: "supplierReference" };

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { supplierId, creditNoteId } = idsOf(params);
  const form = await readForm(request);
  const parsed = IntentSchema.safeParse({ intent: form.get("intent") });
  if (!parsed.success) return json<CreditNoteActionData>({ formError: "Unknown action" }, { status: 400 });
  await getSupplierCreditNote(actor, supplierId, creditNoteId).catch(notFoundOr);
  const supplierPage = `/suppliers/${supplierId}`;
  const intent = parsed.data.intent;
  switch (intent) {
    case "edit-total":
    case "edit-reference": {
      try {
        await updateCreditNote(actor, creditNoteId, { path: EDIT_PATHS[intent], value: form.get("value"), modificationTime: form.get("modificationTime") });
      } catch (error) {
        if (!isAppError(error)) throw error;
        if (error.code === "STALE") return json<CreditNoteActionData>({ stale: error.message }, { status: 409 });
        const field = error.field ? FIELDS[error.field] : undefined;
        if (field) return json<CreditNoteActionData>({ fieldErrors: { [field]: error.message } }, { status: error.status });
        if (error.status === 404) notFoundOr(error);
        return json<CreditNoteActionData>({ formError: error.message }, { status: error.status });
      }
      return redirectWithToast(`${supplierPage}/credit-notes/${creditNoteId}`, { type: "success", message: UPDATED });
    }
    case "delete": {
      const [result] = await deleteCreditNotes(actor, [creditNoteId]);
      if (result?.status !== "SUCCESS") return json<CreditNoteActionData>({ formError: result?.message ?? "Could not perform deletion" }, { status: 409 });
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
        links={{ self: base, allocate: `${base}/allocate`, allocations: `${base}/allocations`, askDelete: `${base}?confirm=delete` }}
      />
    </RouteDialog>
  );
}
