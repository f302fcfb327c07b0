import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { buttonVariants } from "~/components/ui/button";
import { DialogCancelLink, RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { requireCompanyUser } from "~/web/auth.server";
import { formatMoney } from "~/lib/money";
import { getSupplierCreditNote, localeOf } from "~/modules/invoices/bill-details.server";
import { IdSchema, pageError, parseParams } from "~/web/http.server";

/** View allocations (p2 §4 Credit note): the bills a credit note's credit went to, over the supplier page. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { supplierId, creditNoteId } = parseParams(params, z.object({ supplierId: IdSchema, creditNoteId: IdSchema }));
  const [note, locale] = await Promise.all([getSupplierCreditNote(actor, supplierId, creditNoteId), localeOf(actor)]).catch(pageError);
  return json({ note, locale, supplierId });
}

export default function CreditNoteAllocationsRoute() {
  const { note, locale, supplierId } = useLoaderData<typeof loader>();
  const noteHref = `/suppliers/${supplierId}/credit-notes/${note.id}`;
  return (
    <RouteDialog title="View allocations" description={`${note.creditNumber} from ${note.issuedByCompanyName}`} closeTo={noteHref} className="max-w-xl">
      {note.invoiceAllocations.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted-foreground">This credit note is not allocated to any bill.</p>
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <Table aria-label="Allocations">
            <TableHeader>
              <TableRow>
                <TableHead>Bill</TableHead>
                <TableHead className="text-right">Allocated amount</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {note.invoiceAllocations.map((allocation) => (
                <TableRow key={allocation.invoiceId}>
                  <TableCell label="Bill">
                    <Link to={`/suppliers/${supplierId}/bills/${allocation.invoiceId}`} className="font-medium text-primary underline-offset-4 hover:underline">
                      {allocation.invoiceNumber}
                    </Link>
                  </TableCell>
                  <TableCell label="Allocated amount" className="text-right">
                    {formatMoney(allocation.allocatedAmount, locale)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow>
                <TableCell>Total allocated</TableCell>
                <TableCell label="Allocated amount" className="text-right">
                  {formatMoney(note.allocatedTotal, locale)}
                </TableCell>
              </TableRow>
            </TableFooter>
          </Table>
        </div>
      )}
      <RouteDialogFooter>
        <DialogCancelLink to={noteHref}>Back to credit note</DialogCancelLink>
        {note.unallocatedTotal > 0 || note.allocatedTotal > 0 ? (
          <Link to={`${noteHref}/allocate`} className={buttonVariants()}>
            Allocate
          </Link>
        ) : null}
      </RouteDialogFooter>
    </RouteDialog>
  );
}
