/**
 * The Merge company dialog (p2 §2 Modals, §4 "Merge flow (admin)", §8, §9): Select Company → Confirm Merge (the plan:
 * valid and invalid bills, invoices and credit notes, and the items that stay) → Merge in progress (polled every
 * second; 2 s after 100% the dialog closes with "Successfully merged" or "Merge failed"; three 404s in a row stop it
 * with "Error in merging"; any other error shows the server's message). Each step is in the URL, so it works without
 * JavaScript (the progress step then refreshes itself every second).
 */
import { Form, Link, useActionData, useNavigate, useNavigation } from "@remix-run/react";
import { Loader2, Search } from "~/components/ui/icons";
import { useEffect, useRef } from "react";
import { JobProgress } from "~/components/jobs/job-progress";
import { useJobProgress } from "~/components/jobs/use-job-progress";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { toast } from "~/components/ui/toast";
import { formErrorsOf } from "~/lib/form-errors";
import { MERGE_MESSAGES, type InvalidItem } from "~/modules/merge/rules";
import type { MergePlan } from "~/modules/merge/service.server";
import type { MergeDialogData, MergeStatusView } from "~/web/merge/merge-route.server";
import { StatusBadge } from "~/components/ui/status-badge";

const TITLES = { select: "Select Company", confirm: "Confirm Merge", progress: "Merge in progress" } as const;

export function MergeDialog({ data }: { data: MergeDialogData }) {
  let body;
  if (data.step === "progress" && data.job) body = <MergeProgressStep key={data.job.id} initial={data.job} closeTo={data.closeTo} />;
  else if (data.step === "confirm" && data.plan) body = <ConfirmStep data={data} plan={data.plan} />;
  else body = <SelectStep data={data} />;
  return (
    <RouteDialog title={TITLES[data.step]} closeTo={data.closeTo} description={`Merge ${data.source.companyName} into another company.`} className="max-w-xl">
      {body}
    </RouteDialog>
  );
}

function SelectStep({ data }: { data: MergeDialogData }) {
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location?.pathname === data.selfPath;
  return (
    <div className="grid gap-4">
      <Form method="get" action={data.selfPath} className="flex items-end gap-2" role="search" preventScrollReset>
        <div className="grid flex-1 gap-2">
          <Label htmlFor="merge-search">Company name</Label>
          <Input id="merge-search" name="q" defaultValue={data.q} maxLength={100} autoComplete="off" placeholder="Search companies" />
        </div>
        <Button type="submit" variant="outline" disabled={searching}>
          {searching ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <Search aria-hidden className="size-4" />}
          Search
        </Button>
      </Form>
      <Form method="get" action={data.selfPath} className="grid gap-4" preventScrollReset>
        {data.targets.length === 0 ? (
          <p className="text-sm text-muted-foreground">No companies found</p>
        ) : (
          <fieldset className="grid gap-1">
            <legend className="mb-1 text-sm font-medium">{`Merge ${data.source.companyName} into`}</legend>
            <ul className="grid max-h-72 gap-1 overflow-y-auto">
              {data.targets.map((target) => (
                <li key={target.id}>
                  <label className="flex cursor-pointer items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm hover:bg-muted has-[:checked]:border-primary">
                    <span className="flex items-center gap-2">
                      <input type="radio" name="into" value={target.id} required className="size-4 accent-primary" />
                      <span className="font-medium">{target.companyName}</span>
                    </span>
                    <StatusBadge kind="counterparty" status={target.status} />
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        <RouteDialogFooter>
          <Link to={data.closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            Cancel
          </Link>
          <Button type="submit" disabled={data.targets.length === 0}>
            Next
          </Button>
        </RouteDialogFooter>
      </Form>
    </div>
  );
}

const PLAN_ROWS: { label: string; valid: keyof MergePlan; invalid: keyof MergePlan }[] = [
  { label: "Bills", valid: "validBillCount", invalid: "invalidBillCount" },
  { label: "Invoices", valid: "validInvoiceCount", invalid: "invalidInvoiceCount" },
  { label: "Credit notes", valid: "validCreditNoteCount", invalid: "invalidCreditNoteCount" },
];

const KIND_LABELS: Record<InvalidItem["kind"], string> = { BILL: "Bill", INVOICE: "Invoice", CREDIT_NOTE: "Credit note" };

function ConfirmStep({ data, plan }: { data: MergeDialogData; plan: MergePlan }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const actionData = useActionData<unknown>();
  const { fieldErrors, formError } = formErrorsOf(actionData);
  const error = fieldErrors.toCounterpartyId ?? formError;
  const invalidTotal = plan.invalidBillCount + plan.invalidInvoiceCount + plan.invalidCreditNoteCount;
  return (
    <Form method="post" action={`${data.selfPath}?into=${plan.toEntityId}`} className="grid gap-4" preventScrollReset>
      <input type="hidden" name="toCounterpartyId" value={plan.toEntityId} />
      <p className="text-sm">
        Merge <span className="font-semibold">{plan.fromCompanyName}</span> into <span className="font-semibold">{plan.toCompanyName}</span>.
      </p>
      <table className="w-full text-sm" aria-label="Merge plan">
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th scope="col" className="py-1 font-medium">
              Records
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Valid
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Invalid
            </th>
          </tr>
        </thead>
        <tbody>
          {PLAN_ROWS.map((row) => (
            <tr key={row.label} className="border-b last:border-0">
              <th scope="row" className="py-1 text-left font-normal">
                {row.label}
              </th>
              <td className="py-1 text-right tabular-nums">{plan[row.valid] as number}</td>
              <td className="py-1 text-right tabular-nums">{plan[row.invalid] as number}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {plan.invalidItems.length > 0 ? (
        <section aria-labelledby="merge-invalid-title" className="grid gap-1">
          <h3 id="merge-invalid-title" className="text-sm font-medium">
            {`Invalid items (${invalidTotal}): these stay with ${plan.fromCompanyName}`}
          </h3>
          <ul className="grid max-h-48 gap-1 overflow-y-auto text-sm">
            {plan.invalidItems.map((item) => (
              <li key={`${item.kind}-${item.id}`} className="rounded-md border px-2 py-1">
                <span className="font-medium">{`${KIND_LABELS[item.kind]} ${item.number}`}</span>
                <span className="text-muted-foreground">{`: ${item.message}`}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {error ? <FieldError id="merge-error" message={error} /> : null}
      <RouteDialogFooter>
        <Link to={`${data.selfPath}${data.q ? `?q=${encodeURIComponent(data.q)}` : ""}`} preventScrollReset className={buttonVariants({ variant: "outline" })}>
          Back
        </Link>
        <Button type="submit" name="intent" value="merge" disabled={busy}>
          {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
          Merge
        </Button>
      </RouteDialogFooter>
    </Form>
  );
}

const mergeFinished = (status: MergeStatusView) => status.status !== "PENDING";

function MergeProgressStep({ initial, closeTo }: { initial: MergeStatusView; closeTo: string }) {
  const navigate = useNavigate();
  const companyId = closeTo.split("/")[2];
  const { status, error, percent, showResult } = useJobProgress<MergeStatusView>({
    url: `/resources/merge/${companyId}/${initial.id}`,
    initial,
    finished: mergeFinished,
    pollingFailed: MERGE_MESSAGES.pollError,
  });
  const closed = useRef(false);

  // 2 s after 100% (showResult), the dialog closes with the result's toast.
  useEffect(() => {
    if (!status || !showResult || closed.current) return;
    closed.current = true;
    if (status.status === "SUCCESS") toast.success(MERGE_MESSAGES.success);
    else toast.error(MERGE_MESSAGES.failed);
    navigate(closeTo, { preventScrollReset: true });
  }, [status, showResult, closeTo, navigate]);

  useEffect(() => {
    if (error) toast.error(error);
  }, [error]);

  if (error) {
    return (
      <div className="grid gap-4">
        <Alert variant="destructive">{error}</Alert>
        <RouteDialogFooter>
          <Link to={closeTo} preventScrollReset className={buttonVariants()}>
            Close
          </Link>
        </RouteDialogFooter>
      </div>
    );
  }
  return (
    <div className="grid gap-2">
      <JobProgress labelId="merge-progress-label" label={status?.status === "FAILED" ? MERGE_MESSAGES.failed : "Merging…"} percent={percent} />
    </div>
  );
}
