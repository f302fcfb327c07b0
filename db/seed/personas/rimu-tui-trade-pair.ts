/**
 * Rimu Grocers and Tui Trading, the two-user flow's pair (tests/e2e/trade-flow.spec.ts): a purchaser with a funded
 * wallet and no offer yet, and its supplier with open invoices.
 */
import { BankAccount, Company, Counterparty, TopUp, User } from "../../models/index";
import { addDays } from "../../../app/lib/dates";
import type { Cents } from "../../../app/lib/money";
import { postTransaction, walletAccount } from "../../../app/modules/ledger/service.server";
import { memberSettings, type SeedContext } from "../demo-shared";
import { NZD, type SystemAccounts } from "./earlybird-admin";

/**
 * A purchaser and supplier pair of their own for the two-user flow (tests/e2e/trade-flow.spec.ts; no other spec
 * touches them): Rimu Grocers (robin@rimugrocers.test, funded wallet, no offer yet) buys from Tui Trading
 * (taylor@tuitrading.test); both VERIFIED NZ members with activated accounts. Tui Trading also invoices Rata Catering,
 * a customer not on Earlybird (for an invite). Seeded last, so the rows above keep their ids and random values.
 */
export async function seedTradeFlowPair(ctx: SeedContext, { admin, accounts }: { admin: User; accounts: SystemAccounts }): Promise<void> {
  const { t, passwordHash, record, todayNz } = ctx;
  const { clearing } = accounts;
  const nzd = NZD;
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

  for (const member of [rimu, tui]) await memberSettings(ctx, member);
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
