import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { NotBuiltYet } from "~/components/layout/placeholder";
import { requireCompanyUser } from "~/lib/auth.server";

export const handle: PageHandle = { title: "Invoices" };
export const meta = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCompanyUser(request);
  return json(null);
}

export default function InvoicesPage() {
  return (
    <NotBuiltYet
      summary="Invoices are not built yet."
      description="This page will list your invoices with their payment status, the early payments your customers offer, and let you ask a customer for prompt payment."
      planned={[
        "Your invoices with customer, invoice number, due date, amount and status",
        "Payment offers from your customers and the service fee for each",
        "Import from CSV or your accounting software",
      ]}
    />
  );
}
