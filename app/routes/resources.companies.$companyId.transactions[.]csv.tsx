/** GET /resources/companies/{id}/transactions.csv: a company's transactions.csv for an admin (p3 §2.4; the same file as /account's). */
import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportCompanyTransactionsForAdmin } from "~/modules/ledger/account.server";
import { companyTabDoor } from "~/web/admin-company/company-tab.server";
import { handleError } from "~/web/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor, companyId } = await companyTabDoor(request, params);
  try {
    const file = await exportCompanyTransactionsForAdmin(actor, companyId);
    return new Response(Readable.toWeb(file.stream) as ReadableStream<Uint8Array>, {
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
