/**
 * The error answer of a job's status URL (GET /resources/import/:jobId, /resources/offer-executions/...): the screen
 * polling it (components/jobs/use-job-progress.ts) counts a 404 as a miss (the job row may not be visible yet) and
 * stops on anything else with its message, so an AppError is answered as JSON `{ error, status }` with its status
 * (through handleError, which re-throws anything else), never the Not Found page.
 */
import type { TypedResponse } from "@remix-run/node";
import type { JobPollError } from "~/components/jobs/use-job-progress";
import { handleError } from "./http.server";

export async function jobPollError(error: unknown): Promise<TypedResponse<JobPollError>> {
  const response = await handleError(error, {
    fields: "none",
    notFound: "show",
    forbidden: "show",
    data: (appError) => ({ error: appError.message, status: appError.status }),
  });
  response.headers.set("Cache-Control", "no-store");
  return response;
}
