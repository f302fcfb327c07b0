import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { sequelize } from "../index";

export const OUTBOX_STATUSES = ["PENDING", "SENT", "FAILED"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * An e-mail that follows a change, written in the change's transaction and delivered after the commit (docs/decisions/033).
 * The bodies are kept until delivery ends (SENT or FAILED), then cleared: a body can hold a landing link's token.
 */
export class OutboxMessage extends Model<InferAttributes<OutboxMessage>, InferCreationAttributes<OutboxMessage>> {
  declare id: CreationOptional<number>;
  declare toAddress: string;
  declare subject: string;
  declare textBody: string | null;
  declare htmlBody: CreationOptional<string | null>;
  declare relatedUserId: CreationOptional<number | null>;
  declare status: CreationOptional<OutboxStatus>;
  declare attempts: CreationOptional<number>;
  /** The mail server's answer when it took nothing. */
  declare lastError: CreationOptional<string | null>;
  declare sentAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

OutboxMessage.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    toAddress: { type: DataTypes.TEXT, allowNull: false },
    subject: { type: DataTypes.TEXT, allowNull: false },
    textBody: { type: DataTypes.TEXT, allowNull: true },
    htmlBody: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    relatedUserId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    status: { type: DataTypes.TEXT, allowNull: false, defaultValue: "PENDING" },
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    lastError: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    sentAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "outbox_messages" },
);
