import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import type { Cents } from "../../app/lib/money";
import { sequelize } from "../index";
import { centsColumn } from "../money-column";
import type { CurrencyCode, LedgerAccount } from "./ledger-account";
import type { LedgerTransaction } from "./ledger-transaction";

/**
 * One leg of a ledger transaction: a signed, non-zero amount added to one account's balance. Its currency is its
 * account's and its transaction's (composite foreign keys). Append-only, like its transaction.
 */
export class LedgerEntry extends Model<InferAttributes<LedgerEntry>, InferCreationAttributes<LedgerEntry>> {
  /** bigserial: the driver returns int8 as a string. */
  declare id: CreationOptional<string>;
  declare transactionId: number;
  declare accountId: number;
  declare currency: CurrencyCode;
  declare amount: Cents;
  /** A wallet's balance just after this entry (set by the database; NULL on system accounts). */
  declare balanceAfter: CreationOptional<Cents | null>;
  /** The service fee and cashback parts of an early payment's entry (both NULL on any other entry; decision 027). */
  declare serviceFeeAmount: CreationOptional<Cents | null>;
  declare cashbackAmount: CreationOptional<Cents | null>;
  declare createdAt: CreationOptional<Date>;

  declare ledgerTransaction?: NonAttribute<LedgerTransaction>;
  declare account?: NonAttribute<LedgerAccount>;
}

LedgerEntry.init(
  {
    id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
    transactionId: { type: DataTypes.INTEGER, allowNull: false },
    accountId: { type: DataTypes.INTEGER, allowNull: false },
    currency: { type: DataTypes.CHAR(3), allowNull: false },
    amount: centsColumn("amount"),
    balanceAfter: centsColumn("balanceAfter", { allowNull: true }),
    serviceFeeAmount: centsColumn("serviceFeeAmount", { allowNull: true }),
    cashbackAmount: centsColumn("cashbackAmount", { allowNull: true }),
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "ledger_entries", updatedAt: false },
);
