/**
 * GET /resources/offer-executions/:offerId/:executionId: an execution of a purchaser offer as the Get Paid dialog polls it
 * every second (p2 §7 GET /purchaseroffer/{id}/execute/{executionId}/status). Errors are JSON with their status.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireCompanyUser } from "~/web/auth.server";
import { isAppError } from "~/lib/errors";
import { purchaserOfferExecutionStatus } from "~/modules/offers/execution.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const headers = { "Cache-Control": "no-store" };
  try {
    return json(await purchaserOfferExecutionStatus(actor, { offerId: params.offerId ?? "", executionId: params.executionId ?? "" }), { headers });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return json({ error: error.message, status: error.status }, { status: error.status, headers });
  }
}
