/**
 * GET /bills/documents/:documentId/pages.zip: every page image of a bill document of the user's company in one zip
 * (page-1.png, page-2.png, ...), when the feature flag shouldGetZippedRipeImage is on (p3 §7.1 get pages; decision 049).
 * Flag off, another company's document, an archived one, one without pages or a malformed id: the Not Found page.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { zipStored } from "~/lib/zip.server";
import { requireCompanyUser } from "~/web/auth.server";
import { IdSchema, notFoundResponse, pageError, parseParams } from "~/web/http.server";
import { getDocumentPages, PAGE_IMAGE_MAX_AGE_SECONDS } from "~/modules/review/view.server";
import { isFeatureEnabled } from "~/modules/settings/service.server";

const ParamsSchema = z.object({ documentId: IdSchema });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { documentId } = parseParams(params, ParamsSchema);
  if (!(await isFeatureEnabled("shouldGetZippedRipeImage"))) throw notFoundResponse();
  const pages = await getDocumentPages(actor, documentId).catch(pageError);
  const zip = zipStored(pages.map((page) => ({ name: `page-${page.pageIndex + 1}.${page.mimeType === "image/png" ? "png" : "jpg"}`, content: page.content })));
  return new Response(new Uint8Array(zip), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Length": String(zip.byteLength),
      "Content-Disposition": `attachment; filename="document-${documentId}-pages.zip"`,
      "Cache-Control": `private, max-age=${PAGE_IMAGE_MAX_AGE_SECONDS}`,
    },
  });
}
