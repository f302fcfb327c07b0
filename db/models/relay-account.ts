import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import { sequelize } from "../index";
import type { AccountingProvider } from "./accounting-connection";
import type { Company } from "./company";

export const RELAY_ACCOUNT_TYPES = ["EARLYBIRD_FEES", "EARLYBIRD_REWARDS", "EARLYBIRD_BANK_ACCOUNT"] as const;
export type RelayAccountType = (typeof RELAY_ACCOUNT_TYPES)[number];

/**
 * The Earlybird account mapping (spec p1 §3): the account in the company's Xero or MYOB books that Earlybird posts
 * fees, cashback or bank movements to. One per (company, provider, earlybirdAccountType).
 */
export class RelayAccount extends Model<InferAttributes<RelayAccount>, InferCreationAttributes<RelayAccount>> {
  declare id: CreationOptional<number>;
  declare companyId: number;
  declare provider: AccountingProvider;
  declare earlybirdAccountType: RelayAccountType;
  declare code: string;
  declare accountName: string;
  /** The spec's xeroAccountType or myobAccountType. */
  declare providerAccountType: CreationOptional<string | null>;
  declare accountClassification: CreationOptional<string | null>;
  declare taxExempted: CreationOptional<boolean>;
  declare externalAccountId: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare company?: NonAttribute<Company>;
}

RelayAccount.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    companyId: { type: DataTypes.INTEGER, allowNull: false },
    provider: { type: DataTypes.TEXT, allowNull: false },
    earlybirdAccountType: { type: DataTypes.TEXT, allowNull: false },
    code: { type: DataTypes.TEXT, allowNull: false },
    accountName: { type: DataTypes.TEXT, allowNull: false },
    providerAccountType: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    accountClassification: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    taxExempted: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    externalAccountId: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "relay_accounts" },
);
