/** The admin's Activity tab (p3 §2.4; docs/decisions/062): the company's audit trail, who did what and when, paged. */
import { TableCell, TableRow } from "~/components/ui/table";
import { dateAndTimeIn } from "~/lib/dates";
import type { ActivityRow } from "~/modules/audit/activity.server";
import { AdminTableSection, type SectionPaging } from "./section-table";

const COLUMNS = [{ label: "When" }, { label: "Who" }, { label: "What" }];

export function ActivityTable({ rows, timeZone, ...paging }: { rows: ActivityRow[]; timeZone: string } & SectionPaging) {
  return (
    <AdminTableSection id="activity" title="Activity" columns={COLUMNS} empty="No activity yet" rowCount={rows.length} paging={paging}>
      {rows.map((row) => {
        const at = dateAndTimeIn(row.when, timeZone);
        return (
          <TableRow key={row.id}>
            <TableCell label="When" className="whitespace-nowrap">
              <time dateTime={row.when}>
                {at.date}, {at.time}
              </time>
            </TableCell>
            <TableCell label="Who" className="break-words">
              {row.who}
            </TableCell>
            <TableCell label="What">{row.what}</TableCell>
          </TableRow>
        );
      })}
    </AdminTableSection>
  );
}
