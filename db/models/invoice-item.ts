import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import type { Cents } from "../../app/lib/money";
import { sequelize } from "../index";
import { centsColumn } from "../money-column";
import type { Invoice } from "./invoice";

export const UNIT_TYPES = ["HOURS", "QUANTITY"] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

/** A line of a created invoice or bill (part 2 §3 "Invoice item"). */
export class InvoiceItem extends Model<InferAttributes<InvoiceItem>, InferCreationAttributes<InvoiceItem>> {
  declare id: CreationOptional<number>;
  declare invoiceId: ForeignKey<Invoice["id"]>;
  /** 1..10000, unique within the invoice. */
  declare itemNumber: number;
  declare description: string | null;
  /** NUMERIC(12,2) as a decimal string (a quantity, not money). */
  declare units: string | null;
  declare unitType: UnitType | null;
  declare unitPrice: Cents | null;
  declare amount: Cents;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare invoice?: NonAttribute<Invoice>;
}

InvoiceItem.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    invoiceId: { type: DataTypes.INTEGER, allowNull: false },
    itemNumber: { type: DataTypes.INTEGER, allowNull: false },
    description: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    units: { type: DataTypes.DECIMAL(12, 2), allowNull: true, defaultValue: null },
    unitType: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    unitPrice: centsColumn("unitPrice", { allowNull: true }),
    amount: centsColumn("amount"),
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "invoice_items" },
);
