/**
 * The actor company's counterparties as the create screens and the add dialog look them up (p2 §7 "GET
 * /company/{id}/counter-parties": counterPartyName, isPurchaserOffersEnabled, size 2000; paymentTermId is read on
 * creation screens). A counterparty is named by its company id (counterPartyId), the way invoices name
 * issuedBy / issuedFor; every lookup is scoped to relationships owned by actor.companyId.
 */
import { Op, type Transaction, type WhereOptions } from "sequelize";
import { Company, Counterparty, PaymentTerm } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { AppError } from "../../lib/errors";
import type { PaymentTermLike } from "../invoices/schema";
import { getCompany, requireAdmin, requireCompanyId } from "../companies/service.server";

/** Not in the spec (it gives no wording); ours, in the spec's voice. */
export const COUNTERPARTY_NOT_FOUND = "Company not found";
/** The spec's lookup size (p2 §9 "counterparty lookup size 2000"). */
export const COUNTERPARTY_LOOKUP_MAX = 2000;

/** SUPPLIER: counterparties the actor buys from (bills, credit notes); CUSTOMER: those it sells to (invoices). */
export type CounterpartyRole = "SUPPLIER" | "CUSTOMER";

export interface CounterpartyOption {
  /** The counterparty's company id (counterParty.counterParty.id). */
  id: number;
  companyName: string;
  status: string;
  isPurchaserOffersEnabled: boolean;
  contactEmail: string | null;
  paymentTermId: number | null;
  paymentTerm: PaymentTermLike | null;
}

function toOption(row: Counterparty): CounterpartyOption {
  const term = row.paymentTerm ?? null;
  return {
    id: row.counterpartyCompanyId,
    companyName: row.counterpartyCompany?.companyName ?? "",
    status: row.counterpartyCompany?.status ?? "INACTIVE",
    isPurchaserOffersEnabled: row.isPurchaserOffersEnabled,
    contactEmail: row.contactEmail,
    paymentTermId: row.paymentTermId,
    paymentTerm: term ? { frequency: term.frequency, date: term.date, dayOfWeek: term.dayOfWeek } : null,
  };
}

function roleWhere(role: CounterpartyRole | undefined): WhereOptions<Counterparty> {
  if (role === "SUPPLIER") return { isSupplier: true };
  if (role === "CUSTOMER") return { isCustomer: true };
  return {};
}

/** Escapes LIKE wildcards so a typed "%" or "_" matches itself. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The actor's counterparties whose name contains `name` (case-insensitive), by name. `isPurchaserOffersEnabled`
 * filters on the relationship's offers switch when given.
 */
export async function searchCounterparties(actor: Actor, options: CounterpartySearch = {}): Promise<CounterpartyOption[]> {
  return searchCompanyCounterparties(requireCompanyId(actor), options);
}

export interface CounterpartySearch {
  name?: string | null;
  limit?: number;
  role?: CounterpartyRole;
  isPurchaserOffersEnabled?: boolean;
}

/**
 * An admin's counterparty search across companies (p2 §6; p3 §7.3 "GET counterparties (counterPartyName as :like,
 * entityId)"): the counterparties of any company `entityId`. 404 for anyone else, or for no such company.
 */
export async function searchCounterpartiesOf(actor: Actor, entityId: number, options: CounterpartySearch = {}): Promise<CounterpartyOption[]> {
  requireAdmin(actor);
  await getCompany(entityId, { attributes: ["id"] });
  return searchCompanyCounterparties(entityId, options);
}

async function searchCompanyCounterparties(companyId: number, options: CounterpartySearch): Promise<CounterpartyOption[]> {
  const name = (options.name ?? "").trim().replace(/\s+/g, " ");
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 20), 1), COUNTERPARTY_LOOKUP_MAX);
  const rows = await Counterparty.findAll({
    where: {
      companyId,
      ...roleWhere(options.role),
      ...(options.isPurchaserOffersEnabled === undefined ? {} : { isPurchaserOffersEnabled: options.isPurchaserOffersEnabled }),
    },
    include: [
      {
        model: Company,
        as: "counterpartyCompany",
        attributes: ["id", "companyName", "status"],
        required: true,
        ...(name ? { where: { companyName: { [Op.iLike]: likeContains(name) } } } : {}),
      },
      { model: PaymentTerm, as: "paymentTerm", required: false },
    ],
    order: [
      [{ model: Company, as: "counterpartyCompany" }, "companyName", "ASC"],
      ["id", "ASC"],
    ],
    limit,
  });
  return rows.map(toOption);
}

/** One counterparty of the actor by its company id; 404 when the actor has no such relationship (in that role). */
export async function getCounterparty(
  actor: Actor,
  id: number,
  options: { role?: CounterpartyRole; transaction?: Transaction } = {}
): Promise<CounterpartyOption> {
  const companyId = requireCompanyId(actor);
  const row = Number.isSafeInteger(id)
    ? await Counterparty.findOne({
        where: { companyId, counterpartyCompanyId: id, ...roleWhere(options.role) },
        include: [
          { model: Company, as: "counterpartyCompany", attributes: ["id", "companyName", "status"], required: true },
          { model: PaymentTerm, as: "paymentTerm", required: false },
        ],
        transaction: options.transaction,
      })
    : null;
  if (!row || row.counterpartyCompanyId === companyId) throw new AppError(404, COUNTERPARTY_NOT_FOUND, { code: "NOT_FOUND", field: "counterpartyId" });
  return toOption(row);
}
