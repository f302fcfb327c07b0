import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireActor } from "~/web/auth.server";
import { getBankStatementFile } from "~/modules/banking/service.server";
import { handleError } from "~/web/http.server";

/**
 * The newest bank statement of an account (p1 §7 GET .../bankaccount/{id}/document), to an admin or the company that
 * owns the account; 404 to anyone else. Served with the type found from its content at upload (never the browser's),
 * inline to view, or with ?download=1 as an attachment.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireActor(request);
  try {
    const file = await getBankStatementFile(actor, params.bankAccountId);
    const download = new URL(request.url).searchParams.get("download") === "1";
    const ascii = file.fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
    return new Response(new Uint8Array(file.content), {
      headers: {
        "Content-Type": file.mimeType,
        "Content-Length": String(file.content.byteLength),
        "Content-Disposition": `${download ? "attachment" : "inline"}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    throw await handleError(error);
  }
}
