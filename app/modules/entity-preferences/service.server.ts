/**
 * A company's entity preferences (spec p3 §3: accept approved invoices from purchasers, share approved invoices with
 * suppliers, default processing queue, period lock date) and entity settings (isRipeEnabled, the pending-approval
 * queue changed through the isRipeLiteEnabled path), read and patched as §7.3 describes. A company without its rows
 * gets them, with the defaults, on first read. Every patch carries the modificationTime the caller read; a row
 * changed meanwhile refuses it (409). See docs/decisions/037-company-configuration.md.
 */
import { QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { isAdminActor, type Actor } from "../../lib/actor";
import { AppError } from "../../lib/errors";
import { centsToDecimal, parseDecimalToCents, type Cents } from "../../lib/money";
import { audit } from "../audit/service.server";
import { getCompany, requireAdmin } from "../companies/service.server";
import {
  checkPreferencesPatch,
  checkSettingsPatch,
  isWellFormedModificationTime,
  NO_ENTITY_ID_AVAILABLE,
  SOMETHING_WENT_WRONG,
  STALE_SETTINGS,
  type EntityPreferencesPatch,
  type ProcessingQueue,
} from "./rules";

export interface EntityPreferencesView {
  id: number;
  companyId: number;
  modificationTime: string;
  isAcceptApprovedInvoicesFromPurchasersEnabled: boolean;
  isShareApprovedInvoicesWithSuppliersEnabled: boolean;
  defaultProcessingQueue: ProcessingQueue;
  /** "YYYY-MM-DD", a month end, or null. */
  periodLockDate: string | null;
}

export interface EntitySettingsView {
  id: number;
  companyId: number;
  modificationTime: string;
  isRipeEnabled: boolean;
  /** The pending-approval queue (lite mode enables send-to-pending-approval, p3 §6). */
  isRipeLiteEnabled: boolean;
}

const MODIFICATION_TIME_SQL = `to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const PREFERENCES_COLUMNS = `id, company_id AS "companyId", ${MODIFICATION_TIME_SQL} AS "modificationTime",
  is_accept_approved_invoices_from_purchasers_enabled AS "isAcceptApprovedInvoicesFromPurchasersEnabled",
  is_share_approved_invoices_with_suppliers_enabled AS "isShareApprovedInvoicesWithSuppliersEnabled",
  default_processing_queue AS "defaultProcessingQueue", to_char(period_lock_date, 'YYYY-MM-DD') AS "periodLockDate"`;

const SETTINGS_COLUMNS = `id, company_id AS "companyId", ${MODIFICATION_TIME_SQL} AS "modificationTime",
  is_ripe_enabled AS "isRipeEnabled", is_ripe_lite_enabled AS "isRipeLiteEnabled"`;

const stale = () => new AppError(409, STALE_SETTINGS, { code: "STALE" });

/** The acting company itself, or an admin (the operator) for any company; anyone else the 404 of an unknown page. */
function requireCompanyAccess(actor: Actor, companyId: number) {
  if (isAdminActor(actor) || actor.companyId === companyId) return;
  throw new AppError(404, "Not found", { code: "NOT_FOUND" });
}

async function ensureRow(table: "entity_preferences" | "company_settings", companyId: number, t?: Transaction) {
  await getCompany(companyId, { transaction: t, attributes: ["id"] });
  await sequelize.query(`INSERT INTO ${table} (company_id) VALUES ($1) ON CONFLICT (company_id) DO NOTHING`, { bind: [companyId], transaction: t });
}

/** The company's entity preferences, created with the defaults on first read. 404 "Company not found" for no company. */
export async function getEntityPreferences(companyId: number, options: { transaction?: Transaction } = {}): Promise<EntityPreferencesView> {
  if (!companyId) throw new AppError(400, NO_ENTITY_ID_AVAILABLE, { code: "VALUES_MISSING" });
  await ensureRow("entity_preferences", companyId, options.transaction);
  const [row] = await sequelize.query<EntityPreferencesView>(`SELECT ${PREFERENCES_COLUMNS} FROM entity_preferences WHERE company_id = $1`, {
    bind: [companyId],
    type: QueryTypes.SELECT,
    transaction: options.transaction,
  });
  return row;
}

/** The company's entity settings, created with the defaults on first read. 404 "Company not found" for no company. */
export async function getEntitySettings(companyId: number, options: { transaction?: Transaction } = {}): Promise<EntitySettingsView> {
  if (!companyId) throw new AppError(400, SOMETHING_WENT_WRONG, { code: "VALUES_MISSING" });
  await ensureRow("company_settings", companyId, options.transaction);
  const [row] = await sequelize.query<EntitySettingsView>(`SELECT ${SETTINGS_COLUMNS} FROM company_settings WHERE company_id = $1`, {
    bind: [companyId],
    type: QueryTypes.SELECT,
    transaction: options.transaction,
  });
  return row;
}

/**
 * Patches a company's preferences (PATCH /defaultProcessingQueue and the two invoice-sharing switches): the company
 * itself (the AP Automation tab) or an admin (company settings). 'No entity id available', 'No payload available',
 * 'Missing data' (no modificationTime) as p3 §5 says; a stale modificationTime is refused (409).
 */
export async function updateEntityPreferences(
  actor: Actor,
  companyId: number,
  input: { modificationTime?: string | null; patch?: EntityPreferencesPatch | null }
): Promise<EntityPreferencesView> {
  const check = checkPreferencesPatch({ companyId, modificationTime: input.modificationTime, patch: input.patch });
  if (!check.ok) throw check.field ? AppError.validation({ [check.field]: check.message }) : new AppError(400, check.message, { code: "VALUES_MISSING" });
  requireCompanyAccess(actor, companyId);
  const modificationTime = input.modificationTime!;
  if (!isWellFormedModificationTime(modificationTime)) throw stale();
  return sequelize.transaction(async (t) => {
    const before = await getEntityPreferences(companyId, { transaction: t });
    const sets: string[] = [];
    const bind: unknown[] = [companyId, modificationTime];
    const column = {
      isAcceptApprovedInvoicesFromPurchasersEnabled: "is_accept_approved_invoices_from_purchasers_enabled",
      isShareApprovedInvoicesWithSuppliersEnabled: "is_share_approved_invoices_with_suppliers_enabled",
      defaultProcessingQueue: "default_processing_queue",
    } as const;
    for (const [key, value] of Object.entries(check.change) as [keyof typeof column, unknown][]) {
      bind.push(value);
      sets.push(`${column[key]} = $${bind.length}`);
    }
    // The updated_at trigger moves the modificationTime on every save, even one that changes no value.
    const [rows] = (await sequelize.query(
      `UPDATE entity_preferences SET ${sets.join(", ")} WHERE company_id = $1 AND updated_at = $2::timestamptz RETURNING ${PREFERENCES_COLUMNS}`,
      { bind, transaction: t }
    )) as unknown as [EntityPreferencesView[]];
    if (rows.length === 0) throw stale();
    await audit(
      actor,
      { companyId, action: "entity_preferences.updated", entityType: "entity_preferences", entityId: before.id, details: { change: check.change } },
      { transaction: t }
    );
    return rows[0];
  });
}

/**
 * Turns a company's pending-approval queue on or off (PATCH entity settings /isRipeLiteEnabled; an admin's, company
 * settings). The settings id and modificationTime must be the ones read ('Something went wrong' without them, p3 §5;
 * 409 when stale). is_pending_approval_queue_enabled is kept equal to it (decision 037).
 */
export async function updateEntitySettings(
  actor: Actor,
  companyId: number,
  input: { settingsId?: number | null; modificationTime?: string | null; isRipeLiteEnabled?: boolean | null }
): Promise<EntitySettingsView> {
  requireAdmin(actor);
  const check = checkSettingsPatch({
    companyId,
    settingsId: input.settingsId,
    modificationTime: input.modificationTime,
    isRipeLiteEnabled: input.isRipeLiteEnabled,
  });
  if (!check.ok) throw new AppError(400, check.message, { code: "VALUES_MISSING" });
  const modificationTime = input.modificationTime!;
  return sequelize.transaction(async (t) => {
    const before = await getEntitySettings(companyId, { transaction: t });
    if (before.id !== input.settingsId) throw new AppError(400, SOMETHING_WENT_WRONG, { code: "VALUES_MISSING" });
    if (!isWellFormedModificationTime(modificationTime)) throw stale();
    const [rows] = (await sequelize.query(
      `UPDATE company_settings SET is_ripe_lite_enabled = $3, is_pending_approval_queue_enabled = $3
       WHERE company_id = $1 AND updated_at = $2::timestamptz RETURNING ${SETTINGS_COLUMNS}`,
      { bind: [companyId, modificationTime, check.isRipeLiteEnabled], transaction: t }
    )) as unknown as [EntitySettingsView[]];
    if (rows.length === 0) throw stale();
    await audit(
      actor,
      {
        companyId,
        action: "entity_settings.updated",
        entityType: "company_settings",
        entityId: before.id,
        details: { isRipeLiteEnabled: check.isRipeLiteEnabled },
      },
      { transaction: t }
    );
    return rows[0];
  });
}

/** The tolerance is whole cents from $0.00 (ours: the spec gives no wording). */
export const TOLERANCE_INVALID = "Tolerance must be an amount of at least $0.00, e.g. 5.00";

/**
 * Sets a company's authorisation tolerance (p3 §9 "default 5 (configurable per company setting)"; dollars,
 * company_settings.authorisation_tolerance): document matching's AMOUNT_OVER / AMOUNT_UNDER limit and the authorise
 * ceiling (docs/decisions/044). An admin's or the operator's; the settings row is created on first write.
 */
export async function updateAuthorisationTolerance(actor: Actor, companyId: number, amount: string): Promise<{ companyId: number; authorisationTolerance: Cents }> {
  requireAdmin(actor);
  let cents: Cents;
  try {
    cents = parseDecimalToCents(amount);
  } catch {
    throw AppError.validation({ amount: TOLERANCE_INVALID });
  }
  if (cents < 0) throw AppError.validation({ amount: TOLERANCE_INVALID });
  await getCompany(companyId);
  return sequelize.transaction(async (t) => {
    await sequelize.query(`INSERT INTO company_settings (company_id) VALUES ($1) ON CONFLICT (company_id) DO NOTHING`, { bind: [companyId], transaction: t });
    const [rows] = (await sequelize.query(`UPDATE company_settings SET authorisation_tolerance = $2 WHERE company_id = $1 RETURNING id`, {
      bind: [companyId, centsToDecimal(cents)],
      transaction: t,
    })) as unknown as [{ id: number }[]];
    await audit(
      actor,
      { companyId, action: "entity_settings.updated", entityType: "company_settings", entityId: rows[0].id, details: { authorisationTolerance: cents } },
      { transaction: t }
    );
    return { companyId, authorisationTolerance: cents };
  });
}
