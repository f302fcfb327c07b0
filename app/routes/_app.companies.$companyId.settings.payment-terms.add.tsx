import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PaymentTermDialog } from "~/components/company-settings/dialogs";
import { paymentTermDialogAction, paymentTermDialogLoader } from "~/web/company-settings/settings.server";

/** The Add Payment Term dialog over the company settings (p3 §2.4, §5; admins only). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return paymentTermDialogLoader(request, params, "add");
}

export function action({ request, params }: ActionFunctionArgs) {
  return paymentTermDialogAction(request, params, "add");
}

export default function AddPaymentTermRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <PaymentTermDialog
      mode="add"
      closeTo={data.closeTo}
      term={data.term}
      frequencyOptions={data.frequencyOptions}
      dateOptions={data.dateOptions}
      dayOptions={data.dayOptions}
    />
  );
}
