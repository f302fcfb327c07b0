/** GET /resources/document-delete/:jobId: a review list's batch Delete as the list polls it every second (p3 §4.1; decision 050). */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { JobIdSchema } from "~/modules/jobs/schema";
import { getBatchDeleteJob } from "~/modules/review/batch-delete.server";
import { requireCompanyUser } from "~/web/auth.server";
import { parseParams } from "~/web/http.server";
import { jobPollError } from "~/web/job-poll.server";

const ParamsSchema = z.object({ jobId: JobIdSchema });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { jobId } = parseParams(params, ParamsSchema);
  try {
    return json(await getBatchDeleteJob(actor, jobId), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return jobPollError(error);
  }
}
