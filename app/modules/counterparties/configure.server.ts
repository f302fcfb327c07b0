/**
 * Configure counterparties (p3 §7.3 "PATCH counterparties by entityId": a list of {id, modificationTime, path, value}
 * over the seven paths). All or nothing, in one transaction: every row is locked (ascending ids), its modificationTime
 * compared, every value checked by the rules of §5; one stale row or one bad value refuses the whole change and nothing
 * is written. Audited per counterparty.
 */
import { QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { Counterparty, GlAccount, PaymentTerm } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import type { Country } from "../../lib/dates";
import { AppError, type FieldErrors } from "../../lib/errors";
import { auditAll } from "../audit/service.server";
import { getCompany, requireAdmin, requireCompanyId } from "../companies/service.server";
import { MODIFICATION_TIME_SQL } from "./directory.server";
import {
  CONFIGURE_MESSAGES,
  CONFIGURE_PATHS,
  OWN_SUPPLIER_PATHS,
  PATH_FIELDS,
  parseChange,
  scheduledPaymentsAllowed,
  type ConfigureOperation,
  type ConfigurePath,
  type ParsedChange,
} from "./rules";

/** At most this many operations in one change (100 rows × 7 paths). */
export const MAX_OPERATIONS = 700;

export interface ConfiguredCounterparty {
  id: number;
  modificationTime: string;
}

interface LockedRow {
  id: number;
  modification_time: string;
  company_name: string;
  is_supplier: boolean;
  is_purchaser_offers_enabled: boolean;
  is_scheduled_payments_enabled: boolean;
  default_processing_queue: string | null;
  payment_term_id: number | null;
  external_bank_account_number: string | null;
  gl_account_id: number | null;
  period_lock_date: string | null;
}

/** The row's columns each path writes. */
const COLUMN: Record<ConfigurePath, keyof Counterparty & string> = {
  "/paymentTermId": "paymentTermId",
  "/externalBankAccountNumber": "externalBankAccountNumber",
  "/isPurchaserOffersEnabled": "isPurchaserOffersEnabled",
  "/isScheduledPaymentsEnabled": "isScheduledPaymentsEnabled",
  "/processingQueue": "defaultProcessingQueue",
  "/glAccount": "glAccountId",
  "/periodLockDate": "periodLockDate",
};

interface RowState extends Record<string, unknown> {
  paymentTermId: number | null;
  externalBankAccountNumber: string | null;
  isScheduledPaymentsEnabled: boolean;
}

function stateOf(row: LockedRow): RowState {
  return {
    paymentTermId: row.payment_term_id,
    externalBankAccountNumber: row.external_bank_account_number,
    isPurchaserOffersEnabled: row.is_purchaser_offers_enabled,
    isScheduledPaymentsEnabled: row.is_scheduled_payments_enabled,
    defaultProcessingQueue: row.default_processing_queue,
    glAccountId: row.gl_account_id,
    periodLockDate: row.period_lock_date,
  };
}

/** The operations read and checked without the database: by row id, the changes; else the field errors. */
function parseOperations(operations: readonly ConfigureOperation[], country: Country, allowed: readonly ConfigurePath[]) {
  if (operations.length === 0) throw new AppError(400, CONFIGURE_MESSAGES.nothingToUpdate, { code: "BAD_REQUEST" });
  if (operations.length > MAX_OPERATIONS) throw new AppError(400, CONFIGURE_MESSAGES.requiredParameters, { code: "BAD_REQUEST" });
  const errors: FieldErrors = {};
  const byRow = new Map<number, { modificationTime: string; changes: Map<ConfigurePath, ParsedChange> }>();
  for (const operation of operations) {
    if (
      !Number.isSafeInteger(operation.id) ||
      operation.id < 1 ||
      typeof operation.modificationTime !== "string" ||
      !(CONFIGURE_PATHS as readonly string[]).includes(operation.path)
    ) {
      throw new AppError(400, CONFIGURE_MESSAGES.requiredParameters, { code: "BAD_REQUEST" });
    }
    if (!allowed.includes(operation.path)) throw new AppError(403, "You cannot change this setting", { code: "FORBIDDEN" });
    const entry = byRow.get(operation.id) ?? { modificationTime: operation.modificationTime, changes: new Map() };
    if (entry.modificationTime !== operation.modificationTime) throw new AppError(400, CONFIGURE_MESSAGES.requiredParameters, { code: "BAD_REQUEST" });
    byRow.set(operation.id, entry);
    const parsed = parseChange(operation.path, operation.value, country);
    if ("error" in parsed) errors[PATH_FIELDS[operation.path]] ??= parsed.error;
    else entry.changes.set(operation.path, parsed.change);
  }
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  return byRow;
}

/** The payment term and GL account ids the change names must be the company's (the GL account also visible). */
async function checkReferences(companyId: number, changes: ParsedChange[], transaction: Transaction) {
  const termIds = [...new Set(changes.flatMap((c) => (c.path === "/paymentTermId" && c.value !== null ? [c.value] : [])))];
  const glIds = [...new Set(changes.flatMap((c) => (c.path === "/glAccount" && c.value !== null ? [c.value] : [])))];
  const errors: FieldErrors = {};
  if (termIds.length > 0) {
    const found = await PaymentTerm.count({ where: { companyId, id: termIds }, transaction });
    if (found !== termIds.length) errors.paymentTermId = CONFIGURE_MESSAGES.invalidPaymentTerm;
  }
  if (glIds.length > 0) {
    const found = await GlAccount.count({ where: { companyId, id: glIds, isVisibleInEarlybird: true }, transaction });
    if (found !== glIds.length) errors.glAccount = CONFIGURE_MESSAGES.invalidGlCode;
  }
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
}

async function configure(
  actor: Actor,
  companyId: number,
  operations: readonly ConfigureOperation[],
  options: { allowed: readonly ConfigurePath[]; suppliersOnly: boolean; transaction?: Transaction }
): Promise<ConfiguredCounterparty[]> {
  const company = await getCompany(companyId, { attributes: ["id", "country"] });
  const byRow = parseOperations(operations, company.country as Country, options.allowed);
  const ids = [...byRow.keys()].sort((a, b) => a - b);
  const run = async (transaction: Transaction) => {
    // Ascending ids (docs/decisions/031): two changes over the same rows wait for each other instead of deadlocking.
    const locked = await sequelize.query<LockedRow>(
      `SELECT cp.id, ${MODIFICATION_TIME_SQL} AS modification_time, c.company_name, cp.is_supplier,
              cp.is_purchaser_offers_enabled, cp.is_scheduled_payments_enabled, cp.default_processing_queue,
              cp.payment_term_id, cp.external_bank_account_number, cp.gl_account_id,
              to_char(cp.period_lock_date, 'YYYY-MM-DD') AS period_lock_date
         FROM counterparties cp JOIN companies c ON c.id = cp.counterparty_company_id
        WHERE cp.company_id = :companyId AND cp.id IN (:ids)
        ORDER BY cp.id
          FOR UPDATE OF cp`,
      { type: QueryTypes.SELECT, replacements: { companyId, ids }, transaction }
    );
    if (locked.length !== ids.length || (options.suppliersOnly && locked.some((row) => !row.is_supplier))) {
      throw new AppError(404, CONFIGURE_MESSAGES.notFound, { code: "NOT_FOUND" });
    }
    for (const row of locked) {
      if (row.modification_time !== byRow.get(row.id)!.modificationTime) {
        throw new AppError(409, CONFIGURE_MESSAGES.stale(row.company_name), { code: "STALE", details: { counterpartyId: row.id } });
      }
    }
    await checkReferences(companyId, [...byRow.values()].flatMap((entry) => [...entry.changes.values()]), transaction);
    const audits = [];
    for (const row of locked) {
      const { changes } = byRow.get(row.id)!;
      const before = stateOf(row);
      const after: RowState = { ...before };
      for (const change of changes.values()) (after as Record<string, unknown>)[COLUMN[change.path]] = change.value;
      if (!scheduledPaymentsAllowed(after)) throw AppError.validation({ isScheduledPaymentsEnabled: CONFIGURE_MESSAGES.scheduledPayments });
      const changed = Object.fromEntries(Object.entries(after).filter(([key, value]) => before[key] !== value));
      if (Object.keys(changed).length === 0) continue;
      await Counterparty.update(changed, { where: { id: row.id, companyId }, transaction });
      audits.push({
        action: "counterparty.configure",
        companyId,
        entityType: "counterparty",
        entityId: row.id,
        details: { counterpartyName: row.company_name, changes: Object.fromEntries(Object.keys(changed).map((key) => [key, { from: before[key], to: after[key] }])) },
      });
    }
    await auditAll(actor, audits, { transaction });
    return sequelize.query<ConfiguredCounterparty>(
      `SELECT cp.id, ${MODIFICATION_TIME_SQL} AS "modificationTime" FROM counterparties cp WHERE cp.company_id = :companyId AND cp.id IN (:ids) ORDER BY cp.id`,
      { type: QueryTypes.SELECT, replacements: { companyId, ids }, transaction }
    );
  };
  return options.transaction ? run(options.transaction) : sequelize.transaction(run);
}

/** An admin configures company `companyId`'s counterparties (404 for anyone else, or a counterparty not the company's). */
export async function configureCounterparties(actor: Actor, companyId: number, operations: readonly ConfigureOperation[]): Promise<ConfiguredCounterparty[]> {
  requireAdmin(actor);
  return configure(actor, companyId, operations, { allowed: CONFIGURE_PATHS, suppliersOnly: false });
}

/**
 * The acting company configures its own suppliers (settings Suppliers tab): offers enabled, processing queue, payment
 * term and GL code (OWN_SUPPLIER_PATHS), through the same rules.
 */
export async function configureOwnSuppliers(actor: Actor, operations: readonly ConfigureOperation[]): Promise<ConfiguredCounterparty[]> {
  const companyId = requireCompanyId(actor);
  return configure(actor, companyId, operations, { allowed: OWN_SUPPLIER_PATHS, suppliersOnly: true });
}
