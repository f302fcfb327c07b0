/**
 * The admin directory screen's parts (issue 15 part 1; p3 §2.4): search by company, the Filter dropdown (processing
 * queue, GL code, payment terms, scheduled payments), the table with row selection and Configure, and the detail
 * panel. Links and GET forms: everything works without JavaScript; with it, Configure shows only once rows are ticked.
 */
import { Form, Link } from "@remix-run/react";
import { GitMerge, ListFilter, Search, Settings2, Upload, X } from "~/components/ui/icons";
import { useState, type ReactNode } from "react";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { useHydrated } from "~/components/invoices/selection";
import { cn } from "~/lib/utils";
import {
  PROCESSING_QUEUE_LABELS,
  activeDirectoryFilters,
  serializeDirectoryQuery,
  type DirectoryQuery,
  type ProcessingQueue,
} from "~/modules/counterparties/rules";
import type { CounterpartyDetail, DirectoryRow } from "~/modules/counterparties/directory.server";
import type { GlOption, TermOption } from "~/modules/counterparties/options.server";
import { numberFormat } from "~/lib/intl";
import { StatusBadge } from "~/components/ui/status-badge";

const SELECT_CLASS =
  "h-10 w-full rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

export const directoryPath = (companyId: number) => `/companies/${companyId}/directory`;

export function directoryLink(companyId: number, query: DirectoryQuery, extra: Record<string, string | null> = {}) {
  const search = serializeDirectoryQuery(query, extra).toString();
  return `${directoryPath(companyId)}${search ? `?${search}` : ""}`;
}

/** Hidden inputs carrying the list state through a GET form, but the names the form sets itself. */
export function KeptState({ query, omit, extra = {} }: { query: DirectoryQuery; omit: string[]; extra?: Record<string, string | null> }) {
  const params = serializeDirectoryQuery(query, extra);
  for (const name of [...omit, "page"]) params.delete(name);
  return (
    <>
      {[...params.entries()].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

export function DirectorySearch({ companyId, query }: { companyId: number; query: DirectoryQuery }) {
  return (
    <Form method="get" action={directoryPath(companyId)} role="search" className="flex w-full max-w-md items-center gap-2" preventScrollReset>
      <KeptState query={query} omit={["q"]} />
      <Label htmlFor="directory-search" className="sr-only">
        Search by company
      </Label>
      <Input id="directory-search" name="q" type="search" defaultValue={query.q} placeholder="Search by company" key={query.q} />
      <Button type="submit" variant="outline" aria-label="Search">
        <Search aria-hidden className="size-4" />
      </Button>
      {query.q ? (
        <Link to={directoryLink(companyId, { ...query, q: "", page: 1 })} className={buttonVariants({ variant: "ghost", size: "sm" })} aria-label="Clear search">
          <X aria-hidden className="size-4" />
        </Link>
      ) : null}
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

/** A filter on several ids: one checkbox per option (repeated params, which the directory's query reads). */
function CheckboxGroup({ legend, name, options, checked, empty }: { legend: string; name: string; options: { id: number; label: string }[]; checked: number[]; empty: string }) {
  return (
    <Group legend={legend}>
      {options.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <div className="max-h-40 space-y-1 overflow-y-auto">
          {options.map((option) => (
            <label key={option.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={name} value={option.id} defaultChecked={checked.includes(option.id)} className="size-4 accent-primary" />
              {option.label}
            </label>
          ))}
        </div>
      )}
    </Group>
  );
}

/** The Filter dropdown: a <details> with a GET form, so it opens and applies without JavaScript. */
export function DirectoryFilter({ companyId, query, terms, glCodes }: { companyId: number; query: DirectoryQuery; terms: TermOption[]; glCodes: GlOption[] }) {
  const count = activeDirectoryFilters(query);
  return (
    <details className="group relative" key={serializeDirectoryQuery(query).toString()}>
      <summary
        className={cn(buttonVariants({ variant: "outline" }), "cursor-pointer list-none [&::-webkit-details-marker]:hidden", count > 0 && "border-primary text-primary")}
      >
        <ListFilter aria-hidden className="size-4" />
        Filter
        {count > 0 ? (
          <Badge variant="info" className="ml-1" aria-label={`${count} active ${count === 1 ? "filter" : "filters"}`}>
            {count}
          </Badge>
        ) : null}
      </summary>
      <div className="absolute right-0 z-30 mt-2 w-[min(24rem,calc(100vw-2rem))] rounded-lg border bg-card p-4 text-card-foreground shadow-lg">
        <Form method="get" action={directoryPath(companyId)} aria-label="Filters" className="space-y-4" preventScrollReset>
          <KeptState query={query} omit={["queue", "glcode", "pids", "sp"]} />
          <Group legend="Processing queue">
            <Label htmlFor="filter-queue" className="sr-only">
              Processing queue
            </Label>
            <select id="filter-queue" name="queue" defaultValue={query.queue ?? ""} className={SELECT_CLASS}>
              <option value="">Any queue</option>
              {(Object.keys(PROCESSING_QUEUE_LABELS) as ProcessingQueue[]).map((queue) => (
                <option key={queue} value={queue}>
                  {PROCESSING_QUEUE_LABELS[queue]}
                </option>
              ))}
            </select>
          </Group>
          <CheckboxGroup legend="GL code" name="glcode" options={glCodes} checked={query.glcode} empty="No available codes" />
          <CheckboxGroup legend="Payment terms" name="pids" options={terms} checked={query.pids} empty="No payment terms available" />
          <Group legend="Scheduled payments">
            <Label htmlFor="filter-sp" className="sr-only">
              Scheduled payments
            </Label>
            <select id="filter-sp" name="sp" defaultValue={query.sp === null ? "" : String(query.sp)} className={SELECT_CLASS}>
              <option value="">Any</option>
              <option value="true">Enabled</option>
              <option value="false">Disabled</option>
            </select>
          </Group>
          <div className="flex items-center justify-between gap-2 border-t pt-3">
            <Link
              to={directoryLink(companyId, { ...query, queue: null, glcode: [], pids: [], sp: null, page: 1 })}
              preventScrollReset
              className={buttonVariants({ variant: "ghost" })}
            >
              Reset all
            </Link>
            <Button type="submit">Apply</Button>
          </div>
        </Form>
      </div>
    </details>
  );
}

export function ImportButton({ companyId }: { companyId: number }) {
  return (
    <Link to={`${directoryPath(companyId)}/import`} className={buttonVariants({ variant: "outline" })} preventScrollReset>
      <Upload aria-hidden className="size-4" />
      Import
    </Link>
  );
}



export function CounterpartyStatusBadge({ status }: { status: string }) {
  return <StatusBadge kind="counterparty" status={status} />;
}

const roleOf = (row: Pick<DirectoryRow, "isSupplier" | "isCustomer">) =>
  row.isSupplier && row.isCustomer ? "Supplier, Customer" : row.isSupplier ? "Supplier" : "Customer";

const CONFIGURE_FORM_ID = "directory-configure";

/**
 * The table. The row checkboxes belong to a GET form to the Configure dialog (with the list state), so a selection
 * opens it without JavaScript; with JavaScript the Configure button appears once a row is ticked.
 */
export function DirectoryTable({
  companyId,
  query,
  rows,
  selectedDetail,
  emptyText,
}: {
  companyId: number;
  query: DirectoryQuery;
  rows: DirectoryRow[];
  selectedDetail: number | null;
  emptyText: string;
}) {
  const hydrated = useHydrated();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const showConfigure = !hydrated || selected.size > 0;
  return (
    <div className="space-y-3">
      <Form id={CONFIGURE_FORM_ID} method="get" action={`${directoryPath(companyId)}/configure`} className="flex min-h-10 flex-wrap items-center gap-3" preventScrollReset>
        <KeptState query={query} omit={[]} extra={{ page: query.page > 1 ? String(query.page) : null }} />
        {hydrated ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {selected.size > 0 ? `${selected.size} selected` : "Select counterparties to configure them"}
          </p>
        ) : null}
        {showConfigure ? (
          <Button type="submit" size="sm" disabled={hydrated && selected.size === 0}>
            <Settings2 aria-hidden className="size-4" />
            Configure
          </Button>
        ) : null}
      </Form>
      <div className="overflow-hidden rounded-lg border bg-card">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className="w-10">
                {hydrated ? (
                  <input
                    type="checkbox"
                    checked={allSelected}
                    onChange={(event) => setSelected(event.currentTarget.checked ? new Set(rows.map((row) => row.id)) : new Set())}
                    aria-label="Select all on this page"
                    className="size-4 cursor-pointer accent-primary"
                  />
                ) : (
                  <span className="sr-only">Select</span>
                )}
              </TableHead>
              <TableHead>Company</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="hidden lg:table-cell">External ID</TableHead>
              <TableHead className="hidden md:table-cell">Queue</TableHead>
              <TableHead className="hidden lg:table-cell">Payment term</TableHead>
              <TableHead className="hidden lg:table-cell">GL code</TableHead>
              <TableHead className="hidden xl:table-cell">Offers</TableHead>
              <TableHead className="hidden xl:table-cell">Scheduled</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.length === 0 ? (
              <TableEmpty colSpan={9}>{emptyText}</TableEmpty>
            ) : (
              rows.map((row) => (
                <TableRow key={row.id} data-state={selectedDetail === row.id ? "selected" : undefined} className={cn(selectedDetail === row.id && "bg-accent/50")}>
                  <TableCell>
                    <input
                      type="checkbox"
                      name="ids"
                      value={row.id}
                      form={CONFIGURE_FORM_ID}
                      checked={hydrated ? selected.has(row.id) : undefined}
                      onChange={(event) => toggle(row.id, event.currentTarget.checked)}
                      aria-label={`Select ${row.companyName}`}
                      className="size-4 cursor-pointer accent-primary"
                    />
                  </TableCell>
                  <TableCell label="Company">
                    <Link to={directoryLink(companyId, query, { cp: String(row.id) })} preventScrollReset className="font-medium text-primary hover:underline">
                      {row.companyName}
                    </Link>
                    <span className="block text-xs text-muted-foreground">
                      {roleOf(row)}
                      <span className="md:hidden">
                        {" · "}
                        {PROCESSING_QUEUE_LABELS[row.processingQueue]}
                      </span>
                    </span>
                  </TableCell>
                  <TableCell label="Status">
                    <CounterpartyStatusBadge status={row.status} />
                  </TableCell>
                  <TableCell label="External ID" className="hidden lg:table-cell">{row.externalAccountId ?? "-"}</TableCell>
                  <TableCell label="Queue" className="hidden md:table-cell">{PROCESSING_QUEUE_LABELS[row.processingQueue]}</TableCell>
                  <TableCell label="Payment term" className="hidden lg:table-cell">{row.paymentTerm ?? "-"}</TableCell>
                  <TableCell label="GL code" className="hidden lg:table-cell">{row.glAccount ? `${row.glAccount.accountCode} - ${row.glAccount.accountName}` : "-"}</TableCell>
                  <TableCell label="Offers" className="hidden xl:table-cell">{row.isPurchaserOffersEnabled ? "On" : "Off"}</TableCell>
                  <TableCell label="Scheduled" className="hidden xl:table-cell">{row.isScheduledPaymentsEnabled ? "On" : "Off"}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[minmax(0,10rem)_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** The detail panel of the selected counterparty (`?cp=ID`): its fields, the records between the two, and its actions. */
export function DetailPanel({ companyId, query, detail }: { companyId: number; query: DirectoryQuery; detail: CounterpartyDetail }) {
  const count = (n: number) => (n > detail.counts.capped ? `${numberFormat("en-NZ").format(detail.counts.capped)}+` : numberFormat("en-NZ").format(n));
  return (
    <aside aria-labelledby="counterparty-detail-title" className="space-y-4 rounded-lg border bg-card p-4">
      <div className="flex items-start justify-between gap-2">
        <div>
          <h2 id="counterparty-detail-title" className="text-lg font-semibold">
            {detail.companyName}
          </h2>
          <p className="text-sm text-muted-foreground">{roleOf(detail)}</p>
        </div>
        <Link to={directoryLink(companyId, query)} preventScrollReset className={buttonVariants({ variant: "ghost", size: "sm" })} aria-label="Close details">
          <X aria-hidden className="size-4" />
        </Link>
      </div>
      <dl className="divide-y">
        <Field label="Status">
          <CounterpartyStatusBadge status={detail.status} />
        </Field>
        <Field label="External account ID">{detail.externalAccountId ?? "-"}</Field>
        <Field label="NZBN">{detail.nzbn ?? "-"}</Field>
        <Field label="GST number">{detail.gstNumber ?? "-"}</Field>
        <Field label="Processing queue">
          {PROCESSING_QUEUE_LABELS[detail.processingQueue]}
          {detail.defaultProcessingQueue === null ? " (company default)" : ""}
        </Field>
        <Field label="Payment term">{detail.paymentTerm ?? "-"}</Field>
        <Field label="GL code">{detail.glAccount ? `${detail.glAccount.accountCode} - ${detail.glAccount.accountName}` : "-"}</Field>
        <Field label="Bank account">{detail.externalBankAccountNumber ?? "-"}</Field>
        <Field label="Purchaser offers">{detail.isPurchaserOffersEnabled ? "Enabled" : "Disabled"}</Field>
        <Field label="Scheduled payments">{detail.isScheduledPaymentsEnabled ? "Enabled" : "Disabled"}</Field>
        <Field label="Period lock date">{detail.periodLockDate ?? "-"}</Field>
        <Field label="Bills">{count(detail.counts.bills)}</Field>
        <Field label="Invoices">{count(detail.counts.invoices)}</Field>
        <Field label="Credit notes">{count(detail.counts.creditNotes)}</Field>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Link to={`${directoryPath(companyId)}/configure?${serializeDirectoryQuery(query, { ids: String(detail.id), cp: String(detail.id) })}`} className={buttonVariants({ size: "sm" })} preventScrollReset>
          <Settings2 aria-hidden className="size-4" />
          Configure
        </Link>
        <Link to={`${directoryPath(companyId)}/merge/${detail.id}`} className={buttonVariants({ variant: "outline", size: "sm" })} preventScrollReset>
          <GitMerge aria-hidden className="size-4" />
          Merge
        </Link>
      </div>
    </aside>
  );
}
