import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import { sequelize } from "../index";
import type { BankAccount } from "./bank-account";

export const BANK_STATEMENT_MIME_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;
export type BankStatementMimeType = (typeof BANK_STATEMENT_MIME_TYPES)[number];

/** A bank statement uploaded to verify a bank account; the newest one is the account's current document. */
export class BankAccountDocument extends Model<InferAttributes<BankAccountDocument>, InferCreationAttributes<BankAccountDocument>> {
  declare id: CreationOptional<number>;
  declare bankAccountId: number;
  declare fileName: string;
  declare mimeType: BankStatementMimeType;
  /** Must equal content.length (checked by the database). */
  declare sizeBytes: number;
  declare content: Buffer;
  declare uploadedByUserId: CreationOptional<number | null>;
  declare createdAt: CreationOptional<Date>;

  declare bankAccount?: NonAttribute<BankAccount>;
}

BankAccountDocument.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    bankAccountId: { type: DataTypes.INTEGER, allowNull: false },
    fileName: { type: DataTypes.TEXT, allowNull: false },
    mimeType: { type: DataTypes.TEXT, allowNull: false },
    sizeBytes: { type: DataTypes.INTEGER, allowNull: false },
    content: { type: DataTypes.BLOB, allowNull: false },
    uploadedByUserId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "bank_account_documents", updatedAt: false },
);
