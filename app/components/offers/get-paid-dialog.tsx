/**
 * The Get Paid dialog (p2 §4 "Get Paid dialog (supplier)", §8, §9): choose the invoices the customer's offer pays
 * (limited by its cash reserve) → in progress (a progress bar polled every second; a 404 is tolerated three times)
 * → the summary two seconds after 100% (amounts received; Withdraw or Close). Other states: loading (while the
 * request is sent), error (the first invoice's reason), offer expired ("Oops! This offer is no longer available.").
 * Without JavaScript the form posts and the progress page refreshes itself every second.
 */
import { Form, Link, useNavigation, useRevalidator } from "@remix-run/react";
import { Loader2 } from "~/components/ui/icons";
import { useEffect, useRef, useState } from "react";
import { JobProgress } from "~/components/jobs/job-progress";
import { useJobProgress } from "~/components/jobs/use-job-progress";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { formatDate } from "~/lib/dates";
import { formatMoney, type Cents } from "~/lib/money";
import { EXECUTION_MESSAGES, isOfferUnavailableMessage, type ExecutionStatusView } from "~/modules/offers/execution.rules";
import type { GetPaidQuote } from "~/modules/offers/execution.server";


type Locale = "en-NZ" | "en-AU";
interface Base {
  closeTo: string;
  locale: Locale;
  action: string;
}
export type GetPaidLoaderData = Base &
  (
    | { state: "choose"; quote: GetPaidQuote; idempotencyKey: string }
    | { state: "expired" }
    | { state: "error"; message: string }
    | { state: "progress"; offerId: number; status: ExecutionStatusView }
  );
export type GetPaidActionData = { state: "expired" } | { state: "error"; message: string };

// Set once the app has hydrated: a finished execution loaded as a whole page (no JavaScript, a reload) shows its
// summary at once; one reached by client navigation keeps 100% on screen for two seconds first.
let appHydrated = false;

export function GetPaidDialog({ data, actionData }: { data: GetPaidLoaderData; actionData?: GetPaidActionData }) {
  useEffect(() => {
    appHydrated = true;
  }, []);
  let body;
  if (actionData?.state === "expired" || data.state === "expired") body = <Expired closeTo={data.closeTo} />;
  else if (actionData?.state === "error") body = <ErrorState message={actionData.message} closeTo={data.closeTo} />;
  else if (data.state === "error") body = <ErrorState message={data.message} closeTo={data.closeTo} />;
  else if (data.state === "progress")
    body = <Progress key={data.status.id} offerId={data.offerId} initial={data.status} closeTo={data.closeTo} locale={data.locale} />;
  else body = <Choose data={data} />;
  return (
    <RouteDialog title="Get Paid" closeTo={data.closeTo} description="Get paid today by your customer's early payment offer." className="max-w-2xl">
      {body}
    </RouteDialog>
  );
}

function Expired({ closeTo }: { closeTo: string }) {
  return (
    <div className="grid gap-4">
      <Alert variant="info">{EXECUTION_MESSAGES.OFFER_EXPIRED}</Alert>
      <RouteDialogFooter>
        <Link to={closeTo} preventScrollReset className={buttonVariants()}>
          Close
        </Link>
      </RouteDialogFooter>
    </div>
  );
}

function ErrorState({ message, closeTo }: { message: string; closeTo: string }) {
  return (
    <div className="grid gap-4">
      <Alert variant="destructive">{message}</Alert>
      <RouteDialogFooter>
        <Link to={closeTo} preventScrollReset className={buttonVariants()}>
          Close
        </Link>
      </RouteDialogFooter>
    </div>
  );
}

function Choose({ data }: { data: Extract<GetPaidLoaderData, { state: "choose" }> }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const { quote, locale } = data;
  const [selected, setSelected] = useState(() => new Set(quote.invoices.filter((i) => i.selected).map((i) => i.id)));
  const chosen = quote.invoices.filter((i) => selected.has(i.id));
  const sum = (pick: (i: (typeof chosen)[number]) => Cents) => chosen.reduce((total, i) => total + pick(i), 0) as Cents;
  if (busy) {
    return (
      <p className="flex items-center gap-2 text-sm" role="status">
        <Loader2 aria-hidden className="size-4 animate-spin" />
        Loading...
      </p>
    );
  }
  return (
    <Form method="post" action={data.action} className="grid gap-4" preventScrollReset>
      <input type="hidden" name="offerId" value={quote.offerId} />
      <input type="hidden" name="idempotencyKey" value={data.idempotencyKey} />
      <p className="text-sm">
        <span className="font-medium">{quote.customerName}</span> will pay these invoices today. The service fee is taken from each payment.
      </p>
      <div className="max-h-72 overflow-auto rounded-md border">
        <table className="w-full min-w-[30rem] text-sm" aria-label="Invoices to get paid">
          <thead className="bg-muted/50 text-left text-xs uppercase tracking-wide text-muted-foreground">
            <tr>
              <th className="w-10 px-3 py-2">
                <span className="sr-only">Get paid</span>
              </th>
              <th className="px-3 py-2">Invoice</th>
              <th className="px-3 py-2">Due date</th>
              <th className="px-3 py-2 text-right">Amount due</th>
              <th className="px-3 py-2 text-right">Service fee</th>
              <th className="px-3 py-2 text-right">You receive</th>
            </tr>
          </thead>
          <tbody>
            {quote.invoices.map((invoice) => (
              <tr key={invoice.id} className="border-t">
                <td className="px-3 py-2">
                  <input
                    type="checkbox"
                    name="invoiceIds"
                    value={invoice.id}
                    aria-label={`Get paid for ${invoice.invoiceNumber}`}
                    checked={selected.has(invoice.id)}
                    onChange={(event) => {
                      const next = new Set(selected);
                      if (event.currentTarget.checked) next.add(invoice.id);
                      else next.delete(invoice.id);
                      setSelected(next);
                    }}
                    className="size-4 accent-primary"
                  />
                </td>
                <td className="whitespace-nowrap px-3 py-2 font-medium">{invoice.invoiceNumber}</td>
                <td className="whitespace-nowrap px-3 py-2">{formatDate(invoice.dueDate)}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{formatMoney(invoice.total, locale)}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{formatMoney(invoice.fee, locale)}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{formatMoney(invoice.receive, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-sm" aria-label="Selected">
        <Figure
          label="Amount due"
          value={formatMoney(
            sum((i) => i.total),
            locale
          )}
        />
        <Figure
          label="Service fee"
          value={formatMoney(
            sum((i) => i.fee),
            locale
          )}
        />
        <Figure
          label="You receive"
          value={formatMoney(
            sum((i) => i.receive),
            locale
          )}
        />
      </dl>
      <RouteDialogFooter>
        <Link to={data.closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
          Cancel
        </Link>
        <Button type="submit" disabled={chosen.length === 0}>
          Get Paid
        </Button>
      </RouteDialogFooter>
    </Form>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md border p-2 text-center">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

const finished = (status: ExecutionStatusView) => status.status === "SUCCESS" || status.status === "FAILED";

function Progress({ offerId, initial, closeTo, locale }: { offerId: number; initial: ExecutionStatusView; closeTo: string; locale: Locale }) {
  const { status, error, done, percent, showResult } = useJobProgress<ExecutionStatusView>({
    url: `/resources/offer-executions/${offerId}/${initial.id}`,
    initial,
    finished,
    pollingFailed: EXECUTION_MESSAGES.POLLING_FAILED,
    // The offer went while the payment was in flight: the expired state, not an error.
    readError: (answer) =>
      answer.status === 404 && isOfferUnavailableMessage(answer.error) ? { fail: answer.error } : answer.status === 404 ? { miss: true } : { fail: EXECUTION_MESSAGES.POLLING_FAILED },
    resultAtOnce: !appHydrated && finished(initial),
  });
  const revalidator = useRevalidator();
  const revalidate = revalidator.revalidate;
  const wasDone = useRef(done);

  // The list behind the dialog was loaded while the payment was in flight: show it as it is now.
  useEffect(() => {
    if (done && !wasDone.current) revalidate();
    wasDone.current = done;
  }, [done, revalidate]);

  if (error && isOfferUnavailableMessage(error)) return <Expired closeTo={closeTo} />;
  if (error || !status) return <ErrorState message={error ?? EXECUTION_MESSAGES.POLLING_FAILED} closeTo={closeTo} />;
  if (done && showResult) {
    // Nothing paid or accepted: the execution failed, with the first invoice's reason (p2 §8).
    if (status.success === 0 && status.pending === 0) {
      if (isOfferUnavailableMessage(status.reason)) return <Expired closeTo={closeTo} />;
      return <ErrorState message={status.reason ?? EXECUTION_MESSAGES.POLLING_FAILED} closeTo={closeTo} />;
    }
    return <Summary status={status} closeTo={closeTo} locale={locale} />;
  }
  return <JobProgress labelId="get-paid-progress-label" label={status.status === "QUEUED" ? "Waiting to start…" : "Getting paid…"} percent={percent} />;
}

function Summary({ status, closeTo, locale }: { status: ExecutionStatusView; closeTo: string; locale: Locale }) {
  const paid = status.executionResults.filter((r) => r.status === "SUCCESS");
  return (
    <div className="grid gap-4">
      <p className="text-sm" role="status">
        {status.success > 0
          ? `You have been paid ${formatMoney(status.totals.received, locale)} for ${status.success} ${status.success === 1 ? "invoice" : "invoices"}.`
          : "Your payment has been accepted."}
      </p>
      <dl className="grid grid-cols-2 gap-2 text-sm" aria-label="Payment summary">
        <Figure label="Amount received" value={formatMoney(status.totals.received, locale)} />
        <Figure label="Service fees" value={formatMoney(status.totals.fees, locale)} />
      </dl>
      {paid.length > 0 ? (
        <ul className="max-h-40 overflow-y-auto rounded-md border text-sm" aria-label="Invoices paid">
          {paid.map((r) => (
            <li key={r.invoiceId} className="flex justify-between gap-4 border-b px-3 py-1.5 last:border-b-0">
              <span className="font-medium">{r.invoiceNumber}</span>
              <span className="tabular-nums">{formatMoney(r.amount ?? 0, locale)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {status.pending > 0 ? (
        <Alert variant="info">{`${status.pending} ${status.pending === 1 ? "invoice is" : "invoices are"} accepted and will be paid (${formatMoney(
          status.totals.pending,
          locale
        )}) as soon as your customer's funds arrive.`}</Alert>
      ) : null}
      {status.failed > 0 && status.reason ? (
        <Alert variant="destructive">{`${status.failed} ${status.failed === 1 ? "invoice was" : "invoices were"} not paid: ${status.reason}`}</Alert>
      ) : null}
      <RouteDialogFooter>
        <Link to={closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
          Close
        </Link>
        {status.success > 0 ? (
          <Link to="/account/withdraw" className={buttonVariants()}>
            Withdraw
          </Link>
        ) : null}
      </RouteDialogFooter>
    </div>
  );
}
