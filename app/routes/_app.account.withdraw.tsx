import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { WithdrawDialog } from "~/components/withdrawals/withdraw-dialog";
import { withdrawAction, withdrawLoader } from "~/web/withdrawals/withdraw-route.server";

/** /account/withdraw: the Withdraw dialog over the account screen (p1 §4 "Withdraw flow", docs/decisions/007). */
export function loader({ request }: LoaderFunctionArgs) {
  return withdrawLoader(request, "company");
}

export function action({ request }: ActionFunctionArgs) {
  return withdrawAction(request, "company");
}

export default function AccountWithdrawDialog() {
  return <WithdrawDialog />;
}
