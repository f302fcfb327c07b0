import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import type { Cents } from "../../app/lib/money";
import { sequelize } from "../index";
import { centsColumn } from "../money-column";
import type { Company } from "./company";
import type { CreditNote } from "./credit-note";
import type { CreditNoteAllocation } from "./credit-note-allocation";
import type { InvoiceItem } from "./invoice-item";
import type { OfferExecutionResult } from "./offer-execution-result";
import type { SupplierOffer } from "./supplier-offer";
import type { SupplierOfferInvoice } from "./supplier-offer-invoice";

export const INVOICE_TYPES = ["INVOICE", "BILL"] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];
export const INVOICE_STATUSES = ["ALL_ELIGIBLE", "PAYMENT_READY", "PAYMENT_RECEIVED", "PAID", "CASHBACK_OFFERED", "EXPIRED"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const BILL_STATUSES = [
  "CASHBACK_AVAILABLE",
  "PAYMENT_OFFERED",
  "CASHBACK_OFFERED",
  "NOT_ELIGIBLE",
  "NOT_ELIGIBLE_EXPIRED",
  "NOT_ELIGIBLE_OFFER_PENDING",
  "NO_CASHBACK",
  "PAID",
] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];
export const LOADED_BY = ["EARLYBIRD", "SYSTEM", "RIPE", "XERO", "MYOB_ESSENTIALS", "MYOB_ACCOUNT_RIGHT"] as const;
export type LoadedBy = (typeof LOADED_BY)[number];
export const CURRENCIES = ["NZD", "AUD"] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * An invoice or a bill (part 2 §3). issuedBy is the supplier, issuedFor the purchaser; an INVOICE is owned by
 * issuedBy, a BILL by issuedFor. invoiceNumber is the billNumber of a bill, orderNumber its billOrderNumber.
 *
 * creditNoteValue (sum of credit allocations) and discountedTotal (total − creditNoteValue) are maintained by the
 * database: never write them. Soft-deleted rows have deletedAt set.
 */
export class Invoice extends Model<InferAttributes<Invoice>, InferCreationAttributes<Invoice>> {
  declare id: CreationOptional<number>;
  declare type: InvoiceType;
  declare issuedBy: ForeignKey<Company["id"]>;
  declare issuedFor: ForeignKey<Company["id"]>;
  declare issuedByCompanyName: string;
  declare issuedForCompanyName: string;
  declare invoiceNumber: string;
  declare orderNumber: CreationOptional<string | null>;
  declare issueDate: CreationOptional<string | null>;
  declare dueDate: string;
  declare currency: CreationOptional<Currency>;
  declare subTotal: CreationOptional<Cents | null>;
  declare gst: CreationOptional<Cents | null>;
  declare total: Cents;
  declare totalPaid: CreationOptional<Cents>;
  declare creditNoteValue: CreationOptional<Cents>;
  declare discountedTotal: CreationOptional<Cents>;
  declare invoiceStatus: CreationOptional<InvoiceStatus | null>;
  declare billStatus: CreationOptional<BillStatus | null>;
  declare cashReward: CreationOptional<Cents | null>;
  declare serviceFee: CreationOptional<Cents | null>;
  declare paidDate: CreationOptional<string | null>;
  declare includeInPurchaserOffer: CreationOptional<boolean>;
  /** The issuer's (supplier's) contact at the recipient: shown and edited on /invoices only (decision 033). */
  declare issuerContactEmail: CreationOptional<string | null>;
  /** The recipient's (purchaser's) contact at the issuer: shown and edited on /bills only (decision 033). */
  declare recipientContactEmail: CreationOptional<string | null>;
  declare sentToSupplier: CreationOptional<boolean>;
  declare usedForInvite: CreationOptional<boolean>;
  declare createBillInXero: CreationOptional<boolean>;
  declare billGlCode: CreationOptional<string | null>;
  declare loadedBy: CreationOptional<LoadedBy>;
  declare externalId: CreationOptional<string | null>;
  declare ripeBillDocumentId: CreationOptional<number | null>;
  declare deletedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  /** The spec's modificationTime: optimistic-concurrency checks compare it. */
  declare updatedAt: CreationOptional<Date>;

  declare issuer?: NonAttribute<Company>;
  declare recipient?: NonAttribute<Company>;
  declare items?: NonAttribute<InvoiceItem[]>;
  declare creditNoteAllocations?: NonAttribute<CreditNoteAllocation[]>;
  declare creditNotes?: NonAttribute<CreditNote[]>;
  declare supplierOfferInvoices?: NonAttribute<SupplierOfferInvoice[]>;
  declare supplierOffers?: NonAttribute<SupplierOffer[]>;
  declare executionResults?: NonAttribute<OfferExecutionResult[]>;
}

Invoice.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    type: { type: DataTypes.TEXT, allowNull: false },
    issuedBy: { type: DataTypes.INTEGER, allowNull: false },
    issuedFor: { type: DataTypes.INTEGER, allowNull: false },
    issuedByCompanyName: { type: DataTypes.TEXT, allowNull: false },
    issuedForCompanyName: { type: DataTypes.TEXT, allowNull: false },
    invoiceNumber: { type: DataTypes.TEXT, allowNull: false },
    orderNumber: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    issueDate: { type: DataTypes.DATEONLY, allowNull: true, defaultValue: null },
    dueDate: { type: DataTypes.DATEONLY, allowNull: false },
    currency: { type: DataTypes.CHAR(3), allowNull: false, defaultValue: "NZD" },
    subTotal: centsColumn("subTotal", { allowNull: true }),
    gst: centsColumn("gst", { allowNull: true }),
    total: centsColumn("total"),
    totalPaid: centsColumn("totalPaid", { defaultValue: 0 }),
    // Maintained by the database (credit-notes migration); left out of writes.
    creditNoteValue: centsColumn("creditNoteValue", { allowNull: true }),
    // GENERATED ALWAYS AS (total - credit_note_value): left out of writes.
    discountedTotal: centsColumn("discountedTotal", { allowNull: true }),
    invoiceStatus: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    billStatus: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    cashReward: centsColumn("cashReward", { allowNull: true }),
    serviceFee: centsColumn("serviceFee", { allowNull: true }),
    paidDate: { type: DataTypes.DATEONLY, allowNull: true, defaultValue: null },
    includeInPurchaserOffer: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    issuerContactEmail: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    recipientContactEmail: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    sentToSupplier: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    usedForInvite: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    createBillInXero: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    billGlCode: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    loadedBy: { type: DataTypes.TEXT, allowNull: false, defaultValue: "EARLYBIRD" },
    externalId: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    ripeBillDocumentId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    deletedAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "invoices" },
);
