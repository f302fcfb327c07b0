import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import { sequelize } from "../index";
import type { Invoice } from "./invoice";
import type { SupplierOffer, SupplierOfferStatus } from "./supplier-offer";

/**
 * An invoice held by a supplier offer. offerStatus is a copy of the offer's status kept by database triggers (it
 * backs the one-open-offer-per-invoice index); whatever is written to it is replaced.
 */
export class SupplierOfferInvoice extends Model<InferAttributes<SupplierOfferInvoice>, InferCreationAttributes<SupplierOfferInvoice>> {
  declare id: CreationOptional<number>;
  declare supplierOfferId: ForeignKey<SupplierOffer["id"]>;
  declare invoiceId: ForeignKey<Invoice["id"]>;
  declare offerStatus: CreationOptional<SupplierOfferStatus>;
  declare createdAt: CreationOptional<Date>;

  declare supplierOffer?: NonAttribute<SupplierOffer>;
  declare invoice?: NonAttribute<Invoice>;
}

SupplierOfferInvoice.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    supplierOfferId: { type: DataTypes.INTEGER, allowNull: false },
    invoiceId: { type: DataTypes.INTEGER, allowNull: false },
    // Set by the database from the offer; left out of writes.
    offerStatus: { type: DataTypes.TEXT, allowNull: true },
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "supplier_offer_invoices", updatedAt: false },
);
