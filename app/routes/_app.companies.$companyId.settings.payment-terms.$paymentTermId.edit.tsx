import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PaymentTermDialog } from "~/components/company-settings/dialogs";
import { paymentTermDialogAction, paymentTermDialogLoader } from "~/web/company-settings/settings.server";

/** The Edit Payment Term dialog over the company settings (p3 §2.4, §5; admins only). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return paymentTermDialogLoader(request, params, "edit");
}

export function action({ request, params }: ActionFunctionArgs) {
  return paymentTermDialogAction(request, params, "edit");
}

export default function EditPaymentTermRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <PaymentTermDialog
      mode="edit"
      closeTo={data.closeTo}
      term={data.term}
      frequencyOptions={data.frequencyOptions}
      dateOptions={data.dateOptions}
      dayOptions={data.dayOptions}
    />
  );
}
