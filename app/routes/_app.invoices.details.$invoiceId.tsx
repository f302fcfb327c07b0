import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { z } from "zod";
import { StatusCell } from "~/components/invoices/list-parts";
import { buttonVariants } from "~/components/ui/button";
import { RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { formatDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { getInvoiceDetails } from "~/modules/invoices/invoice-details.server";
import { requireCompanyUser } from "~/web/auth.server";
import { IdSchema, pageError, parseParams } from "~/web/http.server";

/**
 * Invoice Details over /invoices: where /invoices?invoiceId={id} (highlightInvoice) opens the invoice (decision 063).
 * The supplier's own invoice only; its status and action are the list row's, the action leading to its dialog.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { invoiceId } = parseParams(params, z.object({ invoiceId: IdSchema }));
  const invoice = await getInvoiceDetails(actor, invoiceId).catch(pageError);
  return json({ invoice, search: new URL(request.url).search });
}

const ACTION_PATH: Record<string, string> = { "Get Paid": "get-paid", "Request Payment": "request-payment", Edit: "request-payment" };

export default function InvoiceDetailsRoute() {
  const { invoice, search } = useLoaderData<typeof loader>();
  const money = (value: number) => formatMoney(value, invoice.locale);
  const action = invoice.row?.status.action ?? null;
  const actionPath = action ? ACTION_PATH[action] : undefined;
  const closeTo = `/invoices${search}`;
  const rows: [string, ReactNode][] = [
    ["Invoice number", invoice.number],
    ["Customer", invoice.customer],
    ["Order number", invoice.orderNumber ?? "-"],
    ["Issue date", invoice.issueDate ? formatDate(invoice.issueDate) : "-"],
    ["Due date", formatDate(invoice.dueDate)],
    ["Total", money(invoice.total)],
    ["Amount due", money(invoice.amountDue)],
    ["Max fee", invoice.row?.maxFee != null ? money(invoice.row.maxFee) : "-"],
    ["Contact email", invoice.contactEmail ?? "-"],
  ];
  return (
    <RouteDialog title="Invoice Details" description={`${invoice.number} to ${invoice.customer}`} closeTo={closeTo}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0 break-words text-right font-medium tabular-nums">{value}</dd>
          </div>
        ))}
        <dt className="text-muted-foreground">Status</dt>
        <dd className="text-right">
          {invoice.row ? <StatusCell kind={invoice.row.status.kind} display={invoice.row.status.display} reason={invoice.row.status.reason} /> : "-"}
        </dd>
      </dl>
      <RouteDialogFooter>
        <Link to={closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
          Close
        </Link>
        {action && actionPath ? (
          <Link to={`/invoices/${actionPath}/${invoice.id}${search}`} preventScrollReset className={buttonVariants({ variant: action === "Get Paid" ? "default" : "outline" })}>
            {action}
          </Link>
        ) : null}
      </RouteDialogFooter>
    </RouteDialog>
  );
}
