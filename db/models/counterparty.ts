import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import { sequelize } from "../index";
import type { Company } from "./company";
import type { ProcessingQueue } from "./entity-preferences";
import type { GlAccount } from "./gl-account";
import type { PaymentTerm } from "./payment-term";

/**
 * The relationship between an owning company (companyId) and another company (counterpartyCompanyId), part 3 §3.
 * The counterparty's name and status (INACTIVE, INVITED, PENDING, ACTIVE) are those of its companies row.
 * A company's invitedBy list is the owners of its counterparty rows with invitedAt set.
 */
export class Counterparty extends Model<InferAttributes<Counterparty>, InferCreationAttributes<Counterparty>> {
  declare id: CreationOptional<number>;
  declare companyId: ForeignKey<Company["id"]>;
  declare counterpartyCompanyId: ForeignKey<Company["id"]>;
  declare isSupplier: CreationOptional<boolean>;
  declare isCustomer: CreationOptional<boolean>;
  declare externalAccountId: string | null;
  declare nzbn: string | null;
  /** 9 digits; an 8-digit number is stored with a leading 0. */
  declare gstNumber: string | null;
  declare isPurchaserOffersEnabled: CreationOptional<boolean>;
  declare isScheduledPaymentsEnabled: CreationOptional<boolean>;
  /** null: the owner's entity preference applies. */
  declare defaultProcessingQueue: ProcessingQueue | null;
  declare paymentTermId: ForeignKey<PaymentTerm["id"]> | null;
  declare externalBankAccountNumber: string | null;
  declare glAccountId: ForeignKey<GlAccount["id"]> | null;
  /** "YYYY-MM-DD", the last day of a month. */
  declare periodLockDate: string | null;
  declare contactEmail: string | null;
  declare invitedAt: Date | null;
  declare createdAt: CreationOptional<Date>;
  /** The spec's modificationTime: optimistic-concurrency checks compare it. */
  declare updatedAt: CreationOptional<Date>;

  declare company?: NonAttribute<Company>;
  declare counterpartyCompany?: NonAttribute<Company>;
  declare paymentTerm?: NonAttribute<PaymentTerm | null>;
  declare glAccount?: NonAttribute<GlAccount | null>;
}

Counterparty.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    companyId: { type: DataTypes.INTEGER, allowNull: false },
    counterpartyCompanyId: { type: DataTypes.INTEGER, allowNull: false },
    isSupplier: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    isCustomer: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    externalAccountId: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    nzbn: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    gstNumber: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    isPurchaserOffersEnabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    isScheduledPaymentsEnabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    defaultProcessingQueue: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    paymentTermId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    externalBankAccountNumber: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    glAccountId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    periodLockDate: { type: DataTypes.DATEONLY, allowNull: true, defaultValue: null },
    contactEmail: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    invitedAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "counterparties" },
);
