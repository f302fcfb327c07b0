/**
 * The Suppliers tab of /bills (p2 §2, §3, §4): one payables summary per supplier with its status, totals and the
 * Include/Exclude toggle; the supplier's name opens /suppliers/{supplierId}. Search, status, sort and page live in
 * the URL (GET forms and links), so the tab works without JavaScript; with it, the search is debounced (1 s).
 */
import { Form, Link, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { ArrowDown, ArrowUp, ArrowUpDown, Search } from "~/components/ui/icons";
import { useEffect, useRef, type ReactNode } from "react";
import { Pager } from "~/components/invoices/pager";
import { CompanyCell, StatusCell } from "~/components/invoices/list-parts";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatMoney } from "~/lib/money";
import { cn } from "~/lib/utils";
import type { SummaryStatus } from "~/modules/invoices/filters";
import {
  serializeSuppliersTabQuery,
  SUPPLIER_SEARCH_MIN_LENGTH,
  withSearch,
  withSupplierSort,
  type SupplierSortField,
  type SuppliersTabQuery,
} from "~/modules/payables/query";
import type { PayablesSummary, SuppliersTabData } from "~/modules/payables/types";

const SEARCH_DEBOUNCE_MS = 1_000; // p2 §9: supplier search, 1 s

const STATUS_OPTIONS: { value: SummaryStatus; label: string }[] = [
  { value: "PAYMENT_OFFERED", label: "Payment Offered" },
  { value: "CASHBACK_AVAILABLE", label: "Cashback Available" },
  { value: "NO_OFFER", label: "No offer" },
  { value: "NOT_ELIGIBLE_NEGATIVE_BALANCE", label: "Not Eligible" },
  { value: "PAID", label: "Paid" },
  { value: "UNALLOCATED_CREDIT", label: "Unallocated Credit" },
];

/** Hidden inputs with the rest of the state, for a GET form that changes `omit`. */
function Hidden({ query, omit }: { query: SuppliersTabQuery; omit: string[] }) {
  return (
    <>
      <input type="hidden" name="tab" value="suppliers" />
      {[...serializeSuppliersTabQuery({ ...query, page: 1 }).entries()]
        .filter(([name]) => !omit.includes(name))
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
    </>
  );
}

function SortHead({
  pathname,
  query,
  field,
  children,
  className,
}: {
  pathname: string;
  query: SuppliersTabQuery;
  field: SupplierSortField;
  children: ReactNode;
  className?: string;
}) {
  const current = query.sort.field === field ? query.sort.direction : null;
  const Icon = current === "asc" ? ArrowUp : current === "desc" ? ArrowDown : ArrowUpDown;
  return (
    <TableHead aria-sort={current === "asc" ? "ascending" : current === "desc" ? "descending" : "none"} className={className}>
      <Link
        to={withSearch(pathname, serializeSuppliersTabQuery(withSupplierSort(query, field)))}
        preventScrollReset
        className="inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {children}
        <Icon aria-hidden className={cn("size-3.5", current ? "text-foreground" : "opacity-50")} />
      </Link>
    </TableHead>
  );
}

function Toolbar({ query }: { query: SuppliersTabQuery }) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Form method="get" role="search" className="flex w-full max-w-sm items-end gap-2" preventScrollReset>
        <Hidden query={query} omit={["supplier", "page"]} />
        <div className="w-full space-y-1.5">
          <Label htmlFor="supplier-search">Search by supplier name</Label>
          <Input
            id="supplier-search"
            type="search"
            name="supplier"
            minLength={SUPPLIER_SEARCH_MIN_LENGTH}
            defaultValue={query.supplier ?? ""}
            key={query.supplier ?? ""}
            autoComplete="off"
            onChange={(event) => {
              const form = event.currentTarget.form;
              const text = event.currentTarget.value.trim();
              clearTimeout(timer.current);
              // Below the minimum length only clearing the box searches again.
              if (text.length > 0 && text.length < SUPPLIER_SEARCH_MIN_LENGTH) return;
              timer.current = setTimeout(() => form && submit(form, { replace: true, preventScrollReset: true }), SEARCH_DEBOUNCE_MS);
            }}
          />
        </div>
        <Button type="submit" variant="outline" size="icon" aria-label="Search">
          <Search aria-hidden className="size-4" />
        </Button>
      </Form>
      <Form method="get" className="flex items-end gap-2" preventScrollReset>
        <Hidden query={query} omit={["status", "page"]} />
        <div className="space-y-1.5">
          <Label htmlFor="supplier-status">Status</Label>
          <select
            id="supplier-status"
            name="status"
            defaultValue={query.status ?? ""}
            key={query.status ?? ""}
            onChange={(event) => event.currentTarget.form && submit(event.currentTarget.form, { preventScrollReset: true })}
            className="h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <option value="">All</option>
            {STATUS_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <noscript>
          <Button type="submit" variant="outline">
            Apply
          </Button>
        </noscript>
      </Form>
    </div>
  );
}

function InclusionButton({ row, returnTo }: { row: PayablesSummary; returnTo: string }) {
  const navigation = useNavigation();
  if (!row.action) return null;
  const action = `/suppliers/${row.supplierId}/include`;
  const busy = navigation.state !== "idle" && navigation.formAction === action;
  return (
    <Form method="post" action={action} preventScrollReset>
      <input type="hidden" name="intent" value={row.action === "Include" ? "include" : "exclude"} />
      <input type="hidden" name="all" value="1" />
      <input type="hidden" name="returnTo" value={returnTo} />
      <Button type="submit" size="sm" variant="outline" disabled={busy} aria-label={`${row.action} ${row.supplierName}`}>
        {busy ? (row.action === "Include" ? "Including…" : "Excluding…") : row.action}
      </Button>
    </Form>
  );
}

export function SuppliersTab({ data }: { data: SuppliersTabData }) {
  const { pathname, search } = useLocation();
  const { query, locale } = data;
  const money = (value: number) => formatMoney(value, locale);
  const state = serializeSuppliersTabQuery(query);
  return (
    <div className="min-w-0 space-y-4">
      <Toolbar query={query} />
      <Table aria-label="Suppliers">
        <TableHeader>
          <TableRow>
            <SortHead pathname={pathname} query={query} field="supplierName">
              Supplier
            </SortHead>
            <TableHead>Status</TableHead>
            <SortHead pathname={pathname} query={query} field="totalAmountPayable" className="text-right">
              Amount payable
            </SortHead>
            <SortHead pathname={pathname} query={query} field="unallocatedCreditNoteBalance" className="text-right">
              Unallocated credit
            </SortHead>
            <SortHead pathname={pathname} query={query} field="totalCashReward" className="text-right">
              Cashback
            </SortHead>
            <TableHead>
              <span className="sr-only">Action</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.rows.length === 0 ? (
            <TableEmpty colSpan={6}>No items to show</TableEmpty>
          ) : (
            data.rows.map((row) => (
              <TableRow key={row.supplierId}>
                <TableCell label="Supplier">
                  <Link
                    to={`/suppliers/${row.supplierId}`}
                    className="rounded-sm text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <CompanyCell name={row.supplierName} display={row.companyDisplay} />
                  </Link>
                </TableCell>
                <TableCell label="Status">
                  <StatusCell kind="payablesSummary" display={row.statusDisplay} />
                </TableCell>
                <TableCell label="Amount payable" className="whitespace-nowrap text-right tabular-nums">
                  {money(row.totalAmountPayable)}
                </TableCell>
                <TableCell label="Unallocated credit" className="whitespace-nowrap text-right tabular-nums">
                  {money(row.unallocatedCreditNoteBalance)}
                </TableCell>
                <TableCell label="Cashback" className="whitespace-nowrap text-right tabular-nums">
                  {money(row.totalCashReward)}
                </TableCell>
                <TableCell label="Action" className="text-right">
                  <InclusionButton row={row} returnTo={`${pathname}${search}`} />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <Pager
        total={data.total}
        page={data.page}
        size={query.size}
        hidden={[["tab", "suppliers"], ...state.entries()]}
        hrefFor={(page) => withSearch(pathname, serializeSuppliersTabQuery({ ...query, page }))}
      />
    </div>
  );
}
