import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import type { Cents } from "../../app/lib/money";
import { sequelize } from "../index";
import { centsColumn } from "../money-column";
import type { BillDocument } from "./bill-document";

/** One GL code allocation of a bill document's amount (spec part 3 §3, lineItems). */
export class BillDocumentLineItem extends Model<InferAttributes<BillDocumentLineItem>, InferCreationAttributes<BillDocumentLineItem>> {
  declare id: CreationOptional<number>;
  declare documentId: number;
  /** From 0; unique within the document. */
  declare lineIndex: number;
  declare glAccountCode: CreationOptional<string | null>;
  declare description: CreationOptional<string | null>;
  declare amount: Cents;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare document?: NonAttribute<BillDocument>;
}

BillDocumentLineItem.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    documentId: { type: DataTypes.INTEGER, allowNull: false },
    lineIndex: { type: DataTypes.INTEGER, allowNull: false },
    glAccountCode: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    description: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    amount: centsColumn("amount"),
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "bill_document_line_items" },
);
