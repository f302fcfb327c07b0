import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ContactEmailDialog } from "~/components/invoices/list-dialogs";
import { formErrorsOf } from "~/lib/form-errors";
import { contactEmailAction, contactEmailLoader } from "~/web/invoices/list-dialogs.server";
import { guardSupplierBills } from "~/web/suppliers/row-actions.server";

/**
 * Edit Contact Email over the supplier bills page: where Invite goes when the bill has no valid contact email (p2 §4,
 * p3 §4.9; decision 063). The /bills dialog, for this supplier's bills only.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { closeTo } = await guardSupplierBills(args.request, args.params, { billId: args.params.invoiceId });
  return contactEmailLoader("BILL", args, { closeTo });
}

export async function action(args: ActionFunctionArgs) {
  const { closeTo } = await guardSupplierBills(args.request, args.params, { billId: args.params.invoiceId });
  return contactEmailAction("BILL", args, { closeTo });
}

export default function SupplierContactEmailRoute() {
  const { closeTo, action: formAction, record } = useLoaderData<typeof loader>();
  const { fieldErrors, formError, values } = formErrorsOf(useActionData<typeof action>());
  const error = fieldErrors.contactEmail ?? formError ?? Object.values(fieldErrors)[0];
  return <ContactEmailDialog closeTo={closeTo} action={formAction} record={record} error={error} submitted={values?.contactEmail} />;
}
