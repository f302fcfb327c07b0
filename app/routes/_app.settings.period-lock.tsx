/**
 * /settings/period-lock: the action route of the settings period-lock control (p3 §4.10 second bullet; issue 15 part 5).
 *
 * - GET ?confirm=lock: the confirmation before locking the previous calendar month.
 * - POST intent=lock: queue the lock; GET ?job= shows its progress, and once it has finished goes back with the toast
 *   ('Locked {month} invoices' or the refusal).
 * - POST intent=auto-lock: save the automatic lock preference ('Success updated').
 * `returnTo` says where to go back: the AP Automation tab (default), or this page, which shows the control on its own
 * (until the tab places it).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { PeriodLockProgress } from "~/components/period-lock/period-lock-progress";
import { PeriodLockControl } from "~/components/settings/period-lock-control";
import { Button, buttonVariants } from "~/components/ui/button";
import { RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { formatDate } from "~/lib/dates";
import { getPeriodLockJob, setAutoLockPreviousMonth, startPreviousMonthLock } from "~/modules/period-lock/service.server";
import { monthEnd } from "~/modules/period-lock/rules";
import { requireCompanyUser } from "~/web/auth.server";
import { handleError, pageError, parseForm } from "~/web/http.server";
import { periodLockSettings } from "~/web/settings/period-lock.server";
import { redirectWithToast } from "~/web/toast.server";

const ReturnTo = z.enum(["ap-automation", "page"]).catch("ap-automation");
const backTo = (returnTo: "ap-automation" | "page") => (returnTo === "page" ? "/settings/period-lock" : "/settings?tab=ap-automation");

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("lock"), returnTo: ReturnTo }),
  z.object({ intent: z.literal("auto-lock"), returnTo: ReturnTo, enabled: z.literal("on").optional() }),
]);

export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const url = new URL(request.url);
  const returnTo = ReturnTo.parse(url.searchParams.get("returnTo") ?? undefined);
  const back = backTo(returnTo);
  const jobId = url.searchParams.get("job");
  let job = null;
  if (jobId) {
    const found = await getPeriodLockJob(actor, jobId).catch(pageError);
    if (found.status === "SUCCEEDED") throw await redirectWithToast(back, { type: "success", message: found.message ?? "Success updated" });
    if (found.error !== null) throw await redirectWithToast(back, { type: "error", message: found.error });
    job = { id: found.id, status: found.status, progress: found.progress, month: found.month };
  }
  const settings = await periodLockSettings(actor);
  return json({ settings, returnTo, back, job, confirm: job === null && url.searchParams.get("confirm") === "lock" && !settings.locked });
}

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  let back = backTo("ap-automation");
  try {
    const input = await parseForm(request, ActionSchema);
    back = backTo(input.returnTo);
    switch (input.intent) {
      case "lock": {
        const job = await startPreviousMonthLock(actor);
        const progress = new URLSearchParams({ job: job.id, returnTo: input.returnTo });
        if (input.returnTo === "ap-automation") progress.set("tab", "ap-automation");
        return redirect(`/settings/period-lock?${progress}`);
      }
      case "auto-lock":
        await setAutoLockPreviousMonth(actor, input.enabled === "on");
        return redirectWithToast(back, { type: "success", message: "Success updated" });
    }
  } catch (error) {
    return handleError(error, { closeTo: back, fields: "none" });
  }
}

export default function PeriodLockSettingsPage() {
  const { settings, returnTo, back, job, confirm } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <section aria-label="Period lock settings" className="space-y-4">
      {/* Over the AP Automation tab the tab shows the control; on its own (the tab flagged off) this page does. */}
      {returnTo === "page" ? <PeriodLockControl settings={settings} returnTo="page" /> : null}
      {confirm ? (
        <RouteDialog
          title={`Lock ${settings.periodTitle} invoices?`}
          description={`Bills dated on or before ${formatDate(monthEnd(settings.period))} can no longer be added or changed. A locked period can not be unlocked.`}
          closeTo={back}
        >
          <Form method="post" action="/settings/period-lock">
            <input type="hidden" name="intent" value="lock" />
            <input type="hidden" name="returnTo" value={returnTo} />
            <RouteDialogFooter>
              <Link to={back} className={buttonVariants({ variant: "outline" })}>
                Cancel
              </Link>
              <Button type="submit" disabled={busy}>
                {busy ? "Locking…" : "Lock"}
              </Button>
            </RouteDialogFooter>
          </Form>
        </RouteDialog>
      ) : null}
      {job ? (
        <RouteDialog title="Period lock" description="The lock runs in the background; this closes when it is done." closeTo={back}>
          <PeriodLockProgress job={job} />
        </RouteDialog>
      ) : null}
    </section>
  );
}
