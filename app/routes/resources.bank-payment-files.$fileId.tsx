/** GET /resources/bank-payment-files/:fileId: a bank payment file (NZ CSV or AU ABA) as written by the job; admins only. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/web/auth.server";
import { getBankPaymentFile } from "~/modules/ledger/bank-files.server";
import { handleError } from "~/web/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireAdmin(request);
  try {
    const file = await getBankPaymentFile(actor, params.fileId);
    // The stored text byte for byte (CRLF records): a bank refuses a file whose records were re-wrapped.
    return new Response(file.content, {
      headers: {
        "Content-Type": `${file.contentType}; charset=us-ascii`,
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    throw await handleError(error);
  }
}
