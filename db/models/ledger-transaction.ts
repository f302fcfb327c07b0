import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import { sequelize } from "../index";
import type { CurrencyCode } from "./ledger-account";
import type { LedgerEntry } from "./ledger-entry";

export const LEDGER_TRANSACTION_CLASSES = ["PAYMENT", "TOPUP", "WITHDRAWAL", "FEE", "REVERSAL", "ADJUSTMENT"] as const;
export type LedgerTransactionClass = (typeof LEDGER_TRANSACTION_CLASSES)[number];

/**
 * A ledger transaction (decisions D4): immutable once written, with at least two entries summing to zero, all
 * written in the same database transaction. The database checks the balance at COMMIT and refuses UPDATE, DELETE
 * and TRUNCATE; a correction is a new REVERSAL (reversesTransactionId) or ADJUSTMENT.
 */
export class LedgerTransaction extends Model<InferAttributes<LedgerTransaction>, InferCreationAttributes<LedgerTransaction>> {
  declare id: CreationOptional<number>;
  declare transactionClass: LedgerTransactionClass;
  declare currency: CurrencyCode;
  declare description: CreationOptional<string | null>;
  declare sourceParticulars: CreationOptional<string | null>;
  declare destinationParticulars: CreationOptional<string | null>;
  declare sourceCompanyId: CreationOptional<number | null>;
  declare destinationCompanyId: CreationOptional<number | null>;
  declare sourceReference: CreationOptional<string | null>;
  declare destinationReference: CreationOptional<string | null>;
  declare idempotencyKey: CreationOptional<string | null>;
  declare reversesTransactionId: CreationOptional<number | null>;
  declare topUpId: CreationOptional<number | null>;
  declare withdrawalId: CreationOptional<number | null>;
  declare offerExecutionResultId: CreationOptional<number | null>;
  declare createdByUserId: CreationOptional<number | null>;
  /** Stamped by the database with the start time of the database transaction that wrote it. */
  declare createdAt: CreationOptional<Date>;

  declare entries?: NonAttribute<LedgerEntry[]>;
}

LedgerTransaction.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    transactionClass: { type: DataTypes.TEXT, allowNull: false },
    currency: { type: DataTypes.CHAR(3), allowNull: false },
    description: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    sourceParticulars: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    destinationParticulars: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    sourceCompanyId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    destinationCompanyId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    sourceReference: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    destinationReference: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    idempotencyKey: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    reversesTransactionId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    topUpId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    withdrawalId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    offerExecutionResultId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    createdByUserId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "ledger_transactions", updatedAt: false },
);
