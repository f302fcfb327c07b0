import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Button, buttonVariants } from "~/components/ui/button";
import { RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { requireCompanyUser } from "~/web/auth.server";
import { redirectWithToast } from "~/web/toast.server";
import { listSearchOf, parseSelection } from "~/modules/payables/schema";
import { deleteSupplierRecords, describeSelection } from "~/modules/payables/supplier-bills.server";
import { IdSchema, pageError, parseParams, readForm } from "~/web/http.server";
import { z } from "zod";

/**
 * Confirm Delete over the supplier bills page (p2 §2 Modals "Confirm Delete, shown before any delete";
 * docs/decisions/007). GET with the selection (bill=…&creditNote=…, from the page's bulk form) shows what will be
 * deleted; POST deletes and returns to the page with one toast (p2 §8).
 */
const Params = z.object({ supplierId: IdSchema });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { supplierId } = parseParams(params, Params);
  const url = new URL(request.url);
  const closeTo = `/suppliers/${supplierId}${listSearchOf(url.searchParams)}`;
  const selection = parseSelection(url.searchParams);
  if (selection.billIds.length + selection.creditNoteIds.length === 0) {
    throw await redirectWithToast(closeTo, { type: "info", message: "Select at least one bill or credit note" });
  }
  const summary = await describeSelection(actor, supplierId, selection).catch(pageError);
  return json({ summary, closeTo });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { supplierId } = parseParams(params, Params);
  const url = new URL(request.url);
  const form = await readForm(request);
  const toast = await deleteSupplierRecords(actor, supplierId, parseSelection(form)).catch(pageError);
  return redirectWithToast(`/suppliers/${supplierId}${listSearchOf(url.searchParams)}`, toast);
}

export default function ConfirmDeleteSupplierRecords() {
  const { summary, closeTo } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const count = summary.bills.length + summary.creditNotes.length;
  return (
    <RouteDialog title="Confirm Delete" description={`Records from ${summary.supplierName}`} closeTo={closeTo}>
      {count === 0 ? (
        <p className="text-sm">None of the selected records can be deleted.</p>
      ) : (
        <div className="space-y-3 text-sm">
          <p>Delete {count === 1 ? "this record" : `these ${count} records`}? This cannot be undone.</p>
          <ul className="max-h-48 list-disc space-y-1 overflow-y-auto pl-5">
            {summary.bills.map((bill) => (
              <li key={`b${bill.id}`}>Bill {bill.number}</li>
            ))}
            {summary.creditNotes.map((note) => (
              <li key={`c${note.id}`}>Credit note {note.number}</li>
            ))}
          </ul>
        </div>
      )}
      <Form method="post" preventScrollReset>
        {summary.bills.map((bill) => (
          <input key={`b${bill.id}`} type="hidden" name="bill" value={bill.id} />
        ))}
        {summary.creditNotes.map((note) => (
          <input key={`c${note.id}`} type="hidden" name="creditNote" value={note.id} />
        ))}
        <RouteDialogFooter>
          <Link to={closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            Cancel
          </Link>
          <Button type="submit" variant="destructive" disabled={busy || count === 0}>
            {busy ? "Deleting…" : "Delete"}
          </Button>
        </RouteDialogFooter>
      </Form>
    </RouteDialog>
  );
}
