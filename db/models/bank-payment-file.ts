import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import type { Cents } from "../../app/lib/money";
import { sequelize } from "../index";
import { centsColumn } from "../money-column";
import type { Job } from "./job";
import type { Withdrawal } from "./withdrawal";

export const BANK_PAYMENT_FILE_FORMATS = ["NZ_BULK_CSV", "AU_ABA"] as const;
export type BankPaymentFileFormat = (typeof BANK_PAYMENT_FILE_FORMATS)[number];

/** A bank payment file written by the withdrawals job (decisions D5): NZ bulk-payment CSV or AU ABA, as text. */
export class BankPaymentFile extends Model<InferAttributes<BankPaymentFile>, InferCreationAttributes<BankPaymentFile>> {
  declare id: CreationOptional<number>;
  declare country: "NZ" | "AU";
  /** NZ_BULK_CSV for NZ, AU_ABA for AU (checked by the database). */
  declare format: BankPaymentFileFormat;
  declare fileName: string;
  declare content: string;
  declare totalAmount: Cents;
  declare itemCount: number;
  declare createdByJobId: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;

  declare createdByJob?: NonAttribute<Job | null>;
  declare withdrawals?: NonAttribute<Withdrawal[]>;
}

BankPaymentFile.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    country: { type: DataTypes.CHAR(2), allowNull: false },
    format: { type: DataTypes.TEXT, allowNull: false },
    fileName: { type: DataTypes.TEXT, allowNull: false },
    content: { type: DataTypes.TEXT, allowNull: false },
    totalAmount: centsColumn("totalAmount"),
    itemCount: { type: DataTypes.INTEGER, allowNull: false },
    createdByJobId: { type: DataTypes.UUID, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "bank_payment_files", updatedAt: false },
);
