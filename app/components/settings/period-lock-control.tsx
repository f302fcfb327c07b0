/**
 * The AP Automation tab's period-lock control (p3 §4.10 second bullet, §4.11; issue 15 part 5) and the automatic lock
 * preference. The switch locks the previous calendar month after a confirmation (a dialog route, so it works without
 * JavaScript) and stays on, fixed, once that month is locked. The auto-lock toggle is edit then save: Save is enabled
 * only when the value changed, and the box goes back to the stored value when saving fails (the page reloads it).
 */
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDate } from "~/lib/dates";
import { cn } from "~/lib/utils";
import type { PeriodLockSettings } from "~/modules/period-lock/service.server";

export type PeriodLockControlView = PeriodLockSettings;

/** Where the control's forms go (the action route) and where they come back to. */
export const PERIOD_LOCK_ACTION = "/settings/period-lock";

export function PeriodLockControl({ settings, returnTo = "ap-automation" }: { settings: PeriodLockControlView; returnTo?: "ap-automation" | "page" }) {
  const labelId = useId();
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formAction?.split("?")[0] === PERIOD_LOCK_ACTION;
  const [autoLock, setAutoLock] = useState(settings.autoLockPreviousMonth);
  // A failed save reloads the stored value: the box follows it (§4.11 "on failure the value reverts").
  useEffect(() => setAutoLock(settings.autoLockPreviousMonth), [settings.autoLockPreviousMonth]);
  const fixedOn = settings.locked;
  return (
    <Card className="max-w-3xl">
      <CardHeader>
        <CardTitle className="text-lg">Period lock</CardTitle>
        <CardDescription>
          Locking a month closes it: bills dated in it or before can no longer be added or changed, and documents dated in it are expired.
          {settings.lockDate ? ` Locked up to ${formatDate(settings.lockDate)}.` : " No period is locked yet."}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <Form method="get" action={PERIOD_LOCK_ACTION} className="flex flex-wrap items-center gap-4">
          <input type="hidden" name="confirm" value="lock" />
          <input type="hidden" name="returnTo" value={returnTo} />
          {/* The settings page behind the confirmation keeps this tab (the parent route reads ?tab). */}
          {returnTo === "ap-automation" ? <input type="hidden" name="tab" value="ap-automation" /> : null}
          <span id={labelId} className="text-sm font-medium">
            Lock {settings.periodTitle} invoices
          </span>
          {/* A switch that opens the confirmation; fixed on once the month is locked (p3 §4.10). */}
          <button
            type="submit"
            role="switch"
            aria-checked={fixedOn}
            aria-labelledby={labelId}
            disabled={fixedOn || settings.refusal !== null}
            className={cn(
              "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:opacity-60",
              fixedOn ? "bg-primary" : "bg-input"
            )}
          >
            <span aria-hidden className={cn("block size-5 rounded-full bg-background shadow transition-transform", fixedOn ? "translate-x-5" : "translate-x-0")} />
          </button>
          <span className="text-sm text-muted-foreground">{fixedOn ? "Period Locked" : settings.refusal ?? "Period Unlocked"}</span>
        </Form>

        <Form method="post" action={PERIOD_LOCK_ACTION} className="flex flex-wrap items-center gap-4">
          <input type="hidden" name="intent" value="auto-lock" />
          <input type="hidden" name="returnTo" value={returnTo} />
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="enabled"
              value="on"
              checked={autoLock}
              onChange={(event) => setAutoLock(event.currentTarget.checked)}
              className="size-4 accent-primary"
            />
            Lock the previous month automatically on the first day of each month
          </label>
          <Button type="submit" size="sm" variant="outline" disabled={saving || autoLock === settings.autoLockPreviousMonth}>
            {saving ? "Saving…" : "Save"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
