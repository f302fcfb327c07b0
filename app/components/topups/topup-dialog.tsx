/**
 * The Top-up dialog over /account (spec p1 §4 "Top-up flow", §5 Top-up; docs/decisions/007 and 012): three steps,
 * "Topup Entry" → "Topup Details" → "Bank Transfer". Entry and Details are GET pages of /account/topup (reloadable,
 * no JavaScript needed); Confirm posts and lands on the Bank Transfer step of the new top-up (?id=), which also shows
 * an existing top-up's instructions again.
 */
import { Form, Link, useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { Button, buttonVariants } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { MoneyInput } from "~/components/ui/money-input";
import { Label } from "~/components/ui/label";
import { DialogCancelLink, RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { formatMoney, type Cents } from "~/lib/money";
import { cn } from "~/lib/utils";
import { type TopUpStatus, type TopUpSuggestionKind } from "~/modules/ledger/top-ups.rules";
import { StatusBadge } from "~/components/ui/status-badge";

export const TOPUP_STEPS = ["Topup Entry", "Topup Details", "Bank Transfer"] as const;
type Locale = "en-NZ" | "en-AU";

export function Steps({ current }: { current: 0 | 1 | 2 }) {
  return (
    <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground" aria-label="Top-up steps">
      {TOPUP_STEPS.map((name, i) => (
        <li key={name} className="flex items-center gap-2" aria-current={i === current ? "step" : undefined}>
          <span
            className={cn(
              "inline-flex size-5 items-center justify-center rounded-full border text-[11px] font-semibold",
              i === current ? "border-primary bg-primary text-primary-foreground" : i < current ? "border-primary text-primary" : ""
            )}
            aria-hidden
          >
            {i + 1}
          </span>
          <span className={cn(i === current && "font-medium text-foreground")}>{name}</span>
          {i < TOPUP_STEPS.length - 1 ? <span aria-hidden>›</span> : null}
        </li>
      ))}
    </ol>
  );
}

export interface EntryOffer {
  id: number;
  label: string;
  amount: Cents;
}

export interface EntryData {
  locale: Locale;
  fundsAvailable: Cents;
  offers: EntryOffer[];
  covered: EntryOffer[];
  suggestions: { kind: TopUpSuggestionKind; amount: Cents; offerIds: number[] }[];
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function suggestionText(kind: TopUpSuggestionKind, offerCount: number): string {
  return kind === "UNCOVERED_OFFERS"
    ? `Pays the ${plural(offerCount, "bill", "bills")} with an early-payment offer that your Funds Available do not cover`
    : `The least that lets you pay all ${plural(offerCount, "bill", "bills")} with an early-payment offer`;
}

/** "1234.50": a suggested amount as the radio's value and the custom field's default. */
const decimal = (cents: Cents) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/** Step 1: the suggested amounts (knapsack, p1 §4) or a custom amount (numbers only, two decimals on blur, p1 §5). */
export function TopupEntryStep({
  closeTo,
  entry,
  error,
  values,
}: {
  closeTo: string;
  entry: EntryData;
  error: string | null;
  values: { choice: string; customAmount: string };
}) {
  const navigation = useNavigation();
  const hasSuggestions = entry.suggestions.length > 0;
  const [choice, setChoice] = useState(values.choice || (hasSuggestions ? decimal(entry.suggestions[0].amount) : "custom"));
  // Numbers only (p1 §5): an edit that is not an amount is refused and the field keeps what was typed (lib/amount-input).
  const [customAmount, setCustomAmount] = useState(values.customAmount);
  const pending = navigation.state === "loading" && navigation.location?.pathname === "/account/topup";
  const offerLabels = new Map(entry.offers.map((offer) => [offer.id, offer]));
  const money = (cents: Cents) => formatMoney(cents, entry.locale);
  const customInput = (
    <MoneyInput
      id="topup-custom-amount"
      name="customAmount"
      value={customAmount}
      onValueChange={(next) => {
        if (next !== customAmount) setChoice("custom");
        setCustomAmount(next);
      }}
      onFocus={() => setChoice("custom")}
      aria-required={hasSuggestions ? undefined : "true"}
      aria-invalid={Boolean(error)}
      aria-describedby={error ? "topup-amount-error" : "topup-amount-hint"}
    />
  );
  return (
    <RouteDialog title="Topup Entry" closeTo={closeTo} description="Add funds to your account by bank transfer.">
      <Steps current={0} />
      <p className="flex items-baseline justify-between rounded-md bg-muted/60 px-3 py-2 text-sm">
        <span className="text-muted-foreground">Funds Available</span>
        <span className="font-semibold tabular-nums">{money(entry.fundsAvailable)}</span>
      </p>
      <Form method="get" action="/account/topup" preventScrollReset noValidate className="space-y-4">
        <input type="hidden" name="step" value="details" />
        {hasSuggestions ? (
          <fieldset className="space-y-2" aria-describedby={error ? "topup-amount-error" : undefined}>
            <legend className="mb-2 text-sm font-medium">Topup amount</legend>
            {entry.covered.length > 0 ? (
              <p id="topup-amount-hint" className="text-xs text-muted-foreground">
                Your Funds Available already pay {plural(entry.covered.length, "bill", "bills")} with an early-payment offer (
                {money(entry.covered.reduce((sum, offer) => sum + offer.amount, 0) as Cents)}).
              </p>
            ) : null}
            {entry.suggestions.map((suggestion) => {
              const value = decimal(suggestion.amount);
              const id = `topup-suggestion-${suggestion.kind}`;
              return (
                <label
                  key={suggestion.kind}
                  htmlFor={id}
                  className={cn("flex cursor-pointer gap-3 rounded-md border p-3", choice === value && "border-primary bg-accent/40")}
                >
                  <input
                    id={id}
                    type="radio"
                    name="choice"
                    value={value}
                    checked={choice === value}
                    onChange={() => setChoice(value)}
                    className="mt-1 size-4 accent-primary"
                  />
                  <span className="min-w-0 space-y-1">
                    <span className="block font-semibold tabular-nums">{money(suggestion.amount)}</span>
                    <span className="block text-sm text-muted-foreground">{suggestionText(suggestion.kind, suggestion.offerIds.length)}</span>
                    {suggestion.kind === "UNCOVERED_OFFERS" ? (
                      <span className="block text-xs text-muted-foreground">
                        {suggestion.offerIds
                          .map((offerId) => offerLabels.get(offerId))
                          .filter((offer): offer is EntryOffer => Boolean(offer))
                          .map((offer) => `${offer.label} (${money(offer.amount)})`)
                          .join("; ")}
                      </span>
                    ) : null}
                  </span>
                </label>
              );
            })}
            <div className={cn("flex gap-3 rounded-md border p-3", choice === "custom" && "border-primary bg-accent/40")}>
              <input
                id="topup-choice-custom"
                type="radio"
                name="choice"
                value="custom"
                checked={choice === "custom"}
                onChange={() => setChoice("custom")}
                className="mt-3 size-4 accent-primary"
              />
              <div className="w-full space-y-1.5">
                <Label htmlFor="topup-choice-custom">Custom amount</Label>
                {customInput}
              </div>
            </div>
          </fieldset>
        ) : (
          <div className="space-y-1.5">
            <input type="hidden" name="choice" value="custom" />
            <Label htmlFor="topup-custom-amount" required>
              Topup amount
            </Label>
            {customInput}
            <p id="topup-amount-hint" className="text-xs text-muted-foreground">
              Enter the amount you will transfer from your bank.
            </p>
          </div>
        )}
        <FieldError id="topup-amount-error" message={error} />
        <RouteDialogFooter>
          <Link to={closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            Cancel
          </Link>
          <Button type="submit" disabled={pending}>
            {pending ? "Loading..." : "Next"}
          </Button>
        </RouteDialogFooter>
      </Form>
    </RouteDialog>
  );
}

/** Step 2: what will happen; Confirm creates the PENDING top-up (once, whatever the clicks: idempotency key). */
export function TopupDetailsStep({
  closeTo,
  backTo,
  amount,
  trigger,
  idempotencyKey,
  locale,
  companyName,
  error,
}: {
  closeTo: string;
  backTo: string;
  amount: Cents;
  trigger: "NO_OFFER" | "CUSTOM";
  idempotencyKey: string;
  locale: Locale;
  companyName: string | null;
  error: string | null;
}) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <RouteDialog title="Topup Details" closeTo={closeTo} description="Check the amount, then confirm to get your payment reference.">
      <Steps current={1} />
      <dl className="divide-y rounded-md border text-sm">
        {companyName ? (
          <div className="flex justify-between gap-4 px-3 py-2">
            <dt className="text-muted-foreground">Account</dt>
            <dd className="text-right font-medium">{companyName}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 px-3 py-2">
          <dt className="text-muted-foreground">Topup amount</dt>
          <dd className="font-semibold tabular-nums">{formatMoney(amount, locale)}</dd>
        </div>
        <div className="flex justify-between gap-4 px-3 py-2">
          <dt className="text-muted-foreground">Payment method</dt>
          <dd className="text-right">Bank transfer</dd>
        </div>
      </dl>
      <p className="text-sm text-muted-foreground">
        On the next step you get a payment reference to quote on your bank transfer. Your funds are available once the transfer arrives. A topup whose transfer
        has not arrived within 7 days expires.
      </p>
      <FieldError id="topup-details-error" message={error} />
      <Form method="post" action="/account/topup" preventScrollReset>
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="amount" value={decimal(amount)} />
        <input type="hidden" name="trigger" value={trigger} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <RouteDialogFooter>
          <Link to={backTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            Back
          </Link>
          <Button type="submit" disabled={pending}>
            {pending ? "Confirming..." : "Confirm"}
          </Button>
        </RouteDialogFooter>
      </Form>
    </RouteDialog>
  );
}

export interface TransferData {
  id: number;
  topupAmount: Cents;
  topupStatus: TopUpStatus;
  paymentReference: string | null;
  locale: Locale;
  expiresOn: string | null;
}

export type Instructions =
  | { method: "PAYID"; payId: string; bankName: null; accountNumber: null; mayTakeTwoHours: false }
  | { method: "BANK_ACCOUNT"; payId: null; bankName: string; accountNumber: string; mayTakeTwoHours: boolean };

/** Step 3: where to pay and the payment reference (D5); a PENDING top-up may be cancelled here by its company (D5). */
export function BankTransferStep({
  closeTo,
  topUp,
  instructions,
  formAction = `/account/topup?id=${topUp.id}`,
}: {
  closeTo: string;
  topUp: TransferData;
  instructions: Instructions;
  /** Where "Cancel topup" posts (the offers flow on /bills has its own route). */
  formAction?: string;
}) {
  const navigation = useNavigation();
  const cancelling = navigation.state !== "idle" && navigation.formMethod === "POST";
  const isPending = topUp.topupStatus === "PENDING";
  const location = useLocation();
  const [searchParams] = useSearchParams();
  // "Cancel topup" asks first (decision 068): a GET adds confirm=cancel, and this dialog becomes the question.
  if (isPending && searchParams.get("confirm") === "cancel") {
    const back = new URLSearchParams(searchParams);
    back.delete("confirm");
    const backHref = `${location.pathname}${back.size ? `?${back.toString()}` : ""}`;
    return (
      // A key of its own: a new dialog mounts, so focus starts again (on Cancel).
      <RouteDialog
        key="confirm-cancel"
        title="Cancel topup"
        closeTo={backHref}
        description={`Cancel this topup of ${formatMoney(topUp.topupAmount, topUp.locale)} (reference ${
          topUp.paymentReference
        })? Do not transfer the money once it is cancelled.`}
      >
        <Form method="post" action={formAction} preventScrollReset>
          <input type="hidden" name="id" value={topUp.id} />
          <RouteDialogFooter>
            <DialogCancelLink to={backHref} />
            <Button type="submit" name="intent" value="cancel" variant="destructive" disabled={cancelling}>
              {cancelling ? "Cancelling..." : "Cancel topup"}
            </Button>
          </RouteDialogFooter>
        </Form>
      </RouteDialog>
    );
  }
  return (
    <RouteDialog
      title="Bank Transfer"
      closeTo={closeTo}
      description={`Transfer ${formatMoney(topUp.topupAmount, topUp.locale)} from your bank, quoting this payment reference.`}
    >
      <Steps current={2} />
      {!isPending ? (
        <p className="text-sm">
          This topup is <StatusBadge kind="topUp" status={topUp.topupStatus} />
        </p>
      ) : null}
      <div className="rounded-lg border-2 border-primary/40 bg-accent/40 p-4 text-center">
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Payment reference</p>
        <p className="mt-1 select-all font-mono text-2xl font-bold tracking-widest" data-testid="payment-reference">
          {topUp.paymentReference}
        </p>
      </div>
      <dl className="divide-y rounded-md border text-sm">
        {instructions.method === "PAYID" ? (
          <div className="flex justify-between gap-4 px-3 py-2">
            <dt className="text-muted-foreground">PayID</dt>
            <dd className="select-all text-right font-medium">{instructions.payId}</dd>
          </div>
        ) : (
          <>
            <div className="flex justify-between gap-4 px-3 py-2">
              <dt className="text-muted-foreground">Bank</dt>
              <dd className="text-right font-medium">{instructions.bankName}</dd>
            </div>
            <div className="flex justify-between gap-4 px-3 py-2">
              <dt className="text-muted-foreground">Account number</dt>
              <dd className="select-all text-right font-mono font-medium">{instructions.accountNumber}</dd>
            </div>
          </>
        )}
        <div className="flex justify-between gap-4 px-3 py-2">
          <dt className="text-muted-foreground">Amount</dt>
          <dd className="font-semibold tabular-nums">{formatMoney(topUp.topupAmount, topUp.locale)}</dd>
        </div>
        <div className="flex justify-between gap-4 px-3 py-2">
          <dt className="text-muted-foreground">Reference</dt>
          <dd className="font-mono font-medium">{topUp.paymentReference}</dd>
        </div>
      </dl>
      <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
        <li>Quote the payment reference exactly, so we can match your transfer to this topup.</li>
        {instructions.mayTakeTwoHours ? <li>Bank transfer may take up to 2 hours.</li> : null}
        {isPending && topUp.expiresOn ? <li>This topup expires on {topUp.expiresOn} if your transfer has not arrived.</li> : null}
      </ul>
      <Form method="get" action={location.pathname} preventScrollReset>
        {[...searchParams.entries()]
          .filter(([name]) => name !== "confirm")
          .map(([name, value], index) => (
            <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
          ))}
        <RouteDialogFooter>
          {isPending ? (
            <Button type="submit" name="confirm" value="cancel" variant="outline">
              Cancel topup
            </Button>
          ) : null}
          <Link to={closeTo} preventScrollReset className={buttonVariants()}>
            Done
          </Link>
        </RouteDialogFooter>
      </Form>
    </RouteDialog>
  );
}
