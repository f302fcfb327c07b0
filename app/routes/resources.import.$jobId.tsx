/** GET /resources/import/:jobId: an import job as the dialog polls it every second (p2 §7 GET /invoice/import/{id}). */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireCompanyUser } from "~/web/auth.server";
import { isAppError } from "~/lib/errors";
import { getImportStatus } from "~/modules/invoices/import.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  try {
    return json(await getImportStatus(actor, params.jobId ?? ""), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return json({ error: error.message, status: error.status }, { status: error.status, headers: { "Cache-Control": "no-store" } });
  }
}
