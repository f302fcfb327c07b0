import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { NotBuiltYet } from "~/components/layout/placeholder";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { requireAppUser } from "~/lib/require-app-user.server";

export const handle: PageHandle = { title: "Topups" };
export const meta = titleMeta;

/** "/": the admin Topups page; company users go to their invoices (spec p1 §2, p3 §2.3). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAppUser(request);
  if (!user.isAdmin) throw redirect("/invoices");
  return json(null);
}

export default function TopupsPage() {
  return (
    <NotBuiltYet
      summary="Topups are not built yet."
      description="This page will list the top-ups of every company, so you can confirm a deposit that has arrived, assign an unknown deposit to its company, or cancel a top-up."
      planned={["Tabs: All, Pending, Unknown, Approved (COMPLETED), Cancelled", "Each top-up with its company, payment reference, amount, date and status"]}
    />
  );
}
