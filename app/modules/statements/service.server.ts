/**
 * Monthly statements (part 2 §7 GET /statement, /statement/{id}/details; issue 5 part 8; docs/decisions/015-statements.md).
 * - The scheduled job `generate-statements` writes, for every company with a wallet, the statement of the month that
 *   has just ended in its time zone; a user can also ask for any ended month (a queued job, progress on the job row).
 * - A statement is computed once from the ledger (the wallet's settled movements of the month, with the fee or
 *   cashback of each early payment from its entry's split, decision 027, and who got what, decision 028) and stored
 *   with its lines: it never changes afterwards.
 * - Lists, details, CSV and PDF are scoped to the actor's company; an id from a URL is looked up within it.
 */
import { actingUserId } from "../../lib/actor";
import { Op, QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { Job, Statement, StatementLine } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { stringifyCsv } from "../../lib/csv-writer.server";
import { csvDateTime, TIME_ZONES, todayIn, type Country } from "../../lib/dates";
import { AppError, notFound } from "../../lib/errors";
import { formatMoney, type Cents } from "../../lib/money";
import { logger } from "../../lib/logger.server";
import { csvTextCell } from "../ledger/account.rules";
import { walletMovements } from "../ledger/account.server";
import { createJob, executeJob, type ExecuteJobOptions, type JobView } from "../jobs/service.server";
import { runQueuedJobsSoon } from "../jobs/queue-trigger.server";
import { statementPdf } from "./document";
import {
  RECORD_TYPE_LABELS,
  STATEMENTS_PAGE_SIZE,
  STATEMENT_CSV_HEADER,
  STATEMENT_MESSAGES,
  csvAmount,
  lastEndedMonth,
  linesWindow,
  monthLabel,
  monthOf,
  monthPeriod,
  monthRefusal,
  monthsBetween,
  statementFileName,
  statementLines,
  statementTotals,
  splitExplanation,
  type EarlyPaymentFacts,
  type OfferKind,
  type StatementLineView,
  type StatementRecordType,
  type StatementTotals,
} from "./rules";
import { requireCompanyId, findCompanyContext } from "../companies/service.server";

export const STATEMENT_JOB_TYPE = "STATEMENT";

interface CompanyFacts {
  id: number;
  name: string;
  country: Country;
  timeZone: string;
  locale: "en-NZ" | "en-AU";
  today: string;
  /** The first month the company could have a statement for: its wallet's first entry, else its creation. */
  firstMonth: string;
}

async function companyFacts(companyId: number, transaction?: Transaction): Promise<CompanyFacts> {
  const company = await findCompanyContext(companyId, { transaction });
  if (!company) throw notFound(STATEMENT_MESSAGES.notFound);
  const { country, timeZone } = company;
  const [first] = await sequelize.query<{ first_at: Date | null }>(
    `SELECT min(e.created_at) AS first_at FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id
      WHERE a.company_id = :companyId AND a.kind = 'WALLET'`,
    { type: QueryTypes.SELECT, replacements: { companyId }, transaction }
  );
  const firstAt = first?.first_at ? new Date(first.first_at) : company.createdAt;
  return {
    id: company.id,
    name: company.name,
    country,
    timeZone,
    locale: company.locale,
    today: company.today,
    firstMonth: monthOf(todayIn(country, firstAt)),
  };
}

// ---- The list -------------------------------------------------------------------------------------------------------

export type StatementRowStatus = "GENERATED" | "PENDING" | "FAILED" | "NOT_GENERATED";

export interface StatementListRow {
  month: string;
  label: string;
  statementId: number | null;
  status: StatementRowStatus;
  openingBalance: Cents | null;
  closingBalance: Cents | null;
  generatedAt: string | null;
  jobId: string | null;
}

export interface StatementList {
  rows: StatementListRow[];
  total: number;
  page: number;
  size: number;
  locale: "en-NZ" | "en-AU";
  /** "November 2026": the month to date, shown above the list. */
  currentMonthLabel: string;
}

/** Every ended month since the company's first, newest first, 25 a page (p1 §9), with its statement if there is one. */
export async function listStatements(actor: Actor, query: { page?: number } = {}): Promise<StatementList> {
  const company = await companyFacts(requireCompanyId(actor, STATEMENT_MESSAGES.companyRequired));
  const months = monthsBetween(company.firstMonth, lastEndedMonth(company.today));
  const lastPage = Math.max(1, Math.ceil(months.length / STATEMENTS_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.trunc(query.page ?? 1)), lastPage);
  const shown = months.slice((page - 1) * STATEMENTS_PAGE_SIZE, page * STATEMENTS_PAGE_SIZE);
  const statements = shown.length ? await Statement.findAll({ where: { companyId: company.id, month: { [Op.in]: shown.map((month) => `${month}-01`) } } }) : [];
  const byMonth = new Map(statements.map((statement) => [statement.month.slice(0, 7), statement]));
  return {
    rows: shown.map((month) => {
      const statement = byMonth.get(month);
      return {
        month,
        label: monthLabel(month),
        statementId: statement?.id ?? null,
        status: statement?.status ?? "NOT_GENERATED",
        openingBalance: statement?.openingBalance ?? null,
        closingBalance: statement?.closingBalance ?? null,
        generatedAt: statement?.generatedAt?.toISOString() ?? null,
        jobId: statement?.jobId ?? null,
      };
    }),
    total: months.length,
    page,
    size: STATEMENTS_PAGE_SIZE,
    locale: company.locale,
    currentMonthLabel: monthLabel(monthOf(company.today)),
  };
}

// ---- Generating -----------------------------------------------------------------------------------------------------

/**
 * A user asks for an ended month's statement: the row is created PENDING with a queued job (or, when it failed
 * before, queued again); a GENERATED or already queued one is returned as it stands, so a double click does nothing.
 */
export async function requestStatement(
  actor: Actor,
  input: { month: string }
): Promise<{ statementId: number; jobId: string | null; status: StatementRowStatus }> {
  const companyId = requireCompanyId(actor, STATEMENT_MESSAGES.companyRequired);
  const company = await companyFacts(companyId);
  const refusal = monthRefusal(input.month, company.today, company.firstMonth);
  if (refusal) throw new AppError(422, refusal, { code: "VALIDATION", field: "month" });
  const period = monthPeriod(input.month, company.timeZone);
  const result = await sequelize.transaction(async (t) => {
    await sequelize.query(
      `INSERT INTO statements (company_id, month, start_at, end_at, currency, status)
       VALUES (:companyId, :month, :startAt, :endAt, :currency, 'PENDING') ON CONFLICT (company_id, month) DO NOTHING`,
      {
        replacements: { companyId, month: period.month, startAt: period.startAt, endAt: period.endAt, currency: company.country === "AU" ? "AUD" : "NZD" },
        transaction: t,
      }
    );
    const statement = await Statement.findOne({ where: { companyId, month: period.month }, lock: t.LOCK.UPDATE, transaction: t });
    if (!statement) throw new Error("statement row missing after insert");
    if (statement.status === "GENERATED") return { statementId: statement.id, jobId: statement.jobId, status: statement.status, queued: false };
    if (statement.status === "PENDING" && statement.jobId) {
      const job = await Job.findByPk(statement.jobId, { attributes: ["id", "status"], transaction: t });
      if (job && (job.status === "QUEUED" || job.status === "RUNNING"))
        return { statementId: statement.id, jobId: job.id, status: statement.status, queued: false };
    }
    const job = await createJob(
      { type: STATEMENT_JOB_TYPE, payload: { statementId: statement.id }, ownerUserId: actingUserId(actor), companyId },
      { transaction: t }
    );
    await statement.update({ status: "PENDING", jobId: job.id }, { transaction: t });
    return { statementId: statement.id, jobId: job.id, status: "PENDING" as const, queued: true };
  });
  if (result.queued) runQueuedJobsSoon();
  return { statementId: result.statementId, jobId: result.jobId, status: result.status };
}

/**
 * The early payments among these ledger transactions (their entries carry a split, decision 027), by ledger transaction:
 * what they paid (the execution result the posting names) and the payment's service fee and cashback, summed from the
 * transaction's own entries (the supplier's fee part and the purchaser's cashback part).
 */
async function earlyPaymentsOf(ledgerTransactionIds: number[]): Promise<Map<number, EarlyPaymentFacts>> {
  if (ledgerTransactionIds.length === 0) return new Map();
  const rows = await sequelize.query<{
    ledger_transaction_id: number;
    invoice_id: number | null;
    number: string | null;
    offer_kind: OfferKind | null;
    fee_c: string;
    cashback_c: string;
  }>(
    `SELECT lt.id AS ledger_transaction_id, r.invoice_id, i.invoice_number AS number, x.offer_kind, parts.fee_c, parts.cashback_c
       FROM ledger_transactions lt
       CROSS JOIN LATERAL (
         SELECT (coalesce(-sum(service_fee_amount) FILTER (WHERE service_fee_amount < 0), 0) * 100)::bigint AS fee_c,
                (coalesce(sum(cashback_amount) FILTER (WHERE cashback_amount > 0), 0) * 100)::bigint AS cashback_c,
                count(service_fee_amount) AS split_entries
           FROM ledger_entries WHERE transaction_id = lt.id
       ) parts
       LEFT JOIN offer_execution_results r ON r.id = lt.offer_execution_result_id
       LEFT JOIN invoices i ON i.id = r.invoice_id
       LEFT JOIN offer_executions x ON x.id = r.execution_id
      WHERE lt.id = ANY (CAST(:ids AS integer[])) AND parts.split_entries > 0`,
    { type: QueryTypes.SELECT, replacements: { ids: `{${ledgerTransactionIds.join(",")}}` } }
  );
  return new Map(
    rows.map((row) => [
      Number(row.ledger_transaction_id),
      {
        invoiceId: row.invoice_id,
        invoiceNumber: row.number,
        offerKind: row.offer_kind,
        serviceFee: Number(row.fee_c) as Cents,
        cashback: Number(row.cashback_c) as Cents,
      },
    ])
  );
}

/**
 * Computes and stores a PENDING (or FAILED) statement: its lines, opening and closing balances, GENERATED. A
 * GENERATED statement is left alone: generating twice changes nothing.
 */
export async function generateStatement(statementId: number, progress: (percent: number) => Promise<void> = async () => {}): Promise<{ lines: number }> {
  const statement = await Statement.findByPk(statementId);
  if (!statement) throw notFound(STATEMENT_MESSAGES.notFound);
  if (statement.status === "GENERATED") return { lines: await StatementLine.count({ where: { statementId } }) };
  const { openingBalance, closingBalance, lines } = await computeStatement(statement.companyId, { startAt: statement.startAt, endAt: statement.endAt });
  await progress(70);
  await sequelize.transaction(async (t) => {
    const locked = await Statement.findByPk(statementId, { lock: t.LOCK.UPDATE, transaction: t });
    if (!locked || locked.status === "GENERATED") return;
    await StatementLine.destroy({ where: { statementId }, transaction: t });
    for (let from = 0; from < lines.length; from += 1_000) {
      await StatementLine.bulkCreate(
        lines.slice(from, from + 1_000).map((line) => ({ statementId, ...line, occurredAt: new Date(line.occurredAt), creditNoteId: null })),
        { transaction: t }
      );
    }
    await locked.update({ status: "GENERATED", openingBalance, closingBalance, generatedAt: new Date() }, { transaction: t });
  });
  return { lines: lines.length };
}

/**
 * The queued job of a statement (a user's request, or a month-end statement whose first attempt failed;
 * jobs/registry.ts). The queue retries a failed attempt with backoff up to its maximum (generating is one transaction,
 * so an attempt starts over); the statement stays PENDING meanwhile and is FAILED only when the job fails for good.
 */
export async function runStatementJob(jobId: string, options: ExecuteJobOptions = {}): Promise<JobView> {
  let statementId: number | null = null;
  try {
    return await executeJob(
      jobId,
      async ({ payload, progress }) => {
        statementId = Number(payload.statementId);
        return generateStatement(statementId, progress);
      },
      options
    );
  } catch (error) {
    // executeJob throws only a final failure: an attempt with attempts left went back to QUEUED for its backoff.
    if (statementId !== null) await Statement.update({ status: "FAILED" }, { where: { id: statementId, status: "PENDING" } });
    throw error;
  }
}

/**
 * A month-end statement whose generation failed unexpectedly: handed to the queue as a statement job, which retries it
 * with backoff up to the maximum attempts and keeps the last error if it fails for good (issue 14 part 6).
 */
async function retryStatementLater(companyId: number, statementId: number, error: unknown): Promise<void> {
  logger.warn({ err: error, companyId, statementId }, "month-end statement failed; queued for a retry");
  await sequelize.transaction(async (t) => {
    const job = await createJob({ type: STATEMENT_JOB_TYPE, payload: { statementId }, ownerUserId: null, companyId }, { transaction: t });
    await Statement.update({ status: "PENDING", jobId: job.id }, { where: { id: statementId, status: { [Op.ne]: "GENERATED" } }, transaction: t });
  });
}

/**
 * The scheduled job `generate-statements`: the statement of the month that has just ended, for every company with a
 * wallet (in its own time zone). Missing rows are created and generated; a row an earlier run left PENDING without a
 * job (its worker died) is generated too; any other existing row is left alone, so running it every hour (or twice)
 * is harmless. A company whose statement fails unexpectedly does not stop the others: its statement goes to the queue,
 * which retries it with backoff (retryStatementLater).
 */
export async function generateMonthEndStatements(
  now: Date = new Date(),
  progress: (percent: number) => Promise<void> = async () => {}
): Promise<{ generated: number; retrying: number }> {
  const companies = await sequelize.query<{ company_id: number; country: string | null }>(
    `SELECT DISTINCT a.company_id, c.country FROM ledger_accounts a JOIN companies c ON c.id = a.company_id
      WHERE a.kind = 'WALLET' ORDER BY a.company_id`,
    { type: QueryTypes.SELECT }
  );
  let generated = 0;
  let retrying = 0;
  for (const [index, row] of companies.entries()) {
    const country = (row.country ?? "NZ") as Country;
    const period = monthPeriod(lastEndedMonth(todayIn(country, now)), TIME_ZONES[country]);
    const replacements = { companyId: row.company_id, month: period.month, startAt: period.startAt, endAt: period.endAt, currency: country === "AU" ? "AUD" : "NZD" };
    await sequelize.query(
      `INSERT INTO statements (company_id, month, start_at, end_at, currency, status)
       VALUES (:companyId, :month, :startAt, :endAt, :currency, 'PENDING') ON CONFLICT (company_id, month) DO NOTHING`,
      { replacements }
    );
    const [due] = await sequelize.query<{ id: number }>(
      `SELECT id FROM statements WHERE company_id = :companyId AND month = :month AND status = 'PENDING' AND job_id IS NULL`,
      { type: QueryTypes.SELECT, replacements }
    );
    if (due) {
      try {
        await generateStatement(due.id);
        generated += 1;
      } catch (error) {
        await retryStatementLater(row.company_id, due.id, error);
        retrying += 1;
      }
    }
    await progress(Math.floor(((index + 1) / companies.length) * 99));
  }
  if (retrying > 0) runQueuedJobsSoon();
  return { generated, retrying };
}

// ---- Reading --------------------------------------------------------------------------------------------------------

/** A stored statement's id, or "current": the month to date, computed live (never stored: the month is not over). */
export type StatementRef = number | "current";

export function parseStatementRef(value: string | undefined): StatementRef | null {
  if (value === "current") return "current";
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export interface StatementDetails {
  id: StatementRef;
  month: string;
  label: string;
  status: StatementRowStatus;
  /** The month to date: live figures, the month is not over. */
  live: boolean;
  currency: string;
  locale: "en-NZ" | "en-AU";
  timeZone: string;
  openingBalance: Cents | null;
  closingBalance: Cents | null;
  totals: StatementTotals;
  generatedAt: string | null;
  jobId: string | null;
  /** Each line with its type's label and, for an early payment, who got what (decision 028). */
  lines: Array<StatementLineView & { recordLabel: string; split: string | null }>;
  totalLines: number;
  startAt: number;
  endAt: number;
}

const withLabel = (line: StatementLineView) => ({ ...line, recordLabel: RECORD_TYPE_LABELS[line.recordType] ?? line.recordType });

function lineView(line: StatementLine): StatementLineView & { recordLabel: string } {
  return withLabel({
    lineNumber: line.lineNumber,
    recordType: line.recordType as StatementRecordType,
    occurredAt: line.occurredAt.toISOString(),
    reference: line.reference,
    description: line.description,
    counterpartyName: line.counterpartyName,
    invoiceId: line.invoiceId ?? null,
    ledgerTransactionId: line.ledgerTransactionId,
    amount: line.amount,
    fee: line.fee,
    cashback: line.cashback,
    balance: line.balance,
    earlybirdFee: line.earlybirdFee ?? null,
    offerKind: line.offerKind ?? null,
  });
}

/** The lines of a period, computed from the ledger (what generateStatement stores). */
async function computeStatement(companyId: number, period: { startAt: Date; endAt: Date }) {
  const { currency, openingBalance, closingBalance, movements } = await walletMovements(companyId, period);
  const early = movements.filter((movement) => movement.split !== null).map((movement) => movement.ledgerTransactionId);
  const lines = statementLines(movements, await earlyPaymentsOf([...new Set(early)]));
  return { currency, openingBalance, closingBalance, lines };
}

/** The month to date of the actor's company, with all its lines. */
async function liveStatement(actor: Actor) {
  const company = await companyFacts(requireCompanyId(actor, STATEMENT_MESSAGES.companyRequired));
  const month = monthOf(company.today);
  const period = monthPeriod(month, company.timeZone);
  const computed = await computeStatement(company.id, { startAt: period.startAt, endAt: new Date(Math.min(Date.now() + 1, period.endAt.getTime())) });
  return { company, month, ...computed, lines: computed.lines.map(withLabel) };
}

async function ownStatement(actor: Actor, statementId: number): Promise<{ statement: Statement; company: CompanyFacts }> {
  const companyId = requireCompanyId(actor, STATEMENT_MESSAGES.companyRequired);
  if (!Number.isInteger(statementId) || statementId <= 0) throw notFound(STATEMENT_MESSAGES.notFound);
  const statement = await Statement.findOne({ where: { id: statementId, companyId } });
  if (!statement) throw notFound(STATEMENT_MESSAGES.notFound);
  return { statement, company: await companyFacts(companyId) };
}

async function statementTotalsOf(statementId: number): Promise<StatementTotals> {
  const [row] = await sequelize.query<{ money_in: string; money_out: string; fees: string; cashback: string }>(
    `SELECT (coalesce(sum(amount) FILTER (WHERE amount >= 0), 0) * 100)::bigint AS money_in,
            (coalesce(-sum(amount) FILTER (WHERE amount < 0), 0) * 100)::bigint AS money_out,
            (coalesce(sum(fee), 0) * 100)::bigint AS fees, (coalesce(sum(cashback), 0) * 100)::bigint AS cashback
       FROM statement_lines WHERE statement_id = :statementId`,
    { type: QueryTypes.SELECT, replacements: { statementId } }
  );
  return {
    moneyIn: Number(row.money_in) as Cents,
    moneyOut: Number(row.money_out) as Cents,
    fees: Number(row.fees) as Cents,
    cashback: Number(row.cashback) as Cents,
  };
}

function withSplit<T extends StatementLineView>(lines: T[], locale: "en-NZ" | "en-AU"): Array<T & { split: string | null }> {
  const money = (cents: Cents) => formatMoney(cents, locale);
  return lines.map((line) => ({ ...line, split: splitExplanation(line, money) }));
}

/** A statement and a window of its lines (p2 §7: lines after startAt up to endAt, by line number; 25 by default). */
export async function getStatementDetails(actor: Actor, ref: StatementRef, window: { startAt?: number; endAt?: number } = {}): Promise<StatementDetails> {
  const { startAt, endAt } = linesWindow(window.startAt, window.endAt);
  if (ref === "current") {
    const live = await liveStatement(actor);
    return {
      id: "current",
      month: live.month,
      label: `${monthLabel(live.month)} to date`,
      status: "GENERATED",
      live: true,
      currency: live.currency,
      locale: live.company.locale,
      timeZone: live.company.timeZone,
      openingBalance: live.openingBalance,
      closingBalance: live.closingBalance,
      totals: statementTotals(live.lines),
      generatedAt: null,
      jobId: null,
      lines: withSplit(live.lines.slice(startAt, endAt), live.company.locale),
      totalLines: live.lines.length,
      startAt,
      endAt,
    };
  }
  const { statement, company } = await ownStatement(actor, ref);
  const [lines, totalLines, totals] = await Promise.all([
    StatementLine.findAll({ where: { statementId: ref, lineNumber: { [Op.gt]: startAt, [Op.lte]: endAt } }, order: [["lineNumber", "ASC"]] }),
    StatementLine.count({ where: { statementId: ref } }),
    statementTotalsOf(ref),
  ]);
  return {
    id: statement.id,
    month: statement.month.slice(0, 7),
    label: monthLabel(statement.month.slice(0, 7)),
    status: statement.status,
    live: false,
    currency: statement.currency,
    locale: company.locale,
    timeZone: company.timeZone,
    openingBalance: statement.openingBalance,
    closingBalance: statement.closingBalance,
    totals,
    generatedAt: statement.generatedAt?.toISOString() ?? null,
    jobId: statement.jobId,
    lines: withSplit(lines.map(lineView), company.locale),
    totalLines,
    startAt,
    endAt,
  };
}

/** Everything a file needs: a GENERATED statement or the month to date. */
async function statementForFile(actor: Actor, ref: StatementRef) {
  if (ref === "current") {
    const live = await liveStatement(actor);
    return {
      company: live.company,
      month: live.month,
      currency: live.currency,
      openingBalance: live.openingBalance,
      closingBalance: live.closingBalance,
      generatedAt: new Date(),
      lines: live.lines,
    };
  }
  const { statement, company } = await ownStatement(actor, ref);
  if (statement.status !== "GENERATED") throw new AppError(409, STATEMENT_MESSAGES.notReady, { code: "STATEMENT_NOT_READY" });
  const lines = (await StatementLine.findAll({ where: { statementId: ref }, order: [["lineNumber", "ASC"]] })).map(lineView);
  return {
    company,
    month: statement.month.slice(0, 7),
    currency: statement.currency,
    openingBalance: statement.openingBalance ?? (0 as Cents),
    closingBalance: statement.closingBalance ?? (0 as Cents),
    generatedAt: statement.generatedAt ?? new Date(),
    lines,
  };
}

/** statement-YYYY-MM.csv: the opening balance, one row a line, the closing balance; text cells escaped against formula injection. */
export async function statementCsv(actor: Actor, ref: StatementRef): Promise<{ fileName: string; body: string }> {
  const file = await statementForFile(actor, ref);
  const money = (cents: Cents) => formatMoney(cents, file.company.locale);
  const rows = file.lines.map((line) => [
    String(line.lineNumber),
    csvDateTime(line.occurredAt, file.company.timeZone),
    line.recordLabel,
    csvTextCell(line.reference),
    csvTextCell(line.description),
    csvTextCell(line.counterpartyName),
    csvAmount(line.amount),
    csvAmount(line.fee),
    csvAmount(line.cashback),
    csvAmount(line.balance),
    csvAmount(line.earlybirdFee),
    csvTextCell(splitExplanation(line, money)),
  ]);
  const opening = ["", "", "Opening balance", "", "", "", "", "", "", csvAmount(file.openingBalance), "", ""];
  const closing = ["", "", "Closing balance", "", "", "", "", "", "", csvAmount(file.closingBalance), "", ""];
  return { fileName: statementFileName(file.month, "csv"), body: stringifyCsv([[...STATEMENT_CSV_HEADER], opening, ...rows, closing]) };
}

/** statement-YYYY-MM.pdf. */
export async function statementPdfFile(actor: Actor, ref: StatementRef): Promise<{ fileName: string; body: Buffer }> {
  const file = await statementForFile(actor, ref);
  const body = await statementPdf(
    {
      companyName: file.company.name,
      accountLabel: ref === "current" ? "Month to date: this month is not over yet" : null,
      month: file.month,
      currency: file.currency,
      locale: file.company.locale,
      timeZone: file.company.timeZone,
      openingBalance: file.openingBalance,
      closingBalance: file.closingBalance,
      generatedAt: file.generatedAt,
    },
    file.lines
  );
  return { fileName: statementFileName(file.month, "pdf"), body };
}
