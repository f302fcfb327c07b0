import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import type { Cents } from "../../app/lib/money";
import { sequelize } from "../index";
import { centsColumn } from "../money-column";
import type { Company } from "./company";
import type { CreditNoteAllocation } from "./credit-note-allocation";
import type { Currency, Invoice, LoadedBy } from "./invoice";

export const CREDIT_NOTE_STATUSES = ["UNALLOCATED", "PARTIALLY_ALLOCATED", "ALLOCATED"] as const;
export type CreditNoteStatus = (typeof CREDIT_NOTE_STATUSES)[number];

/**
 * A credit note from a supplier (issuedBy) to a purchaser (issuedFor), part 2 §3. allocatedTotal, unallocatedTotal
 * and status are maintained by the database from the allocations: never write them.
 */
export class CreditNote extends Model<InferAttributes<CreditNote>, InferCreationAttributes<CreditNote>> {
  declare id: CreationOptional<number>;
  declare issuedBy: ForeignKey<Company["id"]>;
  declare issuedFor: ForeignKey<Company["id"]>;
  declare issuedByCompanyName: string;
  declare issuedForCompanyName: string;
  declare creditNumber: string;
  declare recordNumber: CreationOptional<string | null>;
  declare orderNumber: CreationOptional<string | null>;
  /** At most 20 of A-Z a-z 0-9 - _. */
  declare supplierReference: CreationOptional<string | null>;
  declare issueDate: CreationOptional<string | null>;
  declare currency: CreationOptional<Currency>;
  declare total: Cents;
  declare allocatedTotal: CreationOptional<Cents>;
  declare unallocatedTotal: CreationOptional<Cents>;
  declare status: CreationOptional<CreditNoteStatus>;
  declare loadedBy: CreationOptional<LoadedBy>;
  declare externalId: CreationOptional<string | null>;
  declare deletedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  /** The spec's modificationTime: optimistic-concurrency checks compare it. */
  declare updatedAt: CreationOptional<Date>;

  declare issuer?: NonAttribute<Company>;
  declare recipient?: NonAttribute<Company>;
  declare allocations?: NonAttribute<CreditNoteAllocation[]>;
  declare invoices?: NonAttribute<Invoice[]>;
}

CreditNote.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    issuedBy: { type: DataTypes.INTEGER, allowNull: false },
    issuedFor: { type: DataTypes.INTEGER, allowNull: false },
    issuedByCompanyName: { type: DataTypes.TEXT, allowNull: false },
    issuedForCompanyName: { type: DataTypes.TEXT, allowNull: false },
    creditNumber: { type: DataTypes.TEXT, allowNull: false },
    recordNumber: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    orderNumber: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    supplierReference: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    issueDate: { type: DataTypes.DATEONLY, allowNull: true, defaultValue: null },
    currency: { type: DataTypes.CHAR(3), allowNull: false, defaultValue: "NZD" },
    total: centsColumn("total"),
    // Maintained by the database (sum of allocations) or generated from it: left out of writes.
    allocatedTotal: centsColumn("allocatedTotal", { allowNull: true }),
    unallocatedTotal: centsColumn("unallocatedTotal", { allowNull: true }),
    status: { type: DataTypes.TEXT, allowNull: true },
    loadedBy: { type: DataTypes.TEXT, allowNull: false, defaultValue: "EARLYBIRD" },
    externalId: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    deletedAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "credit_notes" },
);
