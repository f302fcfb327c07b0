import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { sequelize } from "../index";
import type { AccountingProvider } from "./accounting-connection";

export const SYNC_EVENT_DIRECTIONS = ["IN", "OUT", "CONNECTION"] as const;
export type SyncEventDirection = (typeof SYNC_EVENT_DIRECTIONS)[number];
export const SYNC_EVENT_KINDS = [
  "CONNECTION", "SYNC", "CONTACT", "BILL", "INVOICE", "CREDIT_NOTE", "ACCOUNT", "PURCHASE_ORDER", "AGED_PAYABLES", "BILL_CREATE", "PAYMENT", "FEE", "CASHBACK", "TOKEN",
] as const;
export type SyncEventKind = (typeof SYNC_EVENT_KINDS)[number];
export const SYNC_EVENT_OUTCOMES = ["STARTED", "COMPLETED", "CREATED", "UPDATED", "SKIPPED", "FAILED", "RETRYING", "CONNECTED", "DISCONNECTED"] as const;
export type SyncEventOutcome = (typeof SYNC_EVENT_OUTCOMES)[number];

/** One line of a company's accounting sync log (issue 18): append-only. */
export class AccountingSyncEvent extends Model<InferAttributes<AccountingSyncEvent>, InferCreationAttributes<AccountingSyncEvent>> {
  declare id: CreationOptional<string>;
  declare companyId: number;
  declare connectionId: CreationOptional<number | null>;
  declare provider: AccountingProvider;
  declare direction: SyncEventDirection;
  declare kind: SyncEventKind;
  declare outcome: SyncEventOutcome;
  declare externalId: CreationOptional<string | null>;
  declare invoiceId: CreationOptional<number | null>;
  declare message: CreationOptional<string | null>;
  declare details: CreationOptional<Record<string, unknown> | null>;
  declare createdAt: CreationOptional<Date>;
}

AccountingSyncEvent.init(
  {
    id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
    companyId: { type: DataTypes.INTEGER, allowNull: false },
    connectionId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    provider: { type: DataTypes.TEXT, allowNull: false },
    direction: { type: DataTypes.TEXT, allowNull: false },
    kind: { type: DataTypes.TEXT, allowNull: false },
    outcome: { type: DataTypes.TEXT, allowNull: false },
    externalId: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    invoiceId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    message: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    details: { type: DataTypes.JSONB, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "accounting_sync_events", updatedAt: false },
);
