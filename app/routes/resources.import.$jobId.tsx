/** GET /resources/import/:jobId: an import job as the dialog polls it every second (p2 §7 GET /invoice/import/{id}). */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireCompanyUser } from "~/web/auth.server";
import { parseParams } from "~/web/http.server";
import { getImportStatus } from "~/modules/invoices/import.server";
import { JobIdSchema } from "~/modules/jobs/schema";
import { jobPollError } from "~/web/job-poll.server";

const ParamsSchema = z.object({ jobId: JobIdSchema });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { jobId } = parseParams(params, ParamsSchema);
  try {
    return json(await getImportStatus(actor, jobId), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return jobPollError(error);
  }
}
