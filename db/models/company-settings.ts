import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import type { Cents } from "../../app/lib/money";
import { sequelize } from "../index";
import { centsColumn } from "../money-column";
import type { Company } from "./company";

/** Per-company settings (part 3 "Entity settings", §9 authorisation tolerance): one row per company. */
export class CompanySettings extends Model<InferAttributes<CompanySettings>, InferCreationAttributes<CompanySettings>> {
  declare id: CreationOptional<number>;
  declare companyId: ForeignKey<Company["id"]>;
  declare isRipeEnabled: CreationOptional<boolean>;
  declare isRipeLiteEnabled: CreationOptional<boolean>;
  declare authorisationTolerance: CreationOptional<Cents>;
  declare isPendingApprovalQueueEnabled: CreationOptional<boolean>;
  declare isAgedPayablesFilterEnabled: CreationOptional<boolean>;
  declare isCounterpartyPeriodLockEnabled: CreationOptional<boolean>;
  declare createdAt: CreationOptional<Date>;
  /** The spec's modificationTime: optimistic-concurrency checks compare it. */
  declare updatedAt: CreationOptional<Date>;

  declare company?: NonAttribute<Company>;
}

CompanySettings.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    companyId: { type: DataTypes.INTEGER, allowNull: false },
    isRipeEnabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    isRipeLiteEnabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    authorisationTolerance: centsColumn("authorisationTolerance", { defaultValue: 500 }),
    isPendingApprovalQueueEnabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    isAgedPayablesFilterEnabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    isCounterpartyPeriodLockEnabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "company_settings" },
);
