/**
 * The company's payment terms and visible GL accounts as the directory's selects and filters show them: the
 * payment-terms and gl-accounts services' lists, each with its label.
 */
import type { Transaction } from "sequelize";
import { listGlAccounts } from "../gl-accounts/service.server";
import { listPaymentTerms } from "../payment-terms/service.server";
import { glAccountLabel, paymentTermLabel } from "./rules";

export interface TermOption {
  id: number;
  frequency: "MONTHLY" | "WEEKLY";
  date: number | null;
  dayOfWeek: string | null;
  defaultTerm: boolean;
  label: string;
}

export interface GlOption {
  id: number;
  accountCode: string;
  accountName: string;
  isDefault: boolean;
  label: string;
}

/** A company's payment terms (the payment-terms service's list: the default first), for a select. */
export async function listTermOptions(companyId: number, options: { transaction?: Transaction } = {}): Promise<TermOption[]> {
  const terms = await listPaymentTerms(companyId, options);
  return terms.map((term) => ({ ...term, label: paymentTermLabel(term) }));
}

/** A company's GL accounts visible in Earlybird (p3 §7.3: isVisibleInEarlybird true, size 1000), by name. */
export async function listGlOptions(companyId: number, options: { transaction?: Transaction } = {}): Promise<GlOption[]> {
  const accounts = await listGlAccounts(companyId, { visibleOnly: true, transaction: options.transaction });
  return accounts
    .map((account) => ({ id: account.id, accountCode: account.accountCode, accountName: account.accountName, isDefault: account.isDefault, label: glAccountLabel(account) }))
    .sort((a, b) => a.accountName.localeCompare(b.accountName) || a.id - b.id);
}
