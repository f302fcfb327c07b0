import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import { sequelize } from "../index";
import type { Company } from "./company";
import type { Job } from "./job";
import type { OfferExecutionResult } from "./offer-execution-result";
import type { PurchaserOffer } from "./purchaser-offer";
import type { SupplierOffer } from "./supplier-offer";
import type { User } from "./user";

export const OFFER_KINDS = ["PURCHASER", "SUPPLIER"] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];
export const OFFER_EXECUTION_STATUSES = ["QUEUED", "RUNNING", "SUCCESS", "FAILED"] as const;
export type OfferExecutionStatus = (typeof OFFER_EXECUTION_STATUSES)[number];

/** One request to execute an offer on some invoices (part 2 §7 execute / execute status); exactly one offer id is set. */
export class OfferExecution extends Model<InferAttributes<OfferExecution>, InferCreationAttributes<OfferExecution>> {
  declare id: CreationOptional<number>;
  declare offerKind: OfferKind;
  declare purchaserOfferId: ForeignKey<PurchaserOffer["id"]> | null;
  declare supplierOfferId: ForeignKey<SupplierOffer["id"]> | null;
  declare requestedByCompanyId: ForeignKey<Company["id"]>;
  declare requestedByUserId: ForeignKey<User["id"]> | null;
  declare jobId: ForeignKey<Job["id"]> | null;
  declare status: CreationOptional<OfferExecutionStatus>;
  declare successCount: CreationOptional<number>;
  declare failedCount: CreationOptional<number>;
  /** 0-100 */
  declare progress: CreationOptional<number>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare purchaserOffer?: NonAttribute<PurchaserOffer | null>;
  declare supplierOffer?: NonAttribute<SupplierOffer | null>;
  declare requestedByCompany?: NonAttribute<Company>;
  declare requestedBy?: NonAttribute<User | null>;
  declare job?: NonAttribute<Job | null>;
  declare results?: NonAttribute<OfferExecutionResult[]>;
}

OfferExecution.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    offerKind: { type: DataTypes.TEXT, allowNull: false },
    purchaserOfferId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    supplierOfferId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    requestedByCompanyId: { type: DataTypes.INTEGER, allowNull: false },
    requestedByUserId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    jobId: { type: DataTypes.UUID, allowNull: true, defaultValue: null },
    status: { type: DataTypes.TEXT, allowNull: false, defaultValue: "QUEUED" },
    successCount: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    failedCount: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    progress: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "offer_executions" },
);
