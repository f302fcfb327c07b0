import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import type { Cents } from "../../app/lib/money";
import { sequelize } from "../index";
import { centsColumn } from "../money-column";
import type { BankAccount } from "./bank-account";
import type { BankPaymentFile } from "./bank-payment-file";
import type { Company } from "./company";
import type { CurrencyCode } from "./ledger-account";
import type { LedgerTransaction } from "./ledger-transaction";

export const WITHDRAWAL_STATUSES = ["PENDING", "COMPLETED", "CANCELLED", "FAILED"] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/**
 * A withdrawal to one of the company's bank accounts (decisions D5): the wallet is debited at once
 * (ledgerTransactionId, into WITHDRAWALS_PENDING); the payment-file job completes it (completedLedgerTransactionId,
 * bankPaymentFileId). At most one PENDING withdrawal per company. A COMPLETED one the bank returns becomes FAILED, its
 * amount back in the wallet by a REVERSAL (reversalLedgerTransactionId; docs/decisions/030).
 */
export class Withdrawal extends Model<InferAttributes<Withdrawal>, InferCreationAttributes<Withdrawal>> {
  declare id: CreationOptional<number>;
  declare companyId: number;
  declare bankAccountId: number;
  declare currency: CurrencyCode;
  /** At least 100 cents. */
  declare withdrawalAmount: Cents;
  declare status: CreationOptional<WithdrawalStatus>;
  declare requestedByUserId: number;
  declare onBehalf: CreationOptional<boolean>;
  declare ledgerTransactionId: CreationOptional<number | null>;
  declare completedLedgerTransactionId: CreationOptional<number | null>;
  declare reversalLedgerTransactionId: CreationOptional<number | null>;
  declare bankPaymentFileId: CreationOptional<number | null>;
  declare completedAt: CreationOptional<Date | null>;
  declare cancelledAt: CreationOptional<Date | null>;
  declare cancelledByUserId: CreationOptional<number | null>;
  declare failedAt: CreationOptional<Date | null>;
  declare failureReason: CreationOptional<string | null>;
  /** Who entered the bank's return (FAILED: returned by the bank and reversed); null for the CLI operator. */
  declare returnedByUserId: CreationOptional<number | null>;
  /** The bank statement line the returned money arrived on, once a statement showing it is imported. */
  declare returnStatementLineId: CreationOptional<number | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare company?: NonAttribute<Company>;
  declare bankAccount?: NonAttribute<BankAccount>;
  declare bankPaymentFile?: NonAttribute<BankPaymentFile | null>;
  declare ledgerTransaction?: NonAttribute<LedgerTransaction | null>;
  declare completedLedgerTransaction?: NonAttribute<LedgerTransaction | null>;
  declare reversalLedgerTransaction?: NonAttribute<LedgerTransaction | null>;
}

Withdrawal.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    companyId: { type: DataTypes.INTEGER, allowNull: false },
    bankAccountId: { type: DataTypes.INTEGER, allowNull: false },
    currency: { type: DataTypes.CHAR(3), allowNull: false },
    withdrawalAmount: centsColumn("withdrawalAmount"),
    status: { type: DataTypes.TEXT, allowNull: false, defaultValue: "PENDING" },
    requestedByUserId: { type: DataTypes.INTEGER, allowNull: false },
    onBehalf: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    ledgerTransactionId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    completedLedgerTransactionId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    reversalLedgerTransactionId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    bankPaymentFileId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    completedAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    cancelledAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    cancelledByUserId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    failedAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    failureReason: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    returnedByUserId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    returnStatementLineId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "withdrawals" },
);
