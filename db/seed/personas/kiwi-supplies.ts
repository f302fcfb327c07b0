/**
 * Kiwi Supplies Ltd (NZ), the supplier: Sam (sam@kiwisupplies.test), its customers (Harbour Foods and three companies
 * not on Earlybird), its invoices in every status (those to Harbour Foods are Harbour's bills), prompt payment
 * requests (supplier offers), a wallet and bank accounts, and a withdrawal of part of what its early payments brought.
 */
import type { Transaction } from "sequelize";
import type { User} from "../../models/index";
import { BankAccount, BankPaymentFile, Company, SupplierOffer, SupplierOfferInvoice, Withdrawal } from "../../models/index";
import { addDays, todayIn } from "../../../app/lib/dates";
import { centsToDecimal, type Cents } from "../../../app/lib/money";
import { companyFunds, lockWallet, postTransaction, systemAccount, walletAccount } from "../../../app/modules/ledger/service.server";
import { maxPromptPaymentAmount, minPromptPaymentAmount } from "../../../app/modules/offers/rules";
import { sequelize } from "../../index";
import {
  between,
  dueOffsets,
  glChart,
  memberSettings,
  memberUser,
  minDate,
  outsider,
  paymentTerm,
  pick,
  randomAmount,
  relate,
  type Party,
  type SeedContext,
  type SeededRecord,
} from "../demo-shared";
import { NZD } from "./earlybird-admin";

export function kiwiSuppliesCompany({ t }: SeedContext): Promise<Company> {
  return Company.create(
    {
      companyName: "Kiwi Supplies Ltd",
      country: "NZ",
      status: "ACTIVE",
      verificationStatus: "VERIFIED",
      nzbn: "9429047654321",
      registrationNumber: "6654321",
      industryCode: "F349000",
      industryCodeDescription: "Other goods wholesaling",
      website: "kiwisupplies.test",
      address: { line1: "45 Cuba Street", city: "Wellington", postcode: "6011", country: "New Zealand", countryCode: "NZ" },
      connectedToXero: true,
    },
    { transaction: t },
  );
}

/** Kiwi Supplies' customers that are not on Earlybird. */
export async function kiwiOutsideCustomers(ctx: SeedContext) {
  const aucklandCafe = await outsider(ctx, "Auckland Cafe Group Ltd", "NZ", "INACTIVE");
  const bayGrocers = await outsider(ctx, "Bay of Plenty Grocers Ltd", "NZ", "INACTIVE");
  const waikato = await outsider(ctx, "Waikato Catering Ltd", "NZ", "INVITED");
  return { aucklandCafe, bayGrocers, waikato };
}
type KiwiOutsideCustomers = Awaited<ReturnType<typeof kiwiOutsideCustomers>>;

export const kiwiSuppliesUser = (ctx: SeedContext, kiwi: Company): Promise<User> =>
  memberUser(ctx, {
    username: "sam@kiwisupplies.test",
    roles: ["ROLE_USER"],
    companyId: kiwi.id,
    firstName: "Sam",
    lastName: "Kiwi",
    verificationStatus: "VERIFIED",
    phoneNumber: "+64219876543",
  });

export const kiwiSuppliesSettings = (ctx: SeedContext, kiwi: Company) => memberSettings(ctx, kiwi);

export const kiwiPaymentTerms = (ctx: SeedContext, kiwi: Company) => paymentTerm(ctx, kiwi, { frequency: "MONTHLY", date: 20, defaultTerm: true });

export const kiwiGlChart = (ctx: SeedContext, kiwi: Company) =>
  glChart(ctx, kiwi, "XERO", [
    ["200", "Sales"],
    ["310", "Cost of Goods Sold"],
    ["429", "General Expenses"],
  ]);

/** Kiwi Supplies' customer rows, Harbour Foods first; returns them in that order. */
export async function kiwiCustomers(ctx: SeedContext, kiwi: Company, harbour: Company, outside: KiwiOutsideCustomers): Promise<Party[]> {
  const { aucklandCafe, bayGrocers, waikato } = outside;
  const customers: Party[] = [
    { company: harbour, email: "ap@harbourfoods.test" },
    { company: aucklandCafe, email: "accounts@aucklandcafe.test" },
    { company: bayGrocers, email: "payables@baygrocers.test" },
    { company: waikato, email: "finance@waikatocatering.test" },
  ];
  for (const customer of customers) await relate(ctx, kiwi, customer.company, { customer: true, email: customer.email, invited: customer.company.id === waikato.id });
  return customers;
}

/**
 * Kiwi Supplies' invoices to Harbour Foods (Harbour's bills too): paid or expired before today, expired today, and
 * open ones in Harbour Foods' offer. Returns all of them and the open ones.
 */
export async function kiwiInvoicesToHarbour(ctx: SeedContext, kiwi: Company, harbour: Company): Promise<{ all: SeededRecord[]; open: SeededRecord[] }> {
  const { rng, todayNz, record } = ctx;
  const all: SeededRecord[] = [];
  const open: SeededRecord[] = [];
  for (const offset of dueOffsets(rng, 60)) {
    const dueDate = addDays(todayNz, offset);
    const total = randomAmount(rng, 400, 16000);
    const base = { type: "INVOICE" as const, supplier: kiwi, purchaser: harbour, dueDate, total, country: "NZ" as const, prefix: "KS", start: 10040, loadedBy: pick(rng, ["XERO", "XERO", "EARLYBIRD"] as const), contactEmail: "ap@harbourfoods.test" };
    if (offset < 0) {
      const paid = rng() < 0.85;
      all.push(
        await record({ ...base, invoiceStatus: paid ? "PAID" : "EXPIRED", billStatus: paid ? "PAID" : "NOT_ELIGIBLE_EXPIRED", paidDate: paid ? minDate(addDays(dueDate, -between(rng, 0, 6)), todayNz) : null, include: !paid }),
      );
    } else if (offset === 0) {
      all.push(await record({ ...base, invoiceStatus: "EXPIRED", billStatus: "NOT_ELIGIBLE_EXPIRED", include: true }));
    } else {
      const r = await record({ ...base, invoiceStatus: "PAYMENT_READY", billStatus: "PAYMENT_OFFERED", include: true, items: base.loadedBy === "EARLYBIRD", glCode: "300" });
      all.push(r);
      open.push(r);
    }
  }
  return { all, open };
}

/** Kiwi Supplies' invoices to its customers that are not on Earlybird. Returns the open ones. */
export async function kiwiInvoicesToOthers(ctx: SeedContext, kiwi: Company, customers: Party[]): Promise<SeededRecord[]> {
  const { rng, todayNz, record } = ctx;
  const open: SeededRecord[] = [];
  for (const [index, offset] of dueOffsets(rng, 80).entries()) {
    const customer = customers[1 + (index % 3)];
    const dueDate = addDays(todayNz, offset);
    const base = { type: "INVOICE" as const, supplier: kiwi, purchaser: customer.company, dueDate, total: randomAmount(rng, 120, 9000), country: "NZ" as const, prefix: "KS", start: 10040, loadedBy: pick(rng, ["XERO", "XERO", "EARLYBIRD"] as const), contactEmail: customer.email };
    if (offset < 0) {
      const paid = rng() < 0.8;
      await record({ ...base, invoiceStatus: paid ? "PAID" : "EXPIRED", paidDate: paid ? minDate(addDays(dueDate, between(rng, -2, 5)), todayNz) : null });
    } else if (offset === 0) {
      await record({ ...base, invoiceStatus: "EXPIRED" });
    } else {
      open.push(await record({ ...base, invoiceStatus: "ALL_ELIGIBLE", items: base.loadedBy === "EARLYBIRD" }));
    }
  }
  return open;
}

/**
 * Kiwi Supplies' prompt payment requests (supplier offers): four open ones on its invoices to Harbour Foods (the
 * soonest due, `openToHarbour`), five on invoices to others, and two that lapsed. Returns the four to Harbour Foods.
 */
export async function kiwiPromptPaymentRequests(
  { t, rng, todayNz }: SeedContext,
  kiwi: Company,
  harbour: Company,
  openToHarbour: SeededRecord[],
  openToOthers: SeededRecord[],
): Promise<SupplierOffer[]> {
  const requestPrompt = async (r: SeededRecord, status: "CLEARING" | "EXPIRED", expirationDate: string) => {
    const due = r.invoice.discountedTotal;
    // A random 1-4 % of the amount due, within the product's limits for a prompt payment request (D2).
    const cashReward = Math.max(minPromptPaymentAmount(), Math.min(maxPromptPaymentAmount(due), Math.round(due * (0.01 + rng() * 0.03))));
    const offer = await SupplierOffer.create({ createdByCompany: kiwi.id, cashReward, autobid: false, offerUnit: "AMOUNT", expirationDate, offerStatus: status, topUpId: null }, { transaction: t });
    await SupplierOfferInvoice.create({ supplierOfferId: offer.id, invoiceId: r.invoice.id }, { transaction: t });
    if (status === "CLEARING") {
      // The statuses as a loaded record would carry them (the lists derive theirs from the open offer); the amounts stay
      // on the offer: an invoice gets its fee and cashback figures only when it is paid, from the payment itself.
      await r.invoice.update(
        { invoiceStatus: "CASHBACK_OFFERED", billStatus: r.invoice.issuedFor === harbour.id ? "CASHBACK_AVAILABLE" : null, includeInPurchaserOffer: false },
        { transaction: t },
      );
    }
    return offer;
  };
  const requests: SupplierOffer[] = [];
  for (const r of openToHarbour.slice(0, 4)) requests.push(await requestPrompt(r, "CLEARING", addDays(todayNz, Math.min(r.daysToDue - 1, between(rng, 1, 10)))));
  for (const r of openToOthers.filter((x) => x.daysToDue > 3).slice(0, 5)) await requestPrompt(r, "CLEARING", addDays(todayNz, Math.min(r.daysToDue - 1, between(rng, 2, 14))));
  const lapsed = openToOthers.filter((x) => x.daysToDue > 3).slice(5, 7);
  for (const r of lapsed) await requestPrompt(r, "EXPIRED", addDays(todayNz, -between(rng, 1, 5)));
  return requests;
}

export const kiwiWallet = ({ t }: SeedContext, kiwi: Company) => walletAccount(t, kiwi.id, NZD);

/** The activated account's working-capital account and the business account (the default, for withdrawals). */
export async function kiwiBankAccounts({ t }: SeedContext, kiwi: Company): Promise<void> {
  await BankAccount.bulkCreate(
    [
      { companyId: kiwi.id, bankAccountName: "Kiwi Supplies Ltd - Earlybird working capital", bankAccountNumber: "0201000456789002", bankAccountStatus: "VERIFIED", loadedBy: "SYSTEM", defaultAccount: false },
      { companyId: kiwi.id, bankAccountName: "Kiwi Supplies Business", bankAccountNumber: "0212340123456000", bankAccountStatus: "VERIFIED", loadedBy: "XERO", defaultAccount: true, documentFileName: "kiwi-statement.pdf" },
    ],
    { transaction: t },
  );
}

/** What the withdrawal needs once the world is committed: Sam withdraws to Kiwi Supplies' default bank account. */
export interface KiwiWithdrawal {
  companyId: number;
  bankAccountId: number;
  bankAccountNumber: string;
  userId: number;
}

export async function kiwiWithdrawalPlan(t: Transaction, kiwi: Company, sam: User): Promise<KiwiWithdrawal | null> {
  const kiwiBank = await BankAccount.findOne({ where: { companyId: kiwi.id, defaultAccount: true }, transaction: t });
  return kiwiBank ? { companyId: kiwi.id, bankAccountId: kiwiBank.id, bankAccountNumber: kiwiBank.bankAccountNumber ?? "", userId: sam.id } : null;
}

/** Kiwi Supplies withdrew part of its early payments to its bank account: paid by a bank file 12 days ago. */
export async function seedKiwiWithdrawal(input: KiwiWithdrawal): Promise<void> {
  const todayNz = todayIn("NZ");
  await sequelize.transaction(async (t) => {
    const kiwiWallet = await lockWallet(t, input.companyId, NZD);
    const { fundsAvailable } = await companyFunds(input.companyId, { transaction: t });
    // $5,000, or half of what it has should the demo's payments bring less.
    const amount = Math.min(500_000, Math.floor(fundsAvailable / 200) * 100) as Cents;
    if (amount <= 0) return;
    const pendingWithdrawals = await systemAccount(t, "WITHDRAWALS_PENDING", NZD);
    const clearing = await systemAccount(t, "BANK_CLEARING", NZD);
    const withdrawal = await Withdrawal.create(
      { companyId: input.companyId, bankAccountId: input.bankAccountId, currency: NZD, withdrawalAmount: amount, status: "PENDING", requestedByUserId: input.userId },
      { transaction: t },
    );
    const debit = await postTransaction(t, {
      transactionClass: "WITHDRAWAL",
      currency: NZD,
      entries: [
        { accountId: kiwiWallet.id, amount: -amount as Cents },
        { accountId: pendingWithdrawals.id, amount },
      ],
      description: "Withdrawal to Kiwi Supplies Business",
      sourceCompanyId: input.companyId,
      withdrawalId: withdrawal.id,
    });
    const paidOut = await postTransaction(t, {
      transactionClass: "WITHDRAWAL",
      currency: NZD,
      entries: [
        { accountId: pendingWithdrawals.id, amount: -amount as Cents },
        { accountId: clearing.id, amount },
      ],
      description: "Withdrawal paid by bank file",
      sourceCompanyId: input.companyId,
      withdrawalId: withdrawal.id,
    });
    const paidOn = addDays(todayNz, -12);
    const file = await BankPaymentFile.create(
      {
        country: "NZ",
        format: "NZ_BULK_CSV",
        fileName: `earlybird-withdrawals-${paidOn}.csv`,
        // The NZ bulk-payment layout the withdrawals job writes: account, amount, payee, particulars, reference.
        content: `Account Number,Amount,Payee Name,Particulars,Code,Reference\n${input.bankAccountNumber},${centsToDecimal(amount)},Kiwi Supplies Business,Earlybird,WD${withdrawal.id},Withdrawal\n`,
        totalAmount: amount,
        itemCount: 1,
      },
      { transaction: t },
    );
    await withdrawal.update(
      { status: "COMPLETED", bankPaymentFileId: file.id, ledgerTransactionId: debit.id, completedLedgerTransactionId: paidOut.id, completedAt: new Date(`${paidOn}T04:00:00Z`) },
      { transaction: t },
    );
  });
}

/**
 * "Kiwi Supplies Limited": the same supplier loaded a second time under another name (an accounting system's
 * duplicate contact), not on Earlybird. Harbour Foods knows it as a counterparty of its own (harbour-foods.ts), so an
 * admin can merge it into Kiwi Supplies Ltd at once (issue 15 part 6; docs/decisions/039).
 */
export const kiwiSuppliesDuplicate = (ctx: SeedContext): Promise<Company> => outsider(ctx, "Kiwi Supplies Limited", "NZ", "INACTIVE");
