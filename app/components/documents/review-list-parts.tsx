/**
 * The review lists' toolbar and statistics (issue 17 part 1; p3 §2.1, §3, §9; decision 050): the supplier search (more
 * than 2 characters), the Filter dropdown on the bills list's operators and form (invoices/filter-form.ts), the
 * statistics cards, and the Locked button. Every control is a link or a GET form over the URL, so it works without
 * JavaScript.
 */
import { Form, Link, useSubmit } from "@remix-run/react";
import { ListFilter, Lock, Search } from "~/components/ui/icons";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { SummaryCard } from "~/components/invoices/list-parts";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { MoneyInput } from "~/components/ui/money-input";
import { Label } from "~/components/ui/label";
import { formatMoney, type Cents } from "~/lib/money";
import { cn } from "~/lib/utils";
import { FILTER_FIELDS, FILTER_SUBMIT, ORDER_FIELDS, REVIEW_FILTER_PARAMS, type ReviewFilterFormValues } from "~/modules/documents/review-list-form";
import type { DocumentStatistic, DocumentStatistics } from "~/modules/documents/review-lists.server";
import type { ReviewList } from "~/modules/documents/rules";
import { NUMBER_OPERATOR_OPTIONS, amountOperatorOptions, dateOperatorOptions } from "~/modules/invoices/filter-form";
import { DateInput } from "~/components/ui/date-input";

const SELECT_CLASS =
  "h-10 w-full rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** The list's URL state as hidden inputs, without `omit` (and never the page or its cursor: a new query starts on page 1). */
export function HiddenState({ search, omit }: { search: string; omit: readonly string[] }) {
  const entries = [...new URLSearchParams(search).entries()].filter(([name]) => !omit.includes(name) && name !== "page" && name !== "cursor");
  return (
    <>
      {entries.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

const SEARCH_DEBOUNCE_MS = 1_000;

/** Search by supplier (p3 §9: more than 2 characters; a shorter one is ignored by the server). */
export function SupplierSearch({ search, value }: { search: string; value: string }) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Form method="get" role="search" className="flex w-full max-w-sm items-end gap-2" preventScrollReset>
      <HiddenState search={search} omit={["supplier"]} />
      <div className="w-full space-y-1.5">
        <Label htmlFor="review-supplier-search">Search supplier</Label>
        <Input
          id="review-supplier-search"
          type="search"
          name="supplier"
          defaultValue={value}
          key={value}
          autoComplete="off"
          aria-describedby="review-supplier-hint"
          onChange={(event) => {
            const form = event.currentTarget.form;
            const text = event.currentTarget.value.trim();
            clearTimeout(timer.current);
            if (text.length > 0 && text.length <= 2) return;
            timer.current = setTimeout(() => form && submit(form, { replace: true, preventScrollReset: true }), SEARCH_DEBOUNCE_MS);
          }}
        />
        <p id="review-supplier-hint" className="text-xs text-muted-foreground">
          Enter more than 2 characters
        </p>
      </div>
      <Button type="submit" variant="outline" size="icon" aria-label="Search" className="mb-5">
        <Search aria-hidden className="size-4" />
      </Button>
    </Form>
  );
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}

function OperatorSelect({
  id,
  name,
  label,
  value,
  any,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  any: string;
  options: { value: string; label: string }[];
}) {
  return (
    <div>
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <select id={id} name={name} defaultValue={value} className={SELECT_CLASS}>
        <option value="">{any}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The Filter dropdown: amount, issue date, invoice number and order number with the bills list's operators. A GET
 * form (`filter=apply`) the loader turns into the canonical URL (amount=gt:100.00, issueDate=range:a..b, ...).
 */
export function ReviewFilterMenu({ pathname, search, values, count }: { pathname: string; search: string; values: ReviewFilterFormValues; count: number }) {
  const reset = new URLSearchParams(search);
  for (const name of [...REVIEW_FILTER_PARAMS, "page", "cursor"]) reset.delete(name);
  const resetSearch = reset.toString();
  return (
    <details className="group relative" key={search}>
      <summary
        className={cn(
          buttonVariants({ variant: "outline" }),
          "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
          count > 0 && "border-primary text-primary"
        )}
      >
        <ListFilter aria-hidden className="size-4" />
        Filter
        {count > 0 ? (
          <Badge variant="info" className="ml-1" aria-label={`${count} active ${count === 1 ? "filter" : "filters"}`}>
            {count}
          </Badge>
        ) : null}
      </summary>
      <div className="absolute right-0 z-30 mt-2 w-[min(26rem,calc(100vw-2rem))] rounded-lg border bg-card p-4 text-card-foreground shadow-lg">
        <Form method="get" action={pathname} preventScrollReset aria-label="Filters" className="space-y-4">
          <HiddenState search={search} omit={[...REVIEW_FILTER_PARAMS]} />
          <Group legend="Amount">
            <div className="grid grid-cols-[minmax(0,9rem)_1fr] gap-2">
              <OperatorSelect
                id="review-amount-op"
                name={FILTER_FIELDS.amountOp}
                label="Amount condition"
                value={values.amountOp}
                any="Any amount"
                options={amountOperatorOptions("BILL")}
              />
              <div className="flex items-center gap-2">
                <Label htmlFor="review-amount" className="sr-only">
                  Amount
                </Label>
                <MoneyInput
                  id="review-amount"
                  name={FILTER_FIELDS.amount}
                  key={`amount-${values.amount}`}
                  defaultValue={values.amount}
                  wrapperClassName="flex-1"
                />
                <span className="text-sm text-muted-foreground">to</span>
                <Label htmlFor="review-amount-to" className="sr-only">
                  Amount to (Between)
                </Label>
                <MoneyInput
                  id="review-amount-to"
                  name={FILTER_FIELDS.amountTo}
                  key={`amount-to-${values.amountTo}`}
                  defaultValue={values.amountTo}
                  wrapperClassName="flex-1"
                />
              </div>
            </div>
          </Group>
          <Group legend="Issue date">
            <div className="grid grid-cols-[minmax(0,9rem)_1fr] gap-2">
              <OperatorSelect
                id="review-date-op"
                name={FILTER_FIELDS.dateOp}
                label="Issue date condition"
                value={values.dateOp}
                any="Any date"
                options={dateOperatorOptions("BILL")}
              />
              <div className="space-y-2">
                <div className="flex items-center gap-2">
                  <Label htmlFor="review-date" className="sr-only">
                    Issue date
                  </Label>
                  <DateInput id="review-date" name={FILTER_FIELDS.date} defaultValue={values.date} />
                  <span className="text-sm text-muted-foreground">to</span>
                  <Label htmlFor="review-date-to" className="sr-only">
                    Issue date to (Between)
                  </Label>
                  <DateInput id="review-date-to" name={FILTER_FIELDS.dateTo} defaultValue={values.dateTo} />
                </div>
                <div className="flex items-center gap-2">
                  <Label htmlFor="review-in-count" className="whitespace-nowrap font-normal">
                    In the next
                  </Label>
                  <Input id="review-in-count" name={FILTER_FIELDS.inCount} type="number" min={1} step={1} defaultValue={values.inCount} />
                  <Label htmlFor="review-in-unit" className="sr-only">
                    Days or months
                  </Label>
                  <select id="review-in-unit" name={FILTER_FIELDS.inUnit} defaultValue={values.inUnit} className={SELECT_CLASS}>
                    <option value="days">days</option>
                    <option value="months">months</option>
                  </select>
                </div>
              </div>
            </div>
          </Group>
          <Group legend="Invoice number">
            <div className="grid grid-cols-[minmax(0,9rem)_1fr] gap-2">
              <OperatorSelect
                id="review-number-op"
                name={FILTER_FIELDS.numberOp}
                label="Invoice number condition"
                value={values.numberOp}
                any="Any number"
                options={NUMBER_OPERATOR_OPTIONS}
              />
              <div>
                <Label htmlFor="review-number" className="sr-only">
                  Invoice number
                </Label>
                <Input id="review-number" name={FILTER_FIELDS.number} placeholder="INV-1001, INV-1002" defaultValue={values.number} />
              </div>
            </div>
          </Group>
          <Group legend="Order number">
            <div className="grid grid-cols-[minmax(0,9rem)_1fr] gap-2">
              <OperatorSelect
                id="review-order-op"
                name={ORDER_FIELDS.op}
                label="Order number condition"
                value={values.orderOp}
                any="Any number"
                options={NUMBER_OPERATOR_OPTIONS}
              />
              <div>
                <Label htmlFor="review-order" className="sr-only">
                  Order number
                </Label>
                <Input id="review-order" name={ORDER_FIELDS.value} placeholder="PO-1001" defaultValue={values.order} />
              </div>
            </div>
          </Group>
          <div className="flex items-center justify-between gap-2 border-t pt-3">
            <Link to={resetSearch ? `${pathname}?${resetSearch}` : pathname} preventScrollReset className={buttonVariants({ variant: "ghost" })}>
              Reset all
            </Link>
            <Button type="submit" name={FILTER_SUBMIT.name} value={FILTER_SUBMIT.value}>
              Apply
            </Button>
          </div>
        </Form>
      </div>
    </details>
  );
}

interface StatisticCard {
  title: string;
  tab: string;
  stat: (statistics: DocumentStatistics) => DocumentStatistic & { totalPosAmount?: Cents };
}

/** Which statistics (p3 §3) each list shows, with the tab each card leads to. */
const STATISTIC_CARDS: Partial<Record<ReviewList, StatisticCard[]>> = {
  "pending-review": [
    { title: "No PO Found", tab: "no-po-found", stat: (s) => s.orderNotFoundOcr },
    { title: "No PO Match", tab: "no-po-match", stat: (s) => s.orderNotFoundGpos },
    { title: "No Status Match", tab: "no-status-match", stat: (s) => s.statusMismatch },
  ],
  variances: [
    { title: "Over", tab: "over", stat: (s) => s.amountOver },
    { title: "Under", tab: "under", stat: (s) => s.amountUnder },
    { title: "Total", tab: "all", stat: (s) => s.variance },
  ],
  processing: [{ title: "Retry", tab: "retry", stat: (s) => s.retry }],
};

export function StatisticsCards({ list, statistics, locale }: { list: ReviewList; statistics: DocumentStatistics; locale: "en-NZ" | "en-AU" }) {
  const cards = STATISTIC_CARDS[list];
  if (!cards) return null;
  return (
    <section aria-label="Statistics" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {cards.map((card) => {
        const stat = card.stat(statistics);
        const items = [
          { label: "Bills", value: String(stat.totalCount) },
          { label: "Amount due", value: formatMoney(stat.totalAmountDue, locale) },
          ...(stat.totalPosAmount !== undefined ? [{ label: "POS amount", value: formatMoney(stat.totalPosAmount, locale) }] : []),
        ];
        return (
          <div key={card.title} role="group" aria-label={card.title}>
            <SummaryCard title={card.title} items={items} />
          </div>
        );
      })}
    </section>
  );
}

/**
 * A row locked by someone else (p3 §2.1, §4.2): a Locked button that opens nothing, focusable, whose tooltip names the
 * holder ('This document is locked for editing by {name}').
 */
export function LockedButton({ message }: { message: string }) {
  const id = useId();
  return (
    <span className="group relative inline-flex">
      <button
        type="button"
        aria-disabled="true"
        aria-describedby={id}
        onClick={(event) => event.preventDefault()}
        className={cn(buttonVariants({ variant: "outline", size: "sm" }), "cursor-not-allowed opacity-60")}
      >
        <Lock aria-hidden className="size-3.5" />
        Locked
      </button>
      <span
        id={id}
        role="tooltip"
        className="pointer-events-none invisible absolute bottom-full right-0 z-20 mb-2 w-max max-w-64 rounded-md bg-foreground px-2 py-1 text-xs text-background opacity-0 shadow group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
      >
        {message}
      </span>
    </span>
  );
}
