import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { CodeEntryForm, WizardSteps } from "~/components/banking/bank-account-wizard";
import { bankAccountDialog, SETTINGS_WITHDRAWALS } from "~/components/banking/withdrawal-account-card";
import { RouteDialog } from "~/components/ui/route-dialog";
import { requireCompanyUser } from "~/web/auth.server";
import { isAppError } from "~/lib/errors";
import { redirectWithToast } from "~/web/toast.server";
import { confirmBankAccountCode, getPendingBankAccount, requestNewBankAccountCode } from "~/modules/banking/service.server";
import { readForm } from "~/web/http.server";

/**
 * /settings/bank-accounts/{id}/code: CODE_ENTRY of the add bank account wizard (p1 §4-5). The account was posted
 * without its code; the SMS code confirms it. Three wrong codes lock the entry until "Request new code".
 */
const IntentSchema = z.enum(["verify", "resend"]).catch("verify");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  try {
    const pending = await getPendingBankAccount(actor, params.bankAccountId);
    return json({ pending, closeTo: SETTINGS_WITHDRAWALS });
  } catch (error) {
    // Confirmed already, replaced by a newer one, or not this company's: start from the wizard's beginning.
    if (isAppError(error) && error.status === 404) throw redirect(bankAccountDialog("add"));
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const form = await readForm(request);
  const intent = IntentSchema.parse(form.get("intent"));
  try {
    if (intent === "resend") {
      const pending = await requestNewBankAccountCode(actor, params.bankAccountId);
      return json({ error: null, notice: `We sent a new code to ${pending.phoneHint}.` });
    }
    await confirmBankAccountCode(actor, params.bankAccountId, form.get("code"));
    return redirectWithToast(bankAccountDialog("verify"), { type: "success", message: "Bank account added" });
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error;
    if (error.status === 404) throw redirect(bankAccountDialog("add"));
    return json({ error: error.message, notice: null }, { status: error.status });
  }
}

export default function BankAccountCodeDialog() {
  const { pending, closeTo } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  return (
    <RouteDialog title="Add Bank Account" description="Confirm it is you with the code we sent by SMS." closeTo={closeTo}>
      <WizardSteps current="CODE_ENTRY" />
      <CodeEntryForm pending={pending} error={data?.error} notice={data?.notice} />
    </RouteDialog>
  );
}
