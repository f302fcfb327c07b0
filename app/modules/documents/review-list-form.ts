/**
 * The review lists' Filter form (issue 17 part 1; decision 050) <-> their URL values, on the bills list's form and
 * operators (invoices/filter-form.ts): amount and issue date as the bills list's amount and due date, invoice number
 * as its number, and the order number as a second number field. Pure: the page and the loader both use it.
 */
import { centsToDecimal } from "../../lib/money";
import {
  EMPTY_FILTER_FORM,
  FILTER_FIELDS,
  FILTER_SUBMIT,
  applyFilterForm,
  filterFormValues,
  readFilterForm,
  type FilterErrors,
  type FilterFormValues,
} from "../invoices/filter-form";
import { defaultListQuery, type AmountFilter, type DateFilter, type NumberFilter } from "../invoices/filters";

export { FILTER_FIELDS, FILTER_SUBMIT };

/** The order number's own form fields (the invoice number uses the bills list's). */
export const ORDER_FIELDS = { op: "filterOrderOp", value: "filterOrder" } as const;

/** The URL parameters of the list state that are not filters and survive a filter change (page and cursor do not). */
export const REVIEW_FILTER_PARAMS = ["amount", "issueDate", "invoiceNumber", "orderNumber"] as const;

/** Parameters that belong to one moment of the page (a confirm dialog, a running delete), never carried on. */
export const TRANSIENT_PARAMS = ["confirmDelete", "ids", "deleteJob"] as const;

export interface ReviewFilters {
  amount: AmountFilter | null;
  issueDate: DateFilter | null;
  invoiceNumber: NumberFilter | null;
  orderNumber: NumberFilter | null;
}

export interface ReviewFilterFormValues extends FilterFormValues {
  orderOp: string;
  order: string;
}

export const serializeAmount = (filter: AmountFilter) =>
  "from" in filter ? `${filter.op}:${centsToDecimal(filter.from)}..${centsToDecimal(filter.to)}` : `${filter.op}:${centsToDecimal(filter.value)}`;

export function serializeDate(filter: DateFilter): string {
  if (filter.op === "in") return `in:${filter.count}:${filter.unit}`;
  if ("from" in filter) return `${filter.op}:${filter.from}..${filter.to}`;
  return `${filter.op}:${filter.value}`;
}

export const serializeNumber = (filter: NumberFilter) => (filter.op === "in" ? `in:${filter.values.join(",")}` : `${filter.op}:${filter.value}`);

/** The form's starting values for the filters in the URL. */
export function reviewFilterFormValues(filters: ReviewFilters): ReviewFilterFormValues {
  const base = defaultListQuery("BILL");
  const values = filterFormValues({ ...base, amount: filters.amount, date: filters.issueDate, number: filters.invoiceNumber });
  const order = filterFormValues({ ...base, number: filters.orderNumber });
  return { ...values, orderOp: order.numberOp, order: order.number };
}

/** The number of filters in use (the Filter button's badge). */
export const activeReviewFilterCount = (filters: ReviewFilters) =>
  [filters.amount, filters.issueDate, filters.invoiceNumber, filters.orderNumber].filter(Boolean).length;

/**
 * A submitted Filter form (`filter=apply`) → the list's URL: the filters in their URL names, the rest of the state
 * kept, back to page 1. A bad value is left out and its message returned.
 */
export function reviewFilterTarget(pathname: string, params: URLSearchParams): { location: string; errors: FilterErrors } {
  const base = defaultListQuery("BILL");
  const applied = applyFilterForm(base, readFilterForm(params), { matchedEnabled: false });
  const order = applyFilterForm(
    base,
    { ...EMPTY_FILTER_FORM, numberOp: params.get(ORDER_FIELDS.op) ?? "", number: (params.get(ORDER_FIELDS.value) ?? "").trim() },
    { matchedEnabled: false }
  );
  const errors: FilterErrors = { ...applied.errors };
  if (order.errors.number) errors.number = errors.number ?? order.errors.number.replace("invoice", "order");
  const next = new URLSearchParams();
  const formNames = new Set<string>([...Object.values(FILTER_FIELDS), ...Object.values(ORDER_FIELDS), FILTER_SUBMIT.name]);
  for (const [name, value] of params) {
    if (formNames.has(name) || name === "page" || name === "cursor" || (REVIEW_FILTER_PARAMS as readonly string[]).includes(name)) continue;
    if ((TRANSIENT_PARAMS as readonly string[]).includes(name)) continue;
    next.append(name, value);
  }
  if (applied.query.amount) next.set("amount", serializeAmount(applied.query.amount));
  if (applied.query.date) next.set("issueDate", serializeDate(applied.query.date));
  if (applied.query.number) next.set("invoiceNumber", serializeNumber(applied.query.number));
  if (order.query.number) next.set("orderNumber", serializeNumber(order.query.number));
  const search = next.toString();
  return { location: search ? `${pathname}?${search}` : pathname, errors };
}

/** The list's search without the transient parameters (what a row's link and the forms carry on). */
export function listStateSearch(search: string, drop: readonly string[] = []): string {
  const params = new URLSearchParams(search);
  for (const name of [...TRANSIENT_PARAMS, ...drop]) params.delete(name);
  return params.toString();
}

export type { FilterErrors };
