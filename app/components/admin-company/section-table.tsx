/**
 * The admin company tabs' tables (p3 §2.4; docs/decisions/062): a titled section holding one named table with its
 * headings, the spec-style empty line when there are no rows, and the pager when the list is paged. The rows are the
 * caller's; each cell takes its column's `label`, so below 768 px the row is a card with captioned lines.
 */
import type { ReactNode } from "react";
import { Pager } from "~/components/invoices/pager";
import { Table, TableBody, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { listPageHref } from "~/lib/list-page";

export interface SectionColumn {
  label: string;
  /** Right-aligned (amounts, counts). */
  numeric?: boolean;
}

export interface SectionPaging {
  total: number;
  page: number;
  size: number;
  /** The tab's path; the page and size go in its query. */
  path: string;
  defaultSize: number;
}

export function AdminTable({ label, columns, empty, rowCount, children }: { label: string; columns: readonly SectionColumn[]; empty: string; rowCount: number; children: ReactNode }) {
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          {columns.map((column) => (
            <TableHead key={column.label} className={column.numeric ? "text-right" : undefined}>
              {column.label}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>{rowCount === 0 ? <TableEmpty colSpan={columns.length}>{empty}</TableEmpty> : children}</TableBody>
    </Table>
  );
}

/** A section headed `title` (its table named the same), with the pager below when `paging` is given. */
export function AdminTableSection({
  id,
  title,
  columns,
  empty,
  rowCount,
  paging,
  children,
}: {
  id: string;
  title: string;
  columns: readonly SectionColumn[];
  empty: string;
  rowCount: number;
  paging?: SectionPaging;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="min-w-0 space-y-3">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {title}
      </h2>
      <AdminTable label={title} columns={columns} empty={empty} rowCount={rowCount}>
        {children}
      </AdminTable>
      {paging ? (
        <Pager total={paging.total} page={paging.page} size={paging.size} hrefFor={(n) => listPageHref(paging.path, n, paging.size, paging.defaultSize)} hidden={[]} />
      ) : null}
    </section>
  );
}
