import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import { sequelize } from "../index";
import type { BankAccountDocument } from "./bank-account-document";
import type { Company } from "./company";

export const BANK_ACCOUNT_STATUSES = ["UNVERIFIED", "VERIFICATION_PENDING", "VERIFIED", "VERIFICATION_FAILED", "DELETED"] as const;
export type BankAccountStatus = (typeof BANK_ACCOUNT_STATUSES)[number];
/** SYSTEM is the company's Earlybird working-capital account (a PayID in AU); at most one per company. */
export const BANK_ACCOUNT_LOADED_BY = ["SYSTEM", "EARLYBIRD", "XERO", "MYOB_ACCOUNTRIGHT"] as const;
export type BankAccountLoadedBy = (typeof BANK_ACCOUNT_LOADED_BY)[number];

/**
 * A company's bank account (spec p1 §3). At most one live default per company and one SYSTEM account per company
 * (partial unique indexes); deleting sets DELETED and clears the default.
 */
export class BankAccount extends Model<InferAttributes<BankAccount>, InferCreationAttributes<BankAccount>> {
  declare id: CreationOptional<number>;
  declare companyId: number;
  declare bankAccountName: string;
  /** Digits only. */
  declare bankAccountNumber: CreationOptional<string | null>;
  /** Six digits, AU only. */
  declare bsb: CreationOptional<string | null>;
  declare payId: CreationOptional<string | null>;
  declare bankAccountStatus: CreationOptional<BankAccountStatus>;
  declare loadedBy: CreationOptional<BankAccountLoadedBy>;
  declare externalAccountId: CreationOptional<string | null>;
  declare defaultAccount: CreationOptional<boolean>;
  /** Hash of the SMS code sent when the account is added; never the code itself. */
  declare codeHash: CreationOptional<string | null>;
  declare codeExpiresAt: CreationOptional<Date | null>;
  declare codeFailedAttempts: CreationOptional<number>;
  declare codeVerifiedAt: CreationOptional<Date | null>;
  declare documentFileName: CreationOptional<string | null>;
  declare verifiedByUserId: CreationOptional<number | null>;
  declare verifiedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  /** The spec's modificationTime. */
  declare updatedAt: CreationOptional<Date>;

  declare company?: NonAttribute<Company>;
  declare documents?: NonAttribute<BankAccountDocument[]>;
}

BankAccount.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    companyId: { type: DataTypes.INTEGER, allowNull: false },
    bankAccountName: { type: DataTypes.TEXT, allowNull: false },
    bankAccountNumber: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    bsb: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    payId: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    bankAccountStatus: { type: DataTypes.TEXT, allowNull: false, defaultValue: "UNVERIFIED" },
    loadedBy: { type: DataTypes.TEXT, allowNull: false, defaultValue: "EARLYBIRD" },
    externalAccountId: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    defaultAccount: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    codeHash: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    codeExpiresAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    codeFailedAttempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    codeVerifiedAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    documentFileName: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    verifiedByUserId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    verifiedAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "bank_accounts" },
);
