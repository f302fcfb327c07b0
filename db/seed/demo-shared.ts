/**
 * What every persona of the demo world (db/seed/personas/) shares: one seeded random generator, today in each
 * country, the record writer (one for the whole world: invoice numbers and external ids count across personas), and
 * the small writers several personas use (member settings, payment terms, a GL chart, a counterparty row).
 *
 * Deterministic: every random value comes from the one generator, in the order demo-data.ts calls the personas, so
 * the world (ids, numbers, amounts, dates) is the same on every seed of the same day.
 */
import type { Transaction } from "sequelize";
import { Company, CompanySettings, Counterparty, EntityPreferences, GlAccount, Invoice, InvoiceItem, PaymentTerm, User, type Role } from "../models/index";
import { addDays, daysBetween, todayIn, type Country } from "../../app/lib/dates";
import { roundHalfUpDivide, type Cents } from "../../app/lib/money";

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

export const between = (rng: Rng, min: number, max: number) => Math.floor(rng() * (max - min + 1)) + min;
export const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)];
export const minDate = (a: string, b: string) => (a < b ? a : b);

/** A company with the contact address its counterparty row holds. */
export interface Party {
  company: Company;
  email: string;
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
  sentToSupplier?: boolean;
  orderNumber?: string | null;
  glCode?: string | null;
  items?: boolean;
}

export interface SeededRecord {
  invoice: Invoice;
  daysToDue: number;
}

/** The demo world's shared state, handed to every persona. */
export interface SeedContext {
  t: Transaction;
  rng: Rng;
  passwordHash: string;
  todayNz: string;
  todayAu: string;
  today: (country: Country) => string;
  record: (values: SeedRecordValues) => Promise<SeededRecord>;
}

export function seedContext(t: Transaction, passwordHash: string): SeedContext {
  const rng = seededRandom(20261122);
  const todayNz = todayIn("NZ");
  const todayAu = todayIn("AU");
  const today = (country: Country) => (country === "AU" ? todayAu : todayNz);
  return { t, rng, passwordHash, todayNz, todayAu, today, record: recordWriter(t, rng, today) };
}

/** One writer for the whole world: invoice numbers run on per prefix, and a XERO record's external id counts prefixes. */
function recordWriter(t: Transaction, rng: Rng, today: (country: Country) => string): SeedContext["record"] {
  const numbers = new Map<string, number>();
  const nextNumber = (prefix: string, start: number) => {
    const value = (numbers.get(prefix) ?? start) + 1;
    numbers.set(prefix, value);
    return `${prefix}-${value}`;
  };
  return async function record(values: SeedRecordValues): Promise<SeededRecord> {
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
        // No fee or cashback figures here: a record gets them only when it is paid, from the payment's postings.
        cashReward: null,
        serviceFee: null,
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
  };
}

/** A random amount from $min to $max, with cents that are mostly round. */
export const randomAmount = (rng: Rng, min: number, max: number): Cents => between(rng, min, max) * 100 + pick(rng, [0, 0, 50, 95, between(rng, 1, 99)]);

/** Due-date offsets between 90 days ago and 90 days ahead, the fourth landing exactly today. */
export const dueOffsets = (rng: Rng, count: number) => Array.from({ length: count }, (_, i) => (i === 3 ? 0 : between(rng, -90, 90)));

/** A company that is not an Earlybird member: only a counterparty of one. */
export const outsider = (
  { t }: SeedContext,
  companyName: string,
  country: Country,
  status: "INACTIVE" | "INVITED" | "PENDING" | "ACTIVE",
  verificationStatus: "NOT_VERIFIED" | "VERIFIED" | "PARTIALLY_VERIFIED" = "NOT_VERIFIED",
) => Company.create({ companyName, country, status, verificationStatus }, { transaction: t });

/** A member's company settings and entity preferences. */
export async function memberSettings({ t }: SeedContext, company: Company, values: { ripe?: boolean; queue?: "AUTOMATIC" | "MANUAL" } = {}): Promise<void> {
  await CompanySettings.create({ companyId: company.id, isRipeEnabled: values.ripe ?? false }, { transaction: t });
  await EntityPreferences.create({ companyId: company.id, defaultProcessingQueue: values.queue ?? "MANUAL", periodLockDate: null }, { transaction: t });
}

export const paymentTerm = (
  { t }: SeedContext,
  company: Company,
  values: { frequency: "MONTHLY" | "WEEKLY"; date?: number; dayOfWeek?: "FRIDAY" | "WEDNESDAY"; defaultTerm?: boolean },
) =>
  PaymentTerm.create(
    { companyId: company.id, frequency: values.frequency, date: values.date ?? null, dayOfWeek: values.dayOfWeek ?? null, defaultTerm: values.defaultTerm ?? false },
    { transaction: t },
  );

/** A member's chart of GL accounts, the first one the default. */
export async function glChart({ t }: SeedContext, company: Company, loadedBy: "EARLYBIRD" | "XERO", accounts: [string, string][]): Promise<GlAccount[]> {
  const created: GlAccount[] = [];
  for (const [index, [accountCode, accountName]] of accounts.entries()) {
    created.push(
      await GlAccount.create(
        { companyId: company.id, accountCode, accountName, accountId: `acc-${company.id}-${accountCode}`, isDefault: index === 0, accountType: "EXPENSE", loadedBy },
        { transaction: t },
      ),
    );
  }
  return created;
}

export interface RelationValues {
  supplier?: boolean;
  customer?: boolean;
  email: string;
  offers?: boolean;
  /** The counterparty's own processing queue; null takes the owner's default (entity preferences). MANUAL when left out. */
  queue?: "AUTOMATIC" | "MANUAL" | null;
  paymentTermId?: number | null;
  glAccountId?: number | null;
  bank?: string;
  invited?: boolean;
}

/** A member's counterparty row for another company, as loaded from its accounting system. */
export const relate = ({ t, rng, todayNz }: SeedContext, owner: Company, other: Company, values: RelationValues) =>
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
      defaultProcessingQueue: values.queue === undefined ? "MANUAL" : values.queue,
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

interface MemberUserValues {
  username: string;
  roles: Role[];
  companyId: number | null;
  firstName: string;
  lastName: string;
  verificationStatus: "VERIFIED" | "NOT_VERIFIED";
  phoneNumber: string | null;
}

/** An onboarded demo login (the README's list), with the demo password. */
export const memberUser = ({ t, passwordHash }: SeedContext, person: MemberUserValues) =>
  User.create(
    { ...person, passwordHash, onboardingState: "ONBOARDED", phoneNumberVerified: person.phoneNumber !== null, dateOfBirth: person.companyId ? "1985-04-12" : null },
    { transaction: t },
  );
