/**
 * Period locks (p3 §4.10, §8; issue 15 part 5; docs/decisions/038-period-lock.md).
 *
 * - A company's lock date is entity_preferences.period_lock_date; with counterparty locks on (the counterpartyPeriodLock
 *   feature flag and the company's setting is_counterparty_period_lock_enabled) a supplier's relationship row carries
 *   its own counterparties.period_lock_date, and the later of the two applies to that supplier's bills.
 * - A lock is a queued job (PERIOD_LOCK, jobs/registry.ts): startPeriodLock checks the rules and queues it (the web),
 *   lockPeriod queues and runs it in this process (the CLI, the scheduled auto-lock). The job locks the row that holds
 *   the date (FOR UPDATE), checks the rules again against what it reads, writes the month end and the audit entry, in
 *   one transaction: of two locks of the same month one wins, the other gets 'Period is already locked'.
 * - assertBillDateOpen refuses a bill dated in a locked period (its issue date, or its due date without one).
 */
import { QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { CompanySettings, Counterparty } from "../../../db/models/index";
import { actingUserId, isAdminActor, operatorFor, type Actor } from "../../lib/actor";
import { formatDate } from "../../lib/dates";
import { AppError } from "../../lib/errors";
import { audit } from "../audit/service.server";
import { companyContextOf, findCompanyContext, type CompanyContext } from "../companies/service.server";
import { runQueuedJobsSoon } from "../jobs/queue-trigger.server";
import { createJob, executeJob, getJob, type ExecuteJobOptions, type JobView } from "../jobs/service.server";
import { isFeatureEnabled } from "../settings/service.server";
import {
  COUNTERPARTY_DATA_MISSING,
  autoLockMonths,
  effectiveLockDate,
  isDateInLockedPeriod,
  isMonth,
  lastLockedMonth,
  lockButtonState,
  lockDateFor,
  lockedMessage,
  lockRefusal,
  monthOfDate,
  monthTitle,
  nextLockableMonth,
  settingsControlState,
  type LockButtonState,
} from "./rules";

import { MONTH_FORMAT } from "./schema";

export { isDateInLockedPeriod } from "./rules";

export const PERIOD_LOCK_JOB_TYPE = "PERIOD_LOCK";
export const COUNTERPARTY_NOT_FOUND = "Counterparty not found";
export const SUPPLIER_NOT_FOUND = "Supplier not found";
export const INVALID_MONTH = MONTH_FORMAT;

const notFound = (message: string) => new AppError(404, message, { code: "NOT_FOUND" });
const refused = (message: string) => new AppError(409, message, { code: "PERIOD_LOCK_REFUSED", field: "month" });

export interface PeriodLockInput {
  /** The month to lock, "YYYY-MM". */
  month: string;
  /** A counterparties row of the company (the CLI's --counterparty): lock that relationship's period. */
  counterpartyId?: number | null;
}

export interface PeriodLockResult {
  companyId: number;
  counterpartyId: number | null;
  month: string;
  lockDate: string;
  message: string;
}

export interface PeriodStatus {
  companyId: number;
  counterpartyId: number | null;
  /** Whether this status reads a counterparty's lock (counterparty locks on and a counterparty named). */
  counterpartyLocks: boolean;
  companyLockDate: string | null;
  counterpartyLockDate: string | null;
  /** The lock date that applies (the later of the two with counterparty locks). */
  lockDate: string | null;
  lastLockedMonth: string | null;
  nextLockableMonth: string | null;
  currentMonth: string;
}

// ---- Reading ------------------------------------------------------------------------------------------------------

/** The company whose period `actor` may lock: its own (any other is 404), or any company for an admin or the operator. */
async function scopedCompany(actor: Actor, companyId: number, options: { transaction?: Transaction; now?: Date } = {}): Promise<CompanyContext> {
  if (!Number.isSafeInteger(companyId) || companyId <= 0) throw notFound("Company not found");
  if (!isAdminActor(actor) && actor.companyId !== companyId) throw notFound("Company not found");
  return companyContextOf(companyId, options);
}

/** Whether the company's supplier page and status read counterparty lock dates. */
export async function counterpartyLocksEnabled(companyId: number, t?: Transaction): Promise<boolean> {
  if (!(await isFeatureEnabled("counterpartyPeriodLock"))) return false;
  const settings = await CompanySettings.findOne({ where: { companyId }, attributes: ["isCounterpartyPeriodLockEnabled"], transaction: t });
  return settings?.isCounterpartyPeriodLockEnabled ?? false;
}

async function companyLockDate(companyId: number, t?: Transaction, lock = false): Promise<string | null> {
  const [row] = await sequelize.query<{ period_lock_date: string | null }>(
    `SELECT period_lock_date::text FROM entity_preferences WHERE company_id = :companyId${lock ? " FOR UPDATE" : ""}`,
    { type: QueryTypes.SELECT, replacements: { companyId }, transaction: t }
  );
  return row?.period_lock_date ?? null;
}

async function findCounterparty(companyId: number, where: { id: number } | { counterpartyCompanyId: number }, t?: Transaction, lock = false) {
  return Counterparty.findOne({
    where: { companyId, ...where },
    attributes: ["id", "counterpartyCompanyId", "periodLockDate"],
    transaction: t,
    ...(lock && t ? { lock: t.LOCK.UPDATE } : {}),
  });
}

/** A counterparty row of the company by id, or 404 (another company's counterparty included). */
async function requireCounterparty(companyId: number, counterpartyId: number, t?: Transaction, lock = false) {
  if (!Number.isSafeInteger(counterpartyId) || counterpartyId <= 0) throw notFound(COUNTERPARTY_NOT_FOUND);
  const counterparty = await findCounterparty(companyId, { id: counterpartyId }, t, lock);
  if (!counterparty) throw notFound(COUNTERPARTY_NOT_FOUND);
  return counterparty;
}

/** periodStatus: the lock date, the last locked month and the month that can be locked next (the CLI's period:status). */
export async function periodStatus(actor: Actor, companyId: number, counterpartyId?: number | null, options: { now?: Date } = {}): Promise<PeriodStatus> {
  const company = await scopedCompany(actor, companyId, options);
  const counterparty = counterpartyId ? await requireCounterparty(company.id, counterpartyId) : null;
  const companyDate = await companyLockDate(company.id);
  const counterpartyLocks = counterparty !== null && (await counterpartyLocksEnabled(company.id));
  const lockDate = effectiveLockDate({ companyLockDate: companyDate, counterpartyLockDate: counterparty?.periodLockDate ?? null, counterpartyLocks });
  const currentMonth = monthOfDate(company.today);
  return {
    companyId: company.id,
    counterpartyId: counterparty?.id ?? null,
    counterpartyLocks,
    companyLockDate: companyDate,
    counterpartyLockDate: counterparty?.periodLockDate ?? null,
    lockDate,
    lastLockedMonth: lastLockedMonth(lockDate),
    nextLockableMonth: nextLockableMonth(lockDate, currentMonth),
    currentMonth,
  };
}

// ---- The supplier page ---------------------------------------------------------------------------------------------

export interface SupplierLockView extends LockButtonState {
  /** The counterparties row the button locks (counterparty locks on), null for the company's period. */
  counterpartyId: number | null;
  counterpartyLocks: boolean;
  lockDate: string | null;
}

/**
 * The lock button of /suppliers/{supplierId} for the selected month (p3 §4.10). With counterparty locks on it is the
 * supplier's relationship's period (a supplier without a counterparties row gives 'Counterparty data is missing' when
 * locked); otherwise the company's.
 */
export async function supplierLockButton(actor: Actor, supplierId: number, selectedMonth: string, options: { now?: Date } = {}): Promise<SupplierLockView> {
  const company = await scopedCompany(actor, actor.companyId ?? 0, options);
  const counterpartyLocks = await counterpartyLocksEnabled(company.id);
  const counterparty = counterpartyLocks ? await findCounterparty(company.id, { counterpartyCompanyId: supplierId }) : null;
  const lockDate = effectiveLockDate({ companyLockDate: await companyLockDate(company.id), counterpartyLockDate: counterparty?.periodLockDate ?? null, counterpartyLocks });
  return {
    ...lockButtonState({ selectedMonth, currentMonth: monthOfDate(company.today), lockDate }),
    counterpartyId: counterparty?.id ?? null,
    counterpartyLocks,
    lockDate,
  };
}

/** A supplier of the actor's company: a counterparties row, or a bill from it (the supplier bills page's suppliers). */
async function requireSupplier(companyId: number, supplierId: number): Promise<void> {
  if (!Number.isSafeInteger(supplierId) || supplierId <= 0) throw notFound(SUPPLIER_NOT_FOUND);
  const [row] = await sequelize.query<{ known: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM counterparties WHERE company_id = :companyId AND counterparty_company_id = :supplierId)
         OR EXISTS (SELECT 1 FROM invoices WHERE issued_for = :companyId AND issued_by = :supplierId AND type = 'BILL' AND deleted_at IS NULL) AS known`,
    { type: QueryTypes.SELECT, replacements: { companyId, supplierId } }
  );
  if (!row?.known) throw notFound(SUPPLIER_NOT_FOUND);
}

/**
 * The supplier page's lock (POST /suppliers/{supplierId}/lock): the period of the selected month (its previous month),
 * the counterparty's with counterparty locks on, else the company's. Checks and queues; returns the job.
 */
export async function startSupplierPeriodLock(actor: Actor, supplierId: number, selectedMonth: string, options: { now?: Date } = {}): Promise<JobView> {
  const companyId = actor.companyId ?? 0;
  const company = await scopedCompany(actor, companyId, options);
  await requireSupplier(company.id, supplierId);
  if (!isMonth(selectedMonth)) throw new AppError(422, INVALID_MONTH, { code: "VALIDATION", field: "month", details: { fieldErrors: { month: INVALID_MONTH } } });
  const view = await supplierLockButton(actor, supplierId, selectedMonth, options);
  if (view.counterpartyLocks && view.counterpartyId === null) throw refused(COUNTERPARTY_DATA_MISSING);
  return startPeriodLock(actor, company.id, { month: view.period, counterpartyId: view.counterpartyId }, options);
}

// ---- Locking ------------------------------------------------------------------------------------------------------

interface LockPayload {
  companyId: number;
  month: string;
  counterpartyId: number | null;
  actorUserId: number | null;
}

function validMonth(month: string): string {
  if (!isMonth(month)) throw new AppError(422, INVALID_MONTH, { code: "VALIDATION", field: "month", details: { fieldErrors: { month: INVALID_MONTH } } });
  return month;
}

/** The rules against the stored dates (read, or read FOR UPDATE inside the job's transaction). */
async function checkLock(company: CompanyContext, month: string, counterpartyId: number | null, t?: Transaction, lock = false) {
  const companyDate = await companyLockDate(company.id, t, lock);
  let counterpartyDate: string | null = null;
  if (counterpartyId !== null) {
    const counterparty = await findCounterparty(company.id, { id: counterpartyId }, t, lock);
    if (!counterparty) throw refused(COUNTERPARTY_DATA_MISSING);
    counterpartyDate = counterparty.periodLockDate;
  }
  const lockDate = effectiveLockDate({ companyLockDate: companyDate, counterpartyLockDate: counterpartyDate, counterpartyLocks: counterpartyId !== null });
  const refusal = lockRefusal({ month, lockDate, currentMonth: monthOfDate(company.today) });
  if (refusal) throw refused(refusal);
}

/**
 * Checks a lock of `month` for the company (or its counterparty) and queues the PERIOD_LOCK job; the worker runs it
 * (runPeriodLock). A refusal ('Period is already locked', 'Active period can not be locked', …) is thrown at once.
 */
export async function startPeriodLock(actor: Actor, companyId: number, input: PeriodLockInput, options: { now?: Date; run?: "queue" | "here" } = {}): Promise<JobView> {
  const company = await scopedCompany(actor, companyId, options);
  const month = validMonth(input.month);
  const counterpartyId = input.counterpartyId ? (await requireCounterparty(company.id, input.counterpartyId)).id : null;
  await checkLock(company, month, counterpartyId);
  const payload: LockPayload = { companyId: company.id, month, counterpartyId, actorUserId: actingUserId(actor) };
  const job = await createJob({ type: PERIOD_LOCK_JOB_TYPE, payload: { ...payload, ...(options.now ? { now: options.now.toISOString() } : {}) }, ownerUserId: actingUserId(actor), companyId: company.id });
  if (options.run !== "here") runQueuedJobsSoon();
  return job;
}

/** The lock itself, in one transaction: the row that holds the date FOR UPDATE, the rules again, the date, the audit. */
async function applyLock(jobId: string, payload: LockPayload, now: Date | undefined, progress: (percent: number) => Promise<void>): Promise<PeriodLockResult> {
  const lockDate = lockDateFor(payload.month);
  await progress(10);
  const result = await sequelize.transaction(async (t) => {
    const company = await companyContextOf(payload.companyId, { transaction: t, now });
    // The company's row exists before it is locked, so two first locks serialise on it too.
    await sequelize.query(`INSERT INTO entity_preferences (company_id) VALUES (:companyId) ON CONFLICT (company_id) DO NOTHING`, {
      replacements: { companyId: company.id },
      transaction: t,
    });
    // A retry of this job after its worker died past the commit: the lock is in, and the job only has to say so.
    const [done] = await sequelize.query(`SELECT 1 FROM audit_log WHERE company_id = :companyId AND action = 'period.lock' AND details->>'jobId' = :jobId`, {
      type: QueryTypes.SELECT,
      replacements: { companyId: company.id, jobId },
      transaction: t,
    });
    if (done) return { companyId: company.id, counterpartyId: payload.counterpartyId, month: payload.month, lockDate, message: lockedMessage(payload.month) };
    await checkLock(company, payload.month, payload.counterpartyId, t, true);
    if (payload.counterpartyId !== null) {
      await Counterparty.update({ periodLockDate: lockDate }, { where: { id: payload.counterpartyId, companyId: company.id }, transaction: t });
    } else {
      await sequelize.query(`UPDATE entity_preferences SET period_lock_date = :lockDate WHERE company_id = :companyId`, {
        replacements: { companyId: company.id, lockDate },
        transaction: t,
      });
    }
    await audit(
      payload.actorUserId,
      {
        companyId: company.id,
        action: "period.lock",
        entityType: payload.counterpartyId !== null ? "counterparty" : "company",
        entityId: payload.counterpartyId ?? company.id,
        details: { month: payload.month, lockDate, jobId },
      },
      { transaction: t }
    );
    return { companyId: company.id, counterpartyId: payload.counterpartyId, month: payload.month, lockDate, message: lockedMessage(payload.month) };
  });
  await progress(90);
  return result;
}

function payloadOf(raw: Record<string, unknown>): { payload: LockPayload; now?: Date } {
  const payload: LockPayload = {
    companyId: Number(raw.companyId),
    month: String(raw.month),
    counterpartyId: raw.counterpartyId === null || raw.counterpartyId === undefined ? null : Number(raw.counterpartyId),
    actorUserId: raw.actorUserId === null || raw.actorUserId === undefined ? null : Number(raw.actorUserId),
  };
  return { payload, now: typeof raw.now === "string" ? new Date(raw.now) : undefined };
}

/** The PERIOD_LOCK job's runner (jobs/registry.ts). A refusal fails the job with the spec's message. */
export async function runPeriodLock(jobId: string, options: ExecuteJobOptions = {}): Promise<JobView> {
  return executeJob(
    jobId,
    async ({ payload, progress }) => {
      const { payload: lock, now } = payloadOf(payload);
      return applyLock(jobId, lock, now, progress);
    },
    options
  );
}

/**
 * Locks `month` now, in this process, recorded as a PERIOD_LOCK job like the web's (the CLI; the scheduled auto-lock).
 * Throws the refusal's AppError.
 */
export async function lockPeriod(
  actor: Actor,
  companyId: number,
  input: PeriodLockInput,
  options: { now?: Date; onProgress?: (percent: number) => void } = {}
): Promise<PeriodLockResult & { jobId: string }> {
  const job = await startPeriodLock(actor, companyId, input, { now: options.now, run: "here" });
  const done = await runPeriodLock(job.id, { onProgress: options.onProgress });
  if (done.status !== "SUCCEEDED") throw new AppError(409, done.error ?? `The lock is ${done.status}`, { code: "PERIOD_LOCK_NOT_DONE" });
  return { ...(done.result as PeriodLockResult), jobId: done.id };
}

export interface PeriodLockJobView {
  id: string;
  status: JobView["status"];
  progress: number;
  month: string;
  /** 'Locked October invoices' once it succeeded. */
  message: string | null;
  error: string | null;
}

/** A lock job as its page polls it: the actor's company's PERIOD_LOCK jobs only (404 otherwise). */
export async function getPeriodLockJob(actor: Actor, jobId: string): Promise<PeriodLockJobView> {
  const job = await getJob(actor, jobId);
  if (job.type !== PERIOD_LOCK_JOB_TYPE) throw notFound("Job not found");
  const month = String(job.payload.month ?? "");
  return {
    id: job.id,
    status: job.status,
    progress: job.progress,
    month,
    message: job.status === "SUCCEEDED" && isMonth(month) ? lockedMessage(month) : null,
    error: job.status === "FAILED" || job.status === "CANCELLED" ? job.error ?? "Something went wrong" : null,
  };
}

// ---- Settings: the period-lock control and the auto-lock preference -------------------------------------------------

export interface PeriodLockSettings {
  /** The previous calendar month, which the control locks. */
  period: string;
  periodTitle: string;
  locked: boolean;
  /** Why the control cannot lock now (a gap), null when it can or it is locked. */
  refusal: string | null;
  lockDate: string | null;
  autoLockPreviousMonth: boolean;
}

export async function periodLockSettings(actor: Actor, options: { now?: Date } = {}): Promise<PeriodLockSettings> {
  const company = await scopedCompany(actor, actor.companyId ?? 0, options);
  const [row] = await sequelize.query<{ period_lock_date: string | null; auto_lock_previous_month: boolean }>(
    `SELECT period_lock_date::text, auto_lock_previous_month FROM entity_preferences WHERE company_id = :companyId`,
    { type: QueryTypes.SELECT, replacements: { companyId: company.id } }
  );
  const lockDate = row?.period_lock_date ?? null;
  const state = settingsControlState({ currentMonth: monthOfDate(company.today), lockDate });
  return {
    period: state.period,
    periodTitle: monthTitle(state.period),
    locked: state.locked,
    refusal: state.locked ? null : state.refusal,
    lockDate,
    autoLockPreviousMonth: row?.auto_lock_previous_month ?? false,
  };
}

/** The settings control's lock: the previous calendar month of the company's period. */
export async function startPreviousMonthLock(actor: Actor, options: { now?: Date } = {}): Promise<JobView> {
  const settings = await periodLockSettings(actor, options);
  return startPeriodLock(actor, actor.companyId ?? 0, { month: settings.period }, options);
}

/** Turns the automatic lock of the previous month on or off for the actor's company (audited). */
export async function setAutoLockPreviousMonth(actor: Actor, enabled: boolean): Promise<{ autoLockPreviousMonth: boolean }> {
  const company = await scopedCompany(actor, actor.companyId ?? 0);
  await sequelize.transaction(async (t) => {
    await sequelize.query(
      `INSERT INTO entity_preferences (company_id, auto_lock_previous_month) VALUES (:companyId, :enabled)
       ON CONFLICT (company_id) DO UPDATE SET auto_lock_previous_month = EXCLUDED.auto_lock_previous_month`,
      { replacements: { companyId: company.id, enabled }, transaction: t }
    );
    await audit(actor, { companyId: company.id, action: "period.auto-lock", entityType: "company", entityId: company.id, details: { enabled } }, { transaction: t });
  });
  return { autoLockPreviousMonth: enabled };
}

// ---- The scheduled auto-lock ---------------------------------------------------------------------------------------

/**
 * The scheduled job `auto-lock-periods`: for every company that opted in, on the first day of a month in its own time
 * zone, lock the previous month (and any open month before it, in order). Already locked is fine: the job runs hourly
 * and does nothing the second time. One company's refusal does not stop the others.
 */
export async function autoLockPeriods(now: Date = new Date(), progress: (percent: number) => Promise<void> = async () => {}): Promise<{ locked: number; failed: number }> {
  const rows = await sequelize.query<{ company_id: number; period_lock_date: string | null }>(
    `SELECT company_id, period_lock_date::text FROM entity_preferences WHERE auto_lock_previous_month ORDER BY company_id`,
    { type: QueryTypes.SELECT }
  );
  let locked = 0;
  let failed = 0;
  for (const [index, row] of rows.entries()) {
    const company = await findCompanyContext(row.company_id, { now });
    if (company) {
      for (const month of autoLockMonths({ today: company.today, lockDate: row.period_lock_date })) {
        try {
          await lockPeriod(operatorFor(company.id), company.id, { month }, { now });
          locked += 1;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          failed += 1;
          break;
        }
      }
    }
    await progress(Math.floor(((index + 1) / rows.length) * 99));
  }
  return { locked, failed };
}

// ---- Bills in a locked period -------------------------------------------------------------------------------------

/** The message on the date field of a bill dated in a locked period (ours: the spec names none). */
export function lockedDateMessage(lockDate: string): string {
  return `This date is in a locked period (locked up to ${formatDate(lockDate)})`;
}

/** An imported bill row dated in a locked period (the failed-rows reason). */
export function lockedRowMessage(field: "issueDate" | "dueDate", lockDate: string): string {
  return `${field === "issueDate" ? "Issue date" : "Due date"} is in a locked period (locked up to ${formatDate(lockDate)})`;
}

/** The lock date that applies to the company's bills from one supplier (a companies id), or null. */
export async function billLockDate(companyId: number, supplierCompanyId: number | null, t?: Transaction): Promise<string | null> {
  const companyDate = await companyLockDate(companyId, t);
  if (supplierCompanyId === null || !(await counterpartyLocksEnabled(companyId, t))) return companyDate;
  const counterparty = await findCounterparty(companyId, { counterpartyCompanyId: supplierCompanyId }, t);
  return effectiveLockDate({ companyLockDate: companyDate, counterpartyLockDate: counterparty?.periodLockDate ?? null, counterpartyLocks: true });
}

/**
 * Refuses a bill of `companyId` from a supplier dated in a locked period: its issue date, or its due date when it has
 * none (422 on that field, nothing written).
 */
export async function assertBillDateOpen(
  companyId: number,
  supplierCompanyId: number | null,
  dates: { issueDate: string | null; dueDate: string | null },
  t?: Transaction
): Promise<void> {
  const field = dates.issueDate ? "issueDate" : "dueDate";
  const date = dates.issueDate ?? dates.dueDate;
  if (!date) return;
  const lockDate = await billLockDate(companyId, supplierCompanyId, t);
  if (lockDate && isDateInLockedPeriod(date, lockDate)) throw AppError.validation({ [field]: lockedDateMessage(lockDate) });
}

/**
 * For a bills import: the company's lock date and the lock dates of its counterparties that have one (by lower-case
 * name), read once. Only locked counterparties are read, so it stays small whatever the number of suppliers.
 */
export async function billImportLocks(companyId: number): Promise<(supplierName: string) => string | null> {
  const companyDate = await companyLockDate(companyId);
  const byName = new Map<string, string>();
  if (await counterpartyLocksEnabled(companyId)) {
    const rows = await sequelize.query<{ name: string; period_lock_date: string }>(
      `SELECT lower(co.company_name) AS name, cp.period_lock_date::text
         FROM counterparties cp JOIN companies co ON co.id = cp.counterparty_company_id
        WHERE cp.company_id = :companyId AND cp.period_lock_date IS NOT NULL`,
      { type: QueryTypes.SELECT, replacements: { companyId } }
    );
    for (const row of rows) byName.set(row.name, effectiveLockDate({ companyLockDate: companyDate, counterpartyLockDate: row.period_lock_date, counterpartyLocks: true }) ?? row.period_lock_date);
  }
  return (supplierName) => byName.get(supplierName.trim().toLowerCase()) ?? companyDate;
}
