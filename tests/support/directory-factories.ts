/** Factories of the counterparty directory's tests: a company's payment terms and GL accounts (issue 15 part 1). */
import { GlAccount, PaymentTerm } from "../../db/models/index";

export async function makePaymentTerm(companyId: number, term: { date?: number; dayOfWeek?: "MONDAY" | "FRIDAY"; defaultTerm?: boolean } = {}) {
  return PaymentTerm.create(
    term.dayOfWeek
      ? { companyId, frequency: "WEEKLY", date: null, dayOfWeek: term.dayOfWeek, defaultTerm: term.defaultTerm ?? false }
      : { companyId, frequency: "MONTHLY", date: term.date ?? 20, dayOfWeek: null, defaultTerm: term.defaultTerm ?? false }
  );
}

export async function makeGlAccount(companyId: number, account: { code: string; name: string; visible?: boolean; isDefault?: boolean }) {
  return GlAccount.create({
    companyId,
    accountId: null,
    accountCode: account.code,
    accountName: account.name,
    isVisibleInEarlybird: account.visible ?? true,
    isDefault: account.isDefault ?? false,
    accountType: null,
    accountClassification: null,
    taxExempted: null,
  });
}
