import { Badge, type BadgeProps } from "~/components/ui/badge";
import { STATUS_LABELS, type BankAccountStatus } from "~/modules/banking/rules";

const VARIANTS: Record<BankAccountStatus, BadgeProps["variant"]> = {
  UNVERIFIED: "outline",
  VERIFICATION_PENDING: "warning",
  VERIFIED: "success",
  VERIFICATION_FAILED: "destructive",
  DELETED: "secondary",
};

/** A bank account's status: "VERIFIED", "Verification Pending" (p1 §4 badge texts), and the others. */
export function StatusBadge({ status }: { status: BankAccountStatus }) {
  return <Badge variant={VARIANTS[status]}>{STATUS_LABELS[status]}</Badge>;
}
