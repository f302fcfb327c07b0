/**
 * The demo world: four member companies (Harbour Foods the purchaser, Kiwi Supplies its supplier, Outback Coffee in
 * Australia, and Kauri Timber, whose account is not activated yet), their counterparties, payment terms, GL codes,
 * purchase orders, about 300 invoices and bills over the last and next three months in every status, credit notes, a
 * live purchaser offer, prompt payment requests, a funded wallet and its ledger history; last, the companies of single
 * end-to-end flows (Rimu Grocers and Tui Trading for the two-user flow, Mudflat Logistics for verification, Pukeko
 * Plumbing for the KYC review).
 *
 * Each persona is a file of its own under personas/ (its company, people, counterparties, records and money); this file
 * only calls them, section by section, in the one order that gives every row its id and every random value its place
 * in the seeded sequence (demo-shared.ts). Tests and end-to-end specs rely on that world: add to the end, never between.
 */
import type { Transaction } from "sequelize";
import { Job, type User } from "../models/index";
import type { Actor } from "../../app/lib/actor";
import { centsToDecimal, type Cents } from "../../app/lib/money";
import { purchaserOfferExecutionStatus, requestPurchaserOfferExecution, runPurchaserOfferExecution } from "../../app/modules/offers/execution.server";
import { payNow } from "../../app/modules/offers/pay-now.server";
import { editPurchaserOffer } from "../../app/modules/offers/purchaser-offers.server";
import { seedContext } from "./demo-shared";
import { earlybirdAdmin, systemAccounts, unmatchedDeposit } from "./personas/earlybird-admin";
import {
  CASH_RESERVE,
  CRR_PERCENT,
  harbourBankAccounts,
  harbourDuplicateKiwi,
  harbourBills,
  harbourCreditNotes,
  harbourFoodsCompany,
  harbourFoodsDirector,
  harbourFoodsSecondUser,
  harbourFoodsSettings,
  harbourFoodsUser,
  harbourGlChart,
  harbourOutsideSuppliers,
  harbourPaymentTerms,
  harbourPurchaseOrders,
  harbourPurchaserOffer,
  harbourSuppliers,
  harbourTopUps,
  harbourWallet,
} from "./personas/harbour-foods";
import { kauriTimberCompany, kauriTimberSettings, kauriTimberUser } from "./personas/kauri-timber";
import {
  kiwiBankAccounts,
  kiwiCustomers,
  kiwiGlChart,
  kiwiInvoicesToHarbour,
  kiwiInvoicesToOthers,
  kiwiOutsideCustomers,
  kiwiPaymentTerms,
  kiwiPromptPaymentRequests,
  kiwiSuppliesCompany,
  kiwiSuppliesDuplicate,
  kiwiSuppliesSettings,
  kiwiSuppliesUser,
  kiwiWallet,
  kiwiWithdrawalPlan,
  seedKiwiWithdrawal,
  type KiwiWithdrawal,
} from "./personas/kiwi-supplies";
import { seedVerificationDemo } from "./personas/mudflat-logistics";
import {
  outbackBankAccounts,
  outbackCoffeeCompany,
  outbackCoffeeSettings,
  outbackCoffeeUser,
  outbackCounterparties,
  outbackGlChart,
  outbackOutsideParties,
  outbackPaymentTerms,
  outbackPendingOwner,
  outbackRecords,
} from "./personas/outback-coffee";
import { seedKycPendingCompany } from "./personas/pukeko-plumbing";
import { seedTradeFlowPair } from "./personas/rimu-tui-trade-pair";
import { seedHarbourBillDocuments } from "./personas/harbour-documents";

interface DemoUsers {
  passwordHash: string;
}

export async function seedDemoWorld(t: Transaction, { passwordHash }: DemoUsers): Promise<DemoActivity> {
  const ctx = seedContext(t, passwordHash);

  // ---- Companies -------------------------------------------------------------------------------------
  const harbour = await harbourFoodsCompany(ctx);
  const kiwi = await kiwiSuppliesCompany(ctx);
  const outback = await outbackCoffeeCompany(ctx);
  const harbourOutside = await harbourOutsideSuppliers(ctx);
  const kiwiOutside = await kiwiOutsideCustomers(ctx);
  const outbackOutside = await outbackOutsideParties(ctx);
  const kauri = await kauriTimberCompany(ctx);

  // ---- Users --------------------------------------------------------------------------------------------
  const admin = await earlybirdAdmin(ctx);
  const pat = await harbourFoodsUser(ctx, harbour);
  const sam = await kiwiSuppliesUser(ctx, kiwi);
  await outbackCoffeeUser(ctx, outback);
  await outbackPendingOwner(ctx, outback);
  await harbourFoodsDirector(ctx, harbour);
  await harbourFoodsSecondUser(ctx, harbour);
  await kauriTimberUser(ctx, kauri);

  // ---- Settings, payment terms, GL codes ----------------------------------------------------------------
  await harbourFoodsSettings(ctx, harbour);
  await kiwiSuppliesSettings(ctx, kiwi);
  await outbackCoffeeSettings(ctx, outback);
  await kauriTimberSettings(ctx, kauri);
  const harbourTerms = await harbourPaymentTerms(ctx, harbour);
  await kiwiPaymentTerms(ctx, kiwi);
  const outbackTerm = await outbackPaymentTerms(ctx, outback);
  const harbourGl = await harbourGlChart(ctx, harbour);
  await kiwiGlChart(ctx, kiwi);
  const outbackGl = await outbackGlChart(ctx, outback);

  // ---- Counterparties -----------------------------------------------------------------------------------
  const suppliersOfHarbour = await harbourSuppliers(ctx, harbour, kiwi, harbourOutside, harbourTerms, harbourGl);
  const customersOfKiwi = await kiwiCustomers(ctx, kiwi, harbour, kiwiOutside);
  await outbackCounterparties(ctx, outback, outbackOutside, outbackTerm, outbackGl);

  // ---- Purchase orders, invoices and bills ----------------------------------------------------------------
  await harbourPurchaseOrders(ctx, harbour, suppliersOfHarbour);
  const kiwiToHarbour = await kiwiInvoicesToHarbour(ctx, kiwi, harbour);
  const harbourOpenBills = [...kiwiToHarbour.open, ...(await harbourBills(ctx, harbour, suppliersOfHarbour, kiwi, harbourOutside))];
  const kiwiOpenInvoices = await kiwiInvoicesToOthers(ctx, kiwi, customersOfKiwi);
  await outbackRecords(ctx, outback, outbackOutside);

  // ---- Prompt payment requests (supplier offers), credit notes --------------------------------------------
  const openKiwiToHarbour = kiwiToHarbour.all.filter((r) => r.daysToDue > 3 && !r.invoice.paidDate).sort((a, b) => a.daysToDue - b.daysToDue);
  const kiwiRequests = await kiwiPromptPaymentRequests(ctx, kiwi, harbour, openKiwiToHarbour, kiwiOpenInvoices);
  await harbourCreditNotes(ctx, harbour, kiwi, harbourOutside, openKiwiToHarbour, harbourOpenBills);

  // ---- Wallets, bank accounts, top-ups, the live offer ---------------------------------------------------------
  const accounts = await systemAccounts(ctx);
  const wallet = await harbourWallet(ctx, harbour);
  await kiwiWallet(ctx, kiwi);
  await harbourBankAccounts(ctx, harbour);
  await kiwiBankAccounts(ctx, kiwi);
  await outbackBankAccounts(ctx, outback);
  const withdrawal = await kiwiWithdrawalPlan(t, kiwi, sam);
  await harbourTopUps(ctx, harbour, { pat, admin, wallet, accounts });
  await unmatchedDeposit(ctx, accounts);
  const offer = await harbourPurchaserOffer(ctx, harbour);

  // ---- The companies of single end-to-end flows, after everything above so its ids stay ------------------------
  await seedTradeFlowPair(ctx, { admin, accounts });
  await seedVerificationDemo(ctx);
  await seedKycPendingCompany(ctx);
  // Harbour Foods' duplicate of Kiwi Supplies, ready to merge (issue 15 part 6), last so every id above stays.
  await harbourDuplicateKiwi(ctx, harbour, await kiwiSuppliesDuplicate(ctx));

  const actorOf = (user: User): Actor => ({ userId: user.id, companyId: user.companyId ?? null, roles: user.roles });
  const payNowRequest = kiwiRequests[0];
  return {
    purchaser: actorOf(pat),
    supplier: actorOf(sam),
    offerId: offer.id,
    // Sam gets paid for four of its invoices to Harbour Foods through Harbour's offer (Get Paid); Pat pays one bill
    // with a prompt payment request now (Pay Now).
    getPaidInvoiceIds: openKiwiToHarbour.slice(4, 8).map((r) => r.invoice.id),
    payNow: payNowRequest ? { supplierOfferId: payNowRequest.id, billId: openKiwiToHarbour[0].invoice.id, cashReward: payNowRequest.cashReward } : null,
    withdrawal,
  };
}

/** What seedDemoActivity does through the product's own services once the world is committed. */
interface DemoActivity {
  purchaser: Actor;
  supplier: Actor;
  offerId: number;
  getPaidInvoiceIds: number[];
  payNow: { supplierOfferId: number; billId: number; cashReward: Cents } | null;
  withdrawal: KiwiWithdrawal | null;
}

/** Waits for a queued job this process (or the queue runner it triggered) is running. */
async function jobFinished(jobId: string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const job = await Job.findByPk(jobId, { attributes: ["id", "status", "error"] });
    if (job?.status === "SUCCEEDED") return;
    if (job?.status === "FAILED") throw new Error(`Demo job ${jobId} failed: ${JSON.stringify(job.error)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Demo job ${jobId} did not finish`);
}

/**
 * The demo's early payments, made the way users make them (decisions D2-D4, docs/decisions/027): Sam (Kiwi Supplies)
 * gets paid for four invoices through Harbour Foods' offer (the Get Paid request and its queued job), Pat (Harbour
 * Foods) pays a bill on a prompt payment request with Pay Now, then tops the offer's cash reserve up to $150,000 again.
 * Every fee, cashback and paid figure comes from those services' postings. The database stamps ledger rows with the
 * time they are written, so these payments are this month's (paid today); older history is the invoices marked paid
 * outside Earlybird, which moved no money. Last, Kiwi Supplies withdrew part of what it received (a completed
 * withdrawal with its bank file).
 */
export async function seedDemoActivity(activity: DemoActivity): Promise<void> {
  const requested = await requestPurchaserOfferExecution(activity.supplier, { offerId: activity.offerId, invoiceIds: activity.getPaidInvoiceIds });
  await runPurchaserOfferExecution(requested.jobId);
  await jobFinished(requested.jobId);
  const status = await purchaserOfferExecutionStatus(activity.supplier, { offerId: activity.offerId, executionId: requested.executionId });
  if (status.failed > 0 || status.pending > 0) throw new Error(`The demo's Get Paid did not pay every invoice: ${JSON.stringify(status.executionResults)}`);
  if (activity.payNow) {
    const paid = await payNow(activity.purchaser, {
      supplierOfferId: activity.payNow.supplierOfferId,
      invoiceIds: [activity.payNow.billId],
      expectedCashReward: activity.payNow.cashReward,
    });
    if (paid.status !== "SUCCESS") throw new Error(`The demo's Pay Now did not pay: ${JSON.stringify(paid)}`);
  }
  await editPurchaserOffer(activity.purchaser, activity.offerId, { cashpool: centsToDecimal(CASH_RESERVE), crr: `${CRR_PERCENT}` });
  if (activity.withdrawal) await seedKiwiWithdrawal(activity.withdrawal);
  await seedHarbourBillDocuments(activity.purchaser);
}
