import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ActivateAccountDialog } from "~/components/account/activate-dialog";
import { requireCompanyUser } from "~/web/auth.server";
import { GENERIC_ERROR_LONG } from "~/lib/errors";
import { formErrorsOf, type FormErrorData } from "~/lib/form-errors";
import { activationSuccessMessage } from "~/modules/ledger/account.rules";
import { activateAccount, getAccountOverview } from "~/modules/ledger/account.server";
import { ActivateAccountSchema, parseTransactionListQuery, serializeTransactionListQuery } from "~/modules/ledger/account.schema";
import { handleError, parseForm } from "~/web/http.server";

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
  try {
    await parseForm(request, ActivateAccountSchema);
    // Idempotent: a double click or a resubmitted form gets the same account (activateAccount).
    await activateAccount(actor);
    return json<FormErrorData>({ fieldErrors: {} });
  } catch (error) {
    return handleError(error, { notFound: "show", forbidden: "show" });
  }
}

export default function ActivateAccountRoute() {
  const data = useLoaderData<typeof loader>();
  const { fieldErrors, formError } = formErrorsOf(useActionData<typeof action>());
  // A form that is not the dialog's own (no intent=activate) has no field to show its error on: the generic message.
  const error = formError ?? (Object.keys(fieldErrors).length > 0 ? GENERIC_ERROR_LONG : null);
  return (
    <ActivateAccountDialog
      closeTo={data.closeTo}
      action={data.action}
      country={data.country}
      activated={data.activated}
      successMessage={data.successMessage}
      error={error}
    />
  );
}
