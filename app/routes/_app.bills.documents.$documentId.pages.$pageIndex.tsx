/**
 * GET /bills/documents/:documentId/pages/:pageIndex: one page image of a bill document of the user's company (p3 §7.1
 * get pages; decision 049), as stored (image/png, or image/jpeg for a JPEG upload), inline. pageIndex is the stored index
 * (from 0), as getDocumentView's pages list it. Another company's document, an archived one, a missing page or a
 * malformed id is the Not Found page. Private: a browser may keep it a while (an image never changes), a shared cache
 * never.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireCompanyUser } from "~/web/auth.server";
import { IdSchema, pageError, parseParams } from "~/web/http.server";
import { getDocumentPage, PAGE_IMAGE_MAX_AGE_SECONDS } from "~/modules/review/view.server";

const ParamsSchema = z.object({
  documentId: IdSchema,
  pageIndex: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { documentId, pageIndex } = parseParams(params, ParamsSchema);
  const page = await getDocumentPage(actor, documentId, pageIndex).catch(pageError);
  const extension = page.mimeType === "image/png" ? "png" : "jpg";
  return new Response(new Uint8Array(page.content), {
    headers: {
      "Content-Type": page.mimeType,
      "Content-Length": String(page.content.byteLength),
      "Content-Disposition": `inline; filename="document-${documentId}-page-${page.pageIndex + 1}.${extension}"`,
      "Cache-Control": `private, max-age=${PAGE_IMAGE_MAX_AGE_SECONDS}`,
    },
  });
}
