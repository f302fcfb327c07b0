import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/web/auth.server";
import { handleError } from "~/web/http.server";
import { getIdentityDocumentById } from "~/modules/kyc/admin.server";

/**
 * The bytes of an identity document (p3 §7.3 "verification document link"), to admins only, with the type found
 * from its content at upload (never the browser's), inline, and never cached. X-Content-Type-Options: nosniff is set on
 * every response by the server (app/lib/http-security.server.ts), so the browser never sniffs it into something else.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireAdmin(request);
  try {
    const file = await getIdentityDocumentById(actor, params.companyId, params.documentId);
    const ascii = file.fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
    return new Response(new Uint8Array(file.content), {
      headers: {
        "Content-Type": file.mimeType,
        "Content-Length": String(file.content.byteLength),
        "Content-Disposition": `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    throw await handleError(error);
  }
}
