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
import { handleError, IdSchema, type FormErrorData } from "~/web/http.server";
import { LOCALES, TIME_ZONES } from "~/lib/dates";
import { AppError } from "~/lib/errors";
import { formatMoney } from "~/lib/money";
import { redirectWithToast } from "~/web/toast.server";
import { readUploadForm } from "~/web/upload-form.server";
import { getBankFileItems, getFileProcessingStatus, listBankPaymentFiles, setFileProcessingStatus } from "~/modules/ledger/bank-files.server";
import { importBankReturns, returnsImportSummary, returnWithdrawal } from "~/modules/ledger/returns.server";
import { PaymentIdSchema, RETURN_MESSAGES } from "~/modules/ledger/returns.schema";
import { MAX_STATEMENT_BYTES } from "~/modules/ledger/top-ups.schema";
import { SUCCESS_UPDATED } from "~/modules/ledger/withdrawals.schema";
import { dateTimeFormat } from "~/lib/intl";

export const handle: PageHandle = { title: "System" };
export const meta = titleMeta;

const created = (iso: string, country: "NZ" | "AU") =>
  dateTimeFormat(LOCALES[country], {
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
      total: formatMoney(row.totalAmount, LOCALES[row.country]),
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
  const fileId = IdSchema.safeParse(params.get("file") ?? undefined);
  if (!fileId.success) return null;
  // An unknown file in the URL shows the list without a dialog: a 404 is no dialog, anything else the error page.
  const lines = await getBankFileItems(actor, fileId.data).catch((error: unknown) =>
    handleError(error, { notFound: "show" }).then((answer) => {
      if (answer.status === 404) return null;
      throw error;
    })
  );
  if (!lines) return null;
  const locale = LOCALES[lines.file.country];
  const items: BankFileItemView[] = lines.items.map((item) => ({ ...item, amount: formatMoney(item.amount, locale) }));
  const linesHref = systemHref(page, size, { file: lines.file.id });
  const returnId = PaymentIdSchema.safeParse(params.get("return") ?? undefined);
  const returning = returnId.success ? items.find((item) => item.kind === "WITHDRAWAL" && item.id === returnId.data && item.status === "PAID") : undefined;
  if (returning) return { kind: "return" as const, item: returning, closeTo: linesHref };
  return { kind: "lines" as const, fileId: lines.file.id, fileName: lines.file.fileName, items };
}

type ActionError = FormErrorData & { intent: "status" | "return" | "import-returns"; details?: string[] };

/** The import dialog's refusals: a field error on `file`, with the bank file's line errors when it has them. */
const importRefusal = (error: AppError) => ({ intent: "import-returns" as const, details: Array.isArray(error.details) ? (error.details as string[]) : [] });
const fileRefusal = (message: string) => new AppError(422, message, { code: "VALIDATION", field: "file" });

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireAdmin(request);
  const url = new URL(request.url);
  const { page, size } = listQuery(url);
  const form = await readUploadForm(request, MAX_STATEMENT_BYTES);
  if (form === null) return json<ActionError>({ intent: "import-returns", fieldErrors: { file: RETURN_MESSAGES.tooLarge }, details: [] }, { status: 413 });
  switch (form.get("intent")) {
    case "status": {
      try {
        await setFileProcessingStatus(actor, { status: form.get("status") });
      } catch (error) {
        return handleError(error, { closeTo: systemHref(page, size), notFound: "show", fields: "none", data: { intent: "status" as const } });
      }
      return redirectWithToast(systemHref(page, size), { type: "success", message: SUCCESS_UPDATED });
    }
    case "return": {
      // A bad reason stays in the dialog (422 on its field); any other refusal closes it with a toast on the file's lines.
      const linesHref = systemHref(page, size, url.searchParams.get("file") ? { file: url.searchParams.get("file")! } : {});
      try {
        const returned = await returnWithdrawal(actor, form.get("withdrawalId"), { reason: form.get("reason") ?? "" });
        return redirectWithToast(linesHref, { type: returned.alreadyReturned ? "info" : "success", message: returned.message });
      } catch (error) {
        return handleError(error, { closeTo: linesHref, notFound: "show", data: { intent: "return" as const } });
      }
    }
    case "import-returns": {
      // Every refusal stays in the dialog: the file's field error, with the bad lines of the bank file listed.
      try {
        const file = form.get("file");
        if (!(file instanceof File) || file.size === 0) throw fileRefusal(RETURN_MESSAGES.fileRequired);
        if (!/\.(csv|txt)$/i.test(file.name)) throw fileRefusal(RETURN_MESSAGES.csvOnly);
        const result = await importBankReturns(actor, { fileName: file.name, content: await file.text() });
        return redirectWithToast(systemHref(page, size), { type: result.returned > 0 ? "success" : "info", message: returnsImportSummary(result) });
      } catch (error) {
        return handleError(error, { show: "inline", notFound: "show", fields: "named", data: importRefusal });
      }
    }
    default:
      throw new Response("Bad Request", { status: 400 });
  }
}

/** The message a dialog shows for a refusal: its field's error, else the form's. */
const refusalOf = (failure: FormErrorData) => Object.values(failure.fieldErrors ?? {})[0] ?? failure.formError ?? null;

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
        <ReturnWithdrawalDialog item={dialog.item} closeTo={dialog.closeTo} action={data.action} error={failure?.intent === "return" ? refusalOf(failure) : null} />
      ) : null}
      {dialog?.kind === "import" ? (
        <ImportReturnsDialog
          closeTo={data.closeTo}
          action={data.action}
          error={failure?.intent === "import-returns" ? refusalOf(failure) : null}
          details={failure?.intent === "import-returns" ? failure.details ?? [] : []}
        />
      ) : null}
    </div>
  );
}
