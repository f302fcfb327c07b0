/**
 * Earlybird itself: the admin login (admin@earlybird.test), the system ledger accounts every top-up and withdrawal
 * posts through, and a deposit whose quoted reference matches no top-up (held in suspense until an admin assigns it).
 */
import { TopUp, type User } from "../../models/index";
import { postTransaction, systemAccount, type Currency } from "../../../app/modules/ledger/service.server";
import { memberUser, type SeedContext } from "../demo-shared";

export const NZD: Currency = "NZD";

export const earlybirdAdmin = (ctx: SeedContext): Promise<User> =>
  memberUser(ctx, { username: "admin@earlybird.test", roles: ["ROLE_ADMIN"], companyId: null, firstName: "Ada", lastName: "Admin", verificationStatus: "VERIFIED", phoneNumber: null });

export interface SystemAccounts {
  clearing: { id: number };
  suspense: { id: number };
}

export async function systemAccounts({ t }: SeedContext): Promise<SystemAccounts> {
  const clearing = await systemAccount(t, "BANK_CLEARING", NZD);
  const suspense = await systemAccount(t, "SUSPENSE", NZD);
  return { clearing, suspense };
}

/** A deposit whose quoted reference matches no top-up: held in suspense until an admin assigns it. */
export async function unmatchedDeposit({ t }: SeedContext, { clearing, suspense }: SystemAccounts): Promise<void> {
  const unknown = await TopUp.create({ companyId: null, currency: NZD, topupAmount: 123_456, topupStatus: "UNKNOWN", paymentReference: "ACME2231", trigger: null }, { transaction: t });
  const unknownTx = await postTransaction(t, {
    transactionClass: "TOPUP",
    currency: NZD,
    entries: [
      { accountId: clearing.id, amount: -123_456 },
      { accountId: suspense.id, amount: 123_456 },
    ],
    description: "Deposit with no matching reference",
    sourceParticulars: "ACME TRADING",
    topUpId: unknown.id,
  });
  await unknown.update({ ledgerTransactionId: unknownTx.id }, { transaction: t });
}
