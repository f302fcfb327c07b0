import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { sequelize } from "../index";

export const FILE_PROCESSING_STATUSES = ["RUNNING", "SUSPENDED"] as const;
export type FileProcessingStatusValue = (typeof FILE_PROCESSING_STATUSES)[number];

/**
 * The bank file processing switch (spec p3 §4.7, decisions D5): a single row (id is always 1), created RUNNING
 * by its migration. Update it; never insert or delete.
 */
export class FileProcessingStatus extends Model<InferAttributes<FileProcessingStatus>, InferCreationAttributes<FileProcessingStatus>> {
  declare id: CreationOptional<1>;
  declare status: FileProcessingStatusValue;
  declare updatedByUserId: CreationOptional<number | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

FileProcessingStatus.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, defaultValue: 1 },
    status: { type: DataTypes.TEXT, allowNull: false },
    updatedByUserId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "file_processing_status" },
);
