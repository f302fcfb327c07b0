import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ActivateAccountDialog } from "~/components/account/activate-dialog";
import { requireCompanyUser } from "~/lib/auth.server";
import { GENERIC_ERROR_LONG, isAppError } from "~/lib/errors";
import { activationSuccessMessage } from "~/modules/ledger/account.rules";
import { activateAccount, getAccountOverview } from "~/modules/ledger/account.server";
import { ActivateAccountSchema, parseTransactionListQuery, serializeTransactionListQuery } from "~/modules/ledger/account.schema";
import { readForm } from "~/web/http.server";

/** /account/activate: the Activate Account confirmation over /account (p1 §4), and its success step. */
function dialogState(request: Request) {
  const url = new URL(request.url);
  const search = serializeTransactionListQuery(parseTransactionListQuery(url.searchParams));
  return { closeTo: search ? `/account?${search}` : "/account", action: `/account/activate${search ? `?${search}` : ""}` };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const overview = await getAccountOverview(actor);
  return json({
    ...dialogState(request),
    country: overview.country,
    activated: overview.systemAccount,
    successMessage: activationSuccessMessage(overview.country),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const form = ActivateAccountSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!form.success) return json({ error: GENERIC_ERROR_LONG }, { status: 400 });
  try {
    // Idempotent: a double click or a resubmitted form gets the same account (activateAccount).
    await activateAccount(actor);
    return json({ error: null });
  } catch (error) {
    if (isAppError(error)) return json({ error: error.message }, { status: error.status });
    throw error;
  }
}

export default function ActivateAccountRoute() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <ActivateAccountDialog
      closeTo={data.closeTo}
      action={data.action}
      country={data.country}
      activated={data.activated}
      successMessage={data.successMessage}
      error={result?.error}
    />
  );
}
