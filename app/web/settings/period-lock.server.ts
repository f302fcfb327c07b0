/**
 * The settings period-lock control's data for a loader (the AP Automation tab; issue 15 part 5): what
 * <PeriodLockControl settings={...}> shows. `periodLockSettings(actor)` in the tab's loader, the forms post to
 * /settings/period-lock.
 */
import type { PeriodLockControlView } from "~/components/settings/period-lock-control";
import type { Actor } from "~/lib/actor";
import { periodLockSettings as readSettings } from "~/modules/period-lock/service.server";

export async function periodLockSettings(actor: Actor): Promise<PeriodLockControlView> {
  const settings = await readSettings(actor);
  return {
    period: settings.period,
    periodTitle: settings.periodTitle,
    locked: settings.locked,
    refusal: settings.refusal,
    lockDate: settings.lockDate,
    autoLockPreviousMonth: settings.autoLockPreviousMonth,
  };
}
