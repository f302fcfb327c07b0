/**
 * The admin Topups page at / (spec p3 §2.3, §4.3; docs/decisions/012, 030): tabs, the list, and its dialogs (Confirm,
 * Cancel, Assign an unknown deposit, Return an unknown deposit to its sender, Import bank statement). "/" is an index
 * route and cannot have child routes, so a dialog is named by a query parameter of the list URL (?confirm=<id>,
 * ?cancel=<id>, ?assign=<id>, ?return=<id>, ?import=statement)
 * and rendered by the page itself: in the server HTML, linkable, and closed by a link back to the list.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { FileUp } from "~/components/ui/icons";
import { Pager } from "~/components/invoices/pager";
import { Button, buttonVariants } from "~/components/ui/button";
import { CsvImportDialog } from "~/components/ui/csv-file-field";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { DialogCancelLink, RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { LinkTabs } from "~/components/ui/tabs";
import { dateAndTimeIn, formatDate, timeZoneOfLocale } from "~/lib/dates";
import { formatMoney, type Cents } from "~/lib/money";
import { TOP_UP_TABS, type TopUpAction, type TopUpStatus, type TopUpTab } from "~/modules/ledger/top-ups.rules";
import { StatusBadge } from "~/components/ui/status-badge";

type Locale = "en-NZ" | "en-AU";

export interface AdminRow {
  id: number;
  companyName: string | null;
  currency: string;
  locale: Locale;
  topupAmount: Cents;
  topupStatus: TopUpStatus;
  paymentReference: string | null;
  /** The company's Funds Available (list rows only). */
  fundsAvailable?: Cents | null;
  creationTime: string;
  modificationTime: string;
  deposit: { transactionDate: string; reference: string | null; particulars: string | null; code: string | null; otherParty: string | null } | null;
  actions: TopUpAction[];
  returnableFrom: string | null;
  returnedTo: { reference: string; accountName: string; details: string; status: "PENDING" | "COMPLETED"; fileName: string | null } | null;
}

/** "22 Nov 2026" and "14:05" in the company's time zone (D1). */
export function dateAndTime(iso: string, locale: Locale): { date: string; time: string } {
  const { date, time } = dateAndTimeIn(iso, timeZoneOfLocale(locale));
  return { date, time };
}

/** Date over time; `inline` keeps them on one line where there is room (xl). */
function When({ iso, locale, inline }: { iso: string; locale: Locale; inline?: boolean }) {
  const { date, time } = dateAndTime(iso, locale);
  return (
    <time dateTime={iso}>
      <span className={inline ? "block whitespace-nowrap xl:inline" : "block whitespace-nowrap"}>{date}</span>
      {inline ? <span className="hidden xl:inline">, </span> : null}
      <span className={inline ? "block xl:inline" : "block text-xs text-muted-foreground"}>{time}</span>
    </time>
  );
}

/** The list URL for a tab and page (no dialog). */
export function listHref(tab: TopUpTab, page = 1, size = 25): string {
  const params = new URLSearchParams();
  if (tab !== "all") params.set("tab", tab);
  if (page > 1) params.set("page", String(page));
  if (size !== 25) params.set("size", String(size));
  const search = params.toString();
  return search ? `/?${search}` : "/";
}

function dialogHref(list: string, name: "confirm" | "cancel" | "assign" | "return" | "import", value: string | number): string {
  return `${list}${list.includes("?") ? "&" : "?"}${name}=${value}`;
}

function depositText(row: AdminRow): string {
  const deposit = row.deposit;
  if (!deposit) return "";
  return [deposit.otherParty, deposit.particulars, deposit.code].filter(Boolean).join(" · ");
}

export function TopupsToolbar({ tab, list }: { tab: TopUpTab; list: string }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <LinkTabs label="Topup status" value={tab} items={TOP_UP_TABS.map((item) => ({ value: item.value, label: item.label, to: listHref(item.value) }))} />
      <Link to={dialogHref(list, "import", "statement")} preventScrollReset className={buttonVariants({ variant: "outline", size: "sm" })}>
        <FileUp className="size-4" aria-hidden />
        Import bank statement
      </Link>
    </div>
  );
}

const EMPTY: Record<TopUpTab, string> = {
  all: "There are no topups yet",
  pending: "There are no pending topups",
  unknown: "There are no unknown deposits",
  approved: "There are no approved topups",
  cancelled: "There are no cancelled topups",
};

export function TopupsTable({ tab, rows, total, page, size }: { tab: TopUpTab; rows: AdminRow[]; total: number; page: number; size: number }) {
  const list = listHref(tab, page, size);
  return (
    <div className="min-w-0">
      <Table aria-label="Topups">
        <TableHeader>
          <TableRow>
            <TableHead>Created</TableHead>
            <TableHead>Company</TableHead>
            <TableHead>Reference</TableHead>
            <TableHead className="text-right">Amount</TableHead>
            {/* Below 1024 px the column gives way to the actions; the Confirm dialog shows it. */}
            <TableHead className="hidden text-right xl:table-cell">Funds Available</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? <TableEmpty colSpan={7}>{EMPTY[tab]}</TableEmpty> : null}
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell label="Created">
                <When iso={row.creationTime} locale={row.locale} />
              </TableCell>
              <TableCell label="Company" className="min-w-28">
                {row.companyName ?? <span className="italic text-muted-foreground">Unknown deposit</span>}
                {row.deposit && depositText(row) ? <span className="block text-xs text-muted-foreground">{depositText(row)}</span> : null}
                <ReturnNote row={row} />
              </TableCell>
              <TableCell label="Reference" className="whitespace-nowrap font-mono text-xs">
                {row.paymentReference ?? (row.deposit?.reference ? <span title="Quoted by the payer">“{row.deposit.reference}”</span> : "—")}
              </TableCell>
              <TableCell label="Amount" className="whitespace-nowrap text-right tabular-nums">
                {formatMoney(row.topupAmount, row.locale)}
              </TableCell>
              <TableCell label="Funds Available" className="hidden whitespace-nowrap text-right tabular-nums xl:table-cell">
                {row.fundsAvailable == null ? "—" : formatMoney(row.fundsAvailable, row.locale)}
              </TableCell>
              <TableCell label="Status">
                <StatusBadge kind="topUp" status={row.topupStatus} />
                {/* The spec's modificationTime: when the status last changed. */}
                <span className="mt-1 block text-xs text-muted-foreground">
                  <span className="sr-only">Modified </span>
                  <When iso={row.modificationTime} locale={row.locale} inline />
                </span>
              </TableCell>
              <TableCell label="Actions" className="whitespace-nowrap text-right">
                <div className="flex flex-col items-stretch justify-end gap-1 xl:flex-row xl:items-center">
                  {row.actions.includes("confirm") ? (
                    <Link
                      to={dialogHref(list, "confirm", row.id)}
                      preventScrollReset
                      className={buttonVariants({ size: "sm" })}
                      aria-label={`Confirm topup ${row.paymentReference ?? row.id}`}
                    >
                      Confirm
                    </Link>
                  ) : null}
                  {row.actions.includes("assign") ? (
                    <Link
                      to={dialogHref(list, "assign", row.id)}
                      preventScrollReset
                      className={buttonVariants({ size: "sm" })}
                      aria-label={`Assign deposit ${row.id}`}
                    >
                      Assign
                    </Link>
                  ) : null}
                  {row.actions.includes("return") ? (
                    <Link
                      to={dialogHref(list, "return", row.id)}
                      preventScrollReset
                      className={buttonVariants({ variant: "outline", size: "sm" })}
                      aria-label={`Return deposit ${row.id} to its sender`}
                    >
                      Return
                    </Link>
                  ) : null}
                  {row.actions.includes("cancel") ? (
                    <Link
                      to={dialogHref(list, "cancel", row.id)}
                      preventScrollReset
                      className={buttonVariants({ variant: "outline", size: "sm" })}
                      aria-label={`Cancel topup ${row.paymentReference ?? row.id}`}
                    >
                      Cancel
                    </Link>
                  ) : null}
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pager total={total} page={page} size={size} hrefFor={(n) => listHref(tab, n, size)} hidden={tab === "all" ? [] : [["tab", tab]]} />
    </div>
  );
}

/** Under an unknown deposit: when it may be returned; under a returned one: to whom, and whether a bank file paid it. */
function ReturnNote({ row }: { row: AdminRow }) {
  if (row.returnedTo) {
    const paid = row.returnedTo.fileName ? `paid by ${row.returnedTo.fileName}` : "waiting for the next bank payment file";
    return (
      <span className="block text-xs text-muted-foreground">
        Returned to {row.returnedTo.accountName} ({row.returnedTo.reference}, {paid})
      </span>
    );
  }
  if (row.topupStatus === "UNKNOWN" && row.returnableFrom && !row.actions.includes("return")) {
    return <span className="block text-xs text-muted-foreground">Returnable from {dateAndTime(row.returnableFrom, row.locale).date}</span>;
  }
  return null;
}

function usePosting() {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formMethod === "POST";
}

function TopUpSummary({ row }: { row: AdminRow }) {
  return (
    <dl className="divide-y rounded-md border text-sm">
      <div className="flex justify-between gap-4 px-3 py-2">
        <dt className="text-muted-foreground">Company</dt>
        <dd className="text-right font-medium">{row.companyName ?? "Unknown deposit"}</dd>
      </div>
      <div className="flex justify-between gap-4 px-3 py-2">
        <dt className="text-muted-foreground">Reference</dt>
        <dd className="font-mono">{row.paymentReference ?? row.deposit?.reference ?? "—"}</dd>
      </div>
      <div className="flex justify-between gap-4 px-3 py-2">
        <dt className="text-muted-foreground">Amount</dt>
        <dd className="font-semibold tabular-nums">{formatMoney(row.topupAmount, row.locale)}</dd>
      </div>
      {row.fundsAvailable != null ? (
        <div className="flex justify-between gap-4 px-3 py-2">
          <dt className="text-muted-foreground">Funds Available now</dt>
          <dd className="tabular-nums">{formatMoney(row.fundsAvailable, row.locale)}</dd>
        </div>
      ) : null}
      {row.deposit ? (
        <div className="flex justify-between gap-4 px-3 py-2">
          <dt className="text-muted-foreground">Deposit</dt>
          <dd className="text-right">{[formatDate(row.deposit.transactionDate), depositText(row)].filter(Boolean).join(" · ")}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** Confirm (PENDING → COMPLETED, wallet credited) or Cancel (PENDING → CANCELLED) one top-up. */
export function TopupActionDialog({ kind, row, closeTo, action }: { kind: "confirm" | "cancel"; row: AdminRow; closeTo: string; action: string }) {
  const posting = usePosting();
  const confirm = kind === "confirm";
  return (
    <RouteDialog
      title={confirm ? "Confirm topup" : "Cancel topup"}
      closeTo={closeTo}
      description={
        confirm
          ? `Confirm that ${formatMoney(row.topupAmount, row.locale)} has arrived from ${row.companyName}. Their account is credited at once.`
          : `Cancel this topup of ${formatMoney(row.topupAmount, row.locale)} for ${row.companyName}? Nothing has been credited.`
      }
    >
      <TopUpSummary row={row} />
      <Form method="post" action={action} preventScrollReset>
        <input type="hidden" name="intent" value={kind} />
        <input type="hidden" name="id" value={row.id} />
        <RouteDialogFooter>
          <DialogCancelLink to={closeTo} />
          <Button type="submit" variant={confirm ? "default" : "destructive"} disabled={posting}>
            {posting ? (confirm ? "Confirming..." : "Cancelling...") : confirm ? "Confirm" : "Cancel topup"}
          </Button>
        </RouteDialogFooter>
      </Form>
    </RouteDialog>
  );
}

/** Assign an unknown deposit to a company (SUSPENSE → its wallet). */
export function AssignDialog({
  row,
  companies,
  suggestion,
  closeTo,
  action,
  error,
}: {
  row: AdminRow;
  companies: { id: number; companyName: string }[];
  suggestion: { companyId: number; companyName: string; note: string } | null;
  closeTo: string;
  action: string;
  error: string | null;
}) {
  const posting = usePosting();
  return (
    <RouteDialog title="Assign deposit" closeTo={closeTo} description="Credit this deposit, held in suspense, to the company that sent it.">
      <TopUpSummary row={row} />
      {suggestion ? <p className="rounded-md bg-accent/60 px-3 py-2 text-sm">{suggestion.note}</p> : null}
      <Form method="post" action={action} preventScrollReset className="space-y-4">
        <input type="hidden" name="intent" value="assign" />
        <input type="hidden" name="id" value={row.id} />
        <div className="space-y-1.5">
          <Label htmlFor="assign-company" required>
            Company
          </Label>
          <select
            id="assign-company"
            aria-required="true"
            name="companyId"
            defaultValue={suggestion ? String(suggestion.companyId) : ""}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? "assign-company-error" : undefined}
            className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive"
          >
            <option value="">Select a company</option>
            {companies.map((company) => (
              <option key={company.id} value={company.id}>
                {company.companyName}
              </option>
            ))}
          </select>
          <FieldError id="assign-company-error" message={error} />
        </div>
        <RouteDialogFooter>
          <DialogCancelLink to={closeTo} />
          <Button type="submit" disabled={posting}>
            {posting ? "Assigning..." : "Assign"}
          </Button>
        </RouteDialogFooter>
      </Form>
    </RouteDialog>
  );
}

/** Upload a bank statement CSV: deposits quoting a pending topup's reference complete it, others wait in suspense. */
export function ImportStatementDialog({ closeTo, action, error, details }: { closeTo: string; action: string; error: string | null; details: string[] }) {
  return (
    <CsvImportDialog
      title="Import bank statement"
      description="Deposits quoting a pending topup's reference, for its amount, complete it. Other deposits are held as unknown until you assign them."
      intent="import"
      closeTo={closeTo}
      action={action}
      field={{
        id: "statement-file",
        label: "Bank statement (CSV)",
        hint: "Columns: Date, Amount, Reference; optional Particulars, Code, Other Party, Transaction ID.",
        error,
        details,
      }}
    >
      <div className="space-y-1.5">
        <Label htmlFor="statement-currency">Currency</Label>
        <select
          id="statement-currency"
          name="currency"
          defaultValue="NZD"
          className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <option value="NZD">NZD</option>
          <option value="AUD">AUD</option>
        </select>
      </div>
    </CsvImportDialog>
  );
}

/**
 * Return an unknown deposit to its sender (docs/decisions/030): the account it goes back to, paid by the next bank
 * payment file. Only after 30 days unclaimed; the deposit is then RETURNED and can no longer be assigned.
 */
export function ReturnDepositDialog({
  row,
  closeTo,
  action,
  error,
  fieldErrors,
}: {
  row: AdminRow;
  closeTo: string;
  action: string;
  error: string | null;
  fieldErrors: Record<string, string>;
}) {
  const posting = usePosting();
  const au = row.currency === "AUD";
  const field = (name: "accountName" | "bsb" | "accountNumber", label: string, hint?: string) => (
    <div className="space-y-1.5">
      {/* The account the deposit goes back to: every field shown is required, as in the bank account form. */}
      <Label htmlFor={`return-${name}`} required>
        {label}
      </Label>
      <Input
        id={`return-${name}`}
        aria-required="true"
        name={name}
        inputMode={name === "accountName" ? undefined : "numeric"}
        autoComplete="off"
        defaultValue={name === "accountName" ? row.deposit?.otherParty ?? "" : ""}
        aria-invalid={Boolean(fieldErrors[name])}
        aria-describedby={fieldErrors[name] ? `return-${name}-error` : hint ? `return-${name}-hint` : undefined}
      />
      {hint && !fieldErrors[name] ? (
        <p id={`return-${name}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`return-${name}-error`} message={fieldErrors[name]} />
    </div>
  );
  return (
    <RouteDialog
      title="Return deposit"
      closeTo={closeTo}
      description={`Send ${formatMoney(
        row.topupAmount,
        row.locale
      )} back to the account it came from. The next bank payment file pays it; the deposit can no longer be assigned.`}
    >
      <TopUpSummary row={row} />
      <Form method="post" action={action} preventScrollReset className="space-y-4" noValidate>
        <input type="hidden" name="intent" value="return" />
        <input type="hidden" name="id" value={row.id} />
        {field("accountName", "Account name")}
        {au ? field("bsb", "BSB", "Six digits, e.g. 062-000") : null}
        {field("accountNumber", "Account number", au ? "Up to 9 digits" : "15 or 16 digits, e.g. 12-3456-1234567-000")}
        {error && Object.keys(fieldErrors).length === 0 ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
        <RouteDialogFooter>
          <DialogCancelLink to={closeTo} />
          <Button type="submit" variant="destructive" disabled={posting}>
            {posting ? "Returning..." : "Return to sender"}
          </Button>
        </RouteDialogFooter>
      </Form>
    </RouteDialog>
  );
}
