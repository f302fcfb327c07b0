import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import { sequelize } from "../index";
import type { Company } from "./company";
import type { Counterparty } from "./counterparty";

export const GL_ACCOUNT_SOURCES = ["EARLYBIRD", "XERO", "MYOB_ESSENTIALS", "MYOB_ACCOUNT_RIGHT"] as const;
export type GlAccountSource = (typeof GL_ACCOUNT_SOURCES)[number];

/**
 * An accounting (GL) account of a company (part 3 §3, part 1 "Earlybird account mapping"). Deleting a GL code makes
 * it invisible and non-default; at most one default per company.
 */
export class GlAccount extends Model<InferAttributes<GlAccount>, InferCreationAttributes<GlAccount>> {
  declare id: CreationOptional<number>;
  declare companyId: ForeignKey<Company["id"]>;
  /** The account's id in the accounting system. */
  declare accountId: string | null;
  declare accountCode: string;
  declare accountName: string;
  declare isVisibleInEarlybird: CreationOptional<boolean>;
  declare isDefault: CreationOptional<boolean>;
  /** xeroAccountType or myobAccountType as the accounting system names it. */
  declare accountType: string | null;
  declare accountClassification: string | null;
  declare taxExempted: boolean | null;
  declare loadedBy: CreationOptional<GlAccountSource>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare company?: NonAttribute<Company>;
  declare counterparties?: NonAttribute<Counterparty[]>;
}

GlAccount.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    companyId: { type: DataTypes.INTEGER, allowNull: false },
    accountId: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    accountCode: { type: DataTypes.TEXT, allowNull: false },
    accountName: { type: DataTypes.TEXT, allowNull: false },
    isVisibleInEarlybird: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    isDefault: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    accountType: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    accountClassification: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    taxExempted: { type: DataTypes.BOOLEAN, allowNull: true, defaultValue: null },
    loadedBy: { type: DataTypes.TEXT, allowNull: false, defaultValue: "EARLYBIRD" },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "gl_accounts" },
);
