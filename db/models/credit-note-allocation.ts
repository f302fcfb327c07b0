import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import type { Cents } from "../../app/lib/money";
import { sequelize } from "../index";
import { centsColumn } from "../money-column";
import type { CreditNote } from "./credit-note";
import type { Invoice } from "./invoice";

/**
 * Credit of a credit note applied to an invoice. The database refuses allocations beyond the credit note's total or
 * the invoice's total, and between an invoice and a credit note of different companies.
 */
export class CreditNoteAllocation extends Model<InferAttributes<CreditNoteAllocation>, InferCreationAttributes<CreditNoteAllocation>> {
  declare id: CreationOptional<number>;
  declare creditNoteId: ForeignKey<CreditNote["id"]>;
  declare invoiceId: ForeignKey<Invoice["id"]>;
  declare allocatedAmount: Cents;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare creditNote?: NonAttribute<CreditNote>;
  declare invoice?: NonAttribute<Invoice>;
}

CreditNoteAllocation.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    creditNoteId: { type: DataTypes.INTEGER, allowNull: false },
    invoiceId: { type: DataTypes.INTEGER, allowNull: false },
    allocatedAmount: centsColumn("allocatedAmount"),
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "credit_note_allocations" },
);
