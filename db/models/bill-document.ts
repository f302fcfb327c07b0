import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import type { Cents } from "../../app/lib/money";
import { sequelize } from "../index";
import { centsColumn } from "../money-column";
import type { BillDocumentLineItem } from "./bill-document-line-item";
import type { BillDocumentPage } from "./bill-document-page";
import type { BillDocumentReview } from "./bill-document-review";
import type { Company } from "./company";
import type { MailboxMessage } from "./mailbox-message";
import type { User } from "./user";

export * from "./bill-document-values";
import type { BillDocumentMatchStatus, BillDocumentMimeType, BillDocumentProcessingQueue, BillDocumentProcessingStatus, BillDocumentSource, BillDocumentTextSource } from "./bill-document-values";

/**
 * A bill document under processing and review (decisions D6, spec part 3 §3). counterpartyId, purchaseOrderId and
 * invoiceId point at the trade area's tables. The lock is lockedByUserId + lockedAt (lockStatus LOCKED when set).
 */
export class BillDocument extends Model<InferAttributes<BillDocument>, InferCreationAttributes<BillDocument>> {
  declare id: CreationOptional<number>;
  declare companyId: number;
  declare source: BillDocumentSource;
  declare uploadedByUserId: CreationOptional<number | null>;
  declare mailboxMessageId: CreationOptional<number | null>;
  declare sourceEmailFrom: CreationOptional<string | null>;
  declare sourceEmailSubject: CreationOptional<string | null>;
  declare originalFileName: string;
  declare mimeType: BillDocumentMimeType;
  /** Must equal content.length (checked by the database). */
  declare sizeBytes: number;
  declare content: Buffer;
  /** Lower-case hex SHA-256 of content. */
  declare contentSha256: string;
  declare processingStatus: CreationOptional<BillDocumentProcessingStatus>;
  declare matchStatus: CreationOptional<BillDocumentMatchStatus | null>;
  declare processingQueue: CreationOptional<BillDocumentProcessingQueue>;
  declare lockedByUserId: CreationOptional<number | null>;
  declare lockedAt: CreationOptional<Date | null>;
  declare supplierName: CreationOptional<string | null>;
  declare counterpartyId: CreationOptional<number | null>;
  declare invoiceNumber: CreationOptional<string | null>;
  declare orderNumber: CreationOptional<string | null>;
  declare purchaseOrderId: CreationOptional<number | null>;
  declare invoiceAmount: CreationOptional<Cents | null>;
  declare posAmount: CreationOptional<Cents | null>;
  declare authorisedAmount: CreationOptional<Cents | null>;
  /** YYYY-MM-DD. */
  declare dateIssue: CreationOptional<string | null>;
  /** YYYY-MM-DD. */
  declare dueDate: CreationOptional<string | null>;
  declare storeCode: CreationOptional<string | null>;
  /** At most 512 characters. */
  declare userNotes: CreationOptional<string | null>;
  declare textSource: CreationOptional<BillDocumentTextSource | null>;
  declare extractedText: CreationOptional<string | null>;
  /** OCR's mean word confidence, 0-100, as a decimal string ("87.50"). */
  declare ocrConfidencePercent: CreationOptional<string | null>;
  declare processingError: CreationOptional<string | null>;
  declare processingAttempts: CreationOptional<number>;
  declare processedAt: CreationOptional<Date | null>;
  declare edited: CreationOptional<boolean>;
  /** A confirmed (PROCESSING) bill whose fields the reviewer opened for editing (p3 §4.1 Enable Editing). */
  declare editing: CreationOptional<boolean>;
  /** When a reviewer confirmed the document into PROCESSING; null otherwise (decision 047). */
  declare confirmedAt: CreationOptional<Date | null>;
  declare autoProcessed: CreationOptional<boolean>;
  declare authorisedByUserId: CreationOptional<number | null>;
  declare authorisedAt: CreationOptional<Date | null>;
  /** The bill this document became. */
  declare invoiceId: CreationOptional<number | null>;
  declare archivedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
  declare deletedAt: CreationOptional<Date | null>;

  declare company?: NonAttribute<Company>;
  declare lockedBy?: NonAttribute<User | null>;
  declare pages?: NonAttribute<BillDocumentPage[]>;
  declare lineItems?: NonAttribute<BillDocumentLineItem[]>;
  declare reviews?: NonAttribute<BillDocumentReview[]>;
  declare mailboxMessage?: NonAttribute<MailboxMessage | null>;

  get lockStatus(): NonAttribute<"LOCKED" | "UNLOCKED"> {
    return this.lockedByUserId ? "LOCKED" : "UNLOCKED";
  }
}

BillDocument.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    companyId: { type: DataTypes.INTEGER, allowNull: false },
    source: { type: DataTypes.TEXT, allowNull: false },
    uploadedByUserId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    mailboxMessageId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    sourceEmailFrom: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    sourceEmailSubject: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    originalFileName: { type: DataTypes.TEXT, allowNull: false },
    mimeType: { type: DataTypes.TEXT, allowNull: false },
    sizeBytes: { type: DataTypes.INTEGER, allowNull: false },
    content: { type: DataTypes.BLOB, allowNull: false },
    contentSha256: { type: DataTypes.TEXT, allowNull: false },
    processingStatus: { type: DataTypes.TEXT, allowNull: false, defaultValue: "QUEUED" },
    matchStatus: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    processingQueue: { type: DataTypes.TEXT, allowNull: false, defaultValue: "MANUAL" },
    lockedByUserId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    lockedAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    supplierName: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    counterpartyId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    invoiceNumber: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    orderNumber: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    purchaseOrderId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    invoiceAmount: { ...centsColumn<BillDocument>("invoiceAmount", { allowNull: true }), defaultValue: null },
    posAmount: { ...centsColumn<BillDocument>("posAmount", { allowNull: true }), defaultValue: null },
    authorisedAmount: { ...centsColumn<BillDocument>("authorisedAmount", { allowNull: true }), defaultValue: null },
    dateIssue: { type: DataTypes.DATEONLY, allowNull: true, defaultValue: null },
    dueDate: { type: DataTypes.DATEONLY, allowNull: true, defaultValue: null },
    storeCode: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    userNotes: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    textSource: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    extractedText: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    ocrConfidencePercent: { type: DataTypes.DECIMAL(5, 2), allowNull: true, defaultValue: null },
    processingError: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    processingAttempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    processedAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    edited: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    editing: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    confirmedAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    autoProcessed: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    authorisedByUserId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    authorisedAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    invoiceId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    archivedAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
    deletedAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
  },
  // Not paranoid: DELETED documents stay visible to the review history; deletedAt is set with that status.
  { sequelize, tableName: "bill_documents" },
);
