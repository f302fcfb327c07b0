/**
 * GET /resources/merge/:companyId/:jobId: a counterparty merge as the Merge dialog polls it every second (p2 §7 "merge
 * progress": progressPercentage and status). Admin only; errors are JSON with their status (a 404 is a miss).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { jobPollError } from "~/web/job-poll.server";
import { mergeStatusLoader } from "~/web/merge/merge-route.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  try {
    return json(await mergeStatusLoader(request, params), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return jobPollError(error);
  }
}
