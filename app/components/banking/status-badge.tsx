import { StatusBadge as OneStatusBadge } from "~/components/ui/status-badge";
import type { BankAccountStatus } from "~/modules/banking/rules";

/** A bank account's status through the one StatusBadge (lib/status-labels BANK_ACCOUNT_STATUS). */
export function StatusBadge({ status }: { status: BankAccountStatus }) {
  return <OneStatusBadge kind="bankAccount" status={status} />;
}
