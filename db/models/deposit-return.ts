import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import type { Cents } from "../../app/lib/money";
import { sequelize } from "../index";
import { centsColumn } from "../money-column";
import type { BankPaymentFile } from "./bank-payment-file";
import type { CurrencyCode } from "./ledger-account";
import type { TopUp } from "./top-up";

export const DEPOSIT_RETURN_STATUSES = ["PENDING", "COMPLETED"] as const;
export type DepositReturnStatus = (typeof DEPOSIT_RETURN_STATUSES)[number];

/**
 * The payment that sends an UNKNOWN deposit nobody claimed back to its sender (docs/decisions/030): held from suspense
 * at once (ledgerTransactionId, into WITHDRAWALS_PENDING), paid by the next bank payment file like a withdrawal
 * (completedLedgerTransactionId, bankPaymentFileId). At most one per deposit (topUpId is unique).
 */
export class DepositReturn extends Model<InferAttributes<DepositReturn>, InferCreationAttributes<DepositReturn>> {
  declare id: CreationOptional<number>;
  declare topUpId: number;
  declare currency: CurrencyCode;
  declare amount: Cents;
  declare accountName: string;
  /** Digits only. */
  declare accountNumber: string;
  /** AU only: six digits. */
  declare bsb: string | null;
  declare status: CreationOptional<DepositReturnStatus>;
  declare requestedByUserId: number | null;
  declare ledgerTransactionId: number;
  declare completedLedgerTransactionId: CreationOptional<number | null>;
  declare bankPaymentFileId: CreationOptional<number | null>;
  declare completedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare topUp?: NonAttribute<TopUp>;
  declare bankPaymentFile?: NonAttribute<BankPaymentFile | null>;
}

DepositReturn.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    topUpId: { type: DataTypes.INTEGER, allowNull: false },
    currency: { type: DataTypes.CHAR(3), allowNull: false },
    amount: centsColumn("amount"),
    accountName: { type: DataTypes.TEXT, allowNull: false },
    accountNumber: { type: DataTypes.TEXT, allowNull: false },
    bsb: { type: DataTypes.TEXT, allowNull: true },
    status: { type: DataTypes.TEXT, allowNull: false, defaultValue: "PENDING" },
    requestedByUserId: { type: DataTypes.INTEGER, allowNull: true },
    ledgerTransactionId: { type: DataTypes.INTEGER, allowNull: false },
    completedLedgerTransactionId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    bankPaymentFileId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    completedAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "deposit_returns" },
);
