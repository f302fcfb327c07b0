import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import type { Cents } from "../../app/lib/money";
import { sequelize } from "../index";
import { centsColumn } from "../money-column";
import type { Invoice } from "./invoice";
import type { OfferExecution } from "./offer-execution";
import type { PurchaserOffer } from "./purchaser-offer";
import type { SupplierOffer } from "./supplier-offer";

export const OFFER_EXECUTION_RESULT_STATUSES = ["SUCCESS", "FAILED", "PENDING", "CLEARING", "TOPUP_PENDING"] as const;
export type OfferExecutionResultStatus = (typeof OFFER_EXECUTION_RESULT_STATUSES)[number];

/**
 * The outcome of an execution for one invoice. An invoice has at most one result that is not FAILED (D3: executing
 * never pays twice): a retry carries the live result on instead of inserting another. purchaserOfferId and
 * supplierOfferId are copied from the execution by the database.
 */
export class OfferExecutionResult extends Model<InferAttributes<OfferExecutionResult>, InferCreationAttributes<OfferExecutionResult>> {
  declare id: CreationOptional<number>;
  declare executionId: ForeignKey<OfferExecution["id"]>;
  declare invoiceId: ForeignKey<Invoice["id"]>;
  declare purchaserOfferId: CreationOptional<ForeignKey<PurchaserOffer["id"]> | null>;
  declare supplierOfferId: CreationOptional<ForeignKey<SupplierOffer["id"]> | null>;
  declare status: OfferExecutionResultStatus;
  declare amount: Cents | null;
  declare fee: Cents | null;
  declare cashback: Cents | null;
  declare reason: string | null;
  declare ledgerTransactionId: number | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare execution?: NonAttribute<OfferExecution>;
  declare invoice?: NonAttribute<Invoice>;
  declare purchaserOffer?: NonAttribute<PurchaserOffer | null>;
  declare supplierOffer?: NonAttribute<SupplierOffer | null>;
}

OfferExecutionResult.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    executionId: { type: DataTypes.INTEGER, allowNull: false },
    invoiceId: { type: DataTypes.INTEGER, allowNull: false },
    // Copied from the execution by the database; left out of writes.
    purchaserOfferId: { type: DataTypes.INTEGER, allowNull: true },
    supplierOfferId: { type: DataTypes.INTEGER, allowNull: true },
    status: { type: DataTypes.TEXT, allowNull: false },
    amount: centsColumn("amount", { allowNull: true }),
    fee: centsColumn("fee", { allowNull: true }),
    cashback: centsColumn("cashback", { allowNull: true }),
    reason: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    ledgerTransactionId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "offer_execution_results" },
);
