import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import {
  BankFileLinesDialog,
  BankFilesCard,
  FileProcessingCard,
  ImportReturnsDialog,
  ReturnWithdrawalDialog,
  systemHref,
  type BankFileItemView,
} from "~/components/withdrawals/file-processing";
import { requireAdmin } from "~/web/auth.server";
import { isAppError } from "~/lib/errors";
import { formatMoney } from "~/lib/money";
import { redirectWithToast } from "~/web/toast.server";
import { readUploadForm } from "~/web/upload-form.server";
import { getBankFileItems, getFileProcessingStatus, listBankPaymentFiles, setFileProcessingStatus } from "~/modules/ledger/bank-files.server";
import { importBankReturns, returnsImportSummary, returnWithdrawal } from "~/modules/ledger/returns.server";
import { PaymentIdSchema, RETURN_MESSAGES } from "~/modules/ledger/returns.schema";
import { MAX_STATEMENT_BYTES } from "~/modules/ledger/top-ups.schema";
import { SUCCESS_UPDATED } from "~/modules/ledger/withdrawals.schema";

export const handle: PageHandle = { title: "System" };
export const meta = titleMeta;

const TIME_ZONES = { NZ: "Pacific/Auckland", AU: "Australia/Sydney" } as const;
const created = (iso: string, country: "NZ" | "AU") =>
  new Intl.DateTimeFormat(country === "AU" ? "en-AU" : "en-NZ", {
    timeZone: TIME_ZONES[country],
    day: "2-digit",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
  })
    .format(new Date(iso))
    .replace(/,/g, "");

function listQuery(url: URL) {
  return { page: Number(url.searchParams.get("page") ?? 1), size: Number(url.searchParams.get("size") ?? 25) };
}

/**
 * /system (p3 §2.3, §4.7): the bank file processing switch and the files written. Admins only. Dialogs are query
 * parameters (docs/decisions/030): ?file=<id> a file's lines, ?file=<id>&return=<withdrawalId> mark one returned,
 * ?import=returns the bank's returns file.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireAdmin(request);
  const url = new URL(request.url);
  const [status, files] = await Promise.all([getFileProcessingStatus(actor), listBankPaymentFiles(actor, listQuery(url))]);
  const closeTo = systemHref(files.page, files.size);
  return json({
    status,
    files: files.rows.map((row) => ({
      id: row.id,
      created: created(row.createdAt, row.country),
      fileName: row.fileName,
      country: row.country,
      format: row.format,
      itemCount: row.itemCount,
      total: formatMoney(row.totalAmount, row.country === "AU" ? "en-AU" : "en-NZ"),
    })),
    total: files.total,
    page: files.page,
    size: files.size,
    closeTo,
    // Forms post to this very URL, so a refusal shown in the dialog keeps it open.
    action: `/system${url.search}`,
    dialog: await loadDialog(actor, url.searchParams, files.page, files.size),
  });
}

async function loadDialog(actor: Parameters<typeof getBankFileItems>[0], params: URLSearchParams, page: number, size: number) {
  if (params.get("import") === "returns") return { kind: "import" as const };
  const fileId = params.get("file");
  if (fileId === null) return null;
  let lines;
  try {
    lines = await getBankFileItems(actor, fileId);
  } catch (error) {
    if (isAppError(error) && error.status === 404) return null;
    throw error;
  }
  const locale = lines.file.country === "AU" ? "en-AU" : "en-NZ";
  const items: BankFileItemView[] = lines.items.map((item) => ({ ...item, amount: formatMoney(item.amount, locale) }));
  const linesHref = systemHref(page, size, { file: lines.file.id });
  const returnId = PaymentIdSchema.safeParse(params.get("return") ?? undefined);
  const returning = returnId.success ? items.find((item) => item.kind === "WITHDRAWAL" && item.id === returnId.data && item.status === "PAID") : undefined;
  if (returning) return { kind: "return" as const, item: returning, closeTo: linesHref };
  return { kind: "lines" as const, fileId: lines.file.id, fileName: lines.file.fileName, items };
}

type ActionError = { intent: "return" | "import-returns"; error: string; details: string[] };

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireAdmin(request);
  const url = new URL(request.url);
  const { page, size } = listQuery(url);
  const form = await readUploadForm(request, MAX_STATEMENT_BYTES);
  if (form === null) return json<ActionError>({ intent: "import-returns", error: RETURN_MESSAGES.tooLarge, details: [] }, { status: 413 });
  const intent = form.get("intent");
  try {
    switch (intent) {
      case "status": {
        await setFileProcessingStatus(actor, { status: form.get("status") });
        return redirectWithToast(systemHref(page, size), { type: "success", message: SUCCESS_UPDATED });
      }
      case "return": {
        const linesHref = systemHref(page, size, url.searchParams.get("file") ? { file: url.searchParams.get("file")! } : {});
        try {
          const returned = await returnWithdrawal(actor, form.get("withdrawalId"), { reason: form.get("reason") ?? "" });
          return redirectWithToast(linesHref, { type: returned.alreadyReturned ? "info" : "success", message: returned.message });
        } catch (error) {
          if (isAppError(error) && error.status === 422) return json<ActionError>({ intent: "return", error: error.message, details: [] }, { status: 422 });
          if (isAppError(error) && error.status < 500) return redirectWithToast(linesHref, { type: "error", message: error.message });
          throw error;
        }
      }
      case "import-returns": {
        const file = form.get("file");
        if (!(file instanceof File) || file.size === 0)
          return json<ActionError>({ intent: "import-returns", error: RETURN_MESSAGES.fileRequired, details: [] }, { status: 400 });
        if (!/\.(csv|txt)$/i.test(file.name))
          return json<ActionError>({ intent: "import-returns", error: RETURN_MESSAGES.csvOnly, details: [] }, { status: 400 });
        try {
          const result = await importBankReturns(actor, { fileName: file.name, content: await file.text() });
          return redirectWithToast(systemHref(page, size), { type: result.returned > 0 ? "success" : "info", message: returnsImportSummary(result) });
        } catch (error) {
          if (isAppError(error) && error.status < 500) {
            const details = Array.isArray(error.details) ? (error.details as string[]) : [];
            return json<ActionError>({ intent: "import-returns", error: error.message, details }, { status: error.status });
          }
          throw error;
        }
      }
      default:
        throw new Response("Bad Request", { status: 400 });
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    return redirectWithToast(systemHref(page, size), { type: "error", message: error.message });
  }
}

export default function SystemPage() {
  const data = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const dialog = data.dialog;
  return (
    <div className="space-y-6">
      <FileProcessingCard status={data.status} />
      <BankFilesCard files={data.files} total={data.total} page={data.page} size={data.size} />
      {dialog?.kind === "lines" ? (
        <BankFileLinesDialog
          fileName={dialog.fileName}
          items={dialog.items}
          closeTo={data.closeTo}
          returnHref={(id) => systemHref(data.page, data.size, { file: dialog.fileId, return: id })}
        />
      ) : null}
      {dialog?.kind === "return" ? (
        <ReturnWithdrawalDialog item={dialog.item} closeTo={dialog.closeTo} action={data.action} error={failure?.intent === "return" ? failure.error : null} />
      ) : null}
      {dialog?.kind === "import" ? (
        <ImportReturnsDialog
          closeTo={data.closeTo}
          action={data.action}
          error={failure?.intent === "import-returns" ? failure.error : null}
          details={failure?.intent === "import-returns" ? failure.details : []}
        />
      ) : null}
    </div>
  );
}
