import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { SETTINGS_WITHDRAWALS } from "~/components/banking/withdrawal-account-card";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { requireCompanyUser } from "~/web/auth.server";
import { formErrorsOf } from "~/lib/form-errors";
import { redirectWithToast } from "~/web/toast.server";
import { deleteBankAccount, getBankAccount } from "~/modules/banking/service.server";
import { handleError } from "~/web/http.server";

/** /settings/bank-accounts/{id}/delete: the delete bank account dialog (p1 §2 Modals), a confirmation before the delete. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  let account: Awaited<ReturnType<typeof getBankAccount>>;
  try {
    account = await getBankAccount(actor, params.bankAccountId);
  } catch (error) {
    throw await handleError(error);
  }
  return json({ account, closeTo: SETTINGS_WITHDRAWALS });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  try {
    const account = await deleteBankAccount(actor, params.bankAccountId);
    return redirectWithToast(SETTINGS_WITHDRAWALS, { type: "success", message: `Bank account ${account.bankAccountName} deleted` });
  } catch (error) {
    return handleError(error, { fields: "named", forbidden: "show" });
  }
}

export default function DeleteBankAccountDialog() {
  const { account, closeTo } = useLoaderData<typeof loader>();
  const { fieldErrors, formError } = formErrorsOf(useActionData<typeof action>());
  const error = formError ?? Object.values(fieldErrors)[0] ?? null;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <RouteDialog title="Delete Bank Account" closeTo={closeTo}>
      <div className="grid gap-3 text-sm">
        <p>Are you sure you want to delete this bank account? Withdrawals need a default bank account.</p>
        <div className="rounded-md border bg-muted/40 p-3">
          <p className="font-medium">{account.bankAccountName}</p>
          <p className="font-mono tabular-nums text-muted-foreground">{account.details}</p>
        </div>
        {error ? <Alert variant="destructive">{error}</Alert> : null}
      </div>
      <Form method="post" preventScrollReset>
        <RouteDialogFooter>
          <Link to={closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            Cancel
          </Link>
          <Button type="submit" variant="destructive" disabled={busy}>
            {busy ? "Deleting…" : "Delete"}
          </Button>
        </RouteDialogFooter>
      </Form>
    </RouteDialog>
  );
}
