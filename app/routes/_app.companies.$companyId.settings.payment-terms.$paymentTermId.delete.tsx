import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DeletePaymentTermDialog } from "~/components/company-settings/dialogs";
import { paymentTermDialogAction, paymentTermDialogLoader } from "~/web/company-settings/settings.server";

/** The Delete Payment Term dialog over the company settings (p3 §2.4, §5; admins only). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return paymentTermDialogLoader(request, params, "delete");
}

export function action({ request, params }: ActionFunctionArgs) {
  return paymentTermDialogAction(request, params, "delete");
}

export default function DeletePaymentTermRoute() {
  const { term, closeTo, question } = useLoaderData<typeof loader>();
  return <DeletePaymentTermDialog closeTo={closeTo} term={term!} question={question} />;
}
