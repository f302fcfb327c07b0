/**
 * The Bills page's two cards (p2 §2 "A cash-reserve offer card and a cashback-received card"; D3 offer states):
 * - the cash-reserve offer: a create form when there is none; else its state (Active, Topup Pending with the top-up's
 *   reference, Virtual, Clearing), cash reserve, rate, what is pending, the background check's findings, Edit and Reset,
 *   and the two suggested selections of bills with a button to use one (issue 5 part 3);
 * - the cashback received this month.
 * Plain forms and links to route dialogs (docs/decisions/007): everything works without JavaScript.
 */
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { editAmountInput, formatAmountInputOnBlur } from "~/lib/amount-input";
import { MoneyInput } from "~/components/ui/money-input";
import { Label } from "~/components/ui/label";
import { formatDate } from "~/lib/dates";
import { formatMoney, type Cents } from "~/lib/money";
import { cn } from "~/lib/utils";
import { StatusBadge } from "~/components/ui/status-badge";

type Locale = "en-NZ" | "en-AU";
type OfferStatus = "TOPUP_PENDING" | "ACTIVE" | "VIRTUAL" | "CLEARING" | "CANCELLED";

export interface OfferCardOffer {
  id: number;
  offerStatus: OfferStatus;
  cashpool: Cents;
  pendingCashpool: Cents;
  crr: string;
  topUp: { id: number; paymentReference: string | null; topupAmount: Cents; topupStatus: string } | null;
  check: { eligibleCount: number; eligibleTotal: Cents; checkedAt: string } | null;
}

interface SuggestionBill {
  id: number;
  invoiceNumber: string;
  supplierName: string;
  dueDate: string;
  amount: Cents;
  cashback: Cents;
}

interface SuggestionSet {
  ids: number[];
  total: Cents;
  cashback: Cents;
  annualisedReturnBp: number | null;
  exact: boolean;
  bills: SuggestionBill[];
}

export interface OfferCardData {
  locale: Locale;
  offer: OfferCardOffer | null;
  maxCashbackPercent: string;
  fundsAvailable: Cents;
  suggestions: { candidates: number; capacity: Cents; largestTotal: SuggestionSet; maxCashback: SuggestionSet; includedIds: number[] } | null;
  cashback: { cashback: Cents; count: number };
}

export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  ACTIVE: "Active",
  TOPUP_PENDING: "Topup Pending",
  VIRTUAL: "Virtual",
  CLEARING: "Clearing",
  CANCELLED: "Cancelled",
};

const STATUS_NOTE: Record<OfferStatus, string> = {
  ACTIVE: "Your suppliers can be paid early from this cash reserve.",
  TOPUP_PENDING: "Your offer starts once your topup arrives.",
  VIRTUAL: "Visible to your suppliers; funded from your account when they accept.",
  CLEARING: "Transaction in progress. Please reset the offer if you wish to change your bid.",
  CANCELLED: "",
};

/** "8.25%" from basis points. */
const percent = (bp: number) => `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, "0")}%`;

function Amount({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-1 truncate text-xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** The create form (no offer yet): cash pool and rate, both required (p2 §5). */
export function OfferFields({
  values,
  errors,
  maxCashbackPercent,
  idPrefix = "offer",
}: {
  values: { cashpool: string; crr: string };
  errors: { cashpool?: string | null; crr?: string | null };
  maxCashbackPercent: string;
  idPrefix?: string;
}) {
  const [cashpool, setCashpool] = useState(values.cashpool);
  const [crr, setCrr] = useState(values.crr);
  // Numeric text only; "." becomes "0."; two decimals on blur (p2 §5 Currency input).
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="space-y-1.5">
        <Label htmlFor={`${idPrefix}-cashpool`} required>
          Cash reserve
        </Label>
        <MoneyInput
          id={`${idPrefix}-cashpool`}
          name="cashpool"
          value={cashpool}
          onValueChange={setCashpool}
          aria-required="true"
          aria-invalid={Boolean(errors.cashpool)}
          aria-describedby={errors.cashpool ? `${idPrefix}-cashpool-error` : `${idPrefix}-cashpool-hint`}
        />
        {errors.cashpool ? (
          <FieldError id={`${idPrefix}-cashpool-error`} message={errors.cashpool} />
        ) : (
          <p id={`${idPrefix}-cashpool-hint`} className="text-xs text-muted-foreground">
            At least $1
          </p>
        )}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${idPrefix}-crr`} required>
          Cashback rate (% p.a.)
        </Label>
        <div className="relative">
          <Input
            id={`${idPrefix}-crr`}
            name="crr"
            inputMode="decimal"
            aria-required="true"
            autoComplete="off"
            placeholder="0.00"
            className="pr-7"
            value={crr}
            onChange={(event) => setCrr(editAmountInput(event.currentTarget.value, crr))}
            onBlur={() => setCrr(formatAmountInputOnBlur(crr))}
            aria-invalid={Boolean(errors.crr)}
            aria-describedby={errors.crr ? `${idPrefix}-crr-error` : `${idPrefix}-crr-hint`}
          />
          <span className="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 text-sm text-muted-foreground" aria-hidden>
            %
          </span>
        </div>
        {errors.crr ? (
          <FieldError id={`${idPrefix}-crr-error`} message={errors.crr} />
        ) : (
          <p id={`${idPrefix}-crr-hint`} className="text-xs text-muted-foreground">
            Up to {maxCashbackPercent}% a year
          </p>
        )}
      </div>
    </div>
  );
}

function CreateOfferForm({ data }: { data: OfferCardData }) {
  const { search } = useLocation();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction?.startsWith("/bills/offer");
  return (
    <Form method="post" action={`/bills/offer${search}`} preventScrollReset className="space-y-3" noValidate>
      <input type="hidden" name="intent" value="save" />
      <p className="text-sm text-muted-foreground">
        Offer your suppliers early payment from a cash reserve and earn cashback at your rate. Funds Available: {formatMoney(data.fundsAvailable, data.locale)}.
      </p>
      <OfferFields values={{ cashpool: "", crr: "" }} errors={{}} maxCashbackPercent={data.maxCashbackPercent} idPrefix="card-offer" />
      <Button type="submit" disabled={pending}>
        {pending ? "Creating..." : "Create offer"}
      </Button>
    </Form>
  );
}

function SuggestionPanel({
  title,
  set,
  locale,
  included,
  emphasis,
  returnTo,
}: {
  title: string;
  set: SuggestionSet;
  locale: Locale;
  included: boolean;
  emphasis: "total" | "cashback";
  returnTo?: string;
}) {
  const { search } = useLocation();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("suggestion") === emphasis;
  const money = (cents: Cents) => formatMoney(cents, locale);
  return (
    <section aria-label={title} className="flex min-w-0 flex-col gap-2 rounded-md border p-3">
      <h3 className="text-sm font-semibold">{title}</h3>
      {set.ids.length === 0 ? (
        <p className="text-sm text-muted-foreground">No bills fit.</p>
      ) : (
        <>
          <p className="text-sm">
            <span className="font-semibold tabular-nums">{set.ids.length === 1 ? "1 bill" : `${set.ids.length} bills`}</span>,{" "}
            <span className="tabular-nums">{money(set.total)}</span> · cashback <span className="tabular-nums">{money(set.cashback)}</span>
            {set.annualisedReturnBp !== null ? (
              <>
                {" "}
                · annualised return <span className="tabular-nums">{percent(set.annualisedReturnBp)}</span>
              </>
            ) : null}
            {!set.exact ? <span className="text-muted-foreground"> (best found)</span> : null}
          </p>
          <details className="text-xs text-muted-foreground">
            <summary className="cursor-pointer">Show bills</summary>
            <ul className="mt-1 space-y-0.5">
              {set.bills.map((bill) => (
                <li key={bill.id} className="flex justify-between gap-2">
                  <span className="truncate">
                    {bill.invoiceNumber} · {bill.supplierName} · due {formatDate(bill.dueDate)}
                  </span>
                  <span className="shrink-0 tabular-nums">{money(bill.amount)}</span>
                </li>
              ))}
            </ul>
          </details>
          {included ? (
            <p className="text-xs font-medium text-success">These are the bills in your offer.</p>
          ) : (
            <Form method="post" action={`/bills/offer/suggestion${search}`} preventScrollReset className="mt-auto">
              <input type="hidden" name="suggestion" value={emphasis} />
              {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
              {set.ids.map((id) => (
                <input key={id} type="hidden" name="ids" value={id} />
              ))}
              <Button type="submit" size="sm" variant="outline" disabled={pending} title="Includes these bills in your offer and excludes the others">
                {pending ? "Including..." : "Include these bills"}
              </Button>
            </Form>
          )}
        </>
      )}
    </section>
  );
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((id) => set.has(id));
}

export type OfferSuggestionsData = NonNullable<OfferCardData["suggestions"]>;

/**
 * The two suggested selections for a capacity (issue 5 part 3), each with "Include these bills": on the offer card, and
 * on the Topup Entry step of an offer's top-up (`returnTo` brings the user back to that step after including).
 */
export function SuggestedBills({
  suggestions,
  locale,
  returnTo,
  wide = true,
}: {
  suggestions: OfferSuggestionsData;
  locale: Locale;
  returnTo?: string;
  /** Two columns on large screens (the card); a dialog keeps them side by side from small screens up. */
  wide?: boolean;
}) {
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-medium">Suggested bills for {formatMoney(suggestions.capacity, locale)}</h3>
      <div className={cn("grid gap-2", wide ? "lg:grid-cols-2" : "sm:grid-cols-2")}>
        <SuggestionPanel
          title="Largest total"
          set={suggestions.largestTotal}
          locale={locale}
          emphasis="total"
          included={sameSet(suggestions.largestTotal.ids, suggestions.includedIds)}
          returnTo={returnTo}
        />
        <SuggestionPanel
          title="Most cashback"
          set={suggestions.maxCashback}
          locale={locale}
          emphasis="cashback"
          included={sameSet(suggestions.maxCashback.ids, suggestions.includedIds)}
          returnTo={returnTo}
        />
      </div>
    </div>
  );
}

export function OfferCard({ data }: { data: OfferCardData }) {
  const { search } = useLocation();
  const { offer, locale, suggestions } = data;
  const money = (cents: Cents) => formatMoney(cents, locale);
  return (
    <Card className="min-w-0">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 space-y-0 pb-2">
        <CardTitle className="text-base">Cash-reserve offer</CardTitle>
        {offer ? (
          <span data-testid="offer-status">
            <StatusBadge kind="offer" status={offer.offerStatus} />
          </span>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-4">
        {!offer ? (
          <CreateOfferForm data={data} />
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-4">
              <Amount label="Cash reserve" value={money(offer.cashpool)} />
              <Amount label="Cashback rate" value={`${offer.crr}% p.a.`} />
            </dl>
            <p className={cn("text-sm", offer.offerStatus === "CLEARING" ? "font-medium text-amber-800" : "text-muted-foreground")}>
              {STATUS_NOTE[offer.offerStatus]}
            </p>
            {offer.pendingCashpool > 0 || offer.offerStatus === "TOPUP_PENDING" ? (
              <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                {money(offer.pendingCashpool)} pending
                {offer.topUp ? (
                  <>
                    {" "}
                    until your topup of {money(offer.topUp.topupAmount)} arrives. Reference{" "}
                    <Link to={`/bills/offer/topup?id=${offer.topUp.id}`} className="font-mono font-semibold underline" preventScrollReset>
                      {offer.topUp.paymentReference}
                    </Link>
                  </>
                ) : null}
                .
              </p>
            ) : null}
            {offer.check ? (
              <p className="text-xs text-muted-foreground">
                {offer.check.eligibleCount === 1 ? "1 included bill is" : `${offer.check.eligibleCount} included bills are`} eligible today (
                {money(offer.check.eligibleTotal)}).
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Link to={`/bills/offer${search}`} preventScrollReset className={buttonVariants({ size: "sm" })}>
                Edit offer
              </Link>
              <Link to={`/bills/offer/reset${search}`} preventScrollReset className={buttonVariants({ size: "sm", variant: "outline" })}>
                Reset offer
              </Link>
            </div>
            {suggestions && suggestions.candidates > 0 ? <SuggestedBills suggestions={suggestions} locale={locale} /> : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

export function CashbackCard({ data }: { data: OfferCardData }) {
  return (
    <Card className="min-w-0">
      <CardHeader className="pb-2">
        <CardTitle className="text-base">Cashback received this month</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4">
          <Amount label="Cashback" value={formatMoney(data.cashback.cashback, data.locale)} />
          <Amount label="Bills paid early" value={String(data.cashback.count)} />
        </dl>
      </CardContent>
    </Card>
  );
}
