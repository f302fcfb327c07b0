/**
 * The demo world: four member companies (Harbour Foods the purchaser, Kiwi Supplies its supplier, Outback
 * Coffee in Australia, and Kauri Timber, whose account is not activated yet), their counterparties, payment terms, GL codes, purchase orders, about 300 invoices
 * and bills over the last and next three months in every status, credit notes, a live purchaser offer,
 * prompt payment requests, a funded wallet and its ledger history; last, a purchaser and supplier pair of their own
 * for the two-user flow (Rimu Grocers and Tui Trading, seedTradeFlowPair).
 *
 * Deterministic: a seeded random generator, dates relative to today in each company's time zone.
 */
import type { CreationAttributes, Transaction } from "sequelize";
import {
  BankAccount,
  BankPaymentFile,
  Company,
  CompanySettings,
  Counterparty,
  CreditNote,
  CreditNoteAllocation,
  EntityPreferences,
  GlAccount,
  IdentityDocument,
  Invoice,
  InvoiceItem,
  Job,
  PaymentTerm,
  PurchaseOrder,
  PurchaserOffer,
  SupplierOffer,
  SupplierOfferInvoice,
  TopUp,
  User,
  VerificationHistoryEntry,
  Withdrawal,
  type Role,
} from "../models/index";
import { addDays, daysBetween, todayIn, type Country } from "../../app/lib/dates";
import type { Actor } from "../../app/lib/actor";
import { centsToDecimal, roundHalfUpDivide, type Cents } from "../../app/lib/money";
import { companyFunds, lockWallet, postTransaction, systemAccount, walletAccount, type Currency } from "../../app/modules/ledger/service.server";
import { purchaserOfferExecutionStatus, requestPurchaserOfferExecution, runPurchaserOfferExecution } from "../../app/modules/offers/execution.server";
import { payNow } from "../../app/modules/offers/pay-now.server";
import { editPurchaserOffer } from "../../app/modules/offers/purchaser-offers.server";
import { sequelize } from "../index";

type Rng = () => number;

/** mulberry32: small, fast, good enough for demo data. */
function seededRandom(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (rng: Rng, min: number, max: number) => Math.floor(rng() * (max - min + 1)) + min;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)];
const minDate = (a: string, b: string) => (a < b ? a : b);

const CRR_PERCENT = 8;
/** Harbour Foods' cash reserve: its live purchaser offer's pool once the demo's early payments are made. */
const CASH_RESERVE: Cents = 15_000_000;

interface Party {
  company: Company;
  email: string;
}

export interface DemoUsers {
  passwordHash: string;
}

export async function seedDemoWorld(t: Transaction, { passwordHash }: DemoUsers): Promise<DemoActivity> {
  const rng = seededRandom(20261122);
  const todayNz = todayIn("NZ");
  const todayAu = todayIn("AU");
  const today = (country: Country) => (country === "AU" ? todayAu : todayNz);

  // ---- Companies -------------------------------------------------------------------------------------
  const company = (values: CreationAttributes<Company>) => Company.create(values, { transaction: t });
  const harbour = await company({
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
    acknowledgementText: "I warrant that I am an authorised representative with authority to pay on behalf of the company.",
    acknowledgementTimestamp: new Date(`${addDays(todayNz, -120)}T09:00:00Z`),
    connectedToXero: true,
  });
  const kiwi = await company({
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
  });
  const outback = await company({
    companyName: "Outback Coffee Pty Ltd",
    country: "AU",
    status: "ACTIVE",
    verificationStatus: "PARTIALLY_VERIFIED",
    businessNumber: "51824753556",
    registrationNumber: "824753556",
    website: "outbackcoffee.test",
    address: { line1: "8 Smith Street", city: "Alice Springs", region: "NT", postcode: "0870", country: "Australia", countryCode: "AU" },
  });

  const outsider = async (companyName: string, country: Country, status: "INACTIVE" | "INVITED" | "PENDING" | "ACTIVE", verificationStatus: "NOT_VERIFIED" | "VERIFIED" | "PARTIALLY_VERIFIED" = "NOT_VERIFIED") =>
    company({ companyName, country, status, verificationStatus });

  const southern = await outsider("Southern Produce Ltd", "NZ", "INACTIVE");
  const tasman = await outsider("Tasman Packaging Ltd", "NZ", "INVITED");
  const canterbury = await outsider("Canterbury Dairy Co Ltd", "NZ", "ACTIVE", "VERIFIED");
  const wellington = await outsider("Wellington Logistics Ltd", "NZ", "INACTIVE");
  const otago = await outsider("Otago Bakery Supplies Ltd", "NZ", "PENDING");
  const pacific = await outsider("Pacific Seafoods Ltd", "NZ", "INACTIVE");
  const aucklandCafe = await outsider("Auckland Cafe Group Ltd", "NZ", "INACTIVE");
  const bayGrocers = await outsider("Bay of Plenty Grocers Ltd", "NZ", "INACTIVE");
  const waikato = await outsider("Waikato Catering Ltd", "NZ", "INVITED");
  const sydneyRoasters = await outsider("Sydney Roasters Pty Ltd", "AU", "INACTIVE");
  const melbourneBeans = await outsider("Melbourne Beans Pty Ltd", "AU", "ACTIVE", "VERIFIED");
  const brisbaneCafe = await outsider("Brisbane Cafe Co Pty Ltd", "AU", "INACTIVE");
  // A verified NZ member that has not activated its account: no Earlybird account, no bank account, no money. The
  // whole money path starts from here (tests/e2e/funds-flow.spec.ts; no other spec touches it).
  const kauri = await company({
    companyName: "Kauri Timber Co Ltd",
    country: "NZ",
    status: "ACTIVE",
    verificationStatus: "VERIFIED",
    nzbn: "9429043456789",
    registrationNumber: "6345678",
    industryCode: "F333000",
    industryCodeDescription: "Timber and hardware goods wholesaling",
    website: "kauritimber.test",
    address: { line1: "3 Mill Road", city: "Whangarei", postcode: "0110", country: "New Zealand", countryCode: "NZ" },
  });

  // ---- Users --------------------------------------------------------------------------------------------
  const users: { username: string; roles: Role[]; companyId: number | null; firstName: string; lastName: string; verificationStatus: "VERIFIED" | "NOT_VERIFIED"; phoneNumber: string | null }[] = [
    { username: "admin@earlybird.test", roles: ["ROLE_ADMIN"], companyId: null, firstName: "Ada", lastName: "Admin", verificationStatus: "VERIFIED", phoneNumber: null },
    { username: "pat@harbourfoods.test", roles: ["ROLE_USER"], companyId: harbour.id, firstName: "Pat", lastName: "Harbour", verificationStatus: "VERIFIED", phoneNumber: "+64211234567" },
    { username: "sam@kiwisupplies.test", roles: ["ROLE_USER"], companyId: kiwi.id, firstName: "Sam", lastName: "Kiwi", verificationStatus: "VERIFIED", phoneNumber: "+64219876543" },
    { username: "alex@outbackcoffee.test", roles: ["ROLE_USER"], companyId: outback.id, firstName: "Alex", lastName: "Outback", verificationStatus: "VERIFIED", phoneNumber: "+61412345678" },
  ];
  const created: Record<string, User> = {};
  for (const person of users) {
    created[person.username] = await User.create(
      { ...person, passwordHash, onboardingState: "ONBOARDED", phoneNumberVerified: person.phoneNumber !== null, dateOfBirth: person.companyId ? "1985-04-12" : null },
      { transaction: t },
    );
  }
  // Owners still to verify make Outback Coffee PARTIALLY_VERIFIED.
  await User.create(
    { username: "jordan@outbackcoffee.test", roles: ["ROLE_DIRECTOR", "ROLE_BENEFICIAL_OWNER"], companyId: outback.id, firstName: "Jordan", lastName: "Reid", ownershipPercent: "40.00", onboardingState: "SIGNED_UP" },
    { transaction: t },
  );
  await User.create(
    { username: "morgan@harbourfoods.test", roles: ["ROLE_DIRECTOR"], companyId: harbour.id, firstName: "Morgan", lastName: "Tane", verificationStatus: "VERIFIED", onboardingState: "ONBOARDED" },
    { transaction: t },
  );
  // Kauri Timber's user: verified, with a phone for the SMS code of the bank account wizard.
  await User.create(
    {
      username: "casey@kauritimber.test",
      roles: ["ROLE_USER"],
      companyId: kauri.id,
      firstName: "Casey",
      lastName: "Kauri",
      verificationStatus: "VERIFIED",
      phoneNumber: "+64215550142",
      phoneNumberVerified: true,
      dateOfBirth: "1988-09-03",
      passwordHash,
      onboardingState: "ONBOARDED",
    },
    { transaction: t },
  );

  // ---- Settings, payment terms, GL codes ----------------------------------------------------------------
  for (const member of [harbour, kiwi, outback, kauri]) {
    await CompanySettings.create({ companyId: member.id, isRipeEnabled: member.id === harbour.id }, { transaction: t });
    await EntityPreferences.create({ companyId: member.id, defaultProcessingQueue: member.id === harbour.id ? "AUTOMATIC" : "MANUAL", periodLockDate: null }, { transaction: t });
  }
  const term = (companyId: number, values: { frequency: "MONTHLY" | "WEEKLY"; date?: number; dayOfWeek?: "FRIDAY" | "WEDNESDAY"; defaultTerm?: boolean }) =>
    PaymentTerm.create({ companyId, frequency: values.frequency, date: values.date ?? null, dayOfWeek: values.dayOfWeek ?? null, defaultTerm: values.defaultTerm ?? false }, { transaction: t });
  const harbourMonthly = await term(harbour.id, { frequency: "MONTHLY", date: 20, defaultTerm: true });
  const harbourWeekly = await term(harbour.id, { frequency: "WEEKLY", dayOfWeek: "FRIDAY" });
  await term(harbour.id, { frequency: "MONTHLY", date: 5 });
  await term(kiwi.id, { frequency: "MONTHLY", date: 20, defaultTerm: true });
  const outbackTerm = await term(outback.id, { frequency: "MONTHLY", date: 28, defaultTerm: true });

  const glCodes: Record<number, GlAccount[]> = {};
  const chart: [number, [string, string][]][] = [
    [
      harbour.id,
      [
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
      ],
    ],
    [
      kiwi.id,
      [
        ["200", "Sales"],
        ["310", "Cost of Goods Sold"],
        ["429", "General Expenses"],
      ],
    ],
    [
      outback.id,
      [
        ["5-1000", "Coffee Beans"],
        ["6-1200", "Freight"],
        ["6-2000", "General Expenses"],
      ],
    ],
  ];
  for (const [companyId, accounts] of chart) {
    glCodes[companyId] = [];
    for (const [index, [accountCode, accountName]] of accounts.entries()) {
      glCodes[companyId].push(
        await GlAccount.create(
          { companyId, accountCode, accountName, accountId: `acc-${companyId}-${accountCode}`, isDefault: index === 0, accountType: "EXPENSE", loadedBy: companyId === outback.id ? "EARLYBIRD" : "XERO" },
          { transaction: t },
        ),
      );
    }
  }

  // ---- Counterparties -----------------------------------------------------------------------------------
  const relate = (
    owner: Company,
    other: Company,
    values: { supplier?: boolean; customer?: boolean; email: string; offers?: boolean; queue?: "AUTOMATIC" | "MANUAL"; paymentTermId?: number | null; glAccountId?: number | null; bank?: string; invited?: boolean },
  ) =>
    Counterparty.create(
      {
        companyId: owner.id,
        counterpartyCompanyId: other.id,
        isSupplier: values.supplier ?? false,
        isCustomer: values.customer ?? false,
        contactEmail: values.email,
        externalAccountId: `xero-${owner.id}-${other.id}`,
        gstNumber: String(between(rng, 100000000, 139999999)),
        isPurchaserOffersEnabled: values.offers ?? true,
        defaultProcessingQueue: values.queue ?? "MANUAL",
        paymentTermId: values.paymentTermId ?? null,
        glAccountId: values.glAccountId ?? null,
        externalBankAccountNumber: values.bank ?? null,
        isScheduledPaymentsEnabled: Boolean(values.bank && values.paymentTermId),
        invitedAt: values.invited ? new Date(`${addDays(todayNz, -10)}T02:00:00Z`) : null,
        nzbn: null,
        periodLockDate: null,
      },
      { transaction: t },
    );
  const [purchases, cogs] = glCodes[harbour.id];
  const harbourSuppliers: Party[] = [];
  const supplierOf = async (other: Company, email: string, values: Omit<Parameters<typeof relate>[2], "email">) => {
    await relate(harbour, other, { supplier: true, email, ...values });
    harbourSuppliers.push({ company: other, email });
  };
  await supplierOf(kiwi, "accounts@kiwisupplies.test", { queue: "AUTOMATIC", paymentTermId: harbourMonthly.id, glAccountId: purchases.id, bank: "0212340123456000" });
  await supplierOf(southern, "accounts@southernproduce.test", { paymentTermId: harbourWeekly.id, glAccountId: cogs.id });
  await supplierOf(tasman, "billing@tasmanpackaging.test", { glAccountId: purchases.id, invited: true });
  await supplierOf(canterbury, "ar@canterburydairy.test", { paymentTermId: harbourMonthly.id, glAccountId: cogs.id });
  await supplierOf(wellington, "invoices@wellingtonlogistics.test", { glAccountId: glCodes[harbour.id][6].id });
  await supplierOf(otago, "accounts@otagobakery.test", { paymentTermId: harbourMonthly.id });
  await supplierOf(pacific, "finance@pacificseafoods.test", { offers: false, glAccountId: cogs.id });
  const kiwiCustomers: Party[] = [
    { company: harbour, email: "ap@harbourfoods.test" },
    { company: aucklandCafe, email: "accounts@aucklandcafe.test" },
    { company: bayGrocers, email: "payables@baygrocers.test" },
    { company: waikato, email: "finance@waikatocatering.test" },
  ];
  for (const customer of kiwiCustomers) await relate(kiwi, customer.company, { customer: true, email: customer.email, invited: customer.company.id === waikato.id });
  await relate(outback, sydneyRoasters, { supplier: true, email: "accounts@sydneyroasters.test", paymentTermId: outbackTerm.id, glAccountId: glCodes[outback.id][0].id });
  await relate(outback, melbourneBeans, { supplier: true, email: "ar@melbournebeans.test", paymentTermId: outbackTerm.id, glAccountId: glCodes[outback.id][0].id });
  await relate(outback, brisbaneCafe, { customer: true, email: "ap@brisbanecafe.test" });

  // ---- Purchase orders (Harbour Foods) ------------------------------------------------------------------
  const orderStatuses = ["OPEN", "OPEN", "RECEIPTED", "RECEIPTED", "CLOSED"] as const;
  for (let i = 0; i < 24; i++) {
    const supplier = harbourSuppliers[i % harbourSuppliers.length].company;
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

  // ---- Invoices and bills ------------------------------------------------------------------------------
  interface SeededRecord {
    invoice: Invoice;
    daysToDue: number;
  }
  const numbers = new Map<string, number>();
  const nextNumber = (prefix: string, start: number) => {
    const value = (numbers.get(prefix) ?? start) + 1;
    numbers.set(prefix, value);
    return `${prefix}-${value}`;
  };
  const amount = (min: number, max: number): Cents => between(rng, min, max) * 100 + pick(rng, [0, 0, 50, 95, between(rng, 1, 99)]);

  async function record(values: SeedRecordValues): Promise<SeededRecord> {
    const localToday = today(values.country);
    const issueDate = minDate(addDays(values.dueDate, -between(rng, 20, 40)), localToday);
    const withItems = values.items ?? false;
    const subTotal = withItems ? Number(roundHalfUpDivide(BigInt(values.total) * 100n, 115n)) : null;
    const invoice = await Invoice.create(
      {
        type: values.type,
        issuedBy: values.supplier.id,
        issuedFor: values.purchaser.id,
        issuedByCompanyName: values.supplier.companyName,
        issuedForCompanyName: values.purchaser.companyName,
        invoiceNumber: nextNumber(values.prefix, values.start),
        orderNumber: values.orderNumber ?? null,
        issueDate,
        dueDate: values.dueDate,
        currency: values.country === "AU" ? "AUD" : "NZD",
        total: values.total,
        subTotal,
        gst: subTotal === null ? null : values.total - subTotal,
        totalPaid: values.paidDate ? values.total : 0,
        invoiceStatus: values.invoiceStatus ?? null,
        billStatus: values.billStatus ?? null,
        cashReward: values.cashReward ?? null,
        serviceFee: values.serviceFee ?? null,
        paidDate: values.paidDate ?? null,
        includeInPurchaserOffer: values.include ?? false,
        // The loading side's contact at the other company (decision 033).
        ...(values.type === "INVOICE" ? { issuerContactEmail: values.contactEmail } : { recipientContactEmail: values.contactEmail }),
        sentToSupplier: values.sentToSupplier ?? false,
        billGlCode: values.glCode ?? null,
        loadedBy: values.loadedBy,
        externalId: values.loadedBy === "XERO" ? `xero-inv-${numbers.size}-${values.prefix}-${numbers.get(values.prefix)}` : null,
      },
      { transaction: t },
    );
    if (withItems && subTotal !== null) {
      // Two lines that add up to the sub-total exactly.
      const first = Math.floor(subTotal * 0.6);
      await InvoiceItem.bulkCreate(
        [
          { invoiceId: invoice.id, itemNumber: between(rng, 1, 5000), description: "Dry goods supply", units: "1.00", unitType: "QUANTITY", unitPrice: first, amount: first },
          { invoiceId: invoice.id, itemNumber: between(rng, 5001, 10000), description: "Delivery and handling", units: "1.00", unitType: "QUANTITY", unitPrice: subTotal - first, amount: subTotal - first },
        ],
        { transaction: t },
      );
    }
    return { invoice, daysToDue: daysBetween(localToday, values.dueDate) };
  }

  /** A due date between 90 days ago and 90 days ahead, with a few landing exactly today. */
  const dueOffsets = (count: number) => Array.from({ length: count }, (_, i) => (i === 3 ? 0 : between(rng, -90, 90)));

  // Harbour Foods' payables: Kiwi Supplies' own invoices (shared with Harbour as its bills) and bills from the rest.
  const kiwiToHarbour: SeededRecord[] = [];
  const harbourOpenBills: SeededRecord[] = [];
  for (const offset of dueOffsets(60)) {
    const dueDate = addDays(todayNz, offset);
    const total = amount(400, 16000);
    const base = { type: "INVOICE" as const, supplier: kiwi, purchaser: harbour, dueDate, total, country: "NZ" as const, prefix: "KS", start: 10040, loadedBy: pick(rng, ["XERO", "XERO", "EARLYBIRD"] as const), contactEmail: "ap@harbourfoods.test" };
    if (offset < 0) {
      const paid = rng() < 0.85;
      kiwiToHarbour.push(
        await record({ ...base, invoiceStatus: paid ? "PAID" : "EXPIRED", billStatus: paid ? "PAID" : "NOT_ELIGIBLE_EXPIRED", paidDate: paid ? minDate(addDays(dueDate, -between(rng, 0, 6)), todayNz) : null, include: !paid }),
      );
    } else if (offset === 0) {
      kiwiToHarbour.push(await record({ ...base, invoiceStatus: "EXPIRED", billStatus: "NOT_ELIGIBLE_EXPIRED", include: true }));
    } else {
      const r = await record({ ...base, invoiceStatus: "PAYMENT_READY", billStatus: "PAYMENT_OFFERED", include: true, items: base.loadedBy === "EARLYBIRD", glCode: "300" });
      kiwiToHarbour.push(r);
      harbourOpenBills.push(r);
    }
  }
  const otherSuppliers = harbourSuppliers.filter((s) => s.company.id !== kiwi.id);
  for (const [index, offset] of dueOffsets(110).entries()) {
    const supplier = otherSuppliers[index % otherSuppliers.length];
    const dueDate = addDays(todayNz, offset);
    const offersEnabled = supplier.company.id !== pacific.id;
    const base = {
      type: "BILL" as const,
      supplier: supplier.company,
      purchaser: harbour,
      dueDate,
      total: amount(150, 12000),
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
      harbourOpenBills.push(r);
    } else {
      harbourOpenBills.push(await record({ ...base, invoiceStatus: "ALL_ELIGIBLE" }));
    }
  }
  // One bill larger than the whole cash pool: "Invoice amount is higher than available cash pool".
  await record({ type: "BILL", supplier: canterbury, purchaser: harbour, dueDate: addDays(todayNz, 45), total: 18_750_000, country: "NZ", prefix: "CAN", start: 9000, loadedBy: "XERO", contactEmail: "ar@canterburydairy.test", billStatus: "NOT_ELIGIBLE", invoiceStatus: "ALL_ELIGIBLE", include: true, glCode: "310" });

  // Kiwi Supplies' invoices to customers that are not on Earlybird.
  const kiwiOpenInvoices: SeededRecord[] = [];
  for (const [index, offset] of dueOffsets(80).entries()) {
    const customer = kiwiCustomers[1 + (index % 3)];
    const dueDate = addDays(todayNz, offset);
    const base = { type: "INVOICE" as const, supplier: kiwi, purchaser: customer.company, dueDate, total: amount(120, 9000), country: "NZ" as const, prefix: "KS", start: 10040, loadedBy: pick(rng, ["XERO", "XERO", "EARLYBIRD"] as const), contactEmail: customer.email };
    if (offset < 0) {
      const paid = rng() < 0.8;
      await record({ ...base, invoiceStatus: paid ? "PAID" : "EXPIRED", paidDate: paid ? minDate(addDays(dueDate, between(rng, -2, 5)), todayNz) : null });
    } else if (offset === 0) {
      await record({ ...base, invoiceStatus: "EXPIRED" });
    } else {
      kiwiOpenInvoices.push(await record({ ...base, invoiceStatus: "ALL_ELIGIBLE", items: base.loadedBy === "EARLYBIRD" }));
    }
  }

  // Outback Coffee (AU): bills from its roasters and invoices to a cafe, in AUD.
  for (const [index, offset] of dueOffsets(45).entries()) {
    const dueDate = addDays(todayAu, offset);
    const asSupplier = index % 3 === 0;
    const other = asSupplier ? brisbaneCafe : index % 3 === 1 ? sydneyRoasters : melbourneBeans;
    const paid = offset < 0 && rng() < 0.8;
    await record({
      type: asSupplier ? "INVOICE" : "BILL",
      supplier: asSupplier ? outback : other,
      purchaser: asSupplier ? other : outback,
      dueDate,
      total: amount(90, 6000),
      country: "AU",
      prefix: asSupplier ? "OC" : other.companyName.slice(0, 3).toUpperCase(),
      start: asSupplier ? 500 : 7000,
      loadedBy: "MYOB_ACCOUNT_RIGHT",
      contactEmail: asSupplier ? "ap@brisbanecafe.test" : other.id === sydneyRoasters.id ? "accounts@sydneyroasters.test" : "ar@melbournebeans.test",
      invoiceStatus: paid ? "PAID" : offset <= 0 ? "EXPIRED" : "ALL_ELIGIBLE",
      billStatus: asSupplier ? null : paid ? "PAID" : offset <= 0 ? "NOT_ELIGIBLE_EXPIRED" : null,
      paidDate: paid ? minDate(dueDate, todayAu) : null,
      glCode: asSupplier ? null : "5-1000",
    });
  }

  // ---- Prompt payment requests (supplier offers) -------------------------------------------------------
  const requestPrompt = async (r: SeededRecord, status: "CLEARING" | "EXPIRED", expirationDate: string) => {
    const due = r.invoice.discountedTotal;
    // decisions D2: $5 <= A <= MAX_FEE_PERCENT (10) % of the amount due.
    const cashReward = Math.max(500, Math.min(Math.floor(due / 10), Math.round(due * (0.01 + rng() * 0.03))));
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
  const openKiwiToHarbour = kiwiToHarbour.filter((r) => r.daysToDue > 3 && !r.invoice.paidDate).sort((a, b) => a.daysToDue - b.daysToDue);
  const kiwiRequests: SupplierOffer[] = [];
  for (const r of openKiwiToHarbour.slice(0, 4)) kiwiRequests.push(await requestPrompt(r, "CLEARING", addDays(todayNz, Math.min(r.daysToDue - 1, between(rng, 1, 10)))));
  for (const r of kiwiOpenInvoices.filter((x) => x.daysToDue > 3).slice(0, 5)) await requestPrompt(r, "CLEARING", addDays(todayNz, Math.min(r.daysToDue - 1, between(rng, 2, 14))));
  const lapsed = kiwiOpenInvoices.filter((x) => x.daysToDue > 3).slice(5, 7);
  for (const r of lapsed) await requestPrompt(r, "EXPIRED", addDays(todayNz, -between(rng, 1, 5)));

  // ---- Credit notes ---------------------------------------------------------------------------------------
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
  const canterburyTarget = harbourOpenBills.find((r) => r.invoice.issuedBy === canterbury.id && r.invoice.total > 50_000);
  if (canterburyTarget) await CreditNoteAllocation.create({ creditNoteId: full.id, invoiceId: canterburyTarget.invoice.id, allocatedAmount: 15_000 }, { transaction: t });

  // ---- Wallets, bank accounts, top-ups, early payments, withdrawals ------------------------------------------
  const nzd: Currency = "NZD";
  const clearing = await systemAccount(t, "BANK_CLEARING", nzd);
  const suspense = await systemAccount(t, "SUSPENSE", nzd);
  const harbourWallet = await walletAccount(t, harbour.id, nzd);
  await walletAccount(t, kiwi.id, nzd);

  await BankAccount.bulkCreate(
    [
      { companyId: harbour.id, bankAccountName: "Harbour Foods Ltd - Earlybird working capital", bankAccountNumber: "0201000456789001", bankAccountStatus: "VERIFIED", loadedBy: "SYSTEM", defaultAccount: false },
      { companyId: harbour.id, bankAccountName: "Harbour Foods Operating", bankAccountNumber: "1202330123456000", bankAccountStatus: "VERIFIED", loadedBy: "EARLYBIRD", defaultAccount: true, documentFileName: "harbour-statement.pdf" },
      { companyId: kiwi.id, bankAccountName: "Kiwi Supplies Ltd - Earlybird working capital", bankAccountNumber: "0201000456789002", bankAccountStatus: "VERIFIED", loadedBy: "SYSTEM", defaultAccount: false },
      { companyId: kiwi.id, bankAccountName: "Kiwi Supplies Business", bankAccountNumber: "0212340123456000", bankAccountStatus: "VERIFIED", loadedBy: "XERO", defaultAccount: true, documentFileName: "kiwi-statement.pdf" },
      { companyId: outback.id, bankAccountName: "Outback Coffee Everyday", bsb: "062000", bankAccountNumber: "12345678", bankAccountStatus: "UNVERIFIED", loadedBy: "EARLYBIRD", defaultAccount: true },
    ],
    { transaction: t },
  );
  const kiwiBank = await BankAccount.findOne({ where: { companyId: kiwi.id, defaultAccount: true }, transaction: t });

  const harbourUser = created["pat@harbourfoods.test"];
  const admin = created["admin@earlybird.test"];
  // A top-up is created PENDING and completes with its ledger transaction (the database insists).
  const funding = await TopUp.create(
    { companyId: harbour.id, currency: nzd, topupAmount: 25_000_000, topupStatus: "PENDING", paymentReference: "EBHF0001", trigger: "PURCHASER_OFFER", createdByUserId: harbourUser.id, expiresAt: new Date(`${addDays(todayNz, -69)}T22:00:00Z`) },
    { transaction: t },
  );
  const fundingTx = await postTransaction(t, {
    transactionClass: "TOPUP",
    currency: nzd,
    entries: [
      { accountId: clearing.id, amount: -25_000_000 },
      { accountId: harbourWallet.id, amount: 25_000_000 },
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
      { companyId: harbour.id, currency: nzd, topupAmount: 2_000_000, topupStatus: "PENDING", paymentReference: "EBHF0004", trigger: "CUSTOM", createdByUserId: harbourUser.id, expiresAt: new Date(Date.now() + 6 * 86_400_000) },
      { companyId: harbour.id, currency: nzd, topupAmount: 500_000, topupStatus: "CANCELLED", paymentReference: "EBHF0002", trigger: "CUSTOM", createdByUserId: harbourUser.id, cancelledAt: new Date(`${addDays(todayNz, -40)}T03:00:00Z`), cancelledByUserId: harbourUser.id },
      { companyId: harbour.id, currency: nzd, topupAmount: 1_000_000, topupStatus: "EXPIRED", paymentReference: "EBHF0003", trigger: "NO_OFFER", createdByUserId: harbourUser.id, expiresAt: new Date(`${addDays(todayNz, -20)}T03:00:00Z`) },
    ],
    { transaction: t },
  );
  // A deposit whose quoted reference matches no top-up: held in suspense until an admin assigns it.
  const unknown = await TopUp.create({ companyId: null, currency: nzd, topupAmount: 123_456, topupStatus: "UNKNOWN", paymentReference: "ACME2231", trigger: null }, { transaction: t });
  const unknownTx = await postTransaction(t, {
    transactionClass: "TOPUP",
    currency: nzd,
    entries: [
      { accountId: clearing.id, amount: -123_456 },
      { accountId: suspense.id, amount: 123_456 },
    ],
    description: "Deposit with no matching reference",
    sourceParticulars: "ACME TRADING",
    topUpId: unknown.id,
  });
  await unknown.update({ ledgerTransactionId: unknownTx.id }, { transaction: t });

  // Harbour Foods' live purchaser offer: $150,000 cash reserve at 8% a year (the demo's early payments use some of it and
  // Pat tops it up again: seedDemoActivity).
  const offer = await PurchaserOffer.create(
    { createdByCompany: harbour.id, cashpool: CASH_RESERVE, pendingCashpool: 0, crr: `${CRR_PERCENT}.00`, offerStatus: "ACTIVE", topUpId: null, cancelledAt: null },
    { transaction: t },
  );

  await seedTradeFlowPair(t, { passwordHash, admin, record, todayNz, nzd, clearing });
  await seedVerificationDemo(t, { passwordHash });
  await seedKycPendingCompany(t, { passwordHash, todayNz });

  const actorOf = (user: User): Actor => ({ userId: user.id, companyId: user.companyId ?? null, roles: user.roles });
  const payNowRequest = kiwiRequests[0];
  return {
    purchaser: actorOf(harbourUser),
    supplier: actorOf(created["sam@kiwisupplies.test"]),
    offerId: offer.id,
    // Sam gets paid for four of its invoices to Harbour Foods through Harbour's offer (Get Paid); Pat pays one bill
    // with a prompt payment request now (Pay Now).
    getPaidInvoiceIds: openKiwiToHarbour.slice(4, 8).map((r) => r.invoice.id),
    payNow: payNowRequest ? { supplierOfferId: payNowRequest.id, billId: openKiwiToHarbour[0].invoice.id, cashReward: payNowRequest.cashReward } : null,
    withdrawal: kiwiBank ? { companyId: kiwi.id, bankAccountId: kiwiBank.id, bankAccountNumber: kiwiBank.bankAccountNumber ?? "", userId: created["sam@kiwisupplies.test"].id } : null,
  };
}

/** What seedDemoActivity does through the product's own services once the world is committed. */
export interface DemoActivity {
  purchaser: Actor;
  supplier: Actor;
  offerId: number;
  getPaidInvoiceIds: number[];
  payNow: { supplierOfferId: number; billId: number; cashReward: Cents } | null;
  withdrawal: { companyId: number; bankAccountId: number; bankAccountNumber: string; userId: number } | null;
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
}

/** Kiwi Supplies withdrew part of its early payments to its bank account: paid by a bank file 12 days ago. */
async function seedKiwiWithdrawal(input: NonNullable<DemoActivity["withdrawal"]>): Promise<void> {
  const nzd: Currency = "NZD";
  const todayNz = todayIn("NZ");
  await sequelize.transaction(async (t) => {
    const kiwiWallet = await lockWallet(t, input.companyId, nzd);
    const { fundsAvailable } = await companyFunds(input.companyId, { transaction: t });
    // $5,000, or half of what it has should the demo's payments bring less.
    const amount = Math.min(500_000, Math.floor(fundsAvailable / 200) * 100) as Cents;
    if (amount <= 0) return;
    const pendingWithdrawals = await systemAccount(t, "WITHDRAWALS_PENDING", nzd);
    const clearing = await systemAccount(t, "BANK_CLEARING", nzd);
    const withdrawal = await Withdrawal.create(
      { companyId: input.companyId, bankAccountId: input.bankAccountId, currency: nzd, withdrawalAmount: amount, status: "PENDING", requestedByUserId: input.userId },
      { transaction: t },
    );
    const debit = await postTransaction(t, {
      transactionClass: "WITHDRAWAL",
      currency: nzd,
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
      currency: nzd,
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

/** What the seed's `record` writes: one invoice record (an invoice to one side, a bill to the other). */
interface SeedRecordValues {
  type: "INVOICE" | "BILL";
  supplier: Company;
  purchaser: Company;
  dueDate: string;
  total: Cents;
  country: Country;
  prefix: string;
  start: number;
  loadedBy: "XERO" | "EARLYBIRD" | "MYOB_ACCOUNT_RIGHT" | "RIPE";
  contactEmail: string;
  invoiceStatus?: Invoice["invoiceStatus"];
  billStatus?: Invoice["billStatus"];
  include?: boolean;
  paidDate?: string | null;
  cashReward?: Cents | null;
  serviceFee?: Cents | null;
  sentToSupplier?: boolean;
  orderNumber?: string | null;
  glCode?: string | null;
  items?: boolean;
}

/**
 * A purchaser and supplier pair of their own for the two-user flow (tests/e2e/trade-flow.spec.ts; no other spec
 * touches them): Rimu Grocers (robin@rimugrocers.test, funded wallet, no offer yet) buys from Tui Trading
 * (taylor@tuitrading.test); both VERIFIED NZ members with activated accounts. Tui Trading also invoices Rata Catering,
 * a customer not on Earlybird (for an invite). Seeded last, so the rows above keep their ids and random values.
 */
async function seedTradeFlowPair(
  t: Transaction,
  ctx: {
    passwordHash: string;
    admin: User;
    record: (values: SeedRecordValues) => Promise<unknown>;
    todayNz: string;
    nzd: Currency;
    clearing: { id: number };
  }
): Promise<void> {
  const { passwordHash, admin, record, todayNz, nzd, clearing } = ctx;
  const rimu = await Company.create(
    {
      companyName: "Rimu Grocers Ltd",
      country: "NZ",
      status: "ACTIVE",
      verificationStatus: "VERIFIED",
      nzbn: "9429045551234",
      registrationNumber: "6555123",
      industryCode: "F360000",
      industryCodeDescription: "Grocery, liquor and tobacco product wholesaling",
      website: "rimugrocers.test",
      address: { line1: "88 Victoria Avenue", city: "Palmerston North", postcode: "4410", country: "New Zealand", countryCode: "NZ" },
    },
    { transaction: t }
  );
  const tui = await Company.create(
    {
      companyName: "Tui Trading Ltd",
      country: "NZ",
      status: "ACTIVE",
      verificationStatus: "VERIFIED",
      nzbn: "9429045556789",
      registrationNumber: "6555678",
      industryCode: "F349000",
      industryCodeDescription: "Other goods wholesaling",
      website: "tuitrading.test",
      address: { line1: "21 Trafalgar Street", city: "Nelson", postcode: "7010", country: "New Zealand", countryCode: "NZ" },
    },
    { transaction: t }
  );
  const rata = await Company.create(
    { companyName: "Rata Catering Ltd", country: "NZ", status: "INACTIVE", verificationStatus: "NOT_VERIFIED" },
    { transaction: t }
  );

  const person = (username: string, companyId: number, firstName: string, lastName: string, phoneNumber: string) =>
    User.create(
      {
        username,
        roles: ["ROLE_USER"],
        companyId,
        firstName,
        lastName,
        verificationStatus: "VERIFIED",
        phoneNumber,
        phoneNumberVerified: true,
        dateOfBirth: "1986-02-17",
        passwordHash,
        onboardingState: "ONBOARDED",
      },
      { transaction: t }
    );
  const robin = await person("robin@rimugrocers.test", rimu.id, "Robin", "Rimu", "+64215550177");
  await person("taylor@tuitrading.test", tui.id, "Taylor", "Tui", "+64215550188");

  for (const member of [rimu, tui]) {
    await CompanySettings.create({ companyId: member.id, isRipeEnabled: false }, { transaction: t });
    await EntityPreferences.create({ companyId: member.id, defaultProcessingQueue: "MANUAL", periodLockDate: null }, { transaction: t });
  }
  const relate = (owner: Company, other: Company, values: { supplier?: boolean; customer?: boolean; email: string }) =>
    Counterparty.create(
      {
        companyId: owner.id,
        counterpartyCompanyId: other.id,
        isSupplier: values.supplier ?? false,
        isCustomer: values.customer ?? false,
        contactEmail: values.email,
        externalAccountId: `xero-${owner.id}-${other.id}`,
        isPurchaserOffersEnabled: true,
        defaultProcessingQueue: "MANUAL",
        isScheduledPaymentsEnabled: false,
        nzbn: null,
        periodLockDate: null,
      },
      { transaction: t }
    );
  await relate(rimu, tui, { supplier: true, email: "accounts@tuitrading.test" });
  await relate(tui, rimu, { customer: true, email: "ap@rimugrocers.test" });
  await relate(tui, rata, { customer: true, email: "accounts@ratacatering.test" });

  // Activated accounts (the SYSTEM working-capital account) and wallets.
  await BankAccount.bulkCreate(
    [
      {
        companyId: rimu.id,
        bankAccountName: "Rimu Grocers Ltd - Earlybird working capital",
        bankAccountNumber: "0201000456789011",
        bankAccountStatus: "VERIFIED",
        loadedBy: "SYSTEM",
        defaultAccount: false,
      },
      {
        companyId: tui.id,
        bankAccountName: "Tui Trading Ltd - Earlybird working capital",
        bankAccountNumber: "0201000456789012",
        bankAccountStatus: "VERIFIED",
        loadedBy: "SYSTEM",
        defaultAccount: false,
      },
    ],
    { transaction: t }
  );
  const rimuWallet = await walletAccount(t, rimu.id, nzd);
  await walletAccount(t, tui.id, nzd);
  // Rimu Grocers' wallet: $50,000.00 from a confirmed top-up.
  const funding = await TopUp.create(
    {
      companyId: rimu.id,
      currency: nzd,
      topupAmount: 5_000_000,
      topupStatus: "PENDING",
      paymentReference: "EBRG0001",
      trigger: "CUSTOM",
      createdByUserId: robin.id,
      expiresAt: new Date(`${addDays(todayNz, -20)}T22:00:00Z`),
    },
    { transaction: t }
  );
  const fundingTx = await postTransaction(t, {
    transactionClass: "TOPUP",
    currency: nzd,
    entries: [
      { accountId: clearing.id, amount: -5_000_000 },
      { accountId: rimuWallet.id, amount: 5_000_000 },
    ],
    description: "Top-up EBRG0001",
    destinationCompanyId: rimu.id,
    destinationReference: "EBRG0001",
    topUpId: funding.id,
    createdByUserId: admin.id,
  });
  await funding.update(
    { topupStatus: "COMPLETED", ledgerTransactionId: fundingTx.id, confirmedByUserId: admin.id, completedAt: new Date(`${addDays(todayNz, -25)}T01:00:00Z`) },
    { transaction: t }
  );

  // Tui Trading's open invoices: four to Rimu Grocers (one larger than Rimu's Funds Available), one to Rata Catering.
  const invoice = (purchaser: Company, dueInDays: number, total: Cents, contactEmail: string) =>
    record({
      type: "INVOICE",
      supplier: tui,
      purchaser,
      dueDate: addDays(todayNz, dueInDays),
      total,
      country: "NZ",
      prefix: "TUI",
      start: 3000,
      loadedBy: "XERO",
      contactEmail,
      invoiceStatus: "ALL_ELIGIBLE",
    });
  await invoice(rimu, 30, 123_456, "ap@rimugrocers.test"); // TUI-3001
  await invoice(rimu, 45, 234_567, "ap@rimugrocers.test"); // TUI-3002
  await invoice(rimu, 25, 84_520, "ap@rimugrocers.test"); // TUI-3003
  await invoice(rimu, 60, 6_000_000, "ap@rimugrocers.test"); // TUI-3004
  await invoice(rata, 40, 150_000, "accounts@ratacatering.test"); // TUI-3005
}

// ---- Verification demo (issue 6 part 5, tests/e2e/verify.spec.ts; no other spec touches it) ----------------------
/**
 * Mudflat Logistics Limited (NZ, in the local register: fixtures/register/README.md) with its primary user Jamie
 * Mudflat (jamie@mudflat.test), who has activated the account (phone verified) but not verified anything yet: logging
 * in leads to /verify. The register's owners (Jamie himself as director, Harriet Anne Kingi 30 %) are created by
 * /verify on first need, not here. Seeded last, so the rows above keep their ids.
 */
async function seedVerificationDemo(t: Transaction, { passwordHash }: { passwordHash: string }): Promise<void> {
  const mudflat = await Company.create(
    {
      companyName: "Mudflat Logistics Limited",
      country: "NZ",
      status: "PENDING",
      verificationStatus: "NOT_VERIFIED",
      registrationNumber: "8812345",
      nzbn: "9429048812344",
    },
    { transaction: t },
  );
  await User.create(
    {
      username: "jamie@mudflat.test",
      roles: ["ROLE_USER"],
      companyId: mudflat.id,
      firstName: "Jamie",
      lastName: "Mudflat",
      phoneNumber: "+64215550188",
      phoneNumberVerified: true,
      passwordHash,
      onboardingState: "PHONE_NUMBER_VERIFIED",
    },
    { transaction: t },
  );
  await CompanySettings.create({ companyId: mudflat.id, isRipeEnabled: false }, { transaction: t });
  await EntityPreferences.create({ companyId: mudflat.id, defaultProcessingQueue: "MANUAL", periodLockDate: null }, { transaction: t });
}

// ---- KYC review (issue 6 part 7) -----------------------------------------------------------------------------------
/** A small PNG "licence" card (240 x 150) for the seeded identity document. */
const SAMPLE_LICENCE_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAPAAAACWCAIAAABvmpKCAAAByElEQVR42u3cMRGAMBBFwchBCSJQQo0cahwgh5KhxwIFYfjJ3jwFZKvkhjKMs9RMxScQ0BLQEtAS0AJaAloCWgJaAlpAS0BLQEtAS0ALaAloCWgJaAloAS0BLQEtAS0BLaAloCWgJaAloAW0BLQEtPQK6Os8pLiAFtAS0BLQEtACGmgBLQEtAS0BLaCBVs+g122Py5EDDbSABlpAAy2ga4GezA8GaKCBBhpooIE2QANtgAYaaKCBBhpooIH2sCIPK0ALaKAFNNBAAy2ggRbQQAtooAU00EADLaCBFtBAC+j6oBfzeIAGGmiggQYaaKCBBhpooIEGGmjXdgIaaAENNNBAC2igBTTQAhpoAQ000EALaKAFNNACGmgBbTmp1dUloIEGGmgDNNBAAw000EADDTTQcm0HtIAGWkADLaCBBhpoAQ20gAZaQAMtoIEGGmgBDbSAtpzU509vgQYaaKCBBhpooIEGGmiggQYaaNd2AhpooIEW0EALaKAFNNACGmiggRbQQAtooAU00ALaqQMNtIAGWmmgJaAloCWgBTTQAloCWgJaAlpAAy2gJaAloCWgBbQEtAS0BLQEtICW8kFL6QEtoCWgpQ+6AfSmHUwYLQX6AAAAAElFTkSuQmCC",
  "base64"
);

/**
 * A company waiting for the admin's KYC review (tests/e2e/kyc-admin.spec.ts; no other spec touches it): Pukeko
 * Plumbing Limited (NZ), business details confirmed, its Earlybird user Drew Kahu (drew@pukekoplumbing.test) VERIFIED
 * by the identity check, and an owner, Ari Pending, who uploaded a driver's licence (VERIFICATION_PENDING): so the
 * company is VERIFICATION_PENDING. Seeded last, so the rows above keep their ids.
 */
async function seedKycPendingCompany(t: Transaction, { passwordHash, todayNz }: { passwordHash: string; todayNz: string }): Promise<void> {
  const at = (daysAgo: number, time: string) => new Date(`${addDays(todayNz, -daysAgo)}T${time}Z`);
  const pukeko = await Company.create(
    {
      companyName: "Pukeko Plumbing Limited",
      country: "NZ",
      status: "ACTIVE",
      verificationStatus: "VERIFICATION_PENDING",
      nzbn: "9429048881234",
      registrationNumber: "6888123",
      industryCode: "E323100",
      industryCodeDescription: "Plumbing services",
      website: "pukekoplumbing.test",
      address: { line1: "7 Raroa Road", city: "Lower Hutt", postcode: "5010", country: "New Zealand", countryCode: "NZ" },
      acknowledgementText: "I warrant that I am an authorised representative with authority to pay on behalf of the company.",
      acknowledgementTimestamp: at(2, "21:10:00"),
    },
    { transaction: t }
  );
  const drew = await User.create(
    {
      username: "drew@pukekoplumbing.test",
      roles: ["ROLE_USER"],
      companyId: pukeko.id,
      firstName: "Drew",
      lastName: "Kahu",
      dateOfBirth: "1986-02-14",
      driversLicenceNumber: "DK123456",
      driversLicenceVersion: "123",
      verificationStatus: "VERIFIED",
      phoneNumber: "+64215550188",
      phoneNumberVerified: true,
      passwordHash,
      onboardingState: "ONBOARDED",
      createdAt: at(3, "20:00:00"),
    },
    { transaction: t }
  );
  const ari = await User.create(
    {
      username: "ari.pending@pukekoplumbing.test",
      roles: ["ROLE_DIRECTOR", "ROLE_BENEFICIAL_OWNER"],
      companyId: pukeko.id,
      firstName: "Ari",
      lastName: "Pending",
      ownershipPercent: "50.00",
      verificationStatus: "VERIFICATION_PENDING",
      onboardingState: "SIGNED_UP",
      lastModifiedBy: drew.id,
      createdAt: at(3, "20:05:00"),
    },
    { transaction: t }
  );
  await VerificationHistoryEntry.create(
    {
      userId: drew.id,
      status: "VERIFIED",
      modifiedByUserId: drew.id,
      details: { firstName: "Drew", lastName: "Kahu", dateOfBirth: "1986-02-14", driversLicenceNumber: "DK123456", driversLicenceVersion: "123", provider: "sandbox" },
      createdAt: at(3, "20:10:00"),
    },
    { transaction: t }
  );
  await VerificationHistoryEntry.create(
    { userId: ari.id, status: "VERIFICATION_FAILED", modifiedByUserId: drew.id, details: { firstName: "Ari", lastName: "Pending", reasons: ["Licence not found"] }, createdAt: at(2, "21:00:00") },
    { transaction: t }
  );
  const licence = await IdentityDocument.create(
    { userId: ari.id, fileName: "ari-licence.png", mimeType: "image/png", sizeBytes: SAMPLE_LICENCE_PNG.length, content: SAMPLE_LICENCE_PNG, uploadedByUserId: drew.id, createdAt: at(2, "21:05:00") },
    { transaction: t }
  );
  await VerificationHistoryEntry.create(
    { userId: ari.id, status: "VERIFICATION_PENDING", modifiedByUserId: drew.id, identityDocumentId: licence.id, createdAt: at(2, "21:05:00") },
    { transaction: t }
  );
}
