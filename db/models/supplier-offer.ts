import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import type { Cents } from "../../app/lib/money";
import { sequelize } from "../index";
import { centsColumn } from "../money-column";
import type { Company } from "./company";
import type { Invoice } from "./invoice";
import type { OfferExecution } from "./offer-execution";
import type { SupplierOfferInvoice } from "./supplier-offer-invoice";

export const SUPPLIER_OFFER_STATUSES = ["CLEARING", "TOPUP_PENDING", "EXECUTED", "EXPIRED", "CANCELLED"] as const;
export type SupplierOfferStatus = (typeof SUPPLIER_OFFER_STATUSES)[number];

/** A supplier's prompt payment request of amount A (cashReward) on its invoices, open until the end of day E (D2, D3). */
export class SupplierOffer extends Model<InferAttributes<SupplierOffer>, InferCreationAttributes<SupplierOffer>> {
  declare id: CreationOptional<number>;
  declare createdByCompany: ForeignKey<Company["id"]>;
  declare cashReward: Cents;
  declare autobid: CreationOptional<boolean>;
  declare offerUnit: CreationOptional<"AMOUNT">;
  /** Day E, "YYYY-MM-DD" (the spec's expirationTime is the end of that day in the company's time zone). */
  declare expirationDate: string;
  declare offerStatus: CreationOptional<SupplierOfferStatus>;
  declare topUpId: number | null;
  declare createdAt: CreationOptional<Date>;
  /** The spec's modificationTime: optimistic-concurrency checks compare it. */
  declare updatedAt: CreationOptional<Date>;

  declare company?: NonAttribute<Company>;
  declare offerInvoices?: NonAttribute<SupplierOfferInvoice[]>;
  declare invoices?: NonAttribute<Invoice[]>;
  declare executions?: NonAttribute<OfferExecution[]>;
}

SupplierOffer.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    createdByCompany: { type: DataTypes.INTEGER, allowNull: false },
    cashReward: centsColumn("cashReward"),
    autobid: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    offerUnit: { type: DataTypes.TEXT, allowNull: false, defaultValue: "AMOUNT" },
    expirationDate: { type: DataTypes.DATEONLY, allowNull: false },
    offerStatus: { type: DataTypes.TEXT, allowNull: false, defaultValue: "CLEARING" },
    topUpId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "supplier_offers" },
);
