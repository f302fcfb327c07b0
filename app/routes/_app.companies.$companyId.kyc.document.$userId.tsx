import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { documentFilePath } from "~/components/kyc-admin/people";
import { buttonVariants } from "~/components/ui/button";
import { DialogCancelLink, RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { requireAdmin } from "~/web/auth.server";
import { z } from "zod";
import { handleError, IdSchema, parseParams, recoverAs } from "~/web/http.server";
import { getIdentityDocumentInfo, NO_DOCUMENT } from "~/modules/kyc/admin.server";

/** View document (p3 §2.4): the person's newest identity document, or ?documentId= from a history entry. */
const Params = z.object({ companyId: IdSchema, userId: IdSchema });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireAdmin(request);
  const { companyId, userId } = parseParams(params, Params);
  const documentId = new URL(request.url).searchParams.get("documentId");
  try {
    // The person has no document yet: the dialog says so (any other 404 is the Not Found page).
    const noDocument = recoverAs(
      () => null,
      (error) => error.status === 404 && error.message === NO_DOCUMENT
    );
    const document = await getIdentityDocumentInfo(actor, companyId, userId, documentId).catch(noDocument);
    return json({ companyId, document, error: document ? null : NO_DOCUMENT });
  } catch (error) {
    throw await handleError(error);
  }
}

export default function DocumentDialog() {
  const { companyId, document, error } = useLoaderData<typeof loader>();
  const [failed, setFailed] = useState(false);
  const closeTo = `/companies/${companyId}/kyc`;
  if (!document) {
    return (
      <RouteDialog title="Identity document" closeTo={closeTo}>
        <p className="text-sm text-muted-foreground">{error}</p>
        <RouteDialogFooter>
          <DialogCancelLink to={closeTo}>Close</DialogCancelLink>
        </RouteDialogFooter>
      </RouteDialog>
    );
  }
  const src = documentFilePath(companyId, document.id);
  return (
    <RouteDialog title={`Identity document of ${document.personName}`} description={document.fileName} closeTo={closeTo} className="max-w-3xl">
      {failed ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load document
        </p>
      ) : (
        <img
          src={src}
          alt={`Identity document of ${document.personName}`}
          onError={() => setFailed(true)}
          className="max-h-[65vh] w-full rounded-md border bg-muted object-contain"
        />
      )}
      <RouteDialogFooter>
        <DialogCancelLink to={closeTo}>Close</DialogCancelLink>
        <a href={src} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: "outline" })}>
          Open in a new tab
        </a>
      </RouteDialogFooter>
    </RouteDialog>
  );
}
