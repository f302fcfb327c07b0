import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { WithdrawDialog } from "~/components/withdrawals/withdraw-dialog";
import { withdrawAction, withdrawLoader } from "~/web/withdrawals/withdraw-route.server";

/** /companies/{id}/summary/withdraw: an admin withdraws on behalf of the company (p1 §4, §6; p3 §2.4, §6). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return withdrawLoader(request, "admin", params);
}

export function action({ request, params }: ActionFunctionArgs) {
  return withdrawAction(request, "admin", params);
}

export default function CompanyWithdrawDialog() {
  return <WithdrawDialog />;
}
