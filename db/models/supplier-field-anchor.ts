import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { sequelize } from "../index";
import type { Company } from "./company";

export const SUPPLIER_ANCHOR_FIELDS = ["invoiceNumber", "orderNumber", "issueDate", "dueDate", "amountCents"] as const;
export type SupplierAnchorField = (typeof SUPPLIER_ANCHOR_FIELDS)[number];

/** Where a field sits on a supplier's bills, learnt from a reviewer's correction (docs/decisions/043). */
export class SupplierFieldAnchor extends Model<InferAttributes<SupplierFieldAnchor>, InferCreationAttributes<SupplierFieldAnchor>> {
  declare id: CreationOptional<number>;
  declare companyId: ForeignKey<Company["id"]>;
  declare supplierKey: string;
  declare field: SupplierAnchorField;
  declare label: string | null;
  declare lineIndex: number;
  declare corrections: CreationOptional<number>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

SupplierFieldAnchor.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    companyId: { type: DataTypes.INTEGER, allowNull: false },
    supplierKey: { type: DataTypes.TEXT, allowNull: false },
    field: { type: DataTypes.TEXT, allowNull: false },
    label: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    lineIndex: { type: DataTypes.INTEGER, allowNull: false },
    corrections: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "supplier_field_anchors" },
);
