/** GET /resources/analytics/{invoices|bills}?fromTime=YYYY-MM-DD (p2 §7 GET /analytics/{type}): the company's summary figures as JSON. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireCompanyUser } from "~/web/auth.server";
import { isAppError } from "~/lib/errors";
import { ANALYTICS_TYPES, companyAnalytics, type AnalyticsType } from "~/modules/analytics/service.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const type = params.type as AnalyticsType;
  if (!ANALYTICS_TYPES.includes(type)) throw new Response("Not found", { status: 404 });
  try {
    const figures = await companyAnalytics(actor, type, { fromTime: new URL(request.url).searchParams.get("fromTime") });
    return json(figures, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    if (isAppError(error)) return json({ message: error.message }, { status: error.status });
    throw error;
  }
}
