/**
 * The company's payment terms and visible GL accounts, as the directory's selects and filters read them. Interim:
 * the payment-terms and gl-accounts modules of issue 15 part 3 own these tables; at the merge these two reads fold into
 * their services (listTermOptions → payment terms list, listGlOptions → visible GL accounts).
 */
import type { Transaction } from "sequelize";
import { GlAccount, PaymentTerm } from "../../../db/models/index";
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

/** A company's payment terms (monthly by date, then weekly), for a select. */
export async function listTermOptions(companyId: number, options: { transaction?: Transaction } = {}): Promise<TermOption[]> {
  const terms = await PaymentTerm.findAll({
    where: { companyId },
    order: [
      ["frequency", "ASC"],
      ["date", "ASC"],
      ["dayOfWeek", "ASC"],
      ["id", "ASC"],
    ],
    limit: 1000,
    transaction: options.transaction,
  });
  return terms.map((term) => ({
    id: term.id,
    frequency: term.frequency,
    date: term.date,
    dayOfWeek: term.dayOfWeek,
    defaultTerm: term.defaultTerm,
    label: paymentTermLabel(term),
  }));
}

/** A company's GL accounts visible in Earlybird (p3 §7.3: isVisibleInEarlybird true, size 1000), by name. */
export async function listGlOptions(companyId: number, options: { transaction?: Transaction } = {}): Promise<GlOption[]> {
  const accounts = await GlAccount.findAll({
    where: { companyId, isVisibleInEarlybird: true },
    order: [
      ["accountName", "ASC"],
      ["id", "ASC"],
    ],
    limit: 1000,
    transaction: options.transaction,
  });
  return accounts.map((account) => ({
    id: account.id,
    accountCode: account.accountCode,
    accountName: account.accountName,
    isDefault: account.isDefault,
    label: glAccountLabel(account),
  }));
}
