import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import type { Cents } from "../../app/lib/money";
import { sequelize } from "../index";
import { centsColumn } from "../money-column";
import type { Company } from "./company";
import type { Currency, LoadedBy } from "./invoice";

export const PURCHASE_ORDER_STATUSES = ["OPEN", "RECEIPTED", "CLOSED"] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/** A buyer's purchase order (decisions D6); order numbers are unique per buyer. */
export class PurchaseOrder extends Model<InferAttributes<PurchaseOrder>, InferCreationAttributes<PurchaseOrder>> {
  declare id: CreationOptional<number>;
  declare companyId: ForeignKey<Company["id"]>;
  declare supplierCompanyId: ForeignKey<Company["id"]> | null;
  declare supplierName: string | null;
  declare orderNumber: string;
  declare amount: Cents;
  declare currency: CreationOptional<Currency>;
  declare status: CreationOptional<PurchaseOrderStatus>;
  declare orderDate: string | null;
  declare loadedBy: CreationOptional<Exclude<LoadedBy, "RIPE">>;
  declare externalId: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare company?: NonAttribute<Company>;
  declare supplierCompany?: NonAttribute<Company | null>;
}

PurchaseOrder.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    companyId: { type: DataTypes.INTEGER, allowNull: false },
    supplierCompanyId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    supplierName: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    orderNumber: { type: DataTypes.TEXT, allowNull: false },
    amount: centsColumn("amount"),
    currency: { type: DataTypes.CHAR(3), allowNull: false, defaultValue: "NZD" },
    status: { type: DataTypes.TEXT, allowNull: false, defaultValue: "OPEN" },
    orderDate: { type: DataTypes.DATEONLY, allowNull: true, defaultValue: null },
    loadedBy: { type: DataTypes.TEXT, allowNull: false, defaultValue: "EARLYBIRD" },
    externalId: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "purchase_orders" },
);
