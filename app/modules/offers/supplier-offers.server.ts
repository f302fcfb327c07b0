/**
 * Supplier offers: the supplier's prompt payment request on an invoice (p2 §4 "Invoice row status", §5 "prompt payment
 * request", §7 POST/PUT /supplier-offers, PUT /{id}/cancel; decisions D2, D3; docs/decisions/017).
 *
 * A request is a supplier_offers row (CLEARING, amount A = cash_reward, day E = expiration_date) holding the invoice
 * through supplier_offer_invoices; the database allows one open (CLEARING or TOPUP_PENDING) offer per invoice. The
 * invoice's "Payment Requested" status is derived from that open offer by the lists (invoices/list.server.ts), not
 * stored on the invoice, so an expired or cancelled request can never leave a stale status behind.
 *
 * Every change locks the rows it checks (the invoice, or the offer) FOR UPDATE first, so a supplier's edit and the
 * purchaser's Pay Now (pay-now.server.ts) on the same offer run one after the other.
 */
import { QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { SupplierOffer, SupplierOfferInvoice } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { getRuntimeConfig } from "../settings/service.server";
import { LOCALES, TIME_ZONES, todayIn, type Country } from "../../lib/dates";
import { AppError, notFound } from "../../lib/errors";
import type { Cents } from "../../lib/money";
import { companyContextOf, requireVerifiedCompany, requireCompanyId } from "../companies/service.server";
import {
  discountSplit,
  maxPromptPaymentAmount,
  minPromptPaymentAmount,
  offerConfigFrom,
  supplierOfferSavings,
  validatePromptPaymentAmount,
  validatePromptPaymentExpiry,
  type DiscountSplit,
  type OfferConfig,
} from "./rules";
import {
  CHANGE_NOT_PERMITTED,
  parseExpiryDate,
  parsePromptPaymentAmount,
  PAYMENT_REQUEST_EXISTS,
  PAYMENT_REQUEST_NOT_AVAILABLE,
  PAYMENT_REQUEST_NOT_FOUND,
  type PromptPaymentField,
  type PromptPaymentFieldErrors,
  type PromptPaymentInput,
} from "./supplier-offers.schema";

async function companyCountry(companyId: number, transaction?: Transaction): Promise<Country> {
  return (await companyContextOf(companyId, { transaction })).country;
}

interface InvoiceFacts {
  id: number;
  invoice_number: string;
  customer_name: string;
  due_date: string;
  amount_due_c: string;
  invoice_status: string | null;
  currency: string;
  live_result: boolean;
}

/** The supplier's own live invoice, locked FOR UPDATE when `t` is given; 404 for anything else. */
async function invoiceFacts(companyId: number, invoiceId: number, t?: Transaction): Promise<InvoiceFacts> {
  const [row] = await sequelize.query<InvoiceFacts>(
    `SELECT i.id, i.invoice_number, i.issued_for_company_name AS customer_name, to_char(i.due_date, 'YYYY-MM-DD') AS due_date,
            (i.discounted_total * 100)::bigint AS amount_due_c, i.invoice_status, i.currency,
            EXISTS (SELECT 1 FROM offer_execution_results r WHERE r.invoice_id = i.id AND r.status <> 'FAILED') AS live_result
     FROM invoices i
     WHERE i.id = :invoiceId AND i.issued_by = :companyId AND i.deleted_at IS NULL
     ${t ? "FOR UPDATE OF i" : ""}`,
    { type: QueryTypes.SELECT, replacements: { invoiceId, companyId }, transaction: t }
  );
  if (!row) throw notFound("Invoice not found");
  return row;
}

const isPaidInvoice = (facts: Pick<InvoiceFacts, "invoice_status" | "live_result">) =>
  facts.invoice_status === "PAID" || facts.invoice_status === "PAYMENT_RECEIVED" || facts.live_result;

/** The open (CLEARING or TOPUP_PENDING) offer holding the invoice, if any. */
async function openOfferOf(invoiceId: number, t?: Transaction): Promise<SupplierOffer | null> {
  const link = await SupplierOfferInvoice.findOne({
    where: { invoiceId, offerStatus: ["CLEARING", "TOPUP_PENDING"] },
    order: [["id", "DESC"]],
    transaction: t,
  });
  if (!link) return null;
  return SupplierOffer.findByPk(link.supplierOfferId, { transaction: t, ...(t ? { lock: t.LOCK.UPDATE } : {}) });
}

/** Reads and checks amount A and day E against the invoice; every field's message, or the parsed values. */
export function checkPromptPayment(
  input: PromptPaymentInput,
  facts: { amountDue: Cents; dueDate: string; today: string },
  config: OfferConfig
): { ok: true; amount: Cents; expirationDate: string } | { ok: false; fieldErrors: PromptPaymentFieldErrors } {
  const amount = parsePromptPaymentAmount(input.amount);
  const expirationDate = parseExpiryDate(input.expirationDate ?? "");
  const fieldErrors: PromptPaymentFieldErrors = {};
  const amountError = validatePromptPaymentAmount(amount, facts.amountDue, config);
  if (amountError) fieldErrors.amount = amountError;
  const expiryError = validatePromptPaymentExpiry(expirationDate || null, { today: facts.today, dueDate: facts.dueDate });
  if (expiryError) fieldErrors.expirationDate = expiryError;
  if (amountError || expiryError || amount === null) return { ok: false, fieldErrors };
  return { ok: true, amount, expirationDate };
}

function validationError(fieldErrors: PromptPaymentFieldErrors): AppError {
  const field = (Object.keys(fieldErrors) as PromptPaymentField[])[0];
  return new AppError(422, fieldErrors[field]!, { code: "VALIDATION", field, details: { fieldErrors } });
}

async function offerConfig(): Promise<OfferConfig> {
  return offerConfigFrom(await getRuntimeConfig());
}

export interface PromptPaymentView {
  invoice: { id: number; number: string; customerName: string; dueDate: string; amountDue: Cents };
  /** The open request on the invoice (Edit), or null (Request Payment). */
  offer: { id: number; status: "CLEARING" | "TOPUP_PENDING"; amount: Cents; expirationDate: string; savings: Cents } | null;
  today: string;
  /** The last day E may be: the day before the due date. */
  latestExpiry: string;
  maxAmount: Cents;
  minAmount: Cents;
  /** Who gets what of the open request's amount A (D2); the shares alone (discount 0) before there is one. */
  split: DiscountSplit;
  locale: "en-NZ" | "en-AU";
  /** The invoice cannot get a request (paid, or being paid through a purchaser offer). */
  unavailable: boolean;
}

/** What the Request Payment / Edit dialog shows for one of the supplier's invoices. */
export async function promptPaymentView(actor: Actor, invoiceId: number): Promise<PromptPaymentView> {
  const companyId = requireCompanyId(actor);
  const [country, facts, config] = await Promise.all([companyCountry(companyId), invoiceFacts(companyId, invoiceId), offerConfig()]);
  const offer = await openOfferOf(invoiceId);
  const amountDue = Number(facts.amount_due_c) as Cents;
  const latest = new Date(`${facts.due_date}T00:00:00Z`);
  latest.setUTCDate(latest.getUTCDate() - 1);
  return {
    invoice: { id: facts.id, number: facts.invoice_number, customerName: facts.customer_name, dueDate: facts.due_date, amountDue },
    offer:
      offer && offer.createdByCompany === companyId
        ? {
            id: offer.id,
            status: offer.offerStatus as "CLEARING" | "TOPUP_PENDING",
            amount: offer.cashReward,
            expirationDate: offer.expirationDate,
            savings: supplierOfferSavings(offer.cashReward, config),
          }
        : null,
    today: todayIn(country),
    latestExpiry: latest.toISOString().slice(0, 10),
    maxAmount: maxPromptPaymentAmount(amountDue, config),
    minAmount: minPromptPaymentAmount(config),
    split: discountSplit((offer && offer.createdByCompany === companyId ? offer.cashReward : 0) as Cents, config),
    locale: LOCALES[country],
    unavailable: !offer && isPaidInvoice(facts),
  };
}

/**
 * Request Payment (POST /supplier-offers): a CLEARING offer of amount A until day E on one of the supplier's invoices.
 * Bad input: 422 with every field's message (details.fieldErrors), nothing written.
 */
export async function requestPayment(actor: Actor, input: PromptPaymentInput & { invoiceId: number }): Promise<{ offerId: number }> {
  const companyId = requireCompanyId(actor);
  const config = await offerConfig();
  return sequelize.transaction(async (t) => {
    await requireVerifiedCompany(companyId, { transaction: t });
    const country = await companyCountry(companyId, t);
    const facts = await invoiceFacts(companyId, input.invoiceId, t);
    if (isPaidInvoice(facts)) throw new AppError(409, PAYMENT_REQUEST_NOT_AVAILABLE, { code: "NOT_AVAILABLE" });
    if (await openOfferOf(facts.id, t)) throw new AppError(409, PAYMENT_REQUEST_EXISTS, { code: "OFFER_EXISTS" });
    const checked = checkPromptPayment(input, { amountDue: Number(facts.amount_due_c) as Cents, dueDate: facts.due_date, today: todayIn(country) }, config);
    if (!checked.ok) throw validationError(checked.fieldErrors);
    const offer = await SupplierOffer.create(
      { createdByCompany: companyId, cashReward: checked.amount, autobid: false, offerUnit: "AMOUNT", expirationDate: checked.expirationDate, topUpId: null },
      { transaction: t }
    );
    await SupplierOfferInvoice.create({ supplierOfferId: offer.id, invoiceId: facts.id }, { transaction: t });
    return { offerId: offer.id };
  });
}

/** The supplier's own offer, locked; 404 for another company's. */
async function lockOwnOffer(t: Transaction, companyId: number, offerId: number): Promise<SupplierOffer> {
  const offer = await SupplierOffer.findOne({ where: { id: offerId, createdByCompany: companyId }, lock: t.LOCK.UPDATE, transaction: t });
  if (!offer) throw notFound(PAYMENT_REQUEST_NOT_FOUND);
  return offer;
}

function requireChangeable(offer: SupplierOffer): void {
  // TOPUP_PENDING: the purchaser chose Pay Now and its top-up is under way (decision 017); the others are final.
  if (offer.offerStatus === "TOPUP_PENDING") throw new AppError(409, CHANGE_NOT_PERMITTED, { code: "CHANGE_NOT_PERMITTED" });
  if (offer.offerStatus !== "CLEARING") throw new AppError(409, "This payment request is no longer open", { code: "OFFER_CLOSED" });
}

/** Edit (PUT /supplier-offers/{id}): new amount A and day E of an open CLEARING request, checked as on creation. */
export async function editPaymentRequest(actor: Actor, offerId: number, input: PromptPaymentInput): Promise<{ offerId: number }> {
  const companyId = requireCompanyId(actor);
  const config = await offerConfig();
  return sequelize.transaction(async (t) => {
    await requireVerifiedCompany(companyId, { transaction: t });
    const country = await companyCountry(companyId, t);
    const offer = await lockOwnOffer(t, companyId, offerId);
    requireChangeable(offer);
    const link = await SupplierOfferInvoice.findOne({ where: { supplierOfferId: offer.id }, order: [["id", "ASC"]], transaction: t });
    if (!link) throw notFound(PAYMENT_REQUEST_NOT_FOUND);
    const facts = await invoiceFacts(companyId, link.invoiceId, t);
    const checked = checkPromptPayment(input, { amountDue: Number(facts.amount_due_c) as Cents, dueDate: facts.due_date, today: todayIn(country) }, config);
    if (!checked.ok) throw validationError(checked.fieldErrors);
    await offer.update({ cashReward: checked.amount, expirationDate: checked.expirationDate }, { transaction: t });
    return { offerId: offer.id };
  });
}

/** Cancel (PUT /supplier-offers/{id}/cancel): an open CLEARING request becomes CANCELLED; the invoice is free again. */
export async function cancelPaymentRequest(actor: Actor, offerId: number): Promise<{ alreadyDone: boolean }> {
  const companyId = requireCompanyId(actor);
  return sequelize.transaction(async (t) => {
    await requireVerifiedCompany(companyId, { transaction: t });
    const offer = await lockOwnOffer(t, companyId, offerId);
    if (offer.offerStatus === "CANCELLED") return { alreadyDone: true };
    requireChangeable(offer);
    await offer.update({ offerStatus: "CANCELLED" }, { transaction: t });
    return { alreadyDone: false };
  });
}

/**
 * The scheduled job `expire-supplier-offers` (D3): a CLEARING offer expires at the end of its day E in the supplier
 * company's time zone (D1: 23:59:59 Pacific/Auckland or Australia/Sydney), i.e. once that zone's today is after E. One
 * guarded UPDATE, its rows locked in id order (decision 031): an offer being paid is locked by Pay Now, so the UPDATE
 * waits, re-reads it and skips it once it is
 * EXECUTED or TOPUP_PENDING. A TOPUP_PENDING offer is not expired here: the purchaser accepted it in time and it waits
 * for its top-up (decision 017). Safe to run twice.
 */
export async function expireSupplierOffers(now: Date = new Date()): Promise<{ expired: number }> {
  const rows = await sequelize.query<{ id: number }>(
    `UPDATE supplier_offers so SET offer_status = 'EXPIRED'
     WHERE so.offer_status = 'CLEARING'
       AND so.id IN (SELECT o.id FROM supplier_offers o JOIN companies c ON c.id = o.created_by_company
                      WHERE o.offer_status = 'CLEARING'
                        AND o.expiration_date < (CAST(:now AS timestamptz) AT TIME ZONE (CASE c.country WHEN 'AU' THEN :auZone ELSE :nzZone END))::date
                      ORDER BY o.id FOR UPDATE OF o)
     RETURNING so.id`,
    { type: QueryTypes.SELECT, replacements: { now: now.toISOString(), auZone: TIME_ZONES.AU, nzZone: TIME_ZONES.NZ } }
  );
  return { expired: rows.length };
}

/** Day E has ended in the supplier's zone (the job may not have run yet). */
export function isPastExpiry(expirationDate: string, country: Country, now: Date = new Date()): boolean {
  return expirationDate < todayIn(country, now);
}
