import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { contactEmailAction, contactEmailLoader } from "~/web/invoices/list-dialogs.server";
import { ContactEmailDialog } from "~/components/invoices/list-dialogs";
import { formErrorsOf } from "~/lib/form-errors";

/** Edit Contact Email (p2 §2 Modals, §5 Contact email) over /invoices, for one record of the list. */
export const loader = (args: LoaderFunctionArgs) => contactEmailLoader("INVOICE", args);
export const action = (args: ActionFunctionArgs) => contactEmailAction("INVOICE", args);

export default function ContactEmailRoute() {
  const { closeTo, action: formAction, record } = useLoaderData<typeof loader>();
  const { fieldErrors, formError, values } = formErrorsOf(useActionData<typeof action>());
  const error = fieldErrors.contactEmail ?? formError ?? Object.values(fieldErrors)[0];
  return <ContactEmailDialog closeTo={closeTo} action={formAction} record={record} error={error} submitted={values?.contactEmail} />;
}
