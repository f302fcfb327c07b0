import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import { sequelize } from "../index";
import type { User } from "./user";

export const IDENTITY_DOCUMENT_MIME_TYPES = ["image/jpeg", "image/png"] as const;
export type IdentityDocumentMimeType = (typeof IDENTITY_DOCUMENT_MIME_TYPES)[number];

/** An identity document (JPG or PNG, at most 10,000,000 bytes) uploaded by a person or by an admin for them. */
export class IdentityDocument extends Model<InferAttributes<IdentityDocument>, InferCreationAttributes<IdentityDocument>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  declare fileName: string;
  declare mimeType: IdentityDocumentMimeType;
  /** Must equal content.length (checked by the database). */
  declare sizeBytes: number;
  declare content: Buffer;
  declare uploadedByUserId: CreationOptional<number | null>;
  declare createdAt: CreationOptional<Date>;

  declare user?: NonAttribute<User>;
  declare uploadedBy?: NonAttribute<User | null>;
}

IdentityDocument.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    userId: { type: DataTypes.INTEGER, allowNull: false },
    fileName: { type: DataTypes.TEXT, allowNull: false },
    mimeType: { type: DataTypes.TEXT, allowNull: false },
    sizeBytes: { type: DataTypes.INTEGER, allowNull: false },
    content: { type: DataTypes.BLOB, allowNull: false },
    uploadedByUserId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "identity_documents", updatedAt: false },
);
