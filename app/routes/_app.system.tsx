import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { BankFilesCard, FileProcessingCard } from "~/components/withdrawals/file-processing";
import { requireAdmin } from "~/lib/auth.server";
import { isAppError } from "~/lib/errors";
import { formatMoney } from "~/lib/money";
import { redirectWithToast } from "~/lib/toast.server";
import { getFileProcessingStatus, listBankPaymentFiles, setFileProcessingStatus } from "~/modules/ledger/bank-files.server";
import { SUCCESS_UPDATED } from "~/modules/ledger/withdrawals.schema";
import { readForm } from "~/web/http.server";

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

/** /system (p3 §2.3, §4.7): the bank file processing switch and the files written. Admins only. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireAdmin(request);
  const url = new URL(request.url);
  const [status, files] = await Promise.all([
    getFileProcessingStatus(actor),
    listBankPaymentFiles(actor, { page: Number(url.searchParams.get("page") ?? 1), size: Number(url.searchParams.get("size") ?? 25) }),
  ]);
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
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireAdmin(request);
  const form = await readForm(request);
  if (form.get("intent") !== "status") throw new Response("Bad Request", { status: 400 });
  try {
    await setFileProcessingStatus(actor, { status: form.get("status") });
    return redirectWithToast("/system", { type: "success", message: SUCCESS_UPDATED });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return redirectWithToast("/system", { type: "error", message: error.message });
  }
}

export default function SystemPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <FileProcessingCard status={data.status} />
      <BankFilesCard files={data.files} total={data.total} page={data.page} size={data.size} />
    </div>
  );
}
