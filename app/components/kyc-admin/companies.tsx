import { Form, Link } from "@remix-run/react";
import { Search, X } from "~/components/ui/icons";
import { CompanyStatusBadge } from "~/components/kyc-admin/people";
import { dateAndTime } from "~/components/topups/admin-topups";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { CompanyListRow } from "~/modules/kyc/admin.server";
import { StatusBadge } from "~/components/ui/status-badge";

/** 'Search company by name' with its removable 'Results for' tag (p3 §2.3); a GET form, so it works without JavaScript. */
export function CompanySearch({ companyName, verificationStatus, clearHref }: { companyName: string; verificationStatus: string | null; clearHref: string }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Form method="get" role="search" className="flex w-full max-w-md items-center gap-2">
        {verificationStatus ? <input type="hidden" name="verificationStatus" value={verificationStatus} /> : null}
        <label htmlFor="company-search" className="sr-only">
          Search company by name
        </label>
        <Input
          id="company-search"
          name="companyName"
          type="search"
          placeholder="Search company by name"
          defaultValue={companyName}
          key={companyName}
          maxLength={100}
        />
        <Button type="submit" variant="outline" size="icon" aria-label="Search">
          <Search aria-hidden className="size-4" />
        </Button>
      </Form>
      {companyName ? (
        <Badge variant="secondary" className="gap-2 py-1 text-sm font-normal">
          Results for &quot;{companyName}&quot;
          <Link to={clearHref} aria-label={`Remove search ${companyName}`} className="rounded-full hover:text-foreground">
            <X aria-hidden className="size-3.5" />
          </Link>
        </Badge>
      ) : null}
    </div>
  );
}

export function CompaniesTable({ rows, emptyText }: { rows: CompanyListRow[]; emptyText: string }) {
  return (
    <div className="overflow-x-auto rounded-md border">
      <Table aria-label="Companies">
        <TableHeader>
          <TableRow>
            <TableHead>Company</TableHead>
            <TableHead>Country</TableHead>
            <TableHead>Verification</TableHead>
            <TableHead className="hidden md:table-cell">Status</TableHead>
            <TableHead className="hidden md:table-cell">Joined</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableEmpty colSpan={5}>{emptyText}</TableEmpty>
          ) : (
            rows.map((company) => (
              <TableRow key={company.id}>
                <TableCell label="Company" className="font-medium">
                  <Link to={`/companies/${company.id}`} className="text-primary underline-offset-4 hover:underline">
                    {company.companyName}
                  </Link>
                </TableCell>
                <TableCell label="Country">{company.country}</TableCell>
                <TableCell label="Verification">
                  <CompanyStatusBadge status={company.verificationStatus} />
                </TableCell>
                <TableCell label="Status" className="hidden md:table-cell">
                  <StatusBadge kind="company" status={company.status} />
                </TableCell>
                <TableCell label="Joined" className="hidden whitespace-nowrap md:table-cell">
                  {dateAndTime(company.createdAt, company.country === "AU" ? "en-AU" : "en-NZ").date}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </div>
  );
}
