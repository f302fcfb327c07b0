import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import type { Cents } from "../../app/lib/money";
import { sequelize } from "../index";
import { centsColumn } from "../money-column";
import type { BankStatementLine } from "./bank-statement-line";
import type { Company } from "./company";
import type { DepositReturn } from "./deposit-return";
import type { CurrencyCode } from "./ledger-account";
import type { LedgerTransaction } from "./ledger-transaction";

export const TOPUP_STATUSES = ["PENDING", "UNKNOWN", "COMPLETED", "CANCELLED", "EXPIRED", "RETURNED"] as const;
export type TopupStatus = (typeof TOPUP_STATUSES)[number];
export const TOPUP_TRIGGERS = ["SUPPLIER_OFFER", "PURCHASER_OFFER", "PURCHASER_OFFER_EDIT", "NO_OFFER", "CUSTOM"] as const;
export type TopupTrigger = (typeof TOPUP_TRIGGERS)[number];

/**
 * A top-up (decisions D5). PENDING with a unique payment reference until an admin confirms it or a bank statement
 * line quotes the reference (COMPLETED, with the ledger transaction that credited the wallet); UNKNOWN is a deposit
 * with no matching reference, without a company until an admin assigns it, or RETURNED to its sender when nobody claims
 * it (docs/decisions/030: its deposit_returns row is the payment back). PENDING expires after 7 days
 * (expiresAt defaults to creation + 7 days in the database).
 */
export class TopUp extends Model<InferAttributes<TopUp>, InferCreationAttributes<TopUp>> {
  declare id: CreationOptional<number>;
  declare companyId: number | null;
  declare currency: CurrencyCode;
  declare topupAmount: Cents;
  declare topupStatus: CreationOptional<TopupStatus>;
  /** Upper-case letters and digits, 4 to 12 characters. */
  declare paymentReference: CreationOptional<string | null>;
  declare trigger: CreationOptional<TopupTrigger | null>;
  declare expiresAt: CreationOptional<Date | null>;
  declare completedAt: CreationOptional<Date | null>;
  declare cancelledAt: CreationOptional<Date | null>;
  declare createdByUserId: CreationOptional<number | null>;
  declare confirmedByUserId: CreationOptional<number | null>;
  declare cancelledByUserId: CreationOptional<number | null>;
  declare ledgerTransactionId: CreationOptional<number | null>;
  declare bankStatementLineId: CreationOptional<number | null>;
  /** The spec's creationTime. */
  declare createdAt: CreationOptional<Date>;
  /** The spec's modificationTime. */
  declare updatedAt: CreationOptional<Date>;

  declare company?: NonAttribute<Company | null>;
  declare ledgerTransaction?: NonAttribute<LedgerTransaction | null>;
  declare bankStatementLine?: NonAttribute<BankStatementLine | null>;
  declare depositReturn?: NonAttribute<DepositReturn | null>;
}

TopUp.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    companyId: { type: DataTypes.INTEGER, allowNull: true },
    currency: { type: DataTypes.CHAR(3), allowNull: false },
    topupAmount: centsColumn("topupAmount"),
    topupStatus: { type: DataTypes.TEXT, allowNull: false, defaultValue: "PENDING" },
    paymentReference: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    trigger: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    // No model default: the database's (now() + 7 days) applies when it is not given.
    expiresAt: { type: DataTypes.DATE, allowNull: true },
    completedAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    cancelledAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    createdByUserId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    confirmedByUserId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    cancelledByUserId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    ledgerTransactionId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    bankStatementLineId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "top_ups" },
);
