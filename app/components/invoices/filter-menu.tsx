/**
 * The Filter dropdown of the list toolbars (p2 §2 Toolbar, §5 Filters): a "Filter" button with the count of active
 * filters, opening a panel with a GET form (amount, due date, invoice number, Balance Payable). It is a <details>
 * disclosure, so it opens and submits without JavaScript: the list loader turns the submitted fields into the
 * canonical URL (filter-form.ts). With JavaScript the form navigates to that URL itself and shows errors inline.
 */
import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import { ListFilter } from "~/components/ui/icons";
import { useRef, useState, type ReactNode } from "react";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { MoneyInput } from "~/components/ui/money-input";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";
import {
  FILTER_FIELDS,
  FILTER_SUBMIT,
  NUMBER_OPERATOR_OPTIONS,
  amountOperatorOptions,
  applyFilterForm,
  dateOperatorOptions,
  filterFormValues,
  readFilterForm,
  type FilterErrors,
} from "~/modules/invoices/filter-form";
import { activeFilterCount, resetFilters, serializeListQuery, type ListQuery } from "~/modules/invoices/filters";
import { listHref } from "./list-parts";
import { useHydrated } from "./selection";
import { DateInput } from "~/components/ui/date-input";

const isRange = (op: string) => op === "range" || op === "between";

const SELECT_CLASS =
  "h-10 w-full rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** The list state the filter form carries through (everything but the dropdown's own filters and the page). */
function KeptState({ query }: { query: ListQuery }) {
  const kept = serializeListQuery(resetFilters(query));
  kept.delete("page");
  return (
    <>
      {[...kept.entries()].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

function Group({ legend, error, errorId, children }: { legend: string; error?: string; errorId: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-semibold">{legend}</legend>
      {children}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function FilterMenu({ pathname, query, matchedEnabled }: { pathname: string; query: ListQuery; matchedEnabled: boolean }) {
  const count = activeFilterCount(query);
  const values = filterFormValues(query);
  const navigate = useNavigate();
  const navigation = useNavigation();
  const details = useRef<HTMLDetailsElement>(null);
  const [errors, setErrors] = useState<FilterErrors>({});
  const [amountOp, setAmountOp] = useState(values.amountOp);
  const [dateOp, setDateOp] = useState(values.dateOp);
  const kind = query.type;
  // Before hydration (and without JavaScript) every value field is shown, since none can appear on choosing an operator.
  const showAll = !useHydrated();
  const formKey = serializeListQuery(query).toString();
  const pending = navigation.state === "loading" && navigation.location.search.includes(`${FILTER_SUBMIT.name}=`);

  return (
    <details ref={details} className="group relative" key={formKey}>
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
        <Form
          method="get"
          action={pathname}
          preventScrollReset
          aria-label="Filters"
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            const result = applyFilterForm(query, readFilterForm(new FormData(event.currentTarget)), { matchedEnabled });
            setErrors(result.errors);
            if (Object.keys(result.errors).length > 0) return;
            details.current?.removeAttribute("open");
            navigate(listHref(pathname, result.query), { preventScrollReset: true });
          }}
        >
          <KeptState query={query} />
          <Group legend="Amount" error={errors.amount} errorId="filter-amount-error">
            <div className="grid grid-cols-[minmax(0,9rem)_1fr] gap-2">
              <div>
                <Label htmlFor="filter-amount-op" className="sr-only">
                  Amount condition
                </Label>
                <select
                  id="filter-amount-op"
                  name={FILTER_FIELDS.amountOp}
                  defaultValue={values.amountOp}
                  onChange={(e) => setAmountOp(e.target.value)}
                  className={SELECT_CLASS}
                >
                  <option value="">Any amount</option>
                  {amountOperatorOptions(kind).map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </div>
              <div className="flex items-center gap-2">
                <Label htmlFor="filter-amount" className="sr-only">
                  Amount
                </Label>
                <MoneyInput
                  id="filter-amount"
                  name={FILTER_FIELDS.amount}
                  key={`amount-${values.amount}`}
                  defaultValue={values.amount}
                  wrapperClassName="flex-1"
                  aria-invalid={Boolean(errors.amount)}
                />
                <span className={cn("text-sm text-muted-foreground", !showAll && !isRange(amountOp) && "hidden")}>and</span>
                <Label htmlFor="filter-amount-to" className="sr-only">
                  Amount to
                </Label>
                <MoneyInput
                  id="filter-amount-to"
                  name={FILTER_FIELDS.amountTo}
                  key={`amount-to-${values.amountTo}`}
                  defaultValue={values.amountTo}
                  wrapperClassName={cn("flex-1", !showAll && !isRange(amountOp) && "hidden")}
                />
              </div>
            </div>
          </Group>

          <Group legend="Due date" error={errors.date} errorId="filter-date-error">
            <div className="grid grid-cols-[minmax(0,9rem)_1fr] gap-2">
              <div>
                <Label htmlFor="filter-date-op" className="sr-only">
                  Due date condition
                </Label>
                <select
                  id="filter-date-op"
                  name={FILTER_FIELDS.dateOp}
                  defaultValue={values.dateOp}
                  onChange={(e) => setDateOp(e.target.value)}
                  className={SELECT_CLASS}
                >
                  <option value="">Any date</option>
                  {dateOperatorOptions(kind).map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </div>
              <div className="space-y-2">
                <div className={cn("flex items-center gap-2", !showAll && dateOp === "in" && "hidden")}>
                  <Label htmlFor="filter-date" className="sr-only">
                    Due date
                  </Label>
                  <DateInput id="filter-date" name={FILTER_FIELDS.date} defaultValue={values.date} aria-invalid={Boolean(errors.date)} />
                  <span className={cn("text-sm text-muted-foreground", !showAll && !isRange(dateOp) && "hidden")}>and</span>
                  <Label htmlFor="filter-date-to" className="sr-only">
                    Due date to
                  </Label>
                  <DateInput
                    id="filter-date-to"
                    name={FILTER_FIELDS.dateTo}
                    defaultValue={values.dateTo}
                    className={cn(!showAll && !isRange(dateOp) && "hidden")}
                  />
                </div>
                {kind === "BILL" ? (
                  <div className={cn("flex items-center gap-2", !showAll && dateOp !== "in" && "hidden")}>
                    <Label htmlFor="filter-in-count" className={cn("whitespace-nowrap font-normal", !showAll && "sr-only")}>
                      In the next
                    </Label>
                    <Input
                      id="filter-in-count"
                      name={FILTER_FIELDS.inCount}
                      type="number"
                      min={1}
                      step={1}
                      defaultValue={values.inCount}
                      aria-invalid={Boolean(errors.date)}
                    />
                    <Label htmlFor="filter-in-unit" className="sr-only">
                      Days or months
                    </Label>
                    <select id="filter-in-unit" name={FILTER_FIELDS.inUnit} defaultValue={values.inUnit} className={SELECT_CLASS}>
                      <option value="days">days</option>
                      <option value="months">months</option>
                    </select>
                  </div>
                ) : null}
              </div>
            </div>
          </Group>

          <Group legend="Invoice number" error={errors.number} errorId="filter-number-error">
            <div className="grid grid-cols-[minmax(0,9rem)_1fr] gap-2">
              <div>
                <Label htmlFor="filter-number-op" className="sr-only">
                  Invoice number condition
                </Label>
                <select id="filter-number-op" name={FILTER_FIELDS.numberOp} defaultValue={values.numberOp} className={SELECT_CLASS}>
                  <option value="">Any number</option>
                  {NUMBER_OPERATOR_OPTIONS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <Label htmlFor="filter-number" className="sr-only">
                  Invoice number
                </Label>
                <Input
                  id="filter-number"
                  name={FILTER_FIELDS.number}
                  placeholder="INV-1001, INV-1002"
                  defaultValue={values.number}
                  aria-invalid={Boolean(errors.number)}
                />
              </div>
            </div>
          </Group>

          {matchedEnabled && kind === "BILL" ? (
            <Group legend="Balance Payable" errorId="filter-matched-error">
              <Label htmlFor="filter-matched" className="sr-only">
                Balance Payable
              </Label>
              <select id="filter-matched" name={FILTER_FIELDS.matched} defaultValue={values.matched} className={SELECT_CLASS}>
                <option value="">Any</option>
                <option value="true">Matches accounting balance</option>
                <option value="false">Does not match accounting balance</option>
              </select>
            </Group>
          ) : null}

          <div className="flex items-center justify-between gap-2 border-t pt-3">
            <Link to={listHref(pathname, resetFilters(query))} preventScrollReset className={buttonVariants({ variant: "ghost" })}>
              Reset all
            </Link>
            <Button type="submit" name={FILTER_SUBMIT.name} value={FILTER_SUBMIT.value} disabled={pending}>
              {pending ? "Applying..." : "Apply"}
            </Button>
          </div>
        </Form>
      </div>
    </details>
  );
}
