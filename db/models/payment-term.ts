import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import { sequelize } from "../index";
import type { Company } from "./company";
import type { Counterparty } from "./counterparty";

export const PAYMENT_TERM_FREQUENCIES = ["MONTHLY", "WEEKLY"] as const;
export type PaymentTermFrequency = (typeof PAYMENT_TERM_FREQUENCIES)[number];
export const DAYS_OF_WEEK = ["SUNDAY", "MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY"] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

/** A company's payment term (part 3 §3): MONTHLY on `date` (1-31) or WEEKLY on `dayOfWeek`. */
export class PaymentTerm extends Model<InferAttributes<PaymentTerm>, InferCreationAttributes<PaymentTerm>> {
  declare id: CreationOptional<number>;
  declare companyId: ForeignKey<Company["id"]>;
  declare defaultTerm: CreationOptional<boolean>;
  declare frequency: PaymentTermFrequency;
  declare date: number | null;
  declare dayOfWeek: DayOfWeek | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare company?: NonAttribute<Company>;
  declare counterparties?: NonAttribute<Counterparty[]>;
}

PaymentTerm.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    companyId: { type: DataTypes.INTEGER, allowNull: false },
    defaultTerm: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    frequency: { type: DataTypes.TEXT, allowNull: false },
    date: { type: DataTypes.SMALLINT, allowNull: true, defaultValue: null },
    dayOfWeek: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "payment_terms" },
);
