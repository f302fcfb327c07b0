/**
 * Test factories: companies, users, counterparties, invoices and bills, funded wallets and purchaser offers. Rows the
 * product makes through a service (money in a wallet, an offer) are made through that service here too, so a test's
 * world is one the product could have made: funding is a real top-up confirmed by an admin, never a balance write.
 * Each test file has a database of its own (tests/support/setup-env.ts), so nothing here needs to dodge other files.
 */
import type { CreationAttributes } from "sequelize";
import crypto from "node:crypto";
import { BankAccount, Company, Counterparty, Invoice, User, type Role } from "../../db/models/index";
import { createCreditNote, updateCreditNote } from "../../app/modules/invoices/credit-notes.server";
import { hashPassword } from "../../app/modules/auth/password.server";
import type { Actor } from "../../app/lib/actor";
import { addDays, todayIn, type Country } from "../../app/lib/dates";
import type { Cents } from "../../app/lib/money";
import { companyFunds } from "../../app/modules/ledger/service.server";
import { confirmTopUp, createTopUp } from "../../app/modules/ledger/top-ups.server";
import { createPurchaserOffer } from "../../app/modules/offers/purchaser-offers.server";
import { requestPayment } from "../../app/modules/offers/supplier-offers.server";

export const TEST_PASSWORD = "Sunny#Day2026";
const unique = () => crypto.randomBytes(5).toString("hex");

export async function makeCompany(overrides: Partial<CreationAttributes<Company>> = {}) {
  return Company.create({ companyName: `Test Co ${unique()}`, country: "NZ", status: "ACTIVE", ...overrides });
}

let cachedHash: Promise<string> | undefined;

export async function makeUser(
  options: {
    company?: Company | null;
    roles?: Role[];
    email?: string;
    mfaSecret?: string;
    disabled?: boolean;
    phoneNumber?: string;
    password?: string;
    firstName?: string;
    lastName?: string;
  } = {}
) {
  const roles = options.roles ?? ["ROLE_USER"];
  const company = options.company === undefined ? (roles[0] === "ROLE_ADMIN" ? null : await makeCompany()) : options.company;
  cachedHash ??= hashPassword(TEST_PASSWORD);
  return User.create({
    username: options.email ?? `user-${unique()}@example.test`,
    passwordHash: options.password === undefined ? await cachedHash : await hashPassword(options.password),
    roles,
    companyId: company?.id ?? null,
    firstName: options.firstName ?? "Test",
    lastName: options.lastName ?? "User",
    onboardingState: "ONBOARDED",
    mfaEnabled: Boolean(options.mfaSecret),
    mfaSecret: options.mfaSecret ?? null,
    disabledAt: options.disabled ? new Date() : null,
    // A phone given is a verified one (SMS codes go to it).
    ...(options.phoneNumber ? { phoneNumber: options.phoneNumber, phoneNumberVerified: true } : {}),
  });
}

/** The actor a signed-in user acts as. */
export const actorOf = (user: Pick<User, "id" | "companyId" | "roles">): Actor => ({ userId: user.id, companyId: user.companyId, roles: user.roles });

let adminActor: Promise<Actor> | undefined;
/** An Earlybird admin (one per test file). */
export async function makeAdmin(): Promise<Actor> {
  adminActor ??= makeUser({ roles: ["ROLE_ADMIN"] }).then(actorOf);
  return adminActor;
}

/** A company whose account is activated (its SYSTEM working-capital account exists), with a user and its actor. */
export async function makeActivatedCompany(
  overrides: Partial<CreationAttributes<Company>> = {},
  userOptions: { phoneNumber?: string; password?: string; firstName?: string; lastName?: string } = {}
) {
  const company = await makeCompany(overrides);
  await BankAccount.create({
    companyId: company.id,
    bankAccountName: `${company.companyName} - Earlybird working capital`,
    bankAccountNumber: company.country === "AU" ? null : `02010004${String(company.id).padStart(8, "0")}`,
    payId: company.country === "AU" ? `pay${company.id}@earlybird.test` : null,
    bankAccountStatus: "VERIFIED",
    loadedBy: "SYSTEM",
    defaultAccount: false,
  });
  const user = await makeUser({ company, ...userOptions });
  return { company, user, actor: actorOf(user) };
}

/** A verified, activated company: one that may trade, top up and make offers. */
export async function makeVerifiedCompany(country: Country = "NZ") {
  return makeActivatedCompany({ verificationStatus: "VERIFIED", country });
}

/** A company's own bank account (not the SYSTEM one), VERIFIED and its default unless told otherwise: where withdrawals go. */
export async function makeBankAccount(
  company: Pick<Company, "id">,
  fields: { name: string; number: string; status?: "VERIFIED" | "VERIFICATION_PENDING" | "UNVERIFIED"; defaultAccount?: boolean }
) {
  return BankAccount.create({
    companyId: company.id,
    bankAccountName: fields.name,
    bankAccountNumber: fields.number,
    bankAccountStatus: fields.status ?? "VERIFIED",
    loadedBy: "EARLYBIRD",
    defaultAccount: fields.defaultAccount ?? true,
  });
}

/** Puts money in a company's wallet the real way: a top-up of `amount`, confirmed by an admin. */
export async function fundWallet(actor: Actor, amount: Cents) {
  const topUp = await createTopUp(actor, { amount, trigger: "CUSTOM" });
  await confirmTopUp(await makeAdmin(), topUp.id);
  return topUp;
}

/** A verified, activated company with `funds` in its wallet (through a confirmed top-up). */
export async function makeFundedCompany(funds: Cents, overrides: Partial<CreationAttributes<Company>> = {}) {
  const made = await makeActivatedCompany({ verificationStatus: "VERIFIED", ...overrides });
  if (funds > 0) await fundWallet(made.actor, funds);
  return made;
}

/**
 * `company`'s counterparty row for `other`: a supplier, a customer or both. A supplier gets purchaser offers enabled
 * unless told otherwise.
 */
export async function makeCounterparty(
  company: Pick<Company, "id">,
  other: Pick<Company, "id">,
  options: { supplier?: boolean; customer?: boolean; offersEnabled?: boolean; contactEmail?: string | null; invited?: boolean } = {}
) {
  const supplier = options.supplier ?? !options.customer;
  return Counterparty.create({
    companyId: company.id,
    counterpartyCompanyId: other.id,
    isSupplier: supplier,
    isCustomer: options.customer ?? false,
    isPurchaserOffersEnabled: options.offersEnabled ?? true,
    externalAccountId: null,
    nzbn: null,
    gstNumber: null,
    defaultProcessingQueue: null,
    paymentTermId: null,
    externalBankAccountNumber: null,
    glAccountId: null,
    periodLockDate: null,
    contactEmail: options.contactEmail ?? null,
    invitedAt: options.invited ? new Date() : null,
  });
}

/** The purchaser's supplier row for `supplier`, with purchaser offers enabled unless told otherwise. */
export async function makeSupplierLink(
  purchaser: Pick<Company, "id">,
  supplier: Pick<Company, "id">,
  options: { offersEnabled?: boolean; contactEmail?: string | null; invited?: boolean } = {}
) {
  return makeCounterparty(purchaser, supplier, { supplier: true, ...options });
}

/** The supplier's customer row for `customer`. */
export async function makeCustomerLink(supplier: Pick<Company, "id">, customer: Pick<Company, "id">, options: { contactEmail?: string | null } = {}) {
  return makeCounterparty(supplier, customer, { customer: true, ...options });
}

let invoiceSeq = 0;
/** An invoice of `supplier` to `purchaser` (loaded by the supplier), due in `daysToDue` days (30 unless told). */
export async function makeInvoice(
  supplier: Pick<Company, "id" | "companyName" | "country">,
  purchaser: Pick<Company, "id" | "companyName">,
  fields: {
    total: Cents;
    daysToDue?: number;
    number?: string;
    type?: "INVOICE" | "BILL";
    includeInPurchaserOffer?: boolean;
    contactEmail?: string;
    sentToSupplier?: boolean;
  }
) {
  invoiceSeq += 1;
  const country = (supplier.country ?? "NZ") as Country;
  return Invoice.create({
    type: fields.type ?? "INVOICE",
    issuedBy: supplier.id,
    issuedFor: purchaser.id,
    issuedByCompanyName: supplier.companyName,
    issuedForCompanyName: purchaser.companyName,
    invoiceNumber: fields.number ?? `PP-${process.pid}-${Date.now() % 100000}-${invoiceSeq}`,
    dueDate: addDays(todayIn(country), fields.daysToDue ?? 30),
    total: fields.total,
    currency: country === "AU" ? "AUD" : "NZD",
    ...(fields.includeInPurchaserOffer === undefined ? {} : { includeInPurchaserOffer: fields.includeInPurchaserOffer }),
    ...(fields.sentToSupplier === undefined ? {} : { sentToSupplier: fields.sentToSupplier }),
    // Each side keeps its own contact (decision 033): the issuer's on an invoice, the recipient's on a bill.
    ...(fields.contactEmail === undefined
      ? {}
      : fields.type === "BILL"
      ? { recipientContactEmail: fields.contactEmail }
      : { issuerContactEmail: fields.contactEmail }),
  });
}

/** A bill of `supplier` to the purchaser `companyId` (loaded by Earlybird), issued 5 days ago, due in `dueInDays` NZ days. */
export async function makeBill(companyId: number, supplier: { id: number; companyName: string }, total: number, dueInDays: number, include = false) {
  const today = todayIn("NZ");
  return Invoice.create({
    type: "BILL",
    issuedBy: supplier.id,
    issuedFor: companyId,
    issuedByCompanyName: supplier.companyName,
    issuedForCompanyName: "Purchaser",
    invoiceNumber: `B-${companyId}-${unique()}`,
    issueDate: addDays(today, -5),
    dueDate: addDays(today, dueInDays),
    total,
    includeInPurchaserOffer: include,
    loadedBy: "EARLYBIRD",
  } as never);
}

/**
 * A live purchaser offer of `cashpool` at `crr` percent, made through the offers service: the wallet is topped up
 * (a confirmed top-up) by whatever Funds Available lack first, so the offer is ACTIVE at once.
 */
export async function makeOffer(actor: Actor, options: { cashpool: Cents; crr?: string; invoiceIds?: number[] }) {
  const { fundsAvailable } = await companyFunds(actor.companyId!);
  if (fundsAvailable < options.cashpool) await fundWallet(actor, (options.cashpool - fundsAvailable) as Cents);
  return createPurchaserOffer(actor, { cashpool: (options.cashpool / 100).toFixed(2), crr: options.crr ?? "8", invoiceIds: options.invoiceIds });
}

/** The supplier's open prompt payment request (Request Payment) of `cashReward` on its invoice, expiring in 5 days. */
export async function makePaymentRequest(actor: Actor, invoiceId: number, cashReward: Cents) {
  const company = await Company.findByPk(actor.companyId!, { attributes: ["country"] });
  const expirationDate = addDays(todayIn((company?.country ?? "NZ") as Country), 5);
  return requestPayment(actor, { invoiceId, amount: (cashReward / 100).toFixed(2), expirationDate });
}

/**
 * A credit note of `supplier` to the purchaser `actor` acts for, made through the credit-notes service the way the Add
 * dialog makes it (the supplier must be among the purchaser's counterparties), with a supplier reference if given.
 */
export async function makeCreditNote(actor: Actor, supplier: Pick<Company, "id">, fields: { number: string; total: Cents; supplierReference?: string }) {
  const note = await createCreditNote(actor, { counterpartyId: String(supplier.id), creditNumber: fields.number, total: (fields.total / 100).toFixed(2) });
  if (fields.supplierReference === undefined) return note;
  return updateCreditNote(actor, note.id, { path: "/supplier_reference", value: fields.supplierReference, modificationTime: note.modificationTime });
}

/** A unique client address per test, so the per-IP login limit of one test never touches another. */
export const testIp = () => `10.${crypto.randomInt(255)}.${crypto.randomInt(255)}.${crypto.randomInt(255)}`;
