import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import type { Cents } from "../../app/lib/money";
import { sequelize } from "../index";
import { centsColumn } from "../money-column";
import type { CreditNote } from "./credit-note";
import type { Invoice } from "./invoice";
import type { Statement } from "./statement";

export const STATEMENT_RECORD_TYPES = ["INVOICE", "BILL", "CREDIT_NOTE", "PAYMENT", "TOPUP", "WITHDRAWAL", "FEE", "CASHBACK", "REVERSAL"] as const;
export type StatementRecordType = (typeof STATEMENT_RECORD_TYPES)[number];

/** One line of a statement, numbered from 1 (the details call pages over line numbers). */
export class StatementLine extends Model<InferAttributes<StatementLine>, InferCreationAttributes<StatementLine>> {
  declare id: CreationOptional<number>;
  declare statementId: ForeignKey<Statement["id"]>;
  declare lineNumber: number;
  declare recordType: StatementRecordType;
  declare occurredAt: Date;
  declare reference: string | null;
  declare description: string | null;
  declare counterpartyName: string | null;
  declare invoiceId: ForeignKey<Invoice["id"]> | null;
  declare creditNoteId: ForeignKey<CreditNote["id"]> | null;
  declare ledgerTransactionId: number | null;
  declare amount: Cents;
  declare fee: Cents | null;
  declare cashback: Cents | null;
  declare balance: Cents | null;
  /** An early payment's share kept by Earlybird (fee − cashback), and the kind of offer that paid it (decision 028). */
  declare earlybirdFee: CreationOptional<Cents | null>;
  declare offerKind: CreationOptional<"PURCHASER" | "SUPPLIER" | null>;
  declare createdAt: CreationOptional<Date>;

  declare statement?: NonAttribute<Statement>;
  declare invoice?: NonAttribute<Invoice | null>;
  declare creditNote?: NonAttribute<CreditNote | null>;
}

StatementLine.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    statementId: { type: DataTypes.INTEGER, allowNull: false },
    lineNumber: { type: DataTypes.INTEGER, allowNull: false },
    recordType: { type: DataTypes.TEXT, allowNull: false },
    occurredAt: { type: DataTypes.DATE, allowNull: false },
    reference: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    description: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    counterpartyName: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    invoiceId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    creditNoteId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    ledgerTransactionId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    amount: centsColumn("amount"),
    fee: centsColumn("fee", { allowNull: true }),
    cashback: centsColumn("cashback", { allowNull: true }),
    balance: centsColumn("balance", { allowNull: true }),
    earlybirdFee: centsColumn("earlybirdFee", { allowNull: true }),
    offerKind: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "statement_lines", updatedAt: false },
);
