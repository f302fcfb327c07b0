import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { contactEmailAction, contactEmailLoader } from "~/web/invoices/list-dialogs.server";
import { ContactEmailDialog } from "~/components/invoices/list-dialogs";

/** Edit Contact Email (p2 §2 Modals, §5 Contact email) over /bills, for one record of the list. */
export const loader = (args: LoaderFunctionArgs) => contactEmailLoader("BILL", args);
export const action = (args: ActionFunctionArgs) => contactEmailAction("BILL", args);

export default function ContactEmailRoute() {
  const { closeTo, action: formAction, record } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return <ContactEmailDialog closeTo={closeTo} action={formAction} record={record} error={result?.error} submitted={result?.submitted} />;
}
