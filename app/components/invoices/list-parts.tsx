/**
 * The parts the invoices and bills lists share (p2 §2 Toolbar, §9): sortable headers, the company-name search,
 * the pagination bar, status and action cells, summary cards. The list state lives in the URL: every control is a
 * link or a GET form built from the ListQuery (filters.ts), so it works without JavaScript.
 */
import { Form, Link, useSubmit } from "@remix-run/react";
import { ArrowDown, ArrowUp, ArrowUpDown, Mail, MailX, Search } from "~/components/ui/icons";
import { useEffect, useRef, type ReactNode } from "react";
import { Pager } from "~/components/invoices/pager";
import { Badge } from "~/components/ui/badge";
import { StatusBadge } from "~/components/ui/status-badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { TableCell, TableHead, TableRow } from "~/components/ui/table";
import { formatDate } from "~/lib/dates";
import { formatMoney, type Cents } from "~/lib/money";
import { cn } from "~/lib/utils";
import type { Locale } from "~/modules/invoices/rules";
import {
  cursorForPage,
  serializeListQuery,
  withSort,
  type ListQuery,
  type ListStatus,
  type SortField,
} from "~/modules/invoices/filters";

/** `?query` of a list state ("" for the defaults), to be used as a link target on the same route. */
export function listHref(pathname: string, query: ListQuery): string {
  const search = serializeListQuery(query).toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** Hidden inputs carrying the rest of the list state through a GET form. */
function HiddenState({ query, omit }: { query: ListQuery; omit: string[] }) {
  const entries = [...serializeListQuery(query).entries()].filter(([name]) => !omit.includes(name));
  return (
    <>
      {entries.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

export function SortableHead({
  pathname,
  query,
  field,
  children,
  className,
}: {
  pathname: string;
  query: ListQuery;
  field: SortField;
  children: ReactNode;
  className?: string;
}) {
  const current = query.sort.field === field ? query.sort.direction : null;
  const Icon = current === "asc" ? ArrowUp : current === "desc" ? ArrowDown : ArrowUpDown;
  return (
    <TableHead aria-sort={current === "asc" ? "ascending" : current === "desc" ? "descending" : "none"} className={className}>
      <Link
        to={listHref(pathname, withSort(query, field))}
        preventScrollReset
        className="inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {children}
        <Icon aria-hidden className={cn("size-3.5", current ? "text-foreground" : "opacity-50")} />
      </Link>
    </TableHead>
  );
}

const SEARCH_DEBOUNCE_MS = 1_000; // p2 §9: company entity search, 1 s

/** Search by company name: a GET form (Enter or the button), and with JavaScript a debounced navigation. */
export function CompanySearch({ query, label }: { query: ListQuery; label: string }) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Form method="get" role="search" className="flex w-full max-w-sm items-end gap-2" preventScrollReset>
      <HiddenState query={{ ...query, page: 1 }} omit={["entity"]} />
      <div className="w-full space-y-1.5">
        <Label htmlFor="list-search">{label}</Label>
        <Input
          id="list-search"
          type="search"
          name="entity"
          defaultValue={query.entity ?? ""}
          key={query.entity ?? ""}
          autoComplete="off"
          onChange={(event) => {
            const form = event.currentTarget.form;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => form && submit(form, { replace: true, preventScrollReset: true }), SEARCH_DEBOUNCE_MS);
          }}
        />
      </div>
      <Button type="submit" variant="outline" size="icon" aria-label="Search">
        <Search aria-hidden className="size-4" />
      </Button>
    </Form>
  );
}

/** The neighbouring pages' keyset cursors (list.server.ts pageCursors); the page numbers stay the links' text. */
type PageCursor = NonNullable<ListQuery["cursor"]>;
export interface PaginationCursors {
  previous: PageCursor | null;
  next: PageCursor | null;
}

/**
 * "x-y of total" (or "of about N" when the total is an estimate, docs/decisions/008), the page-size selector and 4
 * page links. Every link but page 1 carries a cursor made from the shown page's first or last row (cursorForPage), so
 * the server reads it by keyset plus an OFFSET of at most 2 pages; a page typed in the URL is read by its number.
 */
export function Pagination({
  pathname,
  query,
  total,
  page,
  estimated = false,
  cursors,
}: {
  pathname: string;
  query: ListQuery;
  total: number;
  page: number;
  estimated?: boolean;
  cursors?: PaginationCursors;
}) {
  const to = (n: number) => listHref(pathname, { ...query, page: n, cursor: cursorForPage(cursors, n) });
  return (
    <Pager total={total} page={page} size={query.size} estimated={estimated} hrefFor={to} hidden={[...serializeListQuery({ ...query, page: 1 }).entries()]} />
  );
}

/** A list row's status: the one StatusBadge with the row's display state; a not-eligible reason is its tooltip. */
export function StatusCell({ kind, display, reason }: { kind: "billRow" | "invoiceRow" | "supplierBills" | "payablesSummary"; display: string; reason?: string | null }) {
  return <StatusBadge kind={kind} status={display} reason={reason} />;
}

/** A row with no action: the spec's '-' (p3 §4.9), named for screen readers. */
export function NoAction() {
  return (
    <>
      <span aria-hidden="true">-</span>
      <span className="sr-only">No action</span>
    </>
  );
}

export function ContactEmailIcon({ email }: { email: string | null }) {
  if (!email) {
    return (
      <span title="No contact email" className="inline-flex text-muted-foreground">
        <MailX aria-hidden className="size-4" />
        <span className="sr-only">No contact email</span>
      </span>
    );
  }
  return (
    <span title={email} className="inline-flex text-primary">
      <Mail aria-hidden className="size-4" />
      <span className="sr-only">Contact email {email}</span>
    </span>
  );
}

export function CompanyCell({ name, display }: { name: string; display: { label: string; tone: "red" | "neutral" } | null }) {
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="font-medium">{name}</span>
      {display ? <Badge variant={display.tone === "red" ? "destructive" : "secondary"}>{display.label}</Badge> : null}
    </span>
  );
}

export function SummaryCard({ title, items, note }: { title: string; items: { label: string; value: string }[]; note?: ReactNode }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4">
          {items.map((item) => (
            <div key={item.label} className="min-w-0">
              <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{item.label}</dt>
              <dd className="mt-1 truncate text-xl font-semibold tabular-nums">{item.value}</dd>
            </div>
          ))}
        </dl>
        {note ? <p className="mt-3 text-sm text-muted-foreground">{note}</p> : null}
      </CardContent>
    </Card>
  );
}

/** Status tabs as links (URL state; a new tab starts on page 1). */
export function statusTabItems(pathname: string, query: ListQuery, tabs: { status: ListStatus | null; label: string }[]) {
  return tabs.map((tab) => ({ value: tab.status ?? "ALL", label: tab.label, to: listHref(pathname, { ...query, status: tab.status, page: 1 }) }));
}

/** What the invoices and bills tables share for a row; each adds one amount column (max fee or cashback). */
export interface ListTableRow {
  id: number;
  number: string;
  companyName: string;
  companyDisplay: { label: "Offers disabled" | "Member" | "Invited"; tone: "red" | "neutral" } | null;
  dueDate: string;
  amountDue: Cents;
  contactEmail: string | null;
  status: { kind: "billRow" | "invoiceRow"; display: string; label: string; reason: string | null; action: string | null; statusCode: string };
}

/**
 * One row of the invoices or bills table: [selection], number, company, date, amount due, status, `extraAmount`,
 * contact email, action. The table decides the selection checkbox, the contact-email control and the action.
 */
export function ListRow({
  row,
  extraAmount,
  extraText,
  locale,
  select,
  contact,
  action,
  marker,
  labels,
}: {
  row: ListTableRow;
  /** The headings of the columns that differ between invoices and bills: the card captions below 768 px. */
  labels: { company: string; date: string; extraAmount: string };
  extraAmount: Cents | null;
  /** Shown in the extra column instead of the plain amount (a SAVE row's "SAVE $6.00", p2 §4: an offer, not a status). */
  extraText?: string;
  locale: Locale;
  select?: ReactNode;
  /** A badge under the number, such as a bill's "Auto Processed". */
  marker?: ReactNode;
  contact?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <TableRow>
      {select !== undefined ? <TableCell className="w-10 pr-0">{select}</TableCell> : null}
      <TableCell label="Invoice number" className="whitespace-nowrap font-medium">
        {marker ? (
          <span className="flex flex-col items-start gap-1">
            {row.number}
            {marker}
          </span>
        ) : (
          row.number
        )}
      </TableCell>
      <TableCell label={labels.company}>
        <CompanyCell name={row.companyName} display={row.companyDisplay} />
      </TableCell>
      <TableCell label={labels.date} className="whitespace-nowrap">
        {formatDate(row.dueDate)}
      </TableCell>
      <TableCell label="Amount due" className="whitespace-nowrap text-right tabular-nums">
        {formatMoney(row.amountDue, locale)}
      </TableCell>
      <TableCell label="Status">
        <StatusCell kind={row.status.kind} display={row.status.display} reason={row.status.reason} />
      </TableCell>
      <TableCell label={labels.extraAmount} className="whitespace-nowrap text-right tabular-nums">
        {/* "SAVE $110.08" may break after SAVE, so the column stays narrow enough for the table to fit at 1024 px. */}
        {extraText !== undefined ? <span className="whitespace-normal">{extraText}</span> : extraAmount === null ? "" : formatMoney(extraAmount, locale)}
      </TableCell>
      <TableCell label="Contact email">{contact ?? <ContactEmailIcon email={row.contactEmail} />}</TableCell>
      <TableCell label="Action" className="text-right">
        {action ?? <NoAction />}
      </TableCell>
    </TableRow>
  );
}
