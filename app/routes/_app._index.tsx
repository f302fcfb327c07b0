import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import {
  AssignDialog,
  ImportStatementDialog,
  listHref,
  ReturnDepositDialog,
  TopupActionDialog,
  TopupsTable,
  TopupsToolbar,
} from "~/components/topups/admin-topups";
import { homePath, requireAdmin } from "~/web/auth.server";
import { AppError, notFound } from "~/lib/errors";
import { formErrorsOf, type FormErrorData } from "~/lib/form-errors";
import { requireAppUser } from "~/web/require-app-user.server";
import { redirectWithToast } from "~/web/toast.server";
import { readUploadForm } from "~/web/upload-form.server";
import { actorOf } from "~/modules/auth/service.server";
import { returnUnknownDeposit } from "~/modules/ledger/returns.server";
import { importBankStatement } from "~/modules/ledger/statement-import.server";
import { handleError, nullOn, parseFormData } from "~/web/http.server";

import { assignmentChoices, assignTopUp, cancelTopUp, confirmTopUp, getTopUp, listTopUps } from "~/modules/ledger/top-ups.server";
import {
  AdminTopUpIntentSchema,
  AssignTopUpSchema,
  MAX_STATEMENT_BYTES,
  parseTopUpListQuery,
  STATEMENT_MESSAGES,
  StatementCurrencySchema,
  TOPUP_ALREADY_CONFIRMED,
  TOPUP_ASSIGNED,
  TOPUP_CANCELLED,
  TOPUP_CONFIRMED,
  TOPUP_NOT_FOUND,
  TopUpIdSchema,
} from "~/modules/ledger/top-ups.schema";

export const handle: PageHandle = { title: "Topups" };
export const meta = titleMeta;

/**
 * "/": the admin Topups page (spec p3 §2.3, §4.3; docs/decisions/012); company users go to their home (docs/decisions/065).
 * Tabs All, Pending, Unknown, Approved (COMPLETED), Cancelled (?tab=), 25 a page (?page=). Dialogs are query
 * parameters of this page (an index route has no children): ?confirm=<id>, ?cancel=<id>, ?assign=<id>, ?return=<id>
 * (an unknown deposit back to its sender, docs/decisions/030), ?import=statement.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAppUser(request);
  // A company user's home: Bills, Invoices, or Get started for a company with nothing yet (docs/decisions/065).
  if (!user.isAdmin) throw redirect(await homePath(user));
  const actor = actorOf(user);
  const url = new URL(request.url);
  const query = parseTopUpListQuery(url.searchParams);
  const list = await listTopUps(actor, query);
  const closeTo = listHref(list.tab, list.page, list.size);
  // The dialogs show the company's Funds Available when the row is on this page.
  const fundsOf = (id: number) => list.rows.find((row) => row.id === id)?.fundsAvailable ?? null;
  const dialog = await loadDialog(actor, url.searchParams, fundsOf);
  // Forms post to this very URL (its dialog parameter included), so a refusal shown in the dialog keeps it open.
  return json({ ...list, closeTo, action: `/?index${url.search ? `&${url.search.slice(1)}` : ""}`, dialog });
}

async function loadDialog(actor: ReturnType<typeof actorOf>, params: URLSearchParams, fundsOf: (id: number) => number | null) {
  if (params.get("import") === "statement") return { kind: "import" as const };
  for (const kind of ["confirm", "cancel", "assign", "return"] as const) {
    const value = params.get(kind);
    if (value === null) continue;
    const id = TopUpIdSchema.safeParse(value);
    if (!id.success) return null;
    // A top-up gone, or one that no longer allows it (another admin was first): no dialog; the row says why.
    if (kind === "assign") {
      const choices = await assignmentChoices(actor, id.data).catch(nullOn(404, 409));
      return choices && { kind, row: { ...choices.topUp, fundsAvailable: null }, companies: choices.companies, suggestion: choices.suggestion };
    }
    const row = await getTopUp(actor, id.data).catch(nullOn(404, 409));
    return row?.actions.includes(kind) ? { kind, row: { ...row, fundsAvailable: fundsOf(row.id) } } : null;
  }
  return null;
}

/** What a refused dialog answers: its intent, the one shape of form errors, and an import's line errors. */
type ActionError = { intent: "assign" | "import" | "return"; details?: string[] } & Partial<FormErrorData>;

/** The top-up a form names; a stale or forged id is "Topup not found". */
function topUpIdOf(form: FormData): number {
  const id = TopUpIdSchema.safeParse(form.get("id"));
  if (!id.success) throw notFound(TOPUP_NOT_FOUND);
  return id.data;
}

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireAdmin(request);
  const url = new URL(request.url);
  const query = parseTopUpListQuery(url.searchParams);
  const closeTo = listHref(query.tab, query.page, query.size);
  const form = await readUploadForm(request, MAX_STATEMENT_BYTES);
  if (form === null) return json<ActionError>({ intent: "import", fieldErrors: {}, formError: STATEMENT_MESSAGES.tooLarge }, { status: 413 });
  const intent = AdminTopUpIntentSchema.safeParse(form.get("intent"));
  if (!intent.success) return redirectWithToast(closeTo, { type: "error", message: "Something went wrong" });

  try {
    switch (intent.data) {
      case "confirm": {
        const { alreadyDone } = await confirmTopUp(actor, topUpIdOf(form));
        return redirectWithToast(closeTo, alreadyDone ? { type: "info", message: TOPUP_ALREADY_CONFIRMED } : { type: "success", message: TOPUP_CONFIRMED });
      }
      case "cancel": {
        await cancelTopUp(actor, topUpIdOf(form));
        return redirectWithToast(closeTo, { type: "success", message: TOPUP_CANCELLED });
      }
      case "assign": {
        const id = topUpIdOf(form);
        const { topUp } = await assignTopUp(actor, id, parseFormData(form, AssignTopUpSchema));
        return redirectWithToast(closeTo, { type: "success", message: TOPUP_ASSIGNED(topUp.companyName ?? "the company") });
      }
      case "return": {
        const returned = await returnUnknownDeposit(actor, topUpIdOf(form), {
          accountName: form.get("accountName"),
          bsb: form.get("bsb"),
          accountNumber: form.get("accountNumber"),
        });
        return redirectWithToast(closeTo, { type: returned.alreadyReturned ? "info" : "success", message: returned.message });
      }
      case "import": {
        const file = form.get("file");
        if (!(file instanceof File) || file.size === 0) throw AppError.validation({ file: STATEMENT_MESSAGES.fileRequired });
        if (!/\.(csv|txt)$/i.test(file.name)) throw AppError.validation({ file: STATEMENT_MESSAGES.csvOnly });
        const currency = StatementCurrencySchema.safeParse(form.get("currency") ?? "NZD");
        const result = await importBankStatement(actor, {
          fileName: file.name,
          content: await file.text(),
          currency: currency.success ? currency.data : "NZD",
        });
        const parts = [`${result.completed} ${result.completed === 1 ? "topup" : "topups"} completed`];
        if (result.reconciled) parts.push(`${result.reconciled} already confirmed`);
        parts.push(`${result.unknown} unknown ${result.unknown === 1 ? "deposit" : "deposits"} held in suspense`);
        if (result.ignored) parts.push(`${result.ignored} ${result.ignored === 1 ? "line" : "lines"} ignored`);
        if (result.duplicates) parts.push(`${result.duplicates} already imported`);
        if (result.withdrawalsReturned)
          parts.push(`${result.withdrawalsReturned} returned ${result.withdrawalsReturned === 1 ? "withdrawal" : "withdrawals"}`);
        const target = result.unknown > 0 ? listHref("unknown") : listHref("approved");
        return redirectWithToast(target, { type: "success", message: `Imported ${result.fileName}: ${parts.join(", ")}` });
      }
    }
  } catch (error) {
    switch (intent.data) {
      // The file refused stays in the dialog, with the statement's line errors.
      case "import":
        return handleError<ActionError>(error, {
          show: "inline",
          notFound: "show",
          forbidden: "show",
          data: (e) => ({ intent: "import", details: Array.isArray(e.details) ? (e.details as string[]) : [] }),
        });
      // A field refused stays in the dialog, on its field; any other refusal is a toast over the list.
      case "assign":
      case "return":
        return handleError<ActionError>(error, { closeTo, notFound: "show", data: { intent: intent.data } });
      // Another admin was first, the top-up expired, or the id is stale: say so over the list.
      default:
        return handleError(error, { closeTo, notFound: "show", fields: "none" });
    }
  }
}

export default function TopupsPage() {
  const data = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() as ActionError | undefined;
  const dialog = data.dialog;
  return (
    <div className="min-w-0 space-y-4">
      <TopupsToolbar tab={data.tab} list={data.closeTo} />
      <TopupsTable tab={data.tab} rows={data.rows} total={data.total} page={data.page} size={data.size} />
      {dialog?.kind === "confirm" || dialog?.kind === "cancel" ? (
        <TopupActionDialog kind={dialog.kind} row={dialog.row} closeTo={data.closeTo} action={data.action} />
      ) : null}
      {dialog?.kind === "assign" ? (
        <AssignDialog
          row={dialog.row}
          companies={dialog.companies}
          suggestion={dialog.suggestion}
          closeTo={data.closeTo}
          action={data.action}
          error={failure?.intent === "assign" ? formErrorsOf(failure).fieldErrors.companyId ?? formErrorsOf(failure).formError : null}
        />
      ) : null}
      {dialog?.kind === "return" ? (
        <ReturnDepositDialog
          row={dialog.row}
          closeTo={data.closeTo}
          action={data.action}
          error={failure?.intent === "return" ? formErrorsOf(failure).formError : null}
          fieldErrors={failure?.intent === "return" ? formErrorsOf(failure).fieldErrors : {}}
        />
      ) : null}
      {dialog?.kind === "import" ? (
        <ImportStatementDialog
          closeTo={data.closeTo}
          action={data.action}
          error={failure?.intent === "import" ? formErrorsOf(failure).fieldErrors.file ?? formErrorsOf(failure).formError : null}
          details={failure?.intent === "import" ? failure.details ?? [] : []}
        />
      ) : null}
    </div>
  );
}
