/**
 * The operators' purchase order commands (issue 16 part 1; docs/decisions/041): `pos:import FILE --company ID` (the web
 * dialog's import job, run in this process for the company and recorded in `jobs`) and `pos:list --company ID
 * [--status S]` (the company's purchase orders by order number, a page at a time).
 */
import type { Command } from "commander";
import { z } from "zod";
import { operatorFor } from "../../app/lib/actor";
import { AppError } from "../../app/lib/errors";
import { formatMoney } from "../../app/lib/money";
import type { PurchaseOrderImportResult } from "../../app/modules/purchase-orders/import.server";
import type { PurchaseOrderListItem } from "../../app/modules/purchase-orders/service.server";
import { formatTable, type Column } from "../format";
import { action, assertMigrated, loadUi, outputOf, parseOptions, withDatabase } from "../runtime";
import { summaryFrame, withJobProgress } from "../ui/job-progress";
import { CompanyIdOption, companyOrFail } from "./support";

const ImportOptions = z.object({ company: CompanyIdOption });

/** What pos:import prints; `--json` gives { success, failed, failedRows: [{ line, reasons }] } and the details. */
interface ImportSummary {
  jobId: string;
  file: string;
  success: number;
  failed: number;
  failedRows: { line: number; reasons: string[] }[];
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  suppliersMatched: number;
  /** failedRows holds the first rows only when this is true; the CSV has every one. */
  failedRowsTruncated: boolean;
  failedRowsFile: string | null;
  rematchJobId: string | null;
}

function importLines(summary: ImportSummary): string[] {
  const lines = [
    `Imported ${summary.success} of ${summary.total} purchase orders from ${summary.file} (job ${summary.jobId})`,
    `Success: ${summary.success}  Failed: ${summary.failed}  Created: ${summary.created}  Updated: ${summary.updated}  Unchanged: ${summary.unchanged}  Suppliers matched: ${summary.suppliersMatched}`,
    ...summary.failedRows.map((row) => `  Line ${row.line}: ${row.reasons.join("; ")}`),
  ];
  if (summary.failedRowsTruncated) lines.push(`  and ${summary.failed - summary.failedRows.length} more`);
  if (summary.failedRowsFile) lines.push(`Failed rows written to ${summary.failedRowsFile}`);
  if (summary.rematchJobId) lines.push(`Waiting documents are matched again (job ${summary.rematchJobId})`);
  return lines;
}

const STATUS_MESSAGE = "must be OPEN, RECEIPTED or CLOSED";
const ListOptions = z.object({
  company: CompanyIdOption,
  status: z
    .string()
    .transform((value) => value.trim().toUpperCase())
    .pipe(z.enum(["OPEN", "RECEIPTED", "CLOSED"], { errorMap: () => ({ message: STATUS_MESSAGE }) }))
    .optional(),
  page: z.coerce.number({ invalid_type_error: "must be a page number" }).int("must be a page number").min(1, "must be a page number").max(1000, "must be at most 1000").default(1),
  size: z.coerce
    .number()
    .refine((value) => [10, 25, 50, 100].includes(value), { message: "must be 10, 25, 50 or 100" })
    .default(25),
});

interface OrderRow {
  id: number;
  orderNumber: string;
  supplierName: string | null;
  supplierCompanyId: number | null;
  orderDate: string | null;
  amount: string;
  amountCents: number;
  status: string;
}

const ORDER_COLUMNS: Column<OrderRow>[] = [
  { header: "Order number", value: (row) => row.orderNumber, maxWidth: 32 },
  { header: "Supplier", value: (row) => row.supplierName ?? "", maxWidth: 40 },
  { header: "Supplier id", value: (row) => (row.supplierCompanyId === null ? "-" : String(row.supplierCompanyId)), align: "right" },
  { header: "Order date", value: (row) => row.orderDate ?? "-" },
  { header: "Amount", value: (row) => row.amount, align: "right" },
  { header: "Status", value: (row) => row.status },
];

const toRow = (order: PurchaseOrderListItem): OrderRow => ({
  id: order.id,
  orderNumber: order.orderNumber,
  supplierName: order.supplierName,
  supplierCompanyId: order.supplierCompanyId,
  orderDate: order.orderDate,
  amount: formatMoney(order.amountCents),
  amountCents: order.amountCents,
  status: order.status,
});

export function registerPurchaseOrderCommands(program: Command) {
  program
    .command("pos:import")
    .description("import a company's purchase orders from a CSV file (the import_purchase_orders.csv template); upserts by order number")
    .argument("<file>", "CSV file")
    .requiredOption("--company <id>", "the buying company whose purchase orders these are")
    .action(
      action(async (file: string, rawOptions: { company: string }, command: Command) => {
        const output = outputOf(command);
        const options = parseOptions(ImportOptions, rawOptions);
        const ui = output.mode === "ink" ? await loadUi() : null;
        const { result: summary, finish } = await withJobProgress(ui, "pos:import", (onProgress) =>
          withDatabase(async (sequelize): Promise<ImportSummary> => {
            await assertMigrated(sequelize);
            const { purchaseOrderImportFailedPath, runPurchaseOrderImport, startPurchaseOrderImport } = await import("../../app/modules/purchase-orders/import.server");
            await companyOrFail(options.company);
            const job = await startPurchaseOrderImport(operatorFor(options.company), { filePath: file });
            const done = await runPurchaseOrderImport(job.id, { onProgress });
            if (done.status !== "SUCCEEDED") throw new AppError(409, done.error ?? `The import is ${done.status}`, { code: "IMPORT_NOT_DONE" });
            const result = done.result as PurchaseOrderImportResult;
            return {
              jobId: done.id,
              file,
              success: result.success,
              failed: result.failed,
              failedRows: result.failedRows.map((failure) => ({ line: failure.line, reasons: failure.reasons })),
              total: result.total,
              created: result.created,
              updated: result.updated,
              unchanged: result.unchanged,
              suppliersMatched: result.suppliersMatched,
              failedRowsTruncated: result.failedRows.length < result.failed,
              failedRowsFile: purchaseOrderImportFailedPath(done.id),
              rematchJobId: result.rematchJobId,
            };
          })
        );
        const lines = importLines(summary);
        if (ui && finish) {
          await finish(summaryFrame(ui, lines));
          return;
        }
        await output.print({ json: summary, text: lines.join("\n"), ink: ({ Text }) => <Text>{lines.join("\n")}</Text> });
      })
    );

  program
    .command("pos:list")
    .description("list a company's purchase orders by order number")
    .requiredOption("--company <id>", "the buying company")
    .option("--status <status>", "only this status (OPEN, RECEIPTED or CLOSED)")
    .option("--page <n>", "page number", "1")
    .option("--size <n>", "orders a page (10, 25, 50 or 100)", "25")
    .action(
      action(async (rawOptions: Record<string, unknown>, command: Command) => {
        const output = outputOf(command);
        const options = parseOptions(ListOptions, rawOptions);
        const list = await withDatabase(async (sequelize) => {
          await assertMigrated(sequelize);
          await companyOrFail(options.company);
          const { listPurchaseOrders } = await import("../../app/modules/purchase-orders/service.server");
          return listPurchaseOrders(operatorFor(options.company), { status: options.status ?? null, page: options.page, size: options.size });
        });
        const rows = list.purchaseOrders.map(toRow);
        const footer = `Page ${list.page}${list.hasMore ? ` (more: --page ${list.page + 1})` : ""}`;
        const empty = options.status ? `No ${options.status} purchase orders` : "No purchase orders";
        await output.print({
          json: { page: list.page, size: list.size, hasMore: list.hasMore, purchaseOrders: list.purchaseOrders },
          text: `${formatTable(ORDER_COLUMNS, rows, empty)}\n${footer}`,
          ink: ({ Box, Table, Text }) => (
            <Box flexDirection="column">
              <Table columns={ORDER_COLUMNS} rows={rows} empty={empty} />
              <Text dimColor>{footer}</Text>
            </Box>
          ),
        });
      })
    );
}
