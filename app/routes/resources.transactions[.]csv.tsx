/** GET /resources/transactions.csv: the company's transactions (p1 §7 GET /transaction/export), streamed; 404 while the exportTransactions flag is off. */
import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireCompanyUser } from "~/web/auth.server";
import { exportAccountTransactions } from "~/modules/ledger/account.server";
import { handleError } from "~/web/http.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  try {
    const file = await exportAccountTransactions(actor);
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
