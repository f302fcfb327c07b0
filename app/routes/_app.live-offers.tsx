import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { NotBuiltYet } from "~/components/layout/placeholder";
import { requireAdmin } from "~/web/auth.server";

export const handle: PageHandle = { title: "Live Offers" };
export const meta = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json(null);
}

export default function LiveOffersPage() {
  return <NotBuiltYet summary="Live offers are not built yet." description="This page will list the early-payment offers that are live right now." />;
}
