/**
 * A company's GL codes (spec p3 §2.4 company settings, §5, §7.3 "Xero accounts ... PUT with a GL account body
 * (isDefault, isVisibleInEarlybird) to add, edit or delete"). Reads are for any caller that already scoped the
 * company (listGlAccounts); changes are an admin's (or the operator's), take the company id explicitly, run under
 * the company's row lock and are audited. At most one default per company (a unique index backs it); a deleted code
 * is invisible and non-default, never removed.
 */
import { Op, UniqueConstraintError, type Transaction, type WhereOptions } from "sequelize";
import { sequelize } from "../../../db/index";
import { GlAccount } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { AppError } from "../../lib/errors";
import { audit } from "../audit/service.server";
import { getCompany, requireAdmin } from "../companies/service.server";
import {
  diffGlAccount,
  GL_CODE_EXISTS,
  INVALID_GL_CODE,
  parseGlCode,
  parseNewGlAccount,
  REQUIRED_PARAMETERS_MISSING,
  type GlAccountInput,
  type GlChange,
} from "./rules";

/** The spec's fetch size for GL accounts (p3 §9). */
export const GL_ACCOUNTS_FETCH_SIZE = 1000;

export interface GlAccountView {
  id: number;
  /** The account's id in the accounting system (null for a code added in Earlybird). */
  accountId: string | null;
  accountCode: string;
  accountName: string;
  isVisibleInEarlybird: boolean;
  isDefault: boolean;
  loadedBy: string;
  updatedAt: string;
}

/** Which account: the row id (a screen's link) or the code (the spec's GL account body, the CLI). */
export type GlAccountRef = { id: number } | { accountCode: string };

const viewOf = (row: GlAccount): GlAccountView => ({
  id: row.id,
  accountId: row.accountId,
  accountCode: row.accountCode,
  accountName: row.accountName,
  isVisibleInEarlybird: row.isVisibleInEarlybird,
  isDefault: row.isDefault,
  loadedBy: row.loadedBy,
  updatedAt: row.updatedAt.toISOString(),
});

const isPositiveId = (id: unknown): id is number => typeof id === "number" && Number.isInteger(id) && id > 0;
/** Other admin calls missing parameters (p3 §5 "Admin calls"). */
const mandatoryParamsMissing = () => new AppError(400, REQUIRED_PARAMETERS_MISSING, { code: "VALUES_MISSING" });
const invalidCode = () => AppError.validation({ accountCode: INVALID_GL_CODE });
const codeExists = () => AppError.validation({ accountCode: GL_CODE_EXISTS });

/** A company's GL accounts by code (at most the spec's 1000): the visible ones unless `visibleOnly` is false. */
export async function listGlAccounts(companyId: number, options: { visibleOnly?: boolean; transaction?: Transaction } = {}): Promise<GlAccountView[]> {
  if (!isPositiveId(companyId)) throw mandatoryParamsMissing();
  const where: WhereOptions<GlAccount> = options.visibleOnly === false ? { companyId } : { companyId, isVisibleInEarlybird: true };
  const rows = await GlAccount.findAll({ where, order: [["accountCode", "ASC"]], limit: GL_ACCOUNTS_FETCH_SIZE, transaction: options.transaction });
  return rows.map(viewOf);
}

/**
 * A visible account of the company: an unknown id is 404 (a stale link), an unknown code 'Invalid GL Code, please
 * try again' (p3 §5) on the code field.
 */
async function findVisible(companyId: number, ref: GlAccountRef, t?: Transaction): Promise<GlAccount> {
  if ("id" in ref) {
    const row = isPositiveId(ref.id) ? await GlAccount.findOne({ where: { id: ref.id, companyId, isVisibleInEarlybird: true }, transaction: t }) : null;
    if (!row) throw new AppError(404, "GL code not found", { code: "NOT_FOUND" });
    return row;
  }
  const code = parseGlCode(ref.accountCode);
  const row = code.ok ? await GlAccount.findOne({ where: { companyId, accountCode: code.code, isVisibleInEarlybird: true }, transaction: t }) : null;
  if (!row) throw invalidCode();
  return row;
}

/** One visible GL account of the company (an admin's edit and delete dialogs). */
export async function getGlAccount(actor: Actor, companyId: number, ref: GlAccountRef): Promise<GlAccountView> {
  requireAdmin(actor);
  if (!isPositiveId(companyId)) throw mandatoryParamsMissing();
  return viewOf(await findVisible(companyId, ref));
}

async function lockCompany(companyId: number, t: Transaction) {
  await getCompany(companyId, { transaction: t, lock: true, attributes: ["id"] });
}

async function unsetDefault(companyId: number, exceptId: number, t: Transaction) {
  await GlAccount.update({ isDefault: false }, { where: { companyId, isDefault: true, id: { [Op.ne]: exceptId } }, transaction: t });
}

function mapConstraint(error: unknown): never {
  const constraint = (error as { parent?: { constraint?: string } }).parent?.constraint;
  if (error instanceof UniqueConstraintError && (constraint === "gl_accounts_company_id_account_code_key" || constraint === undefined)) throw codeExists();
  throw error;
}

/**
 * Adds a GL code (the add dialog, `gl-codes:add`): 'GL Code is required' without one. A code the company had deleted
 * (or loaded from its accounting system and hidden) is made visible again with the name given; a visible one is
 * refused. With isDefault it becomes the one default.
 */
export async function addGlAccount(actor: Actor, companyId: number, input: GlAccountInput | null | undefined): Promise<GlAccountView> {
  requireAdmin(actor);
  if (!isPositiveId(companyId) || !input) throw mandatoryParamsMissing();
  const parsed = parseNewGlAccount(input);
  if (!parsed.ok) throw AppError.validation(parsed.fieldErrors);
  const value = parsed.value;
  return sequelize
    .transaction(async (t) => {
      await lockCompany(companyId, t);
      let row = await GlAccount.findOne({ where: { companyId, accountCode: value.accountCode }, transaction: t });
      if (row?.isVisibleInEarlybird) throw codeExists();
      if (row) await row.update({ accountName: value.accountName, isVisibleInEarlybird: true, isDefault: false }, { transaction: t });
      else
        row = await GlAccount.create(
          {
            companyId,
            accountCode: value.accountCode,
            accountName: value.accountName,
            accountId: null,
            accountType: null,
            accountClassification: null,
            taxExempted: null,
            loadedBy: "EARLYBIRD",
          },
          { transaction: t }
        );
      if (value.isDefault) {
        await unsetDefault(companyId, row.id, t);
        await row.update({ isDefault: true }, { transaction: t });
      }
      await audit(
        actor,
        {
          companyId,
          action: "gl_account.added",
          entityType: "gl_account",
          entityId: row.id,
          details: { accountCode: row.accountCode, accountName: row.accountName, isDefault: row.isDefault },
        },
        { transaction: t }
      );
      return viewOf(row);
    })
    .catch(mapConstraint);
}

/**
 * Edits a GL code's name and default flag (PUT with the GL account body). 'Nothing to update' when neither changes;
 * making it the default unsets the old default in the same transaction. Returns the account and what changed (the
 * route's toast depends on it).
 */
export async function updateGlAccount(
  actor: Actor,
  companyId: number,
  ref: GlAccountRef,
  input: { accountName?: string | null; isDefault?: boolean } | null | undefined
): Promise<{ account: GlAccountView; change: GlChange }> {
  requireAdmin(actor);
  if (!isPositiveId(companyId) || !input) throw mandatoryParamsMissing();
  return sequelize.transaction(async (t) => {
    await lockCompany(companyId, t);
    const row = await findVisible(companyId, ref, t);
    const diff = diffGlAccount(row, input);
    if (!diff.ok) throw diff.field ? AppError.validation({ [diff.field]: diff.message }) : new AppError(400, diff.message, { code: "NOTHING_TO_UPDATE" });
    const before = { accountName: row.accountName, isDefault: row.isDefault };
    if (diff.change.isDefault) await unsetDefault(companyId, row.id, t);
    await row.update(diff.change, { transaction: t });
    await audit(
      actor,
      {
        companyId,
        action: "gl_account.updated",
        entityType: "gl_account",
        entityId: row.id,
        details: { accountCode: row.accountCode, before, change: diff.change },
      },
      { transaction: t }
    );
    return { account: viewOf(row), change: diff.change };
  });
}

/** Sets a GL code as the default or as non-default ('GL code set as default' / 'GL code set as non-default'). */
export const setGlAccountDefault = (actor: Actor, companyId: number, ref: GlAccountRef, isDefault: boolean) =>
  updateGlAccount(actor, companyId, ref, { isDefault });

/** Deletes a GL code: invisible and non-default (p3 §7.3), kept for the bills and counterparties that name it. */
export async function deleteGlAccount(actor: Actor, companyId: number, ref: GlAccountRef): Promise<GlAccountView> {
  requireAdmin(actor);
  if (!isPositiveId(companyId)) throw mandatoryParamsMissing();
  return sequelize.transaction(async (t) => {
    await lockCompany(companyId, t);
    const row = await findVisible(companyId, ref, t);
    await row.update({ isVisibleInEarlybird: false, isDefault: false }, { transaction: t });
    await audit(
      actor,
      { companyId, action: "gl_account.deleted", entityType: "gl_account", entityId: row.id, details: { accountCode: row.accountCode } },
      { transaction: t }
    );
    return viewOf(row);
  });
}
