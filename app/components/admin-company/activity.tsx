/** The admin's Activity tab (p3 §2.4; docs/decisions/062): the company's audit trail, who did what and when, paged. */
import { Pager } from "~/components/invoices/pager";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { dateAndTimeIn } from "~/lib/dates";
import { listPageHref } from "~/lib/list-page";
import type { ActivityRow } from "~/modules/audit/activity.server";

export function ActivityTable({
  rows,
  total,
  page,
  size,
  timeZone,
  path,
  defaultSize,
}: {
  rows: ActivityRow[];
  total: number;
  page: number;
  size: number;
  timeZone: string;
  path: string;
  defaultSize: number;
}) {
  return (
    <section aria-labelledby="activity-heading" className="min-w-0 space-y-3">
      <h2 id="activity-heading" className="text-lg font-semibold">
        Activity
      </h2>
      <Table aria-label="Activity">
        <TableHeader>
          <TableRow>
            <TableHead>When</TableHead>
            <TableHead>Who</TableHead>
            <TableHead>What</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableEmpty colSpan={3}>No activity yet</TableEmpty>
          ) : (
            rows.map((row) => {
              const at = dateAndTimeIn(row.when, timeZone);
              return (
                <TableRow key={row.id}>
                  <TableCell data-label="When" className="whitespace-nowrap">
                    <time dateTime={row.when}>
                      {at.date}, {at.time}
                    </time>
                  </TableCell>
                  <TableCell data-label="Who" className="break-words">
                    {row.who}
                  </TableCell>
                  <TableCell data-label="What">{row.what}</TableCell>
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
      <Pager total={total} page={page} size={size} hrefFor={(n) => listPageHref(path, n, size, defaultSize)} hidden={[]} />
    </section>
  );
}
