import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { bankAccountDialog, SETTINGS_WITHDRAWALS } from "~/components/banking/withdrawal-account-card";
import { StatusBadge } from "~/components/banking/status-badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { requireCompanyUser } from "~/web/auth.server";
import { AppError } from "~/lib/errors";
import { formErrorsOf } from "~/lib/form-errors";
import { redirectWithToast } from "~/web/toast.server";
import { getWithdrawalSettings, setDefaultBankAccount } from "~/modules/banking/service.server";
import { handleError, readForm } from "~/web/http.server";

/**
 * /settings/bank-accounts/select: "Select Account" (p1 §4, accounts but no default): the chosen account becomes the
 * default withdrawal account (p1 §7 PUT ... defaultAccount true). A new account can be added from here too.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const settings = await getWithdrawalSettings(actor);
  if (settings.accounts.length === 0) throw redirect(bankAccountDialog("add"));
  return json({ accounts: settings.accounts, canAdd: !settings.defaultAccount, closeTo: SETTINGS_WITHDRAWALS });
}

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const form = await readForm(request);
  try {
    if (!form.get("bankAccountId")) throw AppError.validation({ bankAccountId: "Please select an account" });
    const account = await setDefaultBankAccount(actor, form.get("bankAccountId"));
    return redirectWithToast(SETTINGS_WITHDRAWALS, { type: "success", message: `${account.bankAccountName} is now your withdrawal account` });
  } catch (error) {
    // Shown under the accounts: the choice's own message (422) or the service's refusal.
    return handleError(error, { fields: "named", notFound: "show", forbidden: "show" });
  }
}

export default function SelectBankAccountDialog() {
  const { accounts, canAdd, closeTo } = useLoaderData<typeof loader>();
  const { fieldErrors, formError } = formErrorsOf(useActionData<typeof action>());
  const error = fieldErrors.bankAccountId ?? formError;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <RouteDialog title="Select Account" description="Choose the bank account your withdrawals are paid into." closeTo={closeTo}>
      <Form method="post" className="grid gap-4" preventScrollReset>
        <fieldset className="grid gap-2" aria-describedby={error ? "select-account-error" : undefined}>
          <legend className="sr-only">Bank accounts</legend>
          {accounts.map((account) => (
            <label
              key={account.id}
              className="flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent"
            >
              <input type="radio" name="bankAccountId" value={account.id} defaultChecked={account.defaultAccount} className="mt-1 size-4 accent-primary" />
              <span className="grid gap-0.5">
                <span className="flex flex-wrap items-center gap-2 font-medium">
                  {account.bankAccountName} <StatusBadge status={account.bankAccountStatus} />
                </span>
                <span className="font-mono tabular-nums text-muted-foreground">{account.details}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <FieldError id="select-account-error" message={error} />
        <RouteDialogFooter className="sm:justify-between">
          {canAdd ? (
            <Link to={bankAccountDialog("add")} preventScrollReset className={buttonVariants({ variant: "ghost" })}>
              Add Bank Account
            </Link>
          ) : (
            <span />
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Link to={closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
              Cancel
            </Link>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving…" : "Use this account"}
            </Button>
          </div>
        </RouteDialogFooter>
      </Form>
    </RouteDialog>
  );
}
