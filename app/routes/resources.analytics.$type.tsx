/** GET /resources/analytics/{invoices|bills}?fromTime=YYYY-MM-DD (p2 §7 GET /analytics/{type}): the company's summary figures as JSON. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { z } from "zod";
import { requireCompanyUser } from "~/web/auth.server";
import { handleError, parseParams } from "~/web/http.server";
import { ANALYTICS_TYPES, companyAnalytics } from "~/modules/analytics/service.server";

const ParamsSchema = z.object({ type: z.enum(ANALYTICS_TYPES) });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { type } = parseParams(params, ParamsSchema);
  try {
    const figures = await companyAnalytics(actor, type, { fromTime: new URL(request.url).searchParams.get("fromTime") });
    return json(figures, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    // A JSON answer: the one error shape (a bad fromTime is a field error, 422), with the message under `message` too.
    return handleError(error, { notFound: "show", forbidden: "show", data: (appError) => ({ message: appError.message }) });
  }
}
