import { DataTypes, Model, type InferAttributes, type NonAttribute } from "sequelize";
import type { Cents } from "../../app/lib/money";
import { sequelize } from "../index";
import { centsColumn } from "../money-column";
import type { Company } from "./company";
import type { CurrencyCode, LedgerAccount } from "./ledger-account";

/** Read-only: the company_balances view, one row per wallet with the sum of its entries (decisions D4). */
export class CompanyBalance extends Model<InferAttributes<CompanyBalance>> {
  declare accountId: number;
  declare companyId: number;
  declare currency: CurrencyCode;
  declare balance: Cents;

  declare company?: NonAttribute<Company>;
  declare account?: NonAttribute<LedgerAccount>;
}

CompanyBalance.init(
  {
    accountId: { type: DataTypes.INTEGER, primaryKey: true },
    companyId: { type: DataTypes.INTEGER, allowNull: false },
    currency: { type: DataTypes.CHAR(3), allowNull: false },
    balance: centsColumn("balance"),
  },
  { sequelize, tableName: "company_balances", timestamps: false },
);
