/**
 * The Filter dropdown's form (p2 §2 Toolbar, §5 Filters) <-> the list state of filters.ts. Pure: no I/O.
 *
 * The form has one field per part of a filter (operator, value, second value), named apart from the URL's own query
 * names, so a submitted form is recognised (`filter=apply`) and turned into the canonical URL (`amount=range:1.00..2.00`)
 * by the list loader without JavaScript, and by the form itself with it. Applying keeps the tab, status, search,
 * page size and sort, and shows page 1.
 */
import { centsToDecimal } from "../../lib/money";
import {
  AMOUNT_OPERATORS,
  DATE_OPERATORS,
  DATE_UNITS,
  NUMBER_OPERATORS,
  type AmountFilter,
  type DateFilter,
  type DateUnit,
  type ListKind,
  type ListQuery,
  type NumberFilter,
  serializeListQuery,
} from "./filters";
import { parseFormDate, parseMoneyInput } from "./schema";

/** The submit button's name and value: its presence marks a filter-form submission. */
export const FILTER_SUBMIT = { name: "filter", value: "apply" } as const;

export const FILTER_FIELDS = {
  amountOp: "filterAmountOp",
  amount: "filterAmount",
  amountTo: "filterAmountTo",
  dateOp: "filterDateOp",
  date: "filterDate",
  dateTo: "filterDateTo",
  inCount: "filterInCount",
  inUnit: "filterInUnit",
  numberOp: "filterNumberOp",
  number: "filterNumber",
  matched: "filterMatched",
} as const;
export type FilterFieldKey = keyof typeof FILTER_FIELDS;
export type FilterFormValues = Record<FilterFieldKey, string>;
export type FilterErrorKey = "amount" | "date" | "number" | "matched";
export type FilterErrors = Partial<Record<FilterErrorKey, string>>;

// Not in the spec (it gives no wording for these); ours, in the spec's voice.
export const FILTER_AMOUNT_INVALID = "Enter an amount such as 100.00";
export const FILTER_AMOUNT_ORDER = "The first amount must not be above the second";
export const FILTER_DATE_INVALID = "Enter a valid date";
export const FILTER_DATE_ORDER = "The first date must not be after the second";
export const FILTER_IN_COUNT_INVALID = "Enter a whole number of 1 or more";
export const FILTER_NUMBER_INVALID = "Enter an invoice number";

/** Operator choices of the dropdown, with their visible labels, per kind (p2 §5). */
export function amountOperatorOptions(kind: ListKind): { value: string; label: string }[] {
  const labels: Record<string, string> = { eq: "Equal to", range: "Between", between: "Between", gt: "Greater than", lt: "Less than" };
  return AMOUNT_OPERATORS[kind].map((op) => ({ value: op, label: labels[op] }));
}

export function dateOperatorOptions(kind: ListKind): { value: string; label: string }[] {
  const labels: Record<string, string> = {
    in: "In the next",
    eq: "On",
    range: "Between",
    between: "Between",
    gt: "After",
    gte: "On or after",
    ge: "On or after",
    lt: "Before",
    lte: "On or before",
    le: "On or before",
  };
  return DATE_OPERATORS[kind].map((op) => ({ value: op, label: labels[op] }));
}

export const NUMBER_OPERATOR_OPTIONS = NUMBER_OPERATORS.map((op) => ({ value: op, label: { in: "Any of", eq: "Is exactly", like: "Contains" }[op] }));

export const EMPTY_FILTER_FORM: FilterFormValues = {
  amountOp: "",
  amount: "",
  amountTo: "",
  dateOp: "",
  date: "",
  dateTo: "",
  inCount: "",
  inUnit: "days",
  numberOp: "",
  number: "",
  matched: "",
};

const isRange = (op: string) => op === "range" || op === "between";

/** The form's starting values for the filters in the URL. */
export function filterFormValues(query: ListQuery): FilterFormValues {
  const values = { ...EMPTY_FILTER_FORM };
  const { amount, date, number } = query;
  if (amount) {
    values.amountOp = amount.op;
    if ("from" in amount) [values.amount, values.amountTo] = [centsToDecimal(amount.from), centsToDecimal(amount.to)];
    else values.amount = centsToDecimal(amount.value);
  }
  if (date) {
    values.dateOp = date.op;
    if (date.op === "in") [values.inCount, values.inUnit] = [String(date.count), date.unit];
    else if ("from" in date) [values.date, values.dateTo] = [date.from, date.to];
    else values.date = date.value;
  }
  if (number) {
    values.numberOp = number.op;
    values.number = number.op === "in" ? number.values.join(", ") : number.value;
  }
  if (query.isMatchedPayablesValue !== null) values.matched = String(query.isMatchedPayablesValue);
  return values;
}

/** Reads the form's fields from a submission (URLSearchParams or FormData); absent fields are empty. */
export function readFilterForm(source: { get(name: string): FormDataEntryValue | null }): FilterFormValues {
  const values = { ...EMPTY_FILTER_FORM };
  for (const key of Object.keys(FILTER_FIELDS) as FilterFieldKey[]) {
    const value = source.get(FILTER_FIELDS[key]);
    if (typeof value === "string") values[key] = value.trim();
  }
  return values;
}

export function isFilterFormSubmission(params: URLSearchParams): boolean {
  return params.get(FILTER_SUBMIT.name) === FILTER_SUBMIT.value;
}

type Read<T> = { value: T | null; error?: string };

function readAmount(kind: ListKind, values: FilterFormValues): Read<AmountFilter> {
  const op = values.amountOp;
  if (!op || !(AMOUNT_OPERATORS[kind] as readonly string[]).includes(op)) return { value: null };
  const amount = (text: string) => {
    const cents = parseMoneyInput(text);
    return cents === null || cents < 0 ? null : cents;
  };
  const from = amount(values.amount);
  if (from === null) return { value: null, error: FILTER_AMOUNT_INVALID };
  if (!isRange(op)) return { value: { op: op as "eq" | "gt" | "lt", value: from } };
  const to = amount(values.amountTo);
  if (to === null) return { value: null, error: FILTER_AMOUNT_INVALID };
  if (from > to) return { value: null, error: FILTER_AMOUNT_ORDER };
  return { value: { op: op as "range" | "between", from, to } };
}

function readDate(kind: ListKind, values: FilterFormValues): Read<DateFilter> {
  const op = values.dateOp;
  if (!op || !(DATE_OPERATORS[kind] as readonly string[]).includes(op)) return { value: null };
  if (op === "in") {
    const count = /^\d{1,4}$/.test(values.inCount) ? Number(values.inCount) : 0;
    if (count < 1) return { value: null, error: FILTER_IN_COUNT_INVALID };
    const unit = (DATE_UNITS as readonly string[]).includes(values.inUnit) ? (values.inUnit as DateUnit) : "days";
    return { value: { op: "in", count, unit } };
  }
  const from = parseFormDate(values.date);
  if (!from) return { value: null, error: FILTER_DATE_INVALID };
  if (!isRange(op)) return { value: { op: op as "eq" | "gt" | "gte" | "ge" | "lt" | "lte" | "le", value: from } };
  const to = parseFormDate(values.dateTo);
  if (!to) return { value: null, error: FILTER_DATE_INVALID };
  if (from > to) return { value: null, error: FILTER_DATE_ORDER };
  return { value: { op: op as "range" | "between", from, to } };
}

function readNumber(values: FilterFormValues): Read<NumberFilter> {
  const op = values.numberOp;
  if (!op || !(NUMBER_OPERATORS as readonly string[]).includes(op)) return { value: null };
  if (op === "in") {
    const list = [
      ...new Set(
        values.number
          .split(",")
          .map((part) => part.trim())
          .filter(Boolean)
      ),
    ];
    return list.length ? { value: { op: "in", values: list } } : { value: null, error: FILTER_NUMBER_INVALID };
  }
  return values.number ? { value: { op: op as "eq" | "like", value: values.number } } : { value: null, error: FILTER_NUMBER_INVALID };
}

/**
 * The list state after applying the form: the dropdown's filters replaced by the form's (an empty operator clears
 * one), page 1, everything else kept. A filter with a bad value is left out and reported in `errors`.
 * The Balance Payable match is read only when `matchedEnabled` (flag agedPayablesFilter); otherwise it is cleared.
 */
export function applyFilterForm(
  base: ListQuery,
  values: FilterFormValues,
  { matchedEnabled = true }: { matchedEnabled?: boolean } = {}
): { query: ListQuery; errors: FilterErrors } {
  const errors: FilterErrors = {};
  const amount = readAmount(base.type, values);
  const date = readDate(base.type, values);
  const number = readNumber(values);
  if (amount.error) errors.amount = amount.error;
  if (date.error) errors.date = date.error;
  if (number.error) errors.number = number.error;
  const matched = matchedEnabled && (values.matched === "true" || values.matched === "false") ? values.matched === "true" : null;
  return { query: { ...base, amount: amount.value, date: date.value, number: number.value, isMatchedPayablesValue: matched, page: 1 }, errors };
}

/**
 * Where a filter-form submission (a GET to the list without JavaScript) lands: the list URL with the form's filters in
 * the URL's own names, and the first error, if any, for a toast.
 */
export function filterFormTarget(
  pathname: string,
  params: URLSearchParams,
  base: ListQuery,
  options: { matchedEnabled?: boolean } = {}
): { location: string; error: string | null } {
  const { query, errors } = applyFilterForm(base, readFilterForm(params), options);
  const search = serializeListQuery(query).toString();
  return { location: search ? `${pathname}?${search}` : pathname, error: Object.values(errors)[0] ?? null };
}
