/** GET /resources/accounting-sync/:jobId: the Sync now job as its progress dialog polls it every second (issue 18). */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { JobIdSchema } from "~/modules/jobs/schema";
import { requireCompanyUser } from "~/web/auth.server";
import { parseParams } from "~/web/http.server";
import { accountingSyncJob } from "~/web/integrations/sync-now.server";
import { jobPollError } from "~/web/job-poll.server";

const ParamsSchema = z.object({ jobId: JobIdSchema });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { jobId } = parseParams(params, ParamsSchema);
  try {
    return json(await accountingSyncJob(actor, jobId), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return jobPollError(error);
  }
}
