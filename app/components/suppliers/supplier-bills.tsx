/**
 * The supplier bills page /suppliers/{supplierId} (p3 §2.2, §4.9): the payment period card, the pending-invoices
 * card, the historical month picker (previous/next arrows, nothing after the next month, Reset Period), tabs for the
 * current and the next month, the filter chips and the table with selection and bulk Delete / Include / Exclude. One
 * month state (the URL's month) drives them all.
 *
 * Every control is a link or a form: the period, tab, chip and page are GET state in the URL; the bulk buttons are
 * submit buttons of one form (Delete opens the Confirm Delete dialog with a GET, Include/Exclude post), so the page
 * works without JavaScript. With it, the selection count enables the buttons and a header box selects every row. The
 * row actions are the /bills ones (decision 063).
 */
import { Form, Link, useNavigation, useSubmit } from "@remix-run/react";
import { ChevronLeft, ChevronRight } from "~/components/ui/icons";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { PayNowAction } from "~/components/bills/bills-table";
import { InviteRowAction, NotifyRowAction } from "~/components/invites/row-actions";
import { CompanyCell, NoAction, StatusCell, SummaryCard } from "~/components/invoices/list-parts";
import { IncludeRowAction, InviteNeedsEmailAction, ViewBillAction } from "~/components/invoices/selection";
import { Pager } from "~/components/invoices/pager";
import { Button, buttonVariants } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { LinkTabs } from "~/components/ui/tabs";
import { formatDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { cn } from "~/lib/utils";
import {
  addMonthsToMonth,
  monthChoices,
  monthLabel,
  serializeSupplierBillsQuery,
  SUPPLIER_BILLS_CHIP_LABELS,
  withSearch,
  type SupplierBillsQuery,
} from "~/modules/payables/query";
import type { SupplierBillsData, SupplierBillsRowView } from "~/modules/payables/types";

const MONTH_PICKER_DEBOUNCE_MS = 500; // p3 §9

function useHref(data: SupplierBillsData) {
  const pathname = `/suppliers/${data.supplier.id}`;
  return (change: Partial<SupplierBillsQuery>) => withSearch(pathname, serializeSupplierBillsQuery({ ...data.query, page: 1, ...change }, data.currentMonth));
}

/**
 * The historical month picker (p3 §2.2, §9): previous and next arrows around the month field, which shows the month
 * the page shows (the one month state: the period tabs, this field, the payment period card and the table always agree,
 * issue 13 part 20). It reaches back as far as wanted and forward to the next month (the next-month tab's), no later.
 */
function MonthPicker({ data }: { data: SupplierBillsData }) {
  const href = useHref(data);
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const { month } = data.query;
  const latest = addMonthsToMonth(data.currentMonth, 1);
  const arrow = buttonVariants({ variant: "outline", size: "icon" });
  return (
    <div role="group" aria-label="Month picker" className="flex flex-wrap items-end gap-3">
      <Form method="get" className="flex flex-wrap items-end gap-2" preventScrollReset>
        {data.query.status ? <input type="hidden" name="status" value={data.query.status} /> : null}
        <Link to={href({ month: addMonthsToMonth(month, -1) })} className={arrow} aria-label="Previous month" preventScrollReset>
          <ChevronLeft aria-hidden className="size-4" />
        </Link>
        <div className="space-y-1.5">
          <Label htmlFor="period-month">Month</Label>
          {/* A list of months, not the browser's month control (issue 20 part 5: no browser date picker). */}
          <select
            id="period-month"
            name="month"
            defaultValue={month}
            key={month}
            className="h-10 w-44 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            onChange={(event) => {
              const form = event.currentTarget.form;
              clearTimeout(timer.current);
              timer.current = setTimeout(() => form && submit(form, { preventScrollReset: true }), MONTH_PICKER_DEBOUNCE_MS);
            }}
          >
            {monthChoices(month, latest).map((choice) => (
              <option key={choice} value={choice}>
                {monthLabel(choice)}
              </option>
            ))}
          </select>
        </div>
        {month >= latest ? (
          <Button type="button" variant="outline" size="icon" disabled aria-label="Next month" title="Future months cannot be picked">
            <ChevronRight aria-hidden className="size-4" />
          </Button>
        ) : (
          <Link to={href({ month: addMonthsToMonth(month, 1) })} className={arrow} aria-label="Next month" preventScrollReset>
            <ChevronRight aria-hidden className="size-4" />
          </Link>
        )}
        <Button type="submit" variant="outline">
          Go
        </Button>
      </Form>
      {month !== data.currentMonth ? (
        <Link to={href({ month: data.currentMonth })} className={buttonVariants({ variant: "ghost" })} preventScrollReset>
          Reset Period
        </Link>
      ) : null}
    </div>
  );
}

/**
 * The row action (p3 §4.9), the very components of /bills (decision 063): Include/Exclude post to this page's include
 * route; Invite, Notify, Pay Now and Cancel open /bills' dialogs as this page's child routes; View and Allocate open
 * this page's bill and credit note dialogs; no action is '-'.
 */
function RowAction({ row, base }: { row: SupplierBillsRowView; base: string }) {
  if (row.type === "CREDIT_NOTE") {
    if (!row.action || !row.actionHref) return <NoAction />;
    return (
      <Link to={row.actionHref} preventScrollReset className={buttonVariants({ variant: "outline", size: "sm" })} aria-label={`${row.action} ${row.number}`}>
        {row.action}
      </Link>
    );
  }
  switch (row.action) {
    case "View":
      return <ViewBillAction id={row.id} number={row.number} to={row.actionHref ?? `${base}/bills/${row.id}`} />;
    case "Include":
    case "Exclude":
      return <IncludeRowAction id={row.id} number={row.number} intent={row.action === "Include" ? "include" : "exclude"} base={base} />;
    case "Invite":
      return row.inviteNeedsEmail ? (
        <InviteNeedsEmailAction kind="BILL" id={row.id} number={row.number} base={base} />
      ) : (
        <InviteRowAction kind="BILL" id={row.id} number={row.number} base={base} />
      );
    case "Notify":
      return <NotifyRowAction id={row.id} number={row.number} base={base} />;
    case "Pay Now":
    case "Cancel":
      return <PayNowAction row={row} action={row.action} base={base} />;
    case "Allocate":
    case null:
      return <NoAction />;
    default: {
      const unreachable: never = row.action;
      return unreachable;
    }
  }
}

const BULK_FORM_ID = "supplier-bulk-actions";

function BillsTable({ data }: { data: SupplierBillsData }) {
  const base = `/suppliers/${data.supplier.id}`;
  const navigation = useNavigation();
  const [hydrated, setHydrated] = useState(false);
  const [selected, setSelected] = useState(0);
  useEffect(() => setHydrated(true), []);
  // The row checkboxes sit in the table and belong to the bulk form by their `form` attribute: the table holds the
  // rows' own forms (Include, Notify), which cannot nest in it.
  const boxes = () => Array.from(document.querySelectorAll<HTMLInputElement>(`input[data-select-row][form="${BULK_FORM_ID}"]`));
  const recount = () => setSelected(boxes().filter((box) => box.checked).length);
  // A new page of rows starts with nothing selected.
  useEffect(() => {
    for (const box of boxes()) box.checked = false;
    setSelected(0);
  }, [data.rows]);
  const selectable = data.rows.filter((row) => row.selectable).length;
  const noneSelected = hydrated && selected === 0;
  const includeAction = `${base}/include`;
  const posting = navigation.state !== "idle" && navigation.formAction === includeAction;
  const money = (value: number) => formatMoney(value, data.locale);
  const listState = [...serializeSupplierBillsQuery(data.query, data.currentMonth).entries()];

  return (
    <div className="min-w-0 space-y-3">
      <Form id={BULK_FORM_ID} method="post" action={includeAction} preventScrollReset>
        {listState.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Bulk actions">
          <span className="text-sm text-muted-foreground" aria-live="polite">
            {hydrated ? `${selected} selected` : "Select rows, then:"}
          </span>
          <Button type="submit" size="sm" variant="outline" formMethod="get" formAction={`${base}/delete`} disabled={noneSelected || selectable === 0}>
            Delete
          </Button>
          {data.supplier.isPurchaserOffersEnabled ? (
            <Button type="submit" size="sm" variant="outline" name="intent" value="include" disabled={noneSelected || posting}>
              Include
            </Button>
          ) : null}
          <Button type="submit" size="sm" variant="outline" name="intent" value="exclude" disabled={noneSelected || posting}>
            Exclude
          </Button>
        </div>
      </Form>
      <Table aria-label="Supplier bills">
        <TableHeader>
          <TableRow>
            <TableHead className="w-10">
              {hydrated && selectable > 0 ? (
                <input
                  type="checkbox"
                  aria-label="Select all"
                  className="size-4 accent-primary"
                  checked={selected > 0 && selected === selectable}
                  onChange={(event) => {
                    for (const box of boxes()) box.checked = event.currentTarget.checked;
                    recount();
                  }}
                />
              ) : (
                <span className="sr-only">Select</span>
              )}
            </TableHead>
            <TableHead>Type</TableHead>
            <TableHead>Issue date</TableHead>
            <TableHead>Invoice number</TableHead>
            <TableHead>Payment date</TableHead>
            <TableHead className="text-right">Amount due</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Cashback</TableHead>
            <TableHead>
              <span className="sr-only">Action</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.rows.length === 0 ? (
            <TableEmpty colSpan={9}>No items to show</TableEmpty>
          ) : (
            data.rows.map((row) => (
              <TableRow key={row.key}>
                <TableCell>
                  {row.selectable ? (
                    <input
                      type="checkbox"
                      data-select-row
                      form={BULK_FORM_ID}
                      name={row.type === "BILL" ? "bill" : "creditNote"}
                      value={row.id}
                      onChange={recount}
                      aria-label={`Select ${row.number}`}
                      className="size-4 accent-primary"
                    />
                  ) : null}
                </TableCell>
                <TableCell label="Type" className="whitespace-nowrap">
                  {row.type === "BILL" ? "Bill" : "Credit note"}
                </TableCell>
                <TableCell label="Issue date" className="whitespace-nowrap">
                  {formatDate(row.issueDate)}
                </TableCell>
                <TableCell label="Invoice number" className="whitespace-nowrap font-medium">
                  {row.number}
                </TableCell>
                <TableCell label="Payment date" className="whitespace-nowrap">
                  {formatDate(row.paymentDate)}
                </TableCell>
                <TableCell label="Amount due" className={cn("whitespace-nowrap text-right tabular-nums", row.amountDue < 0 && "text-success")}>
                  {money(row.amountDue)}
                </TableCell>
                <TableCell label="Status">
                  <StatusCell kind="supplierBills" display={row.status.display} reason={row.status.tooltip} />
                </TableCell>
                <TableCell label="Cashback" className="whitespace-nowrap text-right tabular-nums">
                  {row.status.offer ?? (row.cashback === null ? "" : money(row.cashback))}
                </TableCell>
                <TableCell label="Action" className="text-right">
                  <RowAction row={row} base={base} />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </div>
  );
}

/** `periodActions`: controls of the shown period, beside its tabs (the period lock button). */
export function SupplierBills({ data, periodActions }: { data: SupplierBillsData; periodActions?: ReactNode }) {
  const href = useHref(data);
  const money = (value: number) => formatMoney(value, data.locale);
  const base = `/suppliers/${data.supplier.id}`;
  const nextMonth = addMonthsToMonth(data.currentMonth, 1);
  return (
    <div className="min-w-0 space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-semibold tracking-tight">
          <CompanyCell name={data.supplier.name} display={data.supplier.display} />
        </h2>
        <Link to="/bills" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Back to suppliers
        </Link>
      </div>

      <section aria-label="Summary" className="grid gap-4 md:grid-cols-2">
        <SummaryCard
          title="Payment period"
          items={[
            { label: "Amount due", value: money(data.card.amountDue) },
            { label: "Cashback available", value: money(data.card.cashbackAvailable) },
            { label: "Paid", value: money(data.card.paid) },
            { label: "Unallocated credit", value: money(data.card.unallocatedCreditNoteBalance) },
          ]}
          note={`${formatDate(data.period.start)} – ${formatDate(data.period.end)}`}
        />
        <SummaryCard
          title="Pending invoices"
          items={[
            { label: "Bills", value: String(data.pending.count) },
            { label: "Amount due", value: money(data.pending.total) },
          ]}
          note="Unpaid bills from this supplier due outside this period."
        />
      </section>

      <section aria-label="Bills and credit notes" className="min-w-0 space-y-4">
        {data.historicalEnabled ? <MonthPicker data={data} /> : null}
        {/* The current and the next month; neither is selected while the picker shows an earlier month. */}
        <div className="flex flex-wrap items-end justify-between gap-3 border-b">
          <LinkTabs
            label="Payment period"
            value={data.query.month}
            className="border-b-0"
            items={[
              { value: data.currentMonth, label: monthLabel(data.currentMonth), to: href({ month: data.currentMonth }) },
              { value: nextMonth, label: monthLabel(nextMonth), to: href({ month: nextMonth }) },
            ]}
          />
          {periodActions ? <div className="pb-1.5">{periodActions}</div> : null}
        </div>
        <nav aria-label="Filter" className="flex flex-wrap gap-2">
          {SUPPLIER_BILLS_CHIP_LABELS.map((chip) => {
            const current = data.query.status === chip.value;
            return (
              <Link
                key={chip.label}
                to={href({ status: chip.value })}
                aria-current={current ? "page" : undefined}
                preventScrollReset
                className={cn(
                  "inline-flex h-8 items-center rounded-full border px-3 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                  current ? "border-primary bg-primary text-primary-foreground" : "bg-background hover:bg-muted"
                )}
              >
                {chip.label}
              </Link>
            );
          })}
        </nav>
        <BillsTable data={data} />
        <Pager
          total={data.total}
          page={data.page}
          size={data.query.size}
          hidden={[...serializeSupplierBillsQuery(data.query, data.currentMonth).entries()]}
          hrefFor={(page) => withSearch(base, serializeSupplierBillsQuery({ ...data.query, page }, data.currentMonth))}
        />
      </section>
    </div>
  );
}
