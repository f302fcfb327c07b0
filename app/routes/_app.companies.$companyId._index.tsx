import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireAdmin } from "~/lib/auth.server";

/** /companies/{id} redirects to the company's summary (spec p3 §2.3). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  if (!/^\d+$/.test(params.companyId ?? "")) throw new Response("Not Found", { status: 404 });
  throw redirect(`/companies/${params.companyId}/summary`);
}
