import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import type { Cents } from "../../app/lib/money";
import { sequelize } from "../index";
import { centsColumn } from "../money-column";
import type { AccountingProvider } from "./accounting-connection";

export const ACCOUNTING_PUSH_KINDS = ["BILL_CREATE", "PAYMENT", "FEE", "CASHBACK"] as const;
export type AccountingPushKind = (typeof ACCOUNTING_PUSH_KINDS)[number];
export const ACCOUNTING_PUSH_STATUSES = ["PENDING", "DONE", "FAILED"] as const;
export type AccountingPushStatus = (typeof ACCOUNTING_PUSH_STATUSES)[number];
export const ACCOUNTING_PUSH_SIDES = ["PURCHASER", "SUPPLIER"] as const;
export type AccountingPushSide = (typeof ACCOUNTING_PUSH_SIDES)[number];

/**
 * One write into a company's Xero or MYOB books (issue 18 part 5, docs/decisions/058): created PENDING in the
 * transaction that caused it, delivered after the commit, retried with backoff; the unique idempotency key is also the
 * provider's Idempotency-Key.
 */
export class AccountingPush extends Model<InferAttributes<AccountingPush>, InferCreationAttributes<AccountingPush>> {
  declare id: CreationOptional<string>;
  declare companyId: number;
  declare connectionId: CreationOptional<number | null>;
  declare provider: AccountingProvider;
  declare kind: AccountingPushKind;
  declare side: AccountingPushSide;
  declare invoiceId: number;
  declare ledgerTransactionId: CreationOptional<number | null>;
  declare idempotencyKey: string;
  /** What the payment, fee or cashback moves; null for BILL_CREATE. */
  declare amount: CreationOptional<Cents | null>;
  declare status: CreationOptional<AccountingPushStatus>;
  declare attempts: CreationOptional<number>;
  declare nextAttemptAt: CreationOptional<Date>;
  declare lastError: CreationOptional<string | null>;
  /** The provider's id of what was written (InvoiceID, PaymentID, UID). */
  declare externalId: CreationOptional<string | null>;
  /** The body sent (or to send), for the log and support. */
  declare payload: CreationOptional<Record<string, unknown> | null>;
  declare doneAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

AccountingPush.init(
  {
    id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
    companyId: { type: DataTypes.INTEGER, allowNull: false },
    connectionId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    provider: { type: DataTypes.TEXT, allowNull: false },
    kind: { type: DataTypes.TEXT, allowNull: false },
    side: { type: DataTypes.TEXT, allowNull: false },
    invoiceId: { type: DataTypes.INTEGER, allowNull: false },
    ledgerTransactionId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    idempotencyKey: { type: DataTypes.TEXT, allowNull: false },
    amount: centsColumn("amount", { allowNull: true }),
    status: { type: DataTypes.TEXT, allowNull: false, defaultValue: "PENDING" },
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    nextAttemptAt: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
    lastError: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    externalId: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    payload: { type: DataTypes.JSONB, allowNull: true, defaultValue: null },
    doneAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "accounting_pushes" },
);
