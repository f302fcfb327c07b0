/**
 * The loader and action behind the Withdraw dialog (spec p1 §4 "Withdraw flow"), shared by /account/withdraw (a
 * company user, to the default account) and /companies/{id}/summary/withdraw (an admin on behalf of the company).
 * Steps: enter (Submit, intent review) → confirm (Confirm, intent confirm; Back, intent back) → placed (OK). Each step
 * is a POST carrying the values, so it works without JavaScript; the confirm step carries an idempotency key, and
 * success redirects to ?placed=<id>, so a reload or a double submit never withdraws twice.
 * Only transport lives here: authorising, parsing the form, calling the module, shaping the answer.
 */
import crypto from "node:crypto";
import { json, redirect } from "@remix-run/node";
import { requireAdmin, requireCompanyUser } from "~/web/auth.server";
import type { Actor } from "~/lib/actor";
import { formatDate, todayIn } from "~/lib/dates";
import { centsToDecimal, formatMoney, type Cents } from "~/lib/money";
import {
  getCompanyFundsSummary,
  getWithdrawal,
  getWithdrawContext,
  placeWithdrawal,
  reviewWithdrawal,
  type WithdrawContext,
} from "~/modules/ledger/withdrawals.server";
import { TRANSFER_TIME, VERIFICATION_PENDING_NOTICE, WithdrawIntentSchema } from "~/modules/ledger/withdrawals.schema";
import type { ContextView, PlacedView, WithdrawLoaderData, WithdrawMode, WithdrawStep, WithdrawValues } from "~/components/withdrawals/withdraw-types";
import { handleError, IdSchema, parseParams, readForm } from "~/web/http.server";
import { z } from "zod";

const CompanyParamsSchema = z.object({ companyId: IdSchema });

interface Door {
  mode: WithdrawMode;
  actor: Actor;
  companyId?: number;
  closeTo: string;
  actionPath: string;
}

async function door(request: Request, mode: WithdrawMode, params: { companyId?: string }): Promise<Door> {
  if (mode === "company") {
    const { actor } = await requireCompanyUser(request);
    return { mode, actor, closeTo: "/account", actionPath: "/account/withdraw" };
  }
  const { actor } = await requireAdmin(request);
  const { companyId } = parseParams(params, CompanyParamsSchema);
  return { mode, actor, companyId, closeTo: `/companies/${companyId}/summary`, actionPath: `/companies/${companyId}/summary/withdraw` };
}

const STATUS_BADGES: Record<string, string | null> = { VERIFIED: "VERIFIED", VERIFICATION_PENDING: "Verification Pending" };

export function contextView(context: WithdrawContext): ContextView {
  const money = (cents: Cents) => formatMoney(cents, context.company.locale);
  const account = (view: NonNullable<WithdrawContext["destination"]>) => ({
    id: view.id,
    name: view.bankAccountName,
    details: view.details,
    status: view.bankAccountStatus,
    badge: STATUS_BADGES[view.bankAccountStatus] ?? null,
    isDefault: view.defaultAccount,
  });
  return {
    companyName: context.company.companyName,
    balance: money(context.funds.balance),
    cashReserve: money(context.funds.cashReserve),
    fundsAvailable: money(context.funds.fundsAvailable),
    source: context.sourceAccount
      ? { id: context.sourceAccount.id, name: context.sourceAccount.bankAccountName, details: context.sourceAccount.details }
      : null,
    destination: context.destination ? account(context.destination) : null,
    destinations: context.destinations.map(account),
    accountCount: context.accountCount,
    block: context.block,
    blockMessage: context.blockMessage,
    verificationPending: context.verificationPending,
    pendingWithdrawal: context.pendingWithdrawal
      ? { amount: money(context.pendingWithdrawal.amount), date: formatDate(todayIn(context.company.country, new Date(context.pendingWithdrawal.createdAt))) }
      : null,
  };
}

export async function withdrawLoader(request: Request, mode: WithdrawMode, params: { companyId?: string } = {}) {
  const d = await door(request, mode, params);
  const placedId = new URL(request.url).searchParams.get("placed");
  let placed: PlacedView | null = null;
  if (placedId) {
    try {
      const withdrawal = await getWithdrawal(d.actor, placedId, { companyId: d.companyId });
      const locale = withdrawal.currency === "AUD" ? "en-AU" : "en-NZ";
      placed = {
        id: withdrawal.id,
        title: withdrawal.title,
        amount: formatMoney(withdrawal.amount, locale),
        accountName: withdrawal.bankAccountName,
        details: withdrawal.details,
        note: withdrawal.accountStatus === "VERIFICATION_PENDING" ? VERIFICATION_PENDING_NOTICE : TRANSFER_TIME,
      };
    } catch (error) {
      throw await handleError(error);
    }
  }
  const context = await loadContext(d);
  return json<WithdrawLoaderData>({ mode, closeTo: d.closeTo, actionPath: d.actionPath, placed, context: contextView(context) });
}

async function loadContext(d: Door, bankAccountId?: number) {
  try {
    return await getWithdrawContext(d.actor, { companyId: d.companyId, bankAccountId });
  } catch (error) {
    throw await handleError(error);
  }
}

function readValues(form: FormData): WithdrawValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return { amount: text("amount"), bankAccountId: text("bankAccountId"), sourceAccountId: text("sourceAccountId") };
}

const answer = (step: WithdrawStep, status = 200) => json<WithdrawStep>(step, { status });

/**
 * A refusal: the enter step again with its values, the message on its field (amount, account; 422) or the form's.
 * p1 §8: a company user's 403 "company not verified" opens the get-verified dialog over the account screen.
 */
function failed(d: Door, values: WithdrawValues, error: unknown) {
  return handleError(error, {
    closeTo: d.closeTo,
    show: "inline",
    fields: "named",
    notFound: "show",
    forbidden: "show",
    notVerified: d.mode === "company" ? "dialog" : "show",
    data: { step: "enter" as const, values },
  });
}

export async function withdrawAction(request: Request, mode: WithdrawMode, params: { companyId?: string } = {}) {
  const d = await door(request, mode, params);
  const form = await readForm(request);
  const intent = WithdrawIntentSchema.catch("review").parse(form.get("intent"));
  const values = readValues(form);
  if (intent === "back") return answer({ step: "enter", values });
  const input = { companyId: d.companyId, amount: values.amount, bankAccountId: values.bankAccountId, sourceAccountId: values.sourceAccountId };
  try {
    if (intent === "confirm") {
      const key = form.get("idempotencyKey");
      const placed = await placeWithdrawal(d.actor, { ...input, idempotencyKey: typeof key === "string" ? key : undefined });
      return redirect(`${d.actionPath}?placed=${placed.id}`);
    }
    const reviewed = await reviewWithdrawal(d.actor, input);
    const view = contextView(reviewed.context);
    const locale = reviewed.context.company.locale;
    const destination = view.destination!;
    const after = (reviewed.context.funds.fundsAvailable - reviewed.amount) as Cents;
    return answer({
      step: "confirm",
      values: {
        ...values,
        amount: centsToDecimal(reviewed.amount),
        bankAccountId: String(destination.id),
        sourceAccountId: view.source ? String(view.source.id) : "",
      },
      // A new key for each confirmation shown: a double click on Confirm sends it twice and withdraws once.
      idempotencyKey: crypto.randomUUID(),
      summary: [
        { label: "Amount", value: formatMoney(reviewed.amount, locale) },
        ...(mode === "admin" ? [{ label: "Company", value: view.companyName }] : []),
        ...(view.source ? [{ label: "From", value: `${view.source.name} (${view.source.details})` }] : []),
        { label: "To", value: destination.name },
        { label: "Account", value: destination.details },
        { label: "Funds Available after", value: formatMoney(after, locale) },
      ],
      note: reviewed.context.verificationPending ? VERIFICATION_PENDING_NOTICE : TRANSFER_TIME,
    });
  } catch (error) {
    return failed(d, values, error);
  }
}

// --- The admin company summary (p3 §2.4: bank account, balance, withdrawals) ---------------------------------------

export async function companySummaryLoader(request: Request, params: { companyId?: string }) {
  const { actor } = await requireAdmin(request);
  const { companyId } = parseParams(params, CompanyParamsSchema);
  let summary;
  try {
    summary = await getCompanyFundsSummary(actor, companyId);
  } catch (error) {
    throw await handleError(error);
  }
  const { context } = summary;
  const money = (cents: Cents) => formatMoney(cents, context.company.locale);
  const day = (iso: string) => formatDate(todayIn(context.company.country, new Date(iso)));
  return json({
    companyId,
    companyName: context.company.companyName,
    country: context.company.country,
    context: contextView(context),
    withdrawals: summary.withdrawals.map((row) => ({
      id: row.id,
      date: day(row.createdAt),
      amount: money(row.amount),
      status: row.status,
      account: row.bankAccountName,
      details: row.details,
      requestedBy: row.onBehalf ? `${row.requestedBy} (admin)` : row.requestedBy,
      completedOn: row.completedAt ? day(row.completedAt) : null,
      returnReason: row.returnReason,
      file: row.bankPaymentFile,
    })),
  });
}
