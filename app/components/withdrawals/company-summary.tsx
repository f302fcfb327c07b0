/**
 * The admin company summary (spec p3 §2.4 "Summary: bank account, balance, withdrawals"): the company's funds, its
 * Earlybird account and default bank account, and its latest withdrawals, with Withdraw (on behalf of the company).
 */
import { Link } from "@remix-run/react";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { ContextView } from "./withdraw-types";
import { StatusBadge } from "~/components/ui/status-badge";

export interface SummaryWithdrawal {
  id: number;
  date: string;
  amount: string;
  status: string;
  account: string;
  details: string;
  requestedBy: string;
  completedOn: string | null;
  file: { id: number; fileName: string } | null;
  /** Returned by the bank (FAILED, reversed): why. */
  returnReason: string | null;
}

export function WithdrawalStatusBadge({ status }: { status: string }) {
  return <StatusBadge kind="withdrawal" status={status} />;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

export function CompanySummary({ companyId, context, withdrawals }: { companyId: number; context: ContextView; withdrawals: SummaryWithdrawal[] }) {
  const account = context.destination;
  return (
    <div className="grid gap-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Balance</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
              <Figure label="Balance" value={context.balance} />
              <Figure label="Cash Reserve" value={context.cashReserve} />
              <Figure label="Funds Available" value={context.fundsAvailable} />
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Bank account</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            <div>
              <p className="text-muted-foreground">Earlybird account</p>
              <p className="font-medium">{context.source ? `${context.source.name} (${context.source.details})` : "Not activated"}</p>
            </div>
            <div>
              <p className="text-muted-foreground">Default bank account</p>
              {account ? (
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span>
                    {account.name} ({account.details})
                  </span>
                  <StatusBadge kind="bankAccount" status={account.status} />
                </p>
              ) : (
                <p className="font-medium">No default bank account</p>
              )}
            </div>
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader className="flex-row items-start justify-between gap-4 space-y-0">
          <div className="space-y-1.5">
            <CardTitle className="text-lg">Withdrawals</CardTitle>
            <CardDescription>The latest 25, newest first.</CardDescription>
          </div>
          <Link to={`/companies/${companyId}/summary/withdraw`} preventScrollReset className={buttonVariants()}>
            Withdraw
          </Link>
        </CardHeader>
        <CardContent>
          <Table aria-label="Withdrawals">
            <TableHeader>
              <TableRow>
                <TableHead>Date</TableHead>
                <TableHead className="text-right">Amount</TableHead>
                <TableHead>To account</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Requested by</TableHead>
                <TableHead>Bank file</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {withdrawals.length === 0 ? (
                <TableEmpty colSpan={6}>No withdrawals yet</TableEmpty>
              ) : (
                withdrawals.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell label="Date" className="whitespace-nowrap">
                      {row.date}
                    </TableCell>
                    <TableCell label="Amount" className="text-right tabular-nums">
                      {row.amount}
                    </TableCell>
                    <TableCell label="To account">
                      <span className="block">{row.account}</span>
                      <span className="block text-xs text-muted-foreground">{row.details}</span>
                    </TableCell>
                    <TableCell label="Status">
                      <WithdrawalStatusBadge status={row.status} />
                      {row.returnReason ? <span className="mt-1 block text-xs text-muted-foreground">{row.returnReason}</span> : null}
                    </TableCell>
                    <TableCell label="Requested by" className="break-all">
                      {row.requestedBy}
                    </TableCell>
                    <TableCell label="Bank file">
                      {row.file ? (
                        <>
                          <a
                            href={`/resources/bank-payment-files/${row.file.id}`}
                            className="break-all text-primary underline-offset-4 hover:underline"
                            download
                          >
                            {row.file.fileName}
                          </a>
                          {row.status === "COMPLETED" ? (
                            <Link
                              to={`/system?file=${row.file.id}&return=${row.id}`}
                              className="mt-1 block text-xs text-primary underline-offset-4 hover:underline"
                              aria-label={`Mark WD${row.id} returned`}
                            >
                              Returned by the bank?
                            </Link>
                          ) : null}
                        </>
                      ) : (
                        <span className="text-muted-foreground">Not yet</span>
                      )}
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </div>
  );
}
