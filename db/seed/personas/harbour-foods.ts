/**
 * Harbour Foods Ltd (NZ), the purchaser: Pat (pat@harbourfoods.test) and a director, its suppliers (Kiwi Supplies and
 * six companies not on Earlybird), payment terms, GL codes, purchase orders, bills in every status, credit notes, a
 * funded wallet with its top-ups, and a live purchaser offer ($150,000 cash reserve at 8 % a year). Kiwi Supplies'
 * invoices to Harbour Foods are Harbour's bills too; kiwi-supplies.ts seeds them.
 */
import {
  BankAccount,
  Company,
  CreditNote,
  CreditNoteAllocation,
  PurchaseOrder,
  PurchaserOffer,
  TopUp,
  User,
  type GlAccount,
  type PaymentTerm,
} from "../../models/index";
import { addDays } from "../../../app/lib/dates";
import type { Cents } from "../../../app/lib/money";
import { postTransaction, walletAccount } from "../../../app/modules/ledger/service.server";
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
  type RelationValues,
  type SeedContext,
  type SeededRecord,
} from "../demo-shared";
import { NZD, type SystemAccounts } from "./earlybird-admin";

export const CRR_PERCENT = 8;
/** Harbour Foods' cash reserve: its live purchaser offer's pool once the demo's early payments are made. */
export const CASH_RESERVE: Cents = 15_000_000;

export function harbourFoodsCompany({ t, todayNz }: SeedContext): Promise<Company> {
  return Company.create(
    {
      companyName: "Harbour Foods Ltd",
      country: "NZ",
      status: "ACTIVE",
      verificationStatus: "VERIFIED",
      nzbn: "9429041234567",
      registrationNumber: "6123456",
      industryCode: "F360000",
      industryCodeDescription: "Grocery, liquor and tobacco product wholesaling",
      website: "harbourfoods.test",
      address: { line1: "12 Quay Street", city: "Auckland", postcode: "1010", country: "New Zealand", countryCode: "NZ" },
      inboundEmailAddress: "bills+harbourfoods@inbound.earlybird.test",
      // Its inbound bill address (issue 16): harbourfoods@bills.earlybird.test with the default INBOUND_MAIL_DOMAIN.
      inboundEmailCode: "harbourfoods",
      acknowledgementText: "I warrant that I am an authorised representative with authority to pay on behalf of the company.",
      acknowledgementTimestamp: new Date(`${addDays(todayNz, -120)}T09:00:00Z`),
      connectedToXero: true,
    },
    { transaction: t },
  );
}

/** Harbour Foods' suppliers that are not on Earlybird (Canterbury Dairy is, but has no login). */
export async function harbourOutsideSuppliers(ctx: SeedContext) {
  const southern = await outsider(ctx, "Southern Produce Ltd", "NZ", "INACTIVE");
  const tasman = await outsider(ctx, "Tasman Packaging Ltd", "NZ", "INVITED");
  const canterbury = await outsider(ctx, "Canterbury Dairy Co Ltd", "NZ", "ACTIVE", "VERIFIED");
  const wellington = await outsider(ctx, "Wellington Logistics Ltd", "NZ", "INACTIVE");
  const otago = await outsider(ctx, "Otago Bakery Supplies Ltd", "NZ", "PENDING");
  const pacific = await outsider(ctx, "Pacific Seafoods Ltd", "NZ", "INACTIVE");
  return { southern, tasman, canterbury, wellington, otago, pacific };
}
type HarbourOutsideSuppliers = Awaited<ReturnType<typeof harbourOutsideSuppliers>>;

export const harbourFoodsUser = (ctx: SeedContext, harbour: Company): Promise<User> =>
  memberUser(ctx, {
    username: "pat@harbourfoods.test",
    roles: ["ROLE_USER"],
    companyId: harbour.id,
    firstName: "Pat",
    lastName: "Harbour",
    verificationStatus: "VERIFIED",
    phoneNumber: "+64211234567",
  });

/** Harbour Foods' second user (issue 16): two people reviewing the same bill documents (the review screens' locking). */
export const harbourFoodsSecondUser = (ctx: SeedContext, harbour: Company): Promise<User> =>
  memberUser(ctx, {
    username: "lee@harbourfoods.test",
    roles: ["ROLE_USER"],
    companyId: harbour.id,
    firstName: "Lee",
    lastName: "Wharf",
    verificationStatus: "VERIFIED",
    phoneNumber: "+64211234568",
  });

export const harbourFoodsDirector = ({ t }: SeedContext, harbour: Company): Promise<User> =>
  User.create(
    { username: "morgan@harbourfoods.test", roles: ["ROLE_DIRECTOR"], companyId: harbour.id, firstName: "Morgan", lastName: "Tane", verificationStatus: "VERIFIED", onboardingState: "ONBOARDED" },
    { transaction: t },
  );

/** Harbour Foods processes its bills automatically and has RIPE (bill intake by e-mail) on. */
export const harbourFoodsSettings = (ctx: SeedContext, harbour: Company) => memberSettings(ctx, harbour, { ripe: true, queue: "AUTOMATIC" });

export async function harbourPaymentTerms(ctx: SeedContext, harbour: Company): Promise<{ monthly: PaymentTerm; weekly: PaymentTerm }> {
  const monthly = await paymentTerm(ctx, harbour, { frequency: "MONTHLY", date: 20, defaultTerm: true });
  const weekly = await paymentTerm(ctx, harbour, { frequency: "WEEKLY", dayOfWeek: "FRIDAY" });
  await paymentTerm(ctx, harbour, { frequency: "MONTHLY", date: 5 });
  return { monthly, weekly };
}

export const harbourGlChart = (ctx: SeedContext, harbour: Company): Promise<GlAccount[]> =>
  glChart(ctx, harbour, "XERO", [
    ["300", "Purchases"],
    ["310", "Cost of Goods Sold"],
    ["400", "Advertising"],
    ["408", "Cleaning"],
    ["429", "General Expenses"],
    ["445", "Light, Power, Heating"],
    ["449", "Motor Vehicle Expenses"],
    ["461", "Printing & Stationery"],
    ["473", "Repairs and Maintenance"],
    ["489", "Telephone & Internet"],
  ]);

/** Harbour Foods' supplier rows, Kiwi Supplies first; returns them in that order. */
export async function harbourSuppliers(
  ctx: SeedContext,
  harbour: Company,
  kiwi: Company,
  outside: HarbourOutsideSuppliers,
  terms: { monthly: PaymentTerm; weekly: PaymentTerm },
  glCodes: GlAccount[],
): Promise<Party[]> {
  const { southern, tasman, canterbury, wellington, otago, pacific } = outside;
  const [purchases, cogs] = glCodes;
  const suppliers: Party[] = [];
  // Harbour Foods' suppliers take its default queue, AUTOMATIC (issue 16: its clean bills are authorised unseen).
  const supplierOf = async (other: Company, email: string, values: Omit<RelationValues, "email">) => {
    await relate(ctx, harbour, other, { supplier: true, email, queue: null, ...values });
    suppliers.push({ company: other, email });
  };
  await supplierOf(kiwi, "accounts@kiwisupplies.test", { queue: "AUTOMATIC", paymentTermId: terms.monthly.id, glAccountId: purchases.id, bank: "0212340123456000" });
  await supplierOf(southern, "accounts@southernproduce.test", { paymentTermId: terms.weekly.id, glAccountId: cogs.id });
  await supplierOf(tasman, "billing@tasmanpackaging.test", { glAccountId: purchases.id, invited: true });
  await supplierOf(canterbury, "ar@canterburydairy.test", { paymentTermId: terms.monthly.id, glAccountId: cogs.id });
  await supplierOf(wellington, "invoices@wellingtonlogistics.test", { glAccountId: glCodes[6].id });
  await supplierOf(otago, "accounts@otagobakery.test", { paymentTermId: terms.monthly.id });
  await supplierOf(pacific, "finance@pacificseafoods.test", { offers: false, glAccountId: cogs.id });
  return suppliers;
}

export async function harbourPurchaseOrders({ t, rng, todayNz }: SeedContext, harbour: Company, suppliers: Party[]): Promise<void> {
  const orderStatuses = ["OPEN", "OPEN", "RECEIPTED", "RECEIPTED", "CLOSED"] as const;
  for (let i = 0; i < 24; i++) {
    const supplier = suppliers[i % suppliers.length].company;
    await PurchaseOrder.create(
      {
        companyId: harbour.id,
        supplierCompanyId: supplier.id,
        supplierName: supplier.companyName,
        orderNumber: `PO-${4100 + i}`,
        amount: between(rng, 300, 4900) * 100 + between(rng, 0, 99),
        status: orderStatuses[i % orderStatuses.length],
        orderDate: addDays(todayNz, -between(rng, 5, 80)),
        loadedBy: "XERO",
        externalId: `po-${4100 + i}`,
      },
      { transaction: t },
    );
  }
}

/**
 * Bills from Harbour Foods' suppliers other than Kiwi Supplies, in every status, and one bill larger than the whole
 * cash pool. Returns the open ones (not paid, not due).
 */
export async function harbourBills(ctx: SeedContext, harbour: Company, suppliers: Party[], kiwi: Company, outside: HarbourOutsideSuppliers): Promise<SeededRecord[]> {
  const { rng, todayNz, record } = ctx;
  const { pacific, canterbury } = outside;
  const open: SeededRecord[] = [];
  const otherSuppliers = suppliers.filter((s) => s.company.id !== kiwi.id);
  for (const [index, offset] of dueOffsets(rng, 110).entries()) {
    const supplier = otherSuppliers[index % otherSuppliers.length];
    const dueDate = addDays(todayNz, offset);
    const offersEnabled = supplier.company.id !== pacific.id;
    const base = {
      type: "BILL" as const,
      supplier: supplier.company,
      purchaser: harbour,
      dueDate,
      total: randomAmount(rng, 150, 12000),
      country: "NZ" as const,
      prefix: supplier.company.companyName.slice(0, 3).toUpperCase(),
      start: 2000,
      loadedBy: pick(rng, ["XERO", "XERO", "XERO", "RIPE"] as const),
      contactEmail: supplier.email,
      orderNumber: rng() < 0.5 ? `PO-${between(rng, 4100, 4123)}` : null,
      glCode: pick(rng, ["300", "310", "429"]),
    };
    if (offset < 0) {
      const paid = rng() < 0.85;
      await record({ ...base, billStatus: paid ? "PAID" : "NOT_ELIGIBLE_EXPIRED", invoiceStatus: paid ? "PAID" : "EXPIRED", paidDate: paid ? minDate(addDays(dueDate, -between(rng, 0, 3)), todayNz) : null, include: !paid && offersEnabled });
    } else if (offset === 0) {
      await record({ ...base, billStatus: "NOT_ELIGIBLE_EXPIRED", invoiceStatus: "EXPIRED", include: offersEnabled });
    } else if (!offersEnabled) {
      await record({ ...base, billStatus: "NO_CASHBACK", invoiceStatus: "ALL_ELIGIBLE" });
    } else if (rng() < 0.7) {
      const r = await record({ ...base, billStatus: "PAYMENT_OFFERED", invoiceStatus: "PAYMENT_READY", include: true, sentToSupplier: rng() < 0.4 });
      open.push(r);
    } else {
      open.push(await record({ ...base, invoiceStatus: "ALL_ELIGIBLE" }));
    }
  }
  // One bill larger than the whole cash pool: "Invoice amount is higher than available cash pool".
  await record({ type: "BILL", supplier: canterbury, purchaser: harbour, dueDate: addDays(todayNz, 45), total: 18_750_000, country: "NZ", prefix: "CAN", start: 9000, loadedBy: "XERO", contactEmail: "ar@canterburydairy.test", billStatus: "NOT_ELIGIBLE", invoiceStatus: "ALL_ELIGIBLE", include: true, glCode: "310" });
  return open;
}

/** Credit notes from three suppliers; one allocated in part to a Kiwi Supplies bill, one in full to a Canterbury bill. */
export async function harbourCreditNotes(
  { t, rng, todayNz }: SeedContext,
  harbour: Company,
  kiwi: Company,
  outside: HarbourOutsideSuppliers,
  openKiwiToHarbour: SeededRecord[],
  openBills: SeededRecord[],
): Promise<void> {
  const { southern, canterbury } = outside;
  const credit = (supplier: Company, creditNumber: string, total: Cents, supplierReference: string | null) =>
    CreditNote.create(
      { issuedBy: supplier.id, issuedFor: harbour.id, issuedByCompanyName: supplier.companyName, issuedForCompanyName: harbour.companyName, creditNumber, total, supplierReference, issueDate: addDays(todayNz, -between(rng, 3, 40)), loadedBy: "XERO" },
      { transaction: t },
    );
  await credit(kiwi, "CN-1001", 45_000, "KS-RET-17");
  const partly = await credit(kiwi, "CN-1002", 120_000, "KS-RET-21");
  await credit(southern, "CN-2001", 30_000, null);
  const full = await credit(canterbury, "CN-3001", 15_000, "CD_ADJ_4");
  const kiwiTarget = openKiwiToHarbour.slice(9).find((r) => r.invoice.total > 200_000);
  if (kiwiTarget) await CreditNoteAllocation.create({ creditNoteId: partly.id, invoiceId: kiwiTarget.invoice.id, allocatedAmount: 80_000 }, { transaction: t });
  const canterburyTarget = openBills.find((r) => r.invoice.issuedBy === canterbury.id && r.invoice.total > 50_000);
  if (canterburyTarget) await CreditNoteAllocation.create({ creditNoteId: full.id, invoiceId: canterburyTarget.invoice.id, allocatedAmount: 15_000 }, { transaction: t });
}

export const harbourWallet = ({ t }: SeedContext, harbour: Company) => walletAccount(t, harbour.id, NZD);

export async function harbourBankAccounts({ t }: SeedContext, harbour: Company): Promise<void> {
  await BankAccount.bulkCreate(
    [
      { companyId: harbour.id, bankAccountName: "Harbour Foods Ltd - Earlybird working capital", bankAccountNumber: "0201000456789001", bankAccountStatus: "VERIFIED", loadedBy: "SYSTEM", defaultAccount: false },
      { companyId: harbour.id, bankAccountName: "Harbour Foods Operating", bankAccountNumber: "1202330123456000", bankAccountStatus: "VERIFIED", loadedBy: "EARLYBIRD", defaultAccount: true, documentFileName: "harbour-statement.pdf" },
    ],
    { transaction: t },
  );
}

/** The wallet's $250,000 top-up (confirmed by the admin), then a pending, a cancelled and an expired one. */
export async function harbourTopUps(
  { t, todayNz }: SeedContext,
  harbour: Company,
  { pat, admin, wallet, accounts }: { pat: User; admin: User; wallet: { id: number }; accounts: SystemAccounts },
): Promise<void> {
  // A top-up is created PENDING and completes with its ledger transaction (the database insists).
  const funding = await TopUp.create(
    { companyId: harbour.id, currency: NZD, topupAmount: 25_000_000, topupStatus: "PENDING", paymentReference: "EBHF0001", trigger: "PURCHASER_OFFER", createdByUserId: pat.id, expiresAt: new Date(`${addDays(todayNz, -69)}T22:00:00Z`) },
    { transaction: t },
  );
  const fundingTx = await postTransaction(t, {
    transactionClass: "TOPUP",
    currency: NZD,
    entries: [
      { accountId: accounts.clearing.id, amount: -25_000_000 },
      { accountId: wallet.id, amount: 25_000_000 },
    ],
    description: "Top-up EBHF0001",
    destinationCompanyId: harbour.id,
    destinationReference: "EBHF0001",
    topUpId: funding.id,
    createdByUserId: admin.id,
  });
  await funding.update({ topupStatus: "COMPLETED", ledgerTransactionId: fundingTx.id, confirmedByUserId: admin.id, completedAt: new Date(`${addDays(todayNz, -75)}T01:00:00Z`) }, { transaction: t });
  await TopUp.bulkCreate(
    [
      { companyId: harbour.id, currency: NZD, topupAmount: 2_000_000, topupStatus: "PENDING", paymentReference: "EBHF0004", trigger: "CUSTOM", createdByUserId: pat.id, expiresAt: new Date(Date.now() + 6 * 86_400_000) },
      { companyId: harbour.id, currency: NZD, topupAmount: 500_000, topupStatus: "CANCELLED", paymentReference: "EBHF0002", trigger: "CUSTOM", createdByUserId: pat.id, cancelledAt: new Date(`${addDays(todayNz, -40)}T03:00:00Z`), cancelledByUserId: pat.id },
      { companyId: harbour.id, currency: NZD, topupAmount: 1_000_000, topupStatus: "EXPIRED", paymentReference: "EBHF0003", trigger: "NO_OFFER", createdByUserId: pat.id, expiresAt: new Date(`${addDays(todayNz, -20)}T03:00:00Z`) },
    ],
    { transaction: t },
  );
}

/**
 * Harbour Foods' live purchaser offer: $150,000 cash reserve at 8% a year (the demo's early payments use some of it and
 * Pat tops it up again: demo-data.ts seedDemoActivity).
 */
export const harbourPurchaserOffer = ({ t }: SeedContext, harbour: Company): Promise<PurchaserOffer> =>
  PurchaserOffer.create(
    { createdByCompany: harbour.id, cashpool: CASH_RESERVE, pendingCashpool: 0, crr: `${CRR_PERCENT}.00`, offerStatus: "ACTIVE", topUpId: null, cancelledAt: null },
    { transaction: t },
  );

/**
 * Harbour Foods' duplicate supplier row for Kiwi Supplies ("Kiwi Supplies Limited", kiwi-supplies.ts) with three bills
 * and a credit note on it: what an admin merges into Kiwi Supplies Ltd from the directory (Merge) or with
 * `earlybird counterparties:merge` (issue 15 part 6).
 */
export async function harbourDuplicateKiwi(ctx: SeedContext, harbour: Company, duplicate: Company): Promise<void> {
  const { t, rng, todayNz, record } = ctx;
  await relate(ctx, harbour, duplicate, { supplier: true, email: "accounts@kiwisupplies.test" });
  for (const offset of [12, 26, 41]) {
    await record({
      type: "BILL",
      supplier: duplicate,
      purchaser: harbour,
      dueDate: addDays(todayNz, offset),
      total: randomAmount(rng, 400, 3800),
      country: "NZ",
      prefix: "KSL",
      start: 500,
      loadedBy: "XERO",
      contactEmail: "accounts@kiwisupplies.test",
      invoiceStatus: "ALL_ELIGIBLE",
      glCode: "300",
    });
  }
  await CreditNote.create(
    { issuedBy: duplicate.id, issuedFor: harbour.id, issuedByCompanyName: duplicate.companyName, issuedForCompanyName: harbour.companyName, creditNumber: "KSL-CN-501", total: 12_500, supplierReference: "KSL-RET-1", issueDate: addDays(todayNz, -6), loadedBy: "XERO" },
    { transaction: t },
  );
}
