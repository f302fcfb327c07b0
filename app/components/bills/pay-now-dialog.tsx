/**
 * Pay Now (p2 §4 "Pay Now", Bill row status): a route dialog over /bills (decision 007). CLEARING: what the purchaser
 * pays and saves, then Pay Now (or, when Funds Available fall short, a top-up of the difference, trigger
 * SUPPLIER_OFFER). TOPUP_PENDING: the top-up's transfer details and Cancel, which returns the offer to CLEARING.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { formatDate } from "~/lib/dates";
import { formatMoney, type Cents } from "~/lib/money";
import { possessive } from "~/modules/statements/rules";
import { DiscountSplitRows, discountSplitSentence, type DiscountSplitView } from "~/components/invoices/discount-split";

type Instructions =
  | { method: "PAYID"; payId: string; bankName: null; accountNumber: null; mayTakeTwoHours: false }
  | { method: "BANK_ACCOUNT"; payId: null; bankName: string; accountNumber: string; mayTakeTwoHours: boolean };

export interface PayNowDialogData {
  bill: { id: number; number: string; supplierName: string; dueDate: string; amountDue: Cents };
  offer: { id: number; status: "CLEARING" | "TOPUP_PENDING"; cashReward: Cents; expirationDate: string } | null;
  amounts: { savings: Cents; purchaserPays: Cents; supplierReceives: Cents; earlybirdKeeps: Cents } | null;
  split: DiscountSplitView | null;
  fundsAvailable: Cents;
  shortfall: Cents;
  topUp: { id: number; topupAmount: Cents; topupStatus: string; paymentReference: string | null; expiresAt: string | null; instructions: Instructions } | null;
  locale: "en-NZ" | "en-AU";
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-4 px-3 py-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={strong ? "font-semibold tabular-nums" : "tabular-nums"}>{value}</dd>
    </div>
  );
}

export function PayNowDialog({ closeTo, action, data }: { closeTo: string; action: string; data: PayNowDialogData }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const { bill, offer, amounts, locale } = data;
  const money = (cents: Cents) => formatMoney(cents, locale);
  if (!offer || !amounts) return null;
  const pending = offer.status === "TOPUP_PENDING";
  return (
    <RouteDialog
      title={pending ? "Topup Pending" : "Pay Now"}
      closeTo={closeTo}
      description={`${bill.number} · ${bill.supplierName} · due ${formatDate(bill.dueDate)}`}
    >
      <dl className="divide-y rounded-md border text-sm" aria-label="Payment">
        <Row label="Amount due" value={money(bill.amountDue)} />
        {data.split ? (
          <DiscountSplitRows split={data.split} discountLabel={`${possessive(bill.supplierName)} discount`} savingLabel="You save" locale={locale} />
        ) : (
          <Row label="You save" value={money(amounts.savings)} />
        )}
        <Row label="You pay" value={money(amounts.purchaserPays)} strong />
        {!pending ? <Row label="Funds Available" value={money(data.fundsAvailable)} /> : null}
      </dl>
      {data.split ? (
        <p className="text-xs text-muted-foreground">
          Who gets what: {discountSplitSentence(data.split, { discount: `${possessive(bill.supplierName)} discount`, saving: "you save" }, locale)}.
        </p>
      ) : null}
      {pending && data.topUp ? (
        <>
          <p className="text-sm">
            This bill is paid as soon as your topup of <strong>{money(data.topUp.topupAmount)}</strong> arrives. Transfer it from your bank quoting the payment
            reference.
          </p>
          <div className="rounded-lg border-2 border-primary/40 bg-accent/40 p-3 text-center">
            <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Payment reference</p>
            <p className="mt-1 select-all font-mono text-xl font-bold tracking-widest" data-testid="payment-reference">
              {data.topUp.paymentReference}
            </p>
          </div>
          <dl className="divide-y rounded-md border text-sm">
            {data.topUp.instructions.method === "PAYID" ? (
              <Row label="PayID" value={data.topUp.instructions.payId} />
            ) : (
              <>
                <Row label="Bank" value={data.topUp.instructions.bankName} />
                <Row label="Account number" value={data.topUp.instructions.accountNumber} />
              </>
            )}
          </dl>
        </>
      ) : data.shortfall > 0 ? (
        <Alert variant="info">
          Your Funds Available ({money(data.fundsAvailable)}) do not cover this payment. Pay Now starts a topup of {money(data.shortfall)}; the bill is paid as
          soon as the topup arrives.
        </Alert>
      ) : (
        <p className="text-sm text-muted-foreground">
          {bill.supplierName} asked for prompt payment until {formatDate(offer.expirationDate)}. The payment is made from your Earlybird account now.
        </p>
      )}
      <Form method="post" action={action} preventScrollReset>
        <input type="hidden" name="supplierOfferId" value={offer.id} />
        <input type="hidden" name="invoiceIds" value={bill.id} />
        <input type="hidden" name="expectedCashReward" value={offer.cashReward} />
        <RouteDialogFooter>
          <Link to={closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            {pending ? "Done" : "Close"}
          </Link>
          {pending ? (
            <Button type="submit" name="intent" value="cancel" variant="destructive" disabled={busy}>
              {busy ? "Cancelling..." : "Cancel"}
            </Button>
          ) : (
            <Button type="submit" name="intent" value="pay" disabled={busy}>
              {busy ? "Paying..." : data.shortfall > 0 ? `Top up ${money(data.shortfall)} & Pay Now` : `Pay Now ${money(amounts.purchaserPays)}`}
            </Button>
          )}
        </RouteDialogFooter>
      </Form>
    </RouteDialog>
  );
}
