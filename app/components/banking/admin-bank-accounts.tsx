/**
 * Admin bank account screens (p3 §2.3): the list at /bank-accounts and the statement viewer at
 * /companies/{id}/bank-accounts.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { DialogCancelLink, RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { ChevronLeft, ChevronRight, Download, ExternalLink, FileText } from "~/components/ui/icons";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDate } from "~/lib/dates";
import { ADMIN_PAGE_SIZES } from "~/modules/banking/schema";
import type { AdminBankAccountRow, AdminCompanyBankAccount } from "~/modules/banking/service.server";
import { StatusBadge } from "./status-badge";
import { numberFormat } from "~/lib/intl";

const fileSize = (bytes: number) =>
  bytes >= 1_000_000 ? `${numberFormat("en-NZ", { maximumFractionDigits: 1 }).format(bytes / 1_000_000)} MB` : `${Math.max(1, Math.round(bytes / 1_000))} kB`;

const statementUrl = (bankAccountId: number, download = false) => `/resources/bank-accounts/${bankAccountId}/statement${download ? "?download=1" : ""}`;

export function AdminBankAccountsTable({ rows, emptyText }: { rows: AdminBankAccountRow[]; emptyText: string }) {
  return (
    <Table aria-label="Bank accounts">
      <TableHeader>
        <TableRow>
          <TableHead>Company</TableHead>
          <TableHead>Account name</TableHead>
          <TableHead>Account</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Last change</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 ? (
          <TableEmpty colSpan={6}>{emptyText}</TableEmpty>
        ) : (
          rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell label="Company" className="font-medium">
                {row.companyName}
              </TableCell>
              <TableCell label="Account name">{row.bankAccountName}</TableCell>
              <TableCell label="Account" className="whitespace-nowrap font-mono text-xs tabular-nums">
                {row.details}
              </TableCell>
              <TableCell label="Status">
                <StatusBadge status={row.bankAccountStatus} />
              </TableCell>
              <TableCell label="Last change" className="whitespace-nowrap">
                {formatDate(row.modificationTime)}
              </TableCell>
              <TableCell label="Actions" className="text-right">
                <Link
                  to={`/companies/${row.companyId}/bank-accounts`}
                  className="font-medium text-primary hover:underline"
                  aria-label={`View ${row.companyName} bank accounts`}
                >
                  View
                </Link>
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}

/** Previous / next and a page-size choice (20 by default, p3 §9); links and a GET form, so it works without JavaScript. */
export function SimplePager({
  total,
  page,
  size,
  hrefFor,
  hidden,
}: {
  total: number;
  page: number;
  size: number;
  hrefFor: (page: number) => string;
  hidden: [string, string][];
}) {
  const pages = Math.max(1, Math.ceil(total / size));
  const first = total === 0 ? 0 : (page - 1) * size + 1;
  const last = Math.min(page * size, total);
  const link = buttonVariants({ variant: "ghost", size: "sm" });
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 pt-3 text-sm">
      <p aria-live="polite">
        {first}-{last} of {total}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Form method="get" className="flex items-center gap-2">
          {hidden.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <label htmlFor="bank-accounts-size" className="whitespace-nowrap">
            Rows per page
          </label>
          <select
            id="bank-accounts-size"
            name="size"
            defaultValue={String(size)}
            key={size}
            className="h-9 rounded-md border border-input bg-background px-2 text-sm"
          >
            {ADMIN_PAGE_SIZES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          <Button type="submit" variant="outline" size="sm">
            Apply
          </Button>
        </Form>
        {page > 1 ? (
          <Link to={hrefFor(page - 1)} className={link} aria-label="Previous page">
            <ChevronLeft aria-hidden className="size-4" />
          </Link>
        ) : null}
        <span>
          Page {Math.min(page, pages)} of {pages}
        </span>
        {page < pages ? (
          <Link to={hrefFor(page + 1)} className={link} aria-label="Next page">
            <ChevronRight aria-hidden className="size-4" />
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

/** One account in the statement viewer: its details, its newest statement, and Approve / Reject when p3 §4.4 allows. */
export function AdminBankAccountCard({ account }: { account: AdminCompanyBankAccount }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("bankAccountId") === String(account.id);
  const decision = navigation.formData?.get("decision");
  const statement = account.statement;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="space-y-1">
          <CardTitle className="text-base">
            {account.bankAccountName}
            {account.defaultAccount ? <span className="ml-2 text-xs font-normal text-muted-foreground">Default</span> : null}
          </CardTitle>
          <p className="font-mono text-sm tabular-nums text-muted-foreground">{account.details}</p>
        </div>
        <StatusBadge status={account.bankAccountStatus} />
      </CardHeader>
      <CardContent className="space-y-4">
        {statement ? (
          <div className="space-y-3">
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
              <span className="flex items-center gap-2">
                <FileText aria-hidden className="size-4 text-muted-foreground" />
                {statement.fileName}
              </span>
              <span className="text-muted-foreground">
                Uploaded {formatDate(statement.uploadedAt)} · {fileSize(statement.sizeBytes)}
              </span>
              <a href={statementUrl(account.id)} target="_blank" rel="noreferrer" className="flex items-center gap-1 font-medium text-primary hover:underline">
                <ExternalLink aria-hidden className="size-4" /> Open statement
              </a>
              <a href={statementUrl(account.id, true)} className="flex items-center gap-1 font-medium text-primary hover:underline">
                <Download aria-hidden className="size-4" /> Download
              </a>
            </div>
            {statement.mimeType !== "application/pdf" ? (
              <img
                src={statementUrl(account.id)}
                alt={`Bank statement ${statement.fileName}`}
                className="max-h-[32rem] w-auto max-w-full rounded-md border object-contain"
              />
            ) : (
              <p className="text-sm text-muted-foreground">PDF statement: open it to check the account name and number.</p>
            )}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">No document uploaded</p>
        )}
        {account.canReview ? (
          <Form method="post" className="flex flex-wrap gap-2" preventScrollReset>
            <input type="hidden" name="bankAccountId" value={account.id} />
            <Button type="submit" name="decision" value="APPROVE" disabled={submitting} aria-label={`Approve ${account.bankAccountName}`}>
              {submitting && decision === "APPROVE" ? "Approving…" : "Approve"}
            </Button>
            {/* Reject asks first (decision 068): a GET to this page's confirmation, ?reject=<id>. */}
            <Button
              type="submit"
              formMethod="get"
              name="reject"
              value={account.id}
              variant="destructive"
              disabled={submitting}
              aria-label={`Reject ${account.bankAccountName}`}
            >
              {submitting && decision === "REJECT" ? "Rejecting…" : "Reject"}
            </Button>
          </Form>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The confirmation of Reject (decision 068): the account's name and details, Cancel (focused) and Reject. */
export function RejectBankAccountDialog({ account, closeTo }: { account: Pick<AdminCompanyBankAccount, "id" | "bankAccountName" | "details">; closeTo: string }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("bankAccountId") === String(account.id);
  return (
    <RouteDialog
      title="Reject bank account"
      closeTo={closeTo}
      description={`Reject ${account.bankAccountName} (${account.details})? Its verification fails and the company must add the account again.`}
    >
      <Form method="post" action={closeTo} preventScrollReset>
        <input type="hidden" name="bankAccountId" value={account.id} />
        <input type="hidden" name="confirmed" value="1" />
        <RouteDialogFooter>
          <DialogCancelLink to={closeTo} />
          <Button type="submit" name="decision" value="REJECT" variant="destructive" disabled={submitting}>
            {submitting ? "Rejecting…" : "Reject"}
          </Button>
        </RouteDialogFooter>
      </Form>
    </RouteDialog>
  );
}
