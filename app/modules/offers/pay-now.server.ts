/**
 * Pay Now: the purchaser pays a bill at once on the supplier's prompt payment request (p2 §4 "Pay Now", §7 POST
 * /supplier-offers/{id}/execute with state EXECUTE; part 1 §4 top-up trigger SUPPLIER_OFFER; decisions D2-D4;
 * docs/decisions/017).
 *
 * One database transaction per request, in the one lock order of every money path (docs/decisions/031): the
 * purchaser's and the supplier's wallets together (account id order), then the offer (FOR UPDATE), then the bills;
 * only then are the offer's state and Funds Available read. With the funds there it executes at once: one
 * offer_executions row (SUPPLIER), one offer_execution_results row per bill (the database allows one live result per
 * invoice), one balanced ledger transaction per bill (purchaser −(T − s), supplier +(T − A), FEE_REVENUE +(A − s),
 * each entry carrying its split: saving s, discount A; payNowAmounts, decision 027), the bill marked paid and the offer EXECUTED. Without them it creates a top-up of the shortfall in the
 * same transaction; the offer becomes TOPUP_PENDING with the top-up's id and its result TOPUP_PENDING (which keeps any
 * other payment of that invoice out), and the top-up hooks finish the job: completed → paid, closed → CLEARING again.
 *
 * Idempotent: a double click, or two users of the purchaser at once, queue on the offer's row lock; the second finds
 * the offer EXECUTED (or TOPUP_PENDING) and gets the first one's outcome without moving money. The ledger's idempotency
 * key `offer-exec-<resultId>` makes a second posting for one result impossible anyway.
 */
import { actingUserId } from "../../lib/actor";
import { QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { OfferExecution, OfferExecutionResult, SupplierOffer, type TopUp } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { getRuntimeConfig } from "../settings/service.server";
import { CURRENCIES, LOCALES, todayIn, type Country } from "../../lib/dates";
import { AppError, isAppError, notFound } from "../../lib/errors";
import type { Cents } from "../../lib/money";
import { logger } from "../../lib/logger.server";
import { companyContextOf, requireVerifiedCompany, requireCompanyId } from "../companies/service.server";
import { bankTransferInstructions, cancelTopUp, createTopUp, getTopUp, type BankTransferInstructions, type TopUpView } from "../ledger/top-ups.server";
import { earlyPaymentEntries } from "../ledger/early-payment.rules";
import { publishEarlyPaymentCompleted } from "../ledger/early-payment-events.server";
import { companyFunds, lockWallet, lockWallets, postTransaction, systemAccount, walletAccount, type Currency } from "../ledger/service.server";
import { discountSplit, offerConfigFrom, payNowAmounts, type DiscountSplit, type OfferConfig, type PayNowAmounts } from "./rules";
import { isPastExpiry } from "./supplier-offers.server";
import {
  CANNOT_PAY_NOW,
  OFFER_CHANGED,
  PayNowSchema,
  TOPUP_ERROR_OFFER_NOT_ACCEPTED,
  type PayNowInput,
  type PayNowResponse,
  type PayNowResultStatus,
} from "./supplier-offers.schema";

export const ALREADY_PAID = "Invoice has already been paid";
export const INSUFFICIENT_FUNDS = "Insufficient funds";
export const TOPUP_CANCELLED_REASON = "Topup cancelled";
const TOPUP_EXPIRED_REASON = "Topup expired";

const cannotPayNow = () => new AppError(409, CANNOT_PAY_NOW, { code: "CANNOT_PAY_NOW" });
const userIdOf = (actor: Actor) => actingUserId(actor);

async function offerConfig(): Promise<OfferConfig> {
  return offerConfigFrom(await getRuntimeConfig());
}

interface LockedBill {
  id: number;
  invoice_number: string;
  issued_by: number;
  issued_for: number;
  amount_due_c: string;
  bill_status: string | null;
  invoice_status: string | null;
  currency: string;
  live_result_id: number | null;
  live_result_offer_id: number | null;
  live_result_status: string | null;
}

/** The offer's bills among `invoiceIds`, of `purchaserId`, locked FOR UPDATE in id order. */
async function lockBills(t: Transaction, offerId: number, invoiceIds: number[], purchaserId: number | null): Promise<LockedBill[]> {
  return sequelize.query<LockedBill>(
    `SELECT i.id, i.invoice_number, i.issued_by, i.issued_for, (i.discounted_total * 100)::bigint AS amount_due_c, i.bill_status, i.invoice_status, i.currency,
            r.id AS live_result_id, r.supplier_offer_id AS live_result_offer_id, r.status AS live_result_status
     FROM invoices i
     JOIN supplier_offer_invoices soi ON soi.invoice_id = i.id AND soi.supplier_offer_id = :offerId
     LEFT JOIN offer_execution_results r ON r.invoice_id = i.id AND r.status <> 'FAILED'
     WHERE i.id IN (:invoiceIds) AND i.deleted_at IS NULL ${purchaserId === null ? "" : "AND i.issued_for = :purchaserId"}
     ORDER BY i.id
     FOR UPDATE OF i`,
    { type: QueryTypes.SELECT, replacements: { offerId, invoiceIds, purchaserId }, transaction: t }
  );
}

const isPaid = (bill: LockedBill) => bill.bill_status === "PAID" || bill.invoice_status === "PAID" || bill.invoice_status === "PAYMENT_RECEIVED";

async function countryOf(companyId: number, t?: Transaction): Promise<Country> {
  return (await companyContextOf(companyId, { transaction: t })).country;
}

/**
 * Pays one bill through the ledger in the caller's transaction (wallets already locked or locked here in id order by
 * ledger_post): the result row (new, or a TOPUP_PENDING one carried on in place), the posting, the bill marked paid.
 */
async function payBill(
  t: Transaction,
  input: {
    executionId: number;
    bill: LockedBill;
    amounts: PayNowAmounts;
    cashReward: Cents;
    currency: Currency;
    purchaserId: number;
    paidDate: string;
    userId: number | null;
    resultId: number | null;
  }
): Promise<void> {
  const { bill, amounts, currency } = input;
  let resultId = input.resultId;
  if (resultId === null) {
    const result = await OfferExecutionResult.create(
      {
        executionId: input.executionId,
        invoiceId: bill.id,
        status: "SUCCESS",
        amount: amounts.purchaserPays,
        fee: input.cashReward,
        cashback: amounts.savings,
        reason: null,
        ledgerTransactionId: null,
      },
      { transaction: t }
    );
    resultId = result.id;
  }
  const [purchaserWallet, supplierWallet, feeRevenue] = [
    await walletAccount(t, input.purchaserId, currency),
    await walletAccount(t, bill.issued_by, currency),
    await systemAccount(t, "FEE_REVENUE", currency),
  ];
  // D2 split by role (decision 027): the supplier's discount A = the purchaser's saving s + Earlybird's fee A − s.
  const entries = earlyPaymentEntries(
    { purchaserWalletId: purchaserWallet.id, supplierWalletId: supplierWallet.id, feeRevenueId: feeRevenue.id },
    { total: (amounts.purchaserPays + amounts.savings) as Cents, serviceFee: input.cashReward, cashback: amounts.savings }
  );
  const posted = await postTransaction(t, {
    transactionClass: "PAYMENT",
    currency,
    entries,
    description: `Prompt payment of ${bill.invoice_number}`,
    sourceCompanyId: input.purchaserId,
    destinationCompanyId: bill.issued_by,
    sourceReference: bill.invoice_number,
    destinationReference: bill.invoice_number,
    idempotencyKey: `offer-exec-${resultId}`,
    offerExecutionResultId: resultId,
    createdByUserId: input.userId,
  });
  await sequelize.query(
    `UPDATE offer_execution_results SET status = 'SUCCESS', reason = NULL, amount = :amount, fee = :fee, cashback = :cashback, ledger_transaction_id = :ledgerId
     WHERE id = :resultId`,
    {
      replacements: {
        resultId,
        ledgerId: posted.id,
        amount: centsText(amounts.purchaserPays),
        fee: centsText(input.cashReward),
        cashback: centsText(amounts.savings),
      },
      transaction: t,
    }
  );
  await sequelize.query(
    `UPDATE invoices SET invoice_status = 'PAYMENT_RECEIVED', bill_status = 'PAID', paid_date = CAST(:paidDate AS date),
       total_paid = discounted_total, cash_reward = :cashback, service_fee = :fee
     WHERE id = :id`,
    { replacements: { id: bill.id, paidDate: input.paidDate, cashback: centsText(amounts.savings), fee: centsText(input.cashReward) }, transaction: t }
  );
  // The books (issue 18 part 5): subscribers record the payment, fee and cashback after the commit.
  await publishEarlyPaymentCompleted(t, {
    ledgerTransactionId: posted.id,
    invoiceId: bill.id,
    purchaserCompanyId: input.purchaserId,
    supplierCompanyId: bill.issued_by,
    currency,
    total: (amounts.purchaserPays + amounts.savings) as Cents,
    serviceFee: input.cashReward,
    cashback: amounts.savings,
    paidDate: input.paidDate,
  });
}

const centsText = (cents: Cents) => `${Math.trunc(cents / 100)}.${String(Math.abs(cents % 100)).padStart(2, "0")}`;

function response(status: PayNowResponse["status"], results: PayNowResponse["invoicesExecutionResult"], extra: Partial<PayNowResponse> = {}): PayNowResponse {
  return { status, invoicesExecutionResult: results, topUpId: null, alreadyPaid: false, ...extra };
}

/**
 * Pay Now (POST /supplier-offers/{id}/execute, state EXECUTE) by the purchaser. "Cannot pay now!" (409) when no live
 * offer holds the selected bills; "Error creating topup. Offer not accepted." (409) when the shortfall's top-up cannot
 * be created (nothing is written then).
 */
export async function payNow(actor: Actor, input: PayNowInput): Promise<PayNowResponse> {
  const companyId = requireCompanyId(actor);
  const parsed = PayNowSchema.safeParse(input);
  if (!parsed.success) throw cannotPayNow();
  const invoiceIds = [...new Set(parsed.data.invoiceIds)];
  const config = await offerConfig();
  return sequelize.transaction(async (t) => {
    await requireVerifiedCompany(companyId, { transaction: t });
    // Decision 031: the wallets first (the payer's and the supplier's, who never changes on an offer), then the offer.
    const supplierId = (await SupplierOffer.findByPk(parsed.data.supplierOfferId, { attributes: ["id", "createdByCompany"], transaction: t }))
      ?.createdByCompany;
    if (supplierId === undefined) throw cannotPayNow();
    const country = await countryOf(companyId, t);
    const currency = CURRENCIES[country];
    await lockWallets(t, [companyId, supplierId], currency);
    const offer = await SupplierOffer.findByPk(parsed.data.supplierOfferId, { lock: t.LOCK.UPDATE, transaction: t });
    if (!offer) throw cannotPayNow();
    const bills = await lockBills(t, offer.id, invoiceIds, companyId);
    if (bills.length !== invoiceIds.length) throw cannotPayNow();

    if (offer.offerStatus === "EXECUTED") {
      // A repeated request (double click, a colleague at the same time): the first one paid it.
      const paidHere = bills.every((bill) => bill.live_result_offer_id === offer.id && bill.live_result_status === "SUCCESS");
      if (!paidHere) throw cannotPayNow();
      return response(
        "SUCCESS",
        bills.map((bill) => ({ invoiceId: bill.id, status: "SUCCESS" as const, reason: null })),
        { alreadyPaid: true }
      );
    }
    if (offer.offerStatus === "TOPUP_PENDING") {
      return response(
        "TOPUP_PENDING",
        bills.map((bill) => ({ invoiceId: bill.id, status: "TOPUP_PENDING" as const, reason: null })),
        { topUpId: offer.topUpId }
      );
    }
    if (offer.offerStatus !== "CLEARING") throw cannotPayNow();
    if (parsed.data.expectedCashReward !== undefined && parsed.data.expectedCashReward !== offer.cashReward) {
      throw new AppError(409, OFFER_CHANGED, { code: "OFFER_CHANGED" });
    }
    if (isPastExpiry(offer.expirationDate, await countryOf(offer.createdByCompany, t))) throw cannotPayNow();

    const refused = bills.find((bill) => isPaid(bill) || bill.live_result_id !== null);
    if (refused) {
      return response(
        "FAILED",
        bills.map((bill) => ({ invoiceId: bill.id, status: "FAILED" as const, reason: bill === refused ? ALREADY_PAID : null }))
      );
    }

    if (bills.some((bill) => bill.currency !== currency)) throw cannotPayNow();
    const funds = await companyFunds(companyId, { transaction: t });
    const amounts = bills.map((bill) => payNowAmounts({ discountedTotal: Number(bill.amount_due_c) as Cents, cashReward: offer.cashReward }, config));
    const due = amounts.reduce((sum, a) => sum + a.purchaserPays, 0) as Cents;

    if (funds.fundsAvailable >= due) {
      const execution = await OfferExecution.create(
        {
          offerKind: "SUPPLIER",
          purchaserOfferId: null,
          supplierOfferId: offer.id,
          requestedByCompanyId: companyId,
          requestedByUserId: userIdOf(actor),
          jobId: null,
          status: "SUCCESS",
          successCount: bills.length,
          progress: 100,
        },
        { transaction: t }
      );
      const paidDate = todayIn(country);
      for (const [index, bill] of bills.entries()) {
        await payBill(t, {
          executionId: execution.id,
          bill,
          amounts: amounts[index],
          cashReward: offer.cashReward,
          currency,
          purchaserId: companyId,
          paidDate,
          userId: userIdOf(actor),
          resultId: null,
        });
      }
      await offer.update({ offerStatus: "EXECUTED" }, { transaction: t });
      return response(
        "SUCCESS",
        bills.map((bill) => ({ invoiceId: bill.id, status: "SUCCESS" as const, reason: null }))
      );
    }

    // Funds short: a top-up of the shortfall (trigger SUPPLIER_OFFER) in this transaction; paid when it completes.
    let topUp: TopUpView;
    try {
      topUp = await createTopUp(actor, { amount: due - Math.max(0, funds.fundsAvailable), trigger: "SUPPLIER_OFFER" }, { transaction: t });
    } catch (error) {
      if (isAppError(error) && error.status < 500)
        throw new AppError(409, TOPUP_ERROR_OFFER_NOT_ACCEPTED, { code: "TOPUP_FAILED", details: { cause: error.message } });
      throw error;
    }
    const execution = await OfferExecution.create(
      {
        offerKind: "SUPPLIER",
        purchaserOfferId: null,
        supplierOfferId: offer.id,
        requestedByCompanyId: companyId,
        requestedByUserId: userIdOf(actor),
        jobId: null,
        status: "QUEUED",
        progress: 0,
      },
      { transaction: t }
    );
    for (const [index, bill] of bills.entries()) {
      await OfferExecutionResult.create(
        {
          executionId: execution.id,
          invoiceId: bill.id,
          status: "TOPUP_PENDING",
          amount: amounts[index].purchaserPays,
          fee: offer.cashReward,
          cashback: amounts[index].savings,
          reason: null,
          ledgerTransactionId: null,
        },
        { transaction: t }
      );
    }
    await offer.update({ offerStatus: "TOPUP_PENDING", topUpId: topUp.id }, { transaction: t });
    return response(
      "TOPUP_PENDING",
      bills.map((bill) => ({ invoiceId: bill.id, status: "TOPUP_PENDING" as PayNowResultStatus, reason: null })),
      { topUpId: topUp.id }
    );
  });
}

/**
 * Cancel on a "Topup Pending" bill: cancels the purchaser's top-up, which returns the offer to CLEARING through the
 * top-up hook (onSupplierOfferTopUpClosed). Cancelling again changes nothing.
 */
export async function cancelPayNow(actor: Actor, input: { supplierOfferId: number; invoiceId: number }): Promise<{ alreadyDone: boolean }> {
  const companyId = requireCompanyId(actor);
  const topUpId = await sequelize.transaction(async (t) => {
    const offer = await SupplierOffer.findByPk(input.supplierOfferId, { transaction: t });
    if (!offer) throw cannotPayNow();
    const bills = await lockBills(t, offer.id, [input.invoiceId], companyId);
    if (bills.length !== 1) throw cannotPayNow();
    if (offer.offerStatus !== "TOPUP_PENDING" || offer.topUpId === null) return null;
    return offer.topUpId;
  });
  if (topUpId === null) return { alreadyDone: true };
  const result = await cancelTopUp(actor, topUpId);
  return { alreadyDone: result.alreadyDone };
}

// ---------------------------------------------------------------------------------------------------------------
// The top-up hooks (top-up-hooks.server.ts calls these in the top-up's own transaction, the top-up row locked).

interface PendingResult {
  id: number;
  execution_id: number;
  invoice_id: number;
}

/** The suppliers a top-up pays on completion (its TOPUP_PENDING offers): their wallets are locked before its credit. */
export async function suppliersPaidByTopUp(t: Transaction, topUpId: number): Promise<number[]> {
  const rows = await sequelize.query<{ supplier_id: number }>(
    "SELECT DISTINCT created_by_company AS supplier_id FROM supplier_offers WHERE top_up_id = :topUpId AND offer_status = 'TOPUP_PENDING'",
    { type: QueryTypes.SELECT, replacements: { topUpId }, transaction: t }
  );
  return rows.map((row) => row.supplier_id);
}

async function pendingOffersOf(t: Transaction, topUpId: number): Promise<SupplierOffer[]> {
  return SupplierOffer.findAll({ where: { topUpId, offerStatus: "TOPUP_PENDING" }, order: [["id", "ASC"]], lock: t.LOCK.UPDATE, transaction: t });
}

async function pendingResultsOf(t: Transaction, offerId: number): Promise<PendingResult[]> {
  return sequelize.query<PendingResult>(
    "SELECT id, execution_id, invoice_id FROM offer_execution_results WHERE supplier_offer_id = :offerId AND status = 'TOPUP_PENDING' ORDER BY invoice_id",
    { type: QueryTypes.SELECT, replacements: { offerId }, transaction: t }
  );
}

async function failPending(t: Transaction, offer: SupplierOffer, results: PendingResult[], reason: string): Promise<void> {
  if (results.length > 0) {
    await sequelize.query("UPDATE offer_execution_results SET status = 'FAILED', reason = :reason WHERE id IN (:ids)", {
      replacements: { ids: results.map((r) => r.id), reason },
      transaction: t,
    });
    await sequelize.query("UPDATE offer_executions SET status = 'FAILED', progress = 100, failed_count = failed_count + :n WHERE id IN (:ids)", {
      replacements: { ids: [...new Set(results.map((r) => r.execution_id))], n: results.length },
      transaction: t,
    });
  }
  // Back to CLEARING: the purchaser may Pay Now again, until day E ends (then the expiry job takes it).
  await offer.update({ offerStatus: "CLEARING", topUpId: null }, { transaction: t });
}

/**
 * The top-up of a TOPUP_PENDING offer completed: the funds are there, so the bills are paid now, in the top-up's
 * transaction. It runs in a savepoint: should paying fail (the funds were spent meanwhile, a bill was deleted), the
 * top-up still completes, the offer goes back to CLEARING and its result is FAILED with the reason.
 */
export async function onSupplierOfferTopUpCompleted(t: Transaction, topUp: TopUp): Promise<void> {
  const offers = await pendingOffersOf(t, topUp.id);
  if (offers.length === 0) return;
  const config = await offerConfig();
  for (const offer of offers) {
    const results = await pendingResultsOf(t, offer.id);
    try {
      await sequelize.transaction({ transaction: t }, async (savepoint) => {
        const execution = results[0]?.execution_id;
        const purchaserId = topUp.companyId!;
        const bills = await lockBills(
          savepoint,
          offer.id,
          results.map((r) => r.invoice_id),
          purchaserId
        );
        if (execution === undefined || bills.length !== results.length || bills.some(isPaid)) throw new AppError(409, ALREADY_PAID);
        const country = await countryOf(purchaserId, savepoint);
        const currency = CURRENCIES[country];
        await lockWallet(savepoint, purchaserId, currency);
        const funds = await companyFunds(purchaserId, { transaction: savepoint });
        const amounts = bills.map((bill) => payNowAmounts({ discountedTotal: Number(bill.amount_due_c) as Cents, cashReward: offer.cashReward }, config));
        if (funds.fundsAvailable < amounts.reduce((sum, a) => sum + a.purchaserPays, 0)) throw new AppError(409, INSUFFICIENT_FUNDS);
        const paidDate = todayIn(country);
        for (const [index, bill] of bills.entries()) {
          await payBill(savepoint, {
            executionId: execution,
            bill,
            amounts: amounts[index],
            cashReward: offer.cashReward,
            currency,
            purchaserId,
            paidDate,
            userId: topUp.createdByUserId ?? null,
            resultId: results.find((r) => r.invoice_id === bill.id)!.id,
          });
        }
        await sequelize.query("UPDATE offer_executions SET status = 'SUCCESS', progress = 100, success_count = :n WHERE id = :id", {
          replacements: { id: execution, n: bills.length },
          transaction: savepoint,
        });
        await offer.update({ offerStatus: "EXECUTED" }, { transaction: savepoint });
      });
    } catch (error) {
      if (!isAppError(error)) logger.error({ err: error, offerId: offer.id, topUpId: topUp.id }, "Pay Now of a supplier offer after its top-up failed");
      await offer.reload({ transaction: t });
      await failPending(t, offer, results, isAppError(error) ? error.message : "Payment failed");
    }
  }
}

/** The top-up was cancelled or expired: the offer waiting for it goes back to CLEARING, its result FAILED. */
export async function onSupplierOfferTopUpClosed(t: Transaction, topUp: TopUp, reason: "CANCELLED" | "EXPIRED"): Promise<void> {
  const offers = await pendingOffersOf(t, topUp.id);
  for (const offer of offers) {
    await failPending(t, offer, await pendingResultsOf(t, offer.id), reason === "CANCELLED" ? TOPUP_CANCELLED_REASON : TOPUP_EXPIRED_REASON);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// What the Pay Now dialog shows.

export interface PayNowView {
  bill: { id: number; number: string; supplierName: string; dueDate: string; amountDue: Cents };
  offer: { id: number; status: "CLEARING" | "TOPUP_PENDING"; cashReward: Cents; expirationDate: string } | null;
  amounts: PayNowAmounts | null;
  /** Who gets what of the supplier's discount A: the purchaser's saving s and Earlybird's fee A − s (D2). */
  split: DiscountSplit | null;
  fundsAvailable: Cents;
  /** What a top-up must bring for Pay Now to go through (0 when Funds Available cover it). */
  shortfall: Cents;
  topUp: (Pick<TopUpView, "id" | "topupAmount" | "topupStatus" | "paymentReference" | "expiresAt"> & { instructions: BankTransferInstructions }) | null;
  locale: "en-NZ" | "en-AU";
}

/** The bill and its open offer, for the purchaser's Pay Now dialog; offer null when there is none to pay. */
export async function payNowView(actor: Actor, billId: number): Promise<PayNowView> {
  const companyId = requireCompanyId(actor);
  const [bill] = await sequelize.query<{
    id: number;
    invoice_number: string;
    supplier_name: string;
    due_date: string;
    amount_due_c: string;
    offer_id: number | null;
  }>(
    `SELECT i.id, i.invoice_number, i.issued_by_company_name AS supplier_name, to_char(i.due_date, 'YYYY-MM-DD') AS due_date,
            (i.discounted_total * 100)::bigint AS amount_due_c,
            (SELECT soi.supplier_offer_id FROM supplier_offer_invoices soi
              WHERE soi.invoice_id = i.id AND soi.offer_status IN ('CLEARING', 'TOPUP_PENDING') ORDER BY soi.id DESC LIMIT 1) AS offer_id
     FROM invoices i WHERE i.id = :billId AND i.issued_for = :companyId AND i.deleted_at IS NULL AND i.bill_status IS DISTINCT FROM 'PAID'`,
    { type: QueryTypes.SELECT, replacements: { billId, companyId } }
  );
  if (!bill) throw notFound("Bill not found");
  const [country, config, funds] = await Promise.all([countryOf(companyId), offerConfig(), companyFunds(companyId)]);
  const offer = bill.offer_id !== null ? await SupplierOffer.findByPk(bill.offer_id) : null;
  const amountDue = Number(bill.amount_due_c) as Cents;
  const amounts = offer ? payNowAmounts({ discountedTotal: amountDue, cashReward: offer.cashReward }, config) : null;
  let topUp: PayNowView["topUp"] = null;
  if (offer?.offerStatus === "TOPUP_PENDING" && offer.topUpId !== null) {
    const [view, instructions] = await Promise.all([getTopUp(actor, offer.topUpId), bankTransferInstructions(actor)]);
    topUp = {
      id: view.id,
      topupAmount: view.topupAmount,
      topupStatus: view.topupStatus,
      paymentReference: view.paymentReference,
      expiresAt: view.expiresAt,
      instructions,
    };
  }
  return {
    bill: { id: bill.id, number: bill.invoice_number, supplierName: bill.supplier_name, dueDate: bill.due_date, amountDue },
    offer: offer
      ? { id: offer.id, status: offer.offerStatus as "CLEARING" | "TOPUP_PENDING", cashReward: offer.cashReward, expirationDate: offer.expirationDate }
      : null,
    amounts,
    split: offer ? discountSplit(offer.cashReward, config) : null,
    fundsAvailable: funds.fundsAvailable,
    shortfall: amounts ? (Math.max(0, amounts.purchaserPays - Math.max(0, funds.fundsAvailable)) as Cents) : (0 as Cents),
    topUp,
    locale: LOCALES[country],
  };
}
