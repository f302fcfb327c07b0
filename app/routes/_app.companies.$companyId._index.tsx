import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireAdmin } from "~/web/auth.server";
import { z } from "zod";
import { IdSchema, parseParams } from "~/web/http.server";

/** /companies/{id} redirects to the company's summary (spec p3 §2.3). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { companyId } = parseParams(params, z.object({ companyId: IdSchema }));
  throw redirect(`/companies/${companyId}/summary`);
}
