/** GET /resources/period-lock/:jobId: a period lock job as the lock dialog polls it every second (p3 §4.10; issue 15 part 5). */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireCompanyUser } from "~/web/auth.server";
import { parseParams } from "~/web/http.server";
import { jobPollError } from "~/web/job-poll.server";
import { JobIdSchema } from "~/modules/jobs/schema";
import { getPeriodLockJob } from "~/modules/period-lock/service.server";

const ParamsSchema = z.object({ jobId: JobIdSchema });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { jobId } = parseParams(params, ParamsSchema);
  try {
    return json(await getPeriodLockJob(actor, jobId), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return jobPollError(error);
  }
}
