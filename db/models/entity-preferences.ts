import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import { sequelize } from "../index";
import type { Company } from "./company";

export const PROCESSING_QUEUES = ["AUTOMATIC", "MANUAL"] as const;
export type ProcessingQueue = (typeof PROCESSING_QUEUES)[number];

/** Entity preferences of a company (part 3 §3): one row per company. periodLockDate is always a month end. */
export class EntityPreferences extends Model<InferAttributes<EntityPreferences>, InferCreationAttributes<EntityPreferences>> {
  declare id: CreationOptional<number>;
  declare companyId: ForeignKey<Company["id"]>;
  declare isAcceptApprovedInvoicesFromPurchasersEnabled: CreationOptional<boolean>;
  declare isShareApprovedInvoicesWithSuppliersEnabled: CreationOptional<boolean>;
  declare defaultProcessingQueue: CreationOptional<ProcessingQueue>;
  /** "YYYY-MM-DD", the last day of a month. */
  declare periodLockDate: string | null;
  /** Lock the previous month on the first day of each month (the scheduled job auto-lock-periods). */
  declare autoLockPreviousMonth: CreationOptional<boolean>;
  declare createdAt: CreationOptional<Date>;
  /** The spec's modificationTime: optimistic-concurrency checks compare it. */
  declare updatedAt: CreationOptional<Date>;

  declare company?: NonAttribute<Company>;
}

EntityPreferences.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    companyId: { type: DataTypes.INTEGER, allowNull: false },
    isAcceptApprovedInvoicesFromPurchasersEnabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    isShareApprovedInvoicesWithSuppliersEnabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    defaultProcessingQueue: { type: DataTypes.TEXT, allowNull: false, defaultValue: "MANUAL" },
    periodLockDate: { type: DataTypes.DATEONLY, allowNull: true, defaultValue: null },
    autoLockPreviousMonth: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "entity_preferences" },
);
