import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import type { Cents } from "../../app/lib/money";
import { sequelize } from "../index";
import { centsColumn } from "../money-column";
import type { Company } from "./company";

/** Kinds of ledger account (decisions D4): a company's WALLET, and Earlybird's system accounts (one per currency). */
export const LEDGER_ACCOUNT_KINDS = ["WALLET", "BANK_CLEARING", "FEE_REVENUE", "SUSPENSE", "WITHDRAWALS_PENDING"] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];
export const SYSTEM_LEDGER_ACCOUNT_KINDS = ["BANK_CLEARING", "FEE_REVENUE", "SUSPENSE", "WITHDRAWALS_PENDING"] as const;
export type SystemLedgerAccountKind = (typeof SYSTEM_LEDGER_ACCOUNT_KINDS)[number];
export const CURRENCY_CODES = ["NZD", "AUD"] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/** Code of the system account the migration creates for each (kind, currency), e.g. SYS-BANK_CLEARING-NZD. */
export function systemLedgerAccountCode(kind: SystemLedgerAccountKind, currency: CurrencyCode): string {
  return `SYS-${kind}-${currency}`;
}

/**
 * A ledger account. Only its name may change once created; it is never deleted (the database refuses both).
 * A wallet's `balance` is cached (the sum of its entries, kept by the database); a system account's is the sum view.
 */
export class LedgerAccount extends Model<InferAttributes<LedgerAccount>, InferCreationAttributes<LedgerAccount>> {
  declare id: CreationOptional<number>;
  /** Set for WALLET accounts, NULL for system accounts. */
  declare companyId: number | null;
  declare kind: LedgerAccountKind;
  declare currency: CurrencyCode;
  declare code: string;
  declare name: string;
  /** A wallet's balance, kept by the database as its entries are written (0 on system accounts). Read-only. */
  declare balance: CreationOptional<Cents>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare company?: NonAttribute<Company | null>;
}

LedgerAccount.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    companyId: { type: DataTypes.INTEGER, allowNull: true },
    kind: { type: DataTypes.TEXT, allowNull: false },
    currency: { type: DataTypes.CHAR(3), allowNull: false },
    code: { type: DataTypes.TEXT, allowNull: false },
    name: { type: DataTypes.TEXT, allowNull: false },
    balance: centsColumn("balance", { defaultValue: 0 as Cents }),
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "ledger_accounts" },
);
