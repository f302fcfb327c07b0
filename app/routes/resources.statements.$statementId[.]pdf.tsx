/** GET /resources/statements/{id}.pdf: a generated statement of the actor's company as PDF (issue 5 part 8). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireCompanyUser } from "~/web/auth.server";
import { parseStatementRef, statementPdfFile } from "~/modules/statements/service.server";
import { handleError, notFoundResponse } from "~/web/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const ref = parseStatementRef(params.statementId);
  if (ref === null) throw notFoundResponse();
  try {
    const file = await statementPdfFile(actor, ref);
    return new Response(new Uint8Array(file.body), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    throw await handleError(error);
  }
}
