/**
 * GET /resources/offer-executions/:offerId/:executionId: an execution of a purchaser offer as the Get Paid dialog polls it
 * every second (p2 §7 GET /purchaseroffer/{id}/execute/{executionId}/status). Errors are JSON with their status.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireCompanyUser } from "~/web/auth.server";
import { IdSchema, parseParams } from "~/web/http.server";
import { jobPollError } from "~/web/job-poll.server";
import { purchaserOfferExecutionStatus } from "~/modules/offers/execution.server";

const ParamsSchema = z.object({ offerId: IdSchema, executionId: IdSchema });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const ids = parseParams(params, ParamsSchema);
  try {
    return json(await purchaserOfferExecutionStatus(actor, ids), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return jobPollError(error);
  }
}
