import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import { sequelize } from "../index";
import type { BankStatementLine } from "./bank-statement-line";
import type { Job } from "./job";
import type { CurrencyCode } from "./ledger-account";

/** An imported bank statement (decisions D5). contentSha256 is unique: the same file is never imported twice. */
export class BankStatementImport extends Model<InferAttributes<BankStatementImport>, InferCreationAttributes<BankStatementImport>> {
  declare id: CreationOptional<number>;
  declare currency: CurrencyCode;
  declare fileName: string;
  declare content: string;
  /** Lower-case hex SHA-256 of content. */
  declare contentSha256: string;
  declare lineCount: CreationOptional<number>;
  declare importedByUserId: CreationOptional<number | null>;
  declare jobId: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;

  declare lines?: NonAttribute<BankStatementLine[]>;
  declare job?: NonAttribute<Job | null>;
}

BankStatementImport.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    currency: { type: DataTypes.CHAR(3), allowNull: false },
    fileName: { type: DataTypes.TEXT, allowNull: false },
    content: { type: DataTypes.TEXT, allowNull: false },
    contentSha256: { type: DataTypes.TEXT, allowNull: false },
    lineCount: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    importedByUserId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    jobId: { type: DataTypes.UUID, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "bank_statement_imports", updatedAt: false },
);
