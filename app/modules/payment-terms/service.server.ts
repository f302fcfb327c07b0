/**
 * A company's payment terms (spec p3 §2.4 company settings, §5, §7.3 "/company/{id}/payment-terms": GET, POST, PUT,
 * DELETE). Reads are for any caller that already scoped the company (listPaymentTerms); changes are an admin's (or the
 * operator's, from the CLI), take the company id explicitly, run in one transaction under the company's row lock, and
 * are audited. The database's unique indexes back the duplicate and one-default rules.
 */
import { DatabaseError, Op, UniqueConstraintError, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { PaymentTerm } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { AppError } from "../../lib/errors";
import { audit } from "../audit/service.server";
import { getCompany, requireAdmin } from "../companies/service.server";
import {
  comparePaymentTerms,
  deleteRefusal,
  DUPLICATE_PAYMENT_TERMS,
  isDuplicateTerm,
  MANDATORY_PARAMS_MISSING,
  parsePaymentTerm,
  PAYMENT_TERM_IN_USE,
  PAYMENT_TERM_NOT_FOUND,
  resolveDefault,
  type PaymentTermInput,
  type PaymentTermValue,
} from "./rules";

export interface PaymentTermView extends PaymentTermValue {
  id: number;
  defaultTerm: boolean;
}

/** A term to add or to save over an existing one (PUT: the full term with defaultTerm). */
export interface PaymentTermChange extends PaymentTermInput {
  defaultTerm?: boolean;
}

const viewOf = (row: PaymentTerm): PaymentTermView => ({
  id: row.id,
  frequency: row.frequency,
  date: row.date,
  dayOfWeek: row.dayOfWeek as PaymentTermView["dayOfWeek"],
  defaultTerm: row.defaultTerm,
});

const mandatoryParamsMissing = () => new AppError(400, MANDATORY_PARAMS_MISSING, { code: "MANDATORY_PARAMS_MISSING" });
const notFound = () => new AppError(404, PAYMENT_TERM_NOT_FOUND, { code: "NOT_FOUND" });
const duplicate = () => AppError.validation({ frequency: DUPLICATE_PAYMENT_TERMS }, DUPLICATE_PAYMENT_TERMS);

const isPositiveId = (id: unknown): id is number => typeof id === "number" && Number.isInteger(id) && id > 0;

/** A company's payment terms: the default first, then monthly by date, then weekly Monday to Sunday. */
export async function listPaymentTerms(companyId: number, options: { transaction?: Transaction } = {}): Promise<PaymentTermView[]> {
  if (!isPositiveId(companyId)) throw mandatoryParamsMissing();
  const rows = await PaymentTerm.findAll({ where: { companyId }, transaction: options.transaction });
  return rows.map(viewOf).sort(comparePaymentTerms);
}

/** One term of the company (an admin's edit and delete dialogs), or 404. */
export async function getPaymentTerm(actor: Actor, companyId: number, paymentTermId: number): Promise<PaymentTermView> {
  requireAdmin(actor);
  if (!isPositiveId(companyId) || !isPositiveId(paymentTermId)) throw mandatoryParamsMissing();
  const row = await PaymentTerm.findOne({ where: { id: paymentTermId, companyId } });
  if (!row) throw notFound();
  return viewOf(row);
}

/** The company's row, locked: changes to one company's terms run one at a time. */
async function lockCompany(companyId: number, t: Transaction) {
  await getCompany(companyId, { transaction: t, lock: true, attributes: ["id"] });
}

function parsedOrThrow(input: PaymentTermInput): PaymentTermValue {
  const parsed = parsePaymentTerm(input);
  if (!parsed.ok) throw AppError.validation(parsed.fieldErrors);
  return parsed.value;
}

/** The violation of a unique index or CHECK named here becomes the spec's message; anything else passes. */
function mapConstraint(error: unknown): never {
  const constraint = (error as { parent?: { constraint?: string } }).parent?.constraint;
  if (error instanceof UniqueConstraintError && (constraint === "payment_terms_monthly_key" || constraint === "payment_terms_weekly_key")) throw duplicate();
  if (error instanceof DatabaseError && constraint === "counterparties_scheduled_payments_ready")
    throw new AppError(409, PAYMENT_TERM_IN_USE, { code: "PAYMENT_TERM_IN_USE" });
  throw error;
}

async function unsetDefault(companyId: number, exceptId: number | null, t: Transaction) {
  await PaymentTerm.update(
    { defaultTerm: false },
    { where: { companyId, defaultTerm: true, ...(exceptId ? { id: { [Op.ne]: exceptId } } : {}) }, transaction: t }
  );
}

/** Adds a term (POST: frequency, date, dayOfWeek). The company's first term is its default. */
export async function addPaymentTerm(actor: Actor, companyId: number, input: PaymentTermChange | null | undefined): Promise<PaymentTermView> {
  requireAdmin(actor);
  if (!isPositiveId(companyId) || !input) throw mandatoryParamsMissing();
  const value = parsedOrThrow(input);
  return sequelize
    .transaction(async (t) => {
      await lockCompany(companyId, t);
      const existing = await listPaymentTerms(companyId, { transaction: t });
      if (isDuplicateTerm(existing, value)) throw duplicate();
      const resolved = resolveDefault({ requested: input.defaultTerm, isCurrentDefault: false, companyHasDefault: existing.some((term) => term.defaultTerm) });
      if (!resolved.ok) throw AppError.validation({ defaultTerm: resolved.message });
      if (resolved.defaultTerm) await unsetDefault(companyId, null, t);
      const row = await PaymentTerm.create({ companyId, ...value, defaultTerm: resolved.defaultTerm }, { transaction: t });
      await audit(
        actor,
        { companyId, action: "payment_term.added", entityType: "payment_term", entityId: row.id, details: { ...value, defaultTerm: row.defaultTerm } },
        { transaction: t }
      );
      return viewOf(row);
    })
    .catch(mapConstraint);
}

/**
 * Saves a term (PUT: the full term with defaultTerm). Making it the default unsets the old default in the same
 * transaction; the default itself cannot be unset (another term is made the default instead).
 */
export async function updatePaymentTerm(
  actor: Actor,
  companyId: number,
  paymentTermId: number,
  input: PaymentTermChange | null | undefined
): Promise<PaymentTermView> {
  requireAdmin(actor);
  if (!isPositiveId(companyId) || !isPositiveId(paymentTermId) || !input) throw mandatoryParamsMissing();
  const value = parsedOrThrow(input);
  return sequelize
    .transaction(async (t) => {
      await lockCompany(companyId, t);
      const row = await PaymentTerm.findOne({ where: { id: paymentTermId, companyId }, transaction: t });
      if (!row) throw notFound();
      const existing = await listPaymentTerms(companyId, { transaction: t });
      if (isDuplicateTerm(existing, value, row.id)) throw duplicate();
      const resolved = resolveDefault({
        requested: input.defaultTerm,
        isCurrentDefault: row.defaultTerm,
        companyHasDefault: existing.some((term) => term.defaultTerm),
      });
      if (!resolved.ok) throw AppError.validation({ defaultTerm: resolved.message });
      const before = viewOf(row);
      if (resolved.defaultTerm && !row.defaultTerm) await unsetDefault(companyId, row.id, t);
      await row.update({ ...value, defaultTerm: resolved.defaultTerm }, { transaction: t });
      await audit(
        actor,
        { companyId, action: "payment_term.updated", entityType: "payment_term", entityId: row.id, details: { before, after: viewOf(row) } },
        { transaction: t }
      );
      return viewOf(row);
    })
    .catch(mapConstraint);
}

/** Deletes a term (DELETE by paymentTermId), never the default. Counterparties on it lose their term. */
export async function deletePaymentTerm(actor: Actor, companyId: number, paymentTermId: number): Promise<PaymentTermView> {
  requireAdmin(actor);
  if (!isPositiveId(companyId) || !isPositiveId(paymentTermId)) throw mandatoryParamsMissing();
  return sequelize
    .transaction(async (t) => {
      await lockCompany(companyId, t);
      const row = await PaymentTerm.findOne({ where: { id: paymentTermId, companyId }, transaction: t });
      if (!row) throw notFound();
      const refusal = deleteRefusal(row);
      if (refusal) throw new AppError(409, refusal, { code: "DEFAULT_PAYMENT_TERM" });
      const view = viewOf(row);
      await row.destroy({ transaction: t });
      await audit(
        actor,
        { companyId, action: "payment_term.deleted", entityType: "payment_term", entityId: view.id, details: { ...view } },
        { transaction: t }
      );
      return view;
    })
    .catch(mapConstraint);
}
