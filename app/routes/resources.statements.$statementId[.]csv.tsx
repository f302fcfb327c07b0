/** GET /resources/statements/{id}.csv: a generated statement of the actor's company as CSV (issue 5 part 8). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireCompanyUser } from "~/web/auth.server";
import { parseStatementRef, statementCsv } from "~/modules/statements/service.server";
import { handleError, notFoundResponse } from "~/web/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const ref = parseStatementRef(params.statementId);
  if (ref === null) throw notFoundResponse();
  try {
    const file = await statementCsv(actor, ref);
    return new Response(file.body, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    throw await handleError(error);
  }
}
