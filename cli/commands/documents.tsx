/**
 * The bill documents' CLI door (issue 16 part 2): `documents:upload FILE... --company ID` hands files to the same
 * intake as the web (checked by content, 10 MB each, one live document per file) and `documents:list --company ID
 * [--status S]` pages a company's documents. With --wait the upload also runs each new document's processing job here
 * (otherwise the job worker of `npm start` / `npm run worker` takes it). --json prints one entry per file; a refused
 * file makes the command exit 1 after printing every entry.
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { Command } from "commander";
import { z } from "zod";
import { operatorFor } from "../../app/lib/actor";
import { AppError } from "../../app/lib/errors";
import { formatMoney } from "../../app/lib/money";
import { formatDate } from "../../app/lib/dates";
import { BILL_DOCUMENT_PROCESSING_STATUSES } from "../../app/modules/documents/schema";
import { DOCUMENT_MAX_BYTES, DOCUMENT_UPLOAD_MAX_FILES } from "../../app/modules/documents/rules";
import type { DocumentView } from "../../app/modules/documents/service.server";
import { formatTable, type Column } from "../format";
import { action, assertMigrated, outputOf, parseOptions, withDatabase } from "../runtime";
import { CompanyIdOption, companyOrFail, finishJob, PageOptionsSchema, pageOf, withPageOptions } from "./support";

const UploadOptions = z.object({ company: CompanyIdOption, wait: z.boolean().default(false) });

const ListOptions = z.object({
  company: CompanyIdOption,
  status: z
    .string()
    .transform((value) => value.trim().toUpperCase())
    .refine((value) => (BILL_DOCUMENT_PROCESSING_STATUSES as readonly string[]).includes(value), {
      message: `must be one of ${BILL_DOCUMENT_PROCESSING_STATUSES.join(", ")}`,
    })
    .optional(),
}).merge(PageOptionsSchema);

/** One line of the upload's answer: the document (new or already there), or why the file was refused. */
export type UploadEntry =
  | { file: string; documentId: number; status: string; reason: string; duplicate: boolean }
  | { file: string; status: "REFUSED"; message: string };

/** The file's bytes, no more than the limit and one byte (enough for the intake to refuse its size). */
async function readUpTo(file: string, maxBytes: number): Promise<Buffer | null> {
  const handle = await fs.open(file, "r").catch(() => null);
  if (!handle) return null;
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) return null;
    const buffer = Buffer.alloc(Math.min(stat.size, maxBytes));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function uploadLine(entry: UploadEntry): string {
  if (entry.status === "REFUSED") return `${entry.file}: refused: ${"message" in entry ? entry.message : ""}`;
  const document = entry as Extract<UploadEntry, { documentId: number }>;
  const reason = document.reason ? ` (${document.reason})` : "";
  return `${entry.file}: document ${document.documentId} ${document.duplicate ? "already received, " : ""}${document.status}${reason}`;
}

interface ListRow {
  id: number;
  status: string;
  reason: string;
  supplier: string;
  invoiceNumber: string;
  orderNumber: string;
  amount: string;
  issueDate: string;
  received: string;
}

const LIST_COLUMNS: Column<ListRow>[] = [
  { header: "Id", value: (row) => String(row.id), align: "right" },
  { header: "Status", value: (row) => row.status },
  { header: "Reason", value: (row) => row.reason, maxWidth: 28 },
  { header: "Supplier", value: (row) => row.supplier, maxWidth: 32 },
  { header: "Invoice", value: (row) => row.invoiceNumber, maxWidth: 20 },
  { header: "Order", value: (row) => row.orderNumber, maxWidth: 20 },
  { header: "Amount", value: (row) => row.amount, align: "right" },
  { header: "Issue date", value: (row) => row.issueDate },
];

const listRow = (document: DocumentView): ListRow => ({
  id: document.id,
  status: document.processingStatus,
  reason: document.reason,
  supplier: document.supplierName ?? document.originalFileName,
  invoiceNumber: document.invoiceNumber ?? "",
  orderNumber: document.orderNumber ?? "",
  amount: document.invoiceAmount === null ? "" : formatMoney(document.invoiceAmount),
  issueDate: formatDate(document.dateIssue),
  received: document.createdAt,
});

export function registerDocumentCommands(program: Command) {
  program
    .command("documents:upload")
    .description(`send bill documents (PDF, JPG or PNG, up to 10 MB each) to a company's document processing`)
    .argument("<files...>", "PDF, JPG or PNG files")
    .requiredOption("--company <id>", "the company the bills are for")
    .option("--wait", "process each new document here and print where it landed")
    .action(
      action(async (files: string[], rawOptions: { company: string; wait?: boolean }, command: Command) => {
        const output = outputOf(command);
        const options = parseOptions(UploadOptions, { ...rawOptions, wait: Boolean(rawOptions.wait) });
        const entries = await withDatabase(async (sequelize): Promise<UploadEntry[]> => {
          await assertMigrated(sequelize);
          const { receiveDocuments, getDocument } = await import("../../app/modules/documents/service.server");
          const { runProcessDocument } = await import("../../app/modules/documents/processing.server");
          await companyOrFail(options.company);
          const actor = operatorFor(options.company);
          const answered: UploadEntry[] = [];
          // The intake takes DOCUMENT_UPLOAD_MAX_FILES files a call; the command any number, read one batch at a time.
          for (let start = 0; start < files.length; start += DOCUMENT_UPLOAD_MAX_FILES) {
            const batch = await Promise.all(
              files.slice(start, start + DOCUMENT_UPLOAD_MAX_FILES).map(async (file) => ({ file, content: await readUpTo(file, DOCUMENT_MAX_BYTES + 1) }))
            );
            const readable = batch.filter((item): item is { file: string; content: Buffer } => item.content !== null);
            const results = readable.length
              ? await receiveDocuments(actor, options.company, readable.map((item) => ({ fileName: path.basename(item.file), content: item.content })), "CLI")
              : [];
            const byFile = new Map(readable.map((item, index) => [item, results[index]]));
            for (const item of batch) {
              const result = item.content ? byFile.get(item as { file: string; content: Buffer }) : undefined;
              if (!result) {
                answered.push({ file: item.file, status: "REFUSED", message: `File not found: ${item.file}` });
              } else if (!result.ok) {
                answered.push({ file: item.file, status: "REFUSED", message: result.message });
              } else {
                let document: DocumentView = result.document;
                if (options.wait && result.jobId) {
                  await finishJob(result.jobId, (jobId) => runProcessDocument(jobId), () => undefined);
                  document = await getDocument(options.company, result.document.id);
                }
                answered.push({ file: item.file, documentId: document.id, status: document.processingStatus, reason: document.reason, duplicate: result.duplicate });
              }
            }
          }
          return answered;
        });
        const lines = entries.map(uploadLine);
        await output.print({ json: entries, text: lines.join("\n"), ink: ({ Text }) => <Text>{lines.join("\n")}</Text> });
        const refused = entries.filter((entry) => entry.status === "REFUSED").length;
        if (refused > 0) throw new AppError(422, `${refused} of ${entries.length} files refused`, { code: "FILES_REFUSED" });
      })
    );

  withPageOptions(
    program
      .command("documents:list")
      .description("list a company's bill documents, newest first")
      .requiredOption("--company <id>", "the company")
      .option("--status <status>", `only this processing status (${BILL_DOCUMENT_PROCESSING_STATUSES.join(", ")})`),
    "documents"
  ).action(
      action(async (rawOptions: Record<string, unknown>, command: Command) => {
        const output = outputOf(command);
        const options = parseOptions(ListOptions, rawOptions);
        const list = await withDatabase(async (sequelize) => {
          await assertMigrated(sequelize);
          await companyOrFail(options.company);
          const { listDocuments } = await import("../../app/modules/documents/service.server");
          return listDocuments(options.company, { status: options.status as DocumentView["processingStatus"] | undefined, page: options.page, size: options.size });
        });
        const rows = list.documents.map(listRow);
        const footer = `${pageOf(list.page, list.total, list.size)} (${list.totalIsCapped ? "more than " : ""}${list.total} documents)`;
        const empty = options.status ? `No documents with status ${options.status}` : "No documents";
        await output.print({
          json: { page: list.page, size: list.size, total: list.total, totalIsCapped: list.totalIsCapped, documents: list.documents },
          text: `${formatTable(LIST_COLUMNS, rows, empty)}\n${footer}`,
          ink: ({ Box, Table, Text }) => (
            <Box flexDirection="column">
              <Table columns={LIST_COLUMNS} rows={rows} empty={empty} />
              <Text dimColor>{footer}</Text>
            </Box>
          ),
        });
      })
    );
}
