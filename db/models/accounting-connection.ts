import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import { sequelize } from "../index";
import type { Company } from "./company";

export const ACCOUNTING_PROVIDERS = ["XERO", "MYOB_ESSENTIALS", "MYOB_ACCOUNT_RIGHT"] as const;
export type AccountingProvider = (typeof ACCOUNTING_PROVIDERS)[number];
export const ACCOUNTING_CONNECTION_STATUSES = ["CONNECTED", "DISCONNECTED", "ERROR"] as const;
export type AccountingConnectionStatus = (typeof ACCOUNTING_CONNECTION_STATUSES)[number];

/**
 * A company's OAuth 2.0 connection to Xero or MYOB (decisions D7). One live (not DISCONNECTED) connection per company
 * and provider. Tokens and company-file credentials are stored encrypted by the integrations module.
 */
export class AccountingConnection extends Model<InferAttributes<AccountingConnection>, InferCreationAttributes<AccountingConnection>> {
  declare id: CreationOptional<number>;
  declare companyId: number;
  declare provider: AccountingProvider;
  declare status: CreationOptional<AccountingConnectionStatus>;
  /** Xero tenant id, or the MYOB business id. */
  declare externalTenantId: CreationOptional<string | null>;
  /** The organisation's name as the provider gave it (Xero tenantName, MYOB business or file name). */
  declare tenantName: CreationOptional<string | null>;
  /** AccountRight only. */
  declare companyFileId: CreationOptional<string | null>;
  declare companyFileName: CreationOptional<string | null>;
  declare companyFileUri: CreationOptional<string | null>;
  declare companyFileCredentials: CreationOptional<string | null>;
  declare accessToken: CreationOptional<string | null>;
  declare refreshToken: CreationOptional<string | null>;
  declare tokenExpiresAt: CreationOptional<Date | null>;
  declare scope: CreationOptional<string | null>;
  declare connectedByUserId: CreationOptional<number | null>;
  declare connectedAt: CreationOptional<Date>;
  declare disconnectedAt: CreationOptional<Date | null>;
  declare lastSyncAt: CreationOptional<Date | null>;
  declare lastError: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare company?: NonAttribute<Company>;
}

AccountingConnection.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    companyId: { type: DataTypes.INTEGER, allowNull: false },
    provider: { type: DataTypes.TEXT, allowNull: false },
    status: { type: DataTypes.TEXT, allowNull: false, defaultValue: "CONNECTED" },
    externalTenantId: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    tenantName: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    companyFileId: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    companyFileName: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    companyFileUri: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    companyFileCredentials: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    accessToken: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    refreshToken: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    tokenExpiresAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    scope: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    connectedByUserId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    connectedAt: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
    disconnectedAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    lastSyncAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    lastError: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "accounting_connections" },
);
