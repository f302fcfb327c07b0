/**
 * The supplier bills page's period lock button (p3 §4.10): a POST form (works without JavaScript) that locks the period
 * of the selected month (its previous month). Its tooltip says why it is disabled or what state the period is in:
 * 'Active period can not be locked' (the next-month tab and later), 'Period Locked', 'Period Unlocked'. The tooltip is
 * also the button's description for screen readers.
 */
import { Form, useNavigation } from "@remix-run/react";
import { Lock, LockOpen } from "~/components/ui/icons";
import { useId } from "react";
import { Button } from "~/components/ui/button";
import { monthName } from "~/modules/period-lock/rules";

export interface PeriodLockButtonView {
  period: string;
  locked: boolean;
  disabled: boolean;
  tooltip: string;
}

export function PeriodLockButton({ lock, action, month }: { lock: PeriodLockButtonView; action: string; month: string }) {
  const navigation = useNavigation();
  const tooltipId = useId();
  const busy = navigation.state !== "idle" && navigation.formAction?.split("?")[0] === action.split("?")[0];
  const name = monthName(lock.period);
  return (
    <Form method="post" action={action} preventScrollReset className="group relative inline-flex">
      <input type="hidden" name="month" value={month} />
      {/* A disabled button takes no focus: the wrapper does, so keyboard users can read the tooltip too. */}
      <span tabIndex={lock.disabled ? 0 : undefined} aria-describedby={lock.disabled ? tooltipId : undefined} className="inline-flex rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <Button type="submit" variant="outline" size="sm" disabled={lock.disabled || busy} aria-describedby={tooltipId}>
          {lock.locked ? <Lock aria-hidden className="size-4" /> : <LockOpen aria-hidden className="size-4" />}
          {busy ? "Locking…" : lock.locked ? `${name} locked` : `Lock ${name}`}
        </Button>
      </span>
      <span
        role="tooltip"
        id={tooltipId}
        className="pointer-events-none absolute right-0 top-full z-20 mt-1 hidden whitespace-nowrap rounded-md bg-foreground px-2 py-1 text-xs text-background shadow group-focus-within:block group-hover:block"
      >
        {lock.tooltip}
      </span>
    </Form>
  );
}
