import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import { sequelize } from "../index";
import type { BillDocument } from "./bill-document";
import type { User } from "./user";

export const BILL_DOCUMENT_REVIEW_ACTIONS = [
  "CONFIRM",
  "DELETE",
  "AUTHORISE",
  "SEND_FOR_REVIEW",
  "SEND_TO_PENDING_APPROVAL",
  "EDIT",
  "LOCK",
  "UNLOCK",
  "AUTO_PROCESS",
  /** The matching engine's decision (user NULL): the reason and the list it sent the document to. */
  "MATCH",
] as const;
export type BillDocumentReviewAction = (typeof BILL_DOCUMENT_REVIEW_ACTIONS)[number];

/** One step of a bill document's history: append-only (the database refuses UPDATE and DELETE). */
export class BillDocumentReview extends Model<InferAttributes<BillDocumentReview>, InferCreationAttributes<BillDocumentReview>> {
  /** bigserial: the driver returns int8 as a string. */
  declare id: CreationOptional<string>;
  declare documentId: number;
  /** NULL for the processing engine. */
  declare userId: CreationOptional<number | null>;
  declare action: BillDocumentReviewAction;
  declare fromStatus: CreationOptional<string | null>;
  declare toStatus: CreationOptional<string | null>;
  declare details: CreationOptional<Record<string, unknown>>;
  declare createdAt: CreationOptional<Date>;

  declare document?: NonAttribute<BillDocument>;
  declare user?: NonAttribute<User | null>;
}

BillDocumentReview.init(
  {
    id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
    documentId: { type: DataTypes.INTEGER, allowNull: false },
    userId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    action: { type: DataTypes.TEXT, allowNull: false },
    fromStatus: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    toStatus: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    details: { type: DataTypes.JSONB, allowNull: false, defaultValue: {} },
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "bill_document_reviews", updatedAt: false },
);
