import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { statusEntry, type StatusKind, type StatusOf, type StatusTone } from "~/lib/status-labels";

const TONE_VARIANT: Record<StatusTone, BadgeVariant> = {
  success: "success",
  warning: "warning",
  destructive: "destructive",
  info: "info",
  neutral: "secondary",
};

export interface StatusBadgeProps<K extends StatusKind> {
  /** Which label table (lib/status-labels STATUS_TABLES). */
  kind: K;
  /** The stored or display value (PENDING, VERIFICATION_PENDING, ...); unknown values show in Title Case, a missing one as "Not Set". */
  status: StatusOf<K> | (string & {}) | null | undefined;
  /** Why (a not-eligible reason): a tooltip, and read out by screen readers after the label. */
  reason?: string | null;
  className?: string;
}

/**
 * The one status badge (issue 20 part 5, docs/decisions/067): every status a user sees goes through it, with its
 * label and colour from the kind's table. data-status carries the raw value for tests and styling, never shown.
 */
export function StatusBadge<K extends StatusKind>({ kind, status, reason, className }: StatusBadgeProps<K>) {
  const shown = statusEntry(kind, status);
  return (
    <Badge variant={TONE_VARIANT[shown.tone]} title={reason ?? undefined} className={className} data-status-kind={kind} data-status={status ?? ""}>
      {shown.label}
      {reason ? <span className="sr-only">: {reason}</span> : null}
    </Badge>
  );
}
