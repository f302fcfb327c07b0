import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type UploadHandler } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { StatementUploadForm, WizardSteps } from "~/components/banking/bank-account-wizard";
import { SETTINGS_WITHDRAWALS } from "~/components/banking/withdrawal-account-card";
import { RouteDialog } from "~/components/ui/route-dialog";
import { requireCompanyUser } from "~/web/auth.server";
import { formErrorsOf } from "~/lib/form-errors";
import { redirectWithToast } from "~/web/toast.server";
import { getStatementTarget, readStatementStream, uploadBankStatement, type StatementUpload } from "~/modules/banking/service.server";
import { handleError, readMultipartForm } from "~/web/http.server";

/**
 * /settings/bank-accounts/verify: BANK_STATEMENT of the wizard (p1 §4-5), also opened by the card's Verify button.
 * The statement of the company's default account is streamed in (at most 10,000,000 bytes kept), checked by its
 * content and stored; the account is then VERIFICATION_PENDING until an admin reviews it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  try {
    const target = await getStatementTarget(actor);
    return json({ ...target, closeTo: SETTINGS_WITHDRAWALS });
  } catch (error) {
    // "No default account added to verify": back to the card, which offers Add or Select.
    throw await handleError(error, { closeTo: SETTINGS_WITHDRAWALS, fields: "none", notVerified: "show" });
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) throw redirect(SETTINGS_WITHDRAWALS);
  let file: StatementUpload | null = null;
  const fileHandler: UploadHandler = async ({ name, filename, data }) => {
    if (name !== "file") return undefined;
    if (!filename || file) {
      for await (const chunk of data) void chunk; // no file chosen (an empty part), or a second file: drained
      return undefined;
    }
    file = await readStatementStream(filename, data);
    return filename;
  };
  // The account id is a small text part, kept in memory (4 kB at most).
  const form = await readMultipartForm(request, fileHandler);
  try {
    await uploadBankStatement(actor, { bankAccountId: form.get("bankAccountId"), file });
  } catch (error) {
    // The statement refused (format, size, account): the dialog's message, with the refusal's status.
    return handleError(error, { fields: "none", notFound: "show", forbidden: "show" });
  }
  return redirectWithToast(SETTINGS_WITHDRAWALS, { type: "success", message: "Bank statement uploaded. We will verify your account soon." });
}

export default function VerifyBankAccountDialog() {
  const { account, canUpload, closeTo } = useLoaderData<typeof loader>();
  const { formError } = formErrorsOf(useActionData<typeof action>());
  return (
    <RouteDialog title="Verify Bank Account" description="Upload a bank statement to verify your withdrawal account." closeTo={closeTo}>
      <WizardSteps current="BANK_STATEMENT" />
      <StatementUploadForm account={account} canUpload={canUpload} error={formError} closeTo={closeTo} />
    </RouteDialog>
  );
}
