import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { NotBuiltYet } from "~/components/layout/placeholder";
import { requireCompanyUser } from "~/lib/auth.server";
import { getFeatureFlags } from "~/lib/flags.server";

export const handle: PageHandle = { title: "Create Invoice" };
export const meta = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCompanyUser(request);
  const flags = await getFeatureFlags();
  if (!flags.createInvoice) throw new Response("Not Found", { status: 404 });
  return json(null);
}

export default function CreateNewInvoicePage() {
  return (
    <NotBuiltYet
      summary="Creating invoices and bills is not built yet."
      description="This page will let you add an invoice or a bill by hand: the customer or supplier, the invoice number, the dates and the amount."
    />
  );
}
