/**
 * The settings period-lock control's data for a loader (the AP Automation tab; issue 15 part 5): what
 * <PeriodLockControl settings={...}> shows. `periodLockSettings(actor)` in the tab's loader; the control's forms post to
 * /settings/period-lock.
 */
export { periodLockSettings } from "~/modules/period-lock/service.server";
