import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AllocateCreditNote, amountsOf, type AllocateActionData, type AllocationMode } from "~/components/credit-notes/allocate-credit-note";
import { EditSelection } from "~/components/credit-notes/edit-selection";
import { RouteDialog } from "~/components/ui/route-dialog";
import { requireCompanyUser } from "~/web/auth.server";
import { AppError } from "~/lib/errors";
import { getFeatureFlags } from "~/modules/settings/service.server";
import { formatMoney } from "~/lib/money";
import { redirectWithToast } from "~/web/toast.server";
import { INITIAL_BILL_COUNT, SELECTION_PAGE_SIZE, getSupplierCreditNote, listAllocatableBills, localeOf } from "~/modules/invoices/bill-details.server";
import { equalAllocationForDialog, readAllocationForm } from "~/modules/invoices/credit-allocation";
import { allocateCreditNote } from "~/modules/invoices/credit-notes.server";
import { parseId } from "~/modules/invoices/schema";
import { handleError, IdSchema, pageError, parseParams, readForm } from "~/web/http.server";

/** Allocate Credit Note and Edit Selection (p2 §2 Modals, §4 Credit note, §5 Credit allocation), over the supplier page. */

const ALLOCATED = "Credit allocation successful";

const Params = z.object({ supplierId: IdSchema, creditNoteId: IdSchema });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { supplierId, creditNoteId } = parseParams(params, Params);
  const search = new URL(request.url).searchParams;
  const selected = search.has("bill") ? search.getAll("bill").flatMap((value) => parseId(value) ?? []) : null;
  const selecting = search.get("select") === "1" || search.has("more");
  const openLimit = parseId(search.get("more")) ?? (selecting ? SELECTION_PAGE_SIZE : INITIAL_BILL_COUNT);
  const [note, allocatable, flags, locale] = await Promise.all([
    getSupplierCreditNote(actor, supplierId, creditNoteId),
    listAllocatableBills(actor, supplierId, creditNoteId, { selected, openLimit }),
    getFeatureFlags(),
    localeOf(actor),
  ]).catch(pageError);
  const flexible = flags.flexibleAllocation;
  const mode: AllocationMode = flexible && search.get("mode") === "manual" ? "manual" : "automatic";
  // Equal distribution starts on for a fresh note, off for one whose existing allocations are loaded (p2 §4).
  const equalParam = search.get("equal");
  const equal = equalParam === null ? note.status === "UNALLOCATED" : equalParam === "1";
  const amounts = equal
    ? amountsOf(equalAllocationForDialog(note.unallocatedTotal, allocatable.bills))
    : amountsOf(allocatable.bills.map((bill) => ({ invoiceId: bill.invoiceId, allocated: bill.alreadyAllocated })));
  return json({
    note: {
      id: note.id,
      creditNumber: note.creditNumber,
      status: note.status,
      unallocatedTotal: note.unallocatedTotal,
      issuedByCompanyName: note.issuedByCompanyName,
    },
    supplierId,
    locale,
    flexible,
    selecting,
    ...allocatable,
    nextLimit: openLimit + SELECTION_PAGE_SIZE,
    initial: { mode, equal, amounts },
  });
}

const IntentSchema = z.object({ intent: z.literal("allocate") });

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { supplierId, creditNoteId } = parseParams(params, Params);
  const form = await readForm(request);
  if (!IntentSchema.safeParse({ intent: form.get("intent") }).success) return handleError<Omit<AllocateActionData, "formError" | "fieldErrors">>(new AppError(400, "Unknown action"));
  await getSupplierCreditNote(actor, supplierId, creditNoteId).catch(pageError);
  const submitted = () =>
    Object.fromEntries(
      [...form.entries()].flatMap(([key, value]) => (key.startsWith("amount-") && typeof value === "string" ? [[key.slice(7), value]] : []))
    );
  const again = () => ({ amounts: submitted(), nonce: crypto.randomUUID() });
  try {
    const read = readAllocationForm(form.entries());
    // A selection that cannot be read is the form's own error (422, the one shape), never a partial allocation.
    if (!read.ok) throw AppError.validation({ form: read.message });
    const { invoiceIds, amounts } = read;
    await allocateCreditNote(
      actor,
      creditNoteId,
      invoiceIds.map((invoiceId) => ({ invoiceId, allocatedAmount: amounts.get(invoiceId) ?? 0 }))
    );
  } catch (error) {
    return handleError<Omit<AllocateActionData, "formError" | "fieldErrors">>(error, { show: "inline", notFound: "show", data: again });
  }
  return redirectWithToast(`/suppliers/${supplierId}`, { type: "success", message: ALLOCATED });
}

export default function AllocateCreditNoteRoute() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { note, supplierId, bills, locale, initial } = data;
  const noteHref = `/suppliers/${supplierId}/credit-notes/${note.id}`;
  const selection = bills.map((bill) => bill.invoiceId);
  const hiddenParams: [string, string][] = selection.map((id) => ["bill", String(id)]);
  const selectionQuery = new URLSearchParams([...hiddenParams, ["mode", initial.mode], ["select", "1"]]).toString();
  return (
    <RouteDialog
      title={data.selecting ? "Edit Selection" : "Allocate Credit Note"}
      description={`${note.creditNumber} from ${note.issuedByCompanyName}: ${formatMoney(note.unallocatedTotal, locale)} unallocated`}
      closeTo={noteHref}
      className="max-w-2xl"
    >
      {data.selecting ? (
        <EditSelection
          open={data.open}
          openTotal={data.openTotal}
          held={bills.filter((bill) => bill.alreadyAllocated > 0)}
          selected={selection}
          mode={initial.mode}
          nextLimit={data.nextLimit}
          locale={locale}
          cancelHref={`?${new URLSearchParams([...hiddenParams, ["mode", initial.mode]]).toString()}`}
        />
      ) : (
        <AllocateCreditNote
          key={`${selection.join(",")}|${initial.mode}|${initial.equal}|${actionData?.nonce ?? ""}`}
          unallocated={note.unallocatedTotal}
          bills={bills}
          locale={locale}
          flexible={data.flexible}
          initial={initial}
          actionData={actionData}
          hiddenParams={hiddenParams}
          editSelectionHref={`?${selectionQuery}`}
          cancelHref={noteHref}
        />
      )}
    </RouteDialog>
  );
}
