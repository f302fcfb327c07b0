import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { sequelize } from "../index";

export const COMPANY_STATUSES = ["INACTIVE", "INVITED", "PENDING", "ACTIVE"] as const;
export const COMPANY_VERIFICATION_STATUSES = ["NOT_VERIFIED", "PARTIALLY_VERIFIED", "VERIFICATION_PENDING", "VERIFIED"] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];
export type CompanyVerificationStatus = (typeof COMPANY_VERIFICATION_STATUSES)[number];

export interface Address {
  line1?: string;
  line2?: string;
  suburb?: string;
  city?: string;
  region?: string;
  postcode?: string;
  country?: string;
  countryCode?: string;
}

export class Company extends Model<InferAttributes<Company>, InferCreationAttributes<Company>> {
  declare id: CreationOptional<number>;
  declare status: CreationOptional<CompanyStatus>;
  declare companyName: string;
  declare registrationNumber: CreationOptional<string | null>;
  declare nzbn: CreationOptional<string | null>;
  declare businessNumber: CreationOptional<string | null>;
  declare industryCode: CreationOptional<string | null>;
  declare industryCodeDescription: CreationOptional<string | null>;
  declare country: CreationOptional<"NZ" | "AU">;
  declare address: CreationOptional<Address | null>;
  declare website: CreationOptional<string | null>;
  declare acknowledgementText: CreationOptional<string | null>;
  declare acknowledgementTimestamp: CreationOptional<Date | null>;
  declare verificationStatus: CreationOptional<CompanyVerificationStatus>;
  declare connectedToXero: CreationOptional<boolean>;
  declare connectedToMyobEssentials: CreationOptional<boolean>;
  declare connectedToMyobAccountRight: CreationOptional<boolean>;
  declare myobEssentialsAccountsConfigured: CreationOptional<boolean>;
  declare myobAccountRightAccountsConfigured: CreationOptional<boolean>;
  declare inboundEmailAddress: CreationOptional<string | null>;
  /** The local part of the company's inbound bill address (`<code>@INBOUND_MAIL_DOMAIN`): unique, given by the database. */
  declare inboundEmailCode: CreationOptional<string>;
  /** The accounting software chosen at sign-up (connect-account), before any connection exists. */
  declare accountingSoftware: CreationOptional<"XERO" | "MYOB_ESSENTIALS" | "MYOB_ACCOUNT_RIGHT" | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

Company.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    status: { type: DataTypes.TEXT, allowNull: false, defaultValue: "PENDING" },
    companyName: { type: DataTypes.TEXT, allowNull: false },
    registrationNumber: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    nzbn: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    businessNumber: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    industryCode: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    industryCodeDescription: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    country: { type: DataTypes.CHAR(2), allowNull: false, defaultValue: "NZ" },
    address: { type: DataTypes.JSONB, allowNull: true, defaultValue: null },
    website: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    acknowledgementText: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    acknowledgementTimestamp: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    verificationStatus: { type: DataTypes.TEXT, allowNull: false, defaultValue: "NOT_VERIFIED" },
    connectedToXero: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    connectedToMyobEssentials: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    connectedToMyobAccountRight: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    myobEssentialsAccountsConfigured: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    myobAccountRightAccountsConfigured: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    inboundEmailAddress: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    // NOT NULL in the database, whose default gives the code (a random token); allowNull here only lets an INSERT leave it out.
    inboundEmailCode: { type: DataTypes.TEXT, allowNull: true },
    accountingSoftware: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "companies" },
);
