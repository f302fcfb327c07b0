import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { sequelize } from "../index";

export class AuditLogEntry extends Model<InferAttributes<AuditLogEntry>, InferCreationAttributes<AuditLogEntry>> {
  declare id: CreationOptional<number>;
  declare actorUserId: CreationOptional<number | null>;
  declare companyId: CreationOptional<number | null>;
  declare action: string;
  declare entityType: CreationOptional<string | null>;
  declare entityId: CreationOptional<string | null>;
  declare details: CreationOptional<Record<string, unknown>>;
  declare ip: CreationOptional<string | null>;
  declare requestId: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
}

AuditLogEntry.init(
  {
    id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
    actorUserId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    companyId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    action: { type: DataTypes.TEXT, allowNull: false },
    entityType: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    entityId: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    details: { type: DataTypes.JSONB, allowNull: false, defaultValue: {} },
    ip: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    requestId: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "audit_log", updatedAt: false },
);
