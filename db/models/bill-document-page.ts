import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import { sequelize } from "../index";
import type { BillDocument } from "./bill-document";

/** A page image of a bill document (PNG or JPEG), shown beside the review form in pageIndex order. */
export class BillDocumentPage extends Model<InferAttributes<BillDocumentPage>, InferCreationAttributes<BillDocumentPage>> {
  declare id: CreationOptional<number>;
  declare documentId: number;
  /** From 0; unique within the document. */
  declare pageIndex: number;
  declare mimeType: "image/png" | "image/jpeg";
  declare content: Buffer;
  /** The page's text (text layer or OCR). */
  declare text: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;

  declare document?: NonAttribute<BillDocument>;
}

BillDocumentPage.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    documentId: { type: DataTypes.INTEGER, allowNull: false },
    pageIndex: { type: DataTypes.INTEGER, allowNull: false },
    mimeType: { type: DataTypes.TEXT, allowNull: false },
    content: { type: DataTypes.BLOB, allowNull: false },
    text: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "bill_document_pages", updatedAt: false },
);
