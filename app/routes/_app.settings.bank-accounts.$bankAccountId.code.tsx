import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { CodeEntryForm, WizardSteps } from "~/components/banking/bank-account-wizard";
import { bankAccountDialog, SETTINGS_WITHDRAWALS } from "~/components/banking/withdrawal-account-card";
import { RouteDialog } from "~/components/ui/route-dialog";
import type { Actor } from "~/lib/actor";
import { formErrorsOf } from "~/lib/form-errors";
import { redirectWithToast } from "~/web/toast.server";
import { requireCompanyUser } from "~/web/auth.server";
import { confirmBankAccountCode, findPendingBankAccount, requestNewBankAccountCode } from "~/modules/banking/service.server";
import { handleError, IdSchema, parseForm, parseParams } from "~/web/http.server";

/**
 * /settings/bank-accounts/{id}/code: CODE_ENTRY of the add bank account wizard (p1 §4-5). The account was posted
 * without its code; the SMS code confirms it. Three wrong codes lock the entry until "Request new code".
 */
const Params = z.object({ bankAccountId: IdSchema });
const FormSchema = z.object({ intent: z.enum(["verify", "resend"]).catch("verify"), code: z.unknown() });

/** The pending account; confirmed already, replaced by a newer one, or not this company's: the wizard's beginning. */
async function pendingOrRestart(actor: Actor, bankAccountId: number) {
  const pending = await findPendingBankAccount(actor, bankAccountId);
  if (!pending) throw redirect(bankAccountDialog("add"));
  return pending;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { bankAccountId } = parseParams(params, Params);
  return json({ pending: await pendingOrRestart(actor, bankAccountId), closeTo: SETTINGS_WITHDRAWALS });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { bankAccountId } = parseParams(params, Params);
  const { intent, code } = await parseForm(request, FormSchema);
  await pendingOrRestart(actor, bankAccountId);
  try {
    if (intent === "resend") {
      const pending = await requestNewBankAccountCode(actor, bankAccountId);
      return json({ notice: `We sent a new code to ${pending.phoneHint}.` });
    }
    await confirmBankAccountCode(actor, bankAccountId, code);
    return redirectWithToast(bankAccountDialog("verify"), { type: "success", message: "Bank account added" });
  } catch (error) {
    // A wrong, expired or locked code (and "wait 30 seconds") is shown on the code field.
    return handleError(error, { fields: "named" });
  }
}

export default function BankAccountCodeDialog() {
  const { pending, closeTo } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const { fieldErrors, formError } = formErrorsOf(data);
  const notice = data && "notice" in data ? data.notice : null;
  return (
    <RouteDialog title="Add Bank Account" description="Confirm it is you with the code we sent by SMS." closeTo={closeTo}>
      <WizardSteps current="CODE_ENTRY" />
      <CodeEntryForm pending={pending} error={fieldErrors.code ?? formError} notice={notice} cancelTo={closeTo} />
    </RouteDialog>
  );
}
