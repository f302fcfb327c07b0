import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { UploadDocumentForm } from "~/components/kyc-admin/person-forms";
import { personPageLoader, readIdentityUpload } from "~/web/kyc-admin/person-route.server";
import { RouteDialog } from "~/components/ui/route-dialog";
import { requireAdmin } from "~/web/auth.server";
import { formErrorsOf } from "~/lib/form-errors";
import { handleError } from "~/web/http.server";
import { redirectWithToast } from "~/web/toast.server";
import { uploadDocumentForPerson } from "~/modules/kyc/admin.server";
import { isMultipartRequest } from "~/web/http.server";

/** Upload document on behalf of a person (p1 §4, p3 §2.4), a dialog over the KYC screen (decision 007). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return personPageLoader(request, params.companyId, { userId: params.userId });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor } = await requireAdmin(request);
  const back = `/companies/${params.companyId}/kyc`;
  if (!isMultipartRequest(request)) throw redirect(back);
  const { file } = await readIdentityUpload(request);
  try {
    const result = await uploadDocumentForPerson(actor, params.companyId, params.userId, file ?? { fileName: "", content: null });
    return redirectWithToast(back, { type: "success", message: `Document upload successful for ${result.name}` });
  } catch (error) {
    return handleError(error, { fields: "named", forbidden: "show" });
  }
}

export default function UploadDocumentDialog() {
  const { company, person } = useLoaderData<typeof loader>();
  const { fieldErrors, formError } = formErrorsOf(useActionData<typeof action>());
  return (
    <RouteDialog title="Upload document" description={`Upload an identity document on behalf of ${person.name}.`} closeTo={`/companies/${company.id}/kyc`}>
      <UploadDocumentForm person={person} error={formError ?? Object.values(fieldErrors)[0]} id="dialog-upload" cancelTo={`/companies/${company.id}/kyc`} />
    </RouteDialog>
  );
}
