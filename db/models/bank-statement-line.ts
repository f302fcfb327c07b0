import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import type { Cents } from "../../app/lib/money";
import { sequelize } from "../index";
import { centsColumn } from "../money-column";
import type { BankStatementImport } from "./bank-statement-import";
import type { TopUp } from "./top-up";

/**
 * MATCHED: its reference matched a PENDING top-up; UNKNOWN: a deposit with no match (an UNKNOWN top-up holds it);
 * ASSIGNED: an admin assigned that deposit to a company; IGNORED: not a deposit (our own payments out);
 * RETURNED: the money of a withdrawal the bank returned, coming back (docs/decisions/030).
 */
export const BANK_STATEMENT_LINE_STATUSES = ["MATCHED", "UNKNOWN", "ASSIGNED", "IGNORED", "RETURNED"] as const;
export type BankStatementLineStatus = (typeof BANK_STATEMENT_LINE_STATUSES)[number];

export class BankStatementLine extends Model<InferAttributes<BankStatementLine>, InferCreationAttributes<BankStatementLine>> {
  declare id: CreationOptional<number>;
  declare importId: number;
  declare lineIndex: number;
  /** YYYY-MM-DD. */
  declare transactionDate: string;
  /** Positive for deposits. */
  declare amount: Cents;
  declare reference: CreationOptional<string | null>;
  declare particulars: CreationOptional<string | null>;
  declare code: CreationOptional<string | null>;
  declare otherParty: CreationOptional<string | null>;
  declare bankTransactionId: CreationOptional<string | null>;
  declare status: CreationOptional<BankStatementLineStatus>;
  declare matchedTopUpId: CreationOptional<number | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare statementImport?: NonAttribute<BankStatementImport>;
  declare matchedTopUp?: NonAttribute<TopUp | null>;
}

BankStatementLine.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    importId: { type: DataTypes.INTEGER, allowNull: false },
    lineIndex: { type: DataTypes.INTEGER, allowNull: false },
    transactionDate: { type: DataTypes.DATEONLY, allowNull: false },
    amount: centsColumn("amount"),
    reference: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    particulars: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    code: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    otherParty: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    bankTransactionId: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    status: { type: DataTypes.TEXT, allowNull: false, defaultValue: "UNKNOWN" },
    matchedTopUpId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "bank_statement_lines" },
);
