import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import { sequelize } from "../index";
import type { Company } from "./company";
import type { User } from "./user";

export const MAILBOX_CHANNELS = ["EMAIL", "SMS"] as const;
export type MailboxChannel = (typeof MAILBOX_CHANNELS)[number];

export interface MailboxAttachment {
  fileName: string | null;
  contentType: string;
  sizeBytes: number;
}

/**
 * The built-in mailbox (decisions D7): each e-mail the local SMTP server received and each SMS the local provider
 * stored, one row per recipient. SMS rows have no subject, HTML, raw message or attachments.
 */
export class MailboxMessage extends Model<InferAttributes<MailboxMessage>, InferCreationAttributes<MailboxMessage>> {
  declare id: CreationOptional<number>;
  declare channel: MailboxChannel;
  declare messageId: CreationOptional<string | null>;
  declare fromAddress: CreationOptional<string | null>;
  /** An e-mail address, or an E.164 phone number for SMS. */
  declare toAddress: string;
  declare subject: CreationOptional<string | null>;
  declare textBody: CreationOptional<string | null>;
  declare htmlBody: CreationOptional<string | null>;
  /** The e-mail as received (RFC 5322). */
  declare raw: CreationOptional<Buffer | null>;
  declare attachments: CreationOptional<MailboxAttachment[]>;
  declare relatedUserId: CreationOptional<number | null>;
  declare relatedCompanyId: CreationOptional<number | null>;
  /** Set once an inbound e-mail has been turned into bill documents. */
  declare processedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;

  declare relatedUser?: NonAttribute<User | null>;
  declare relatedCompany?: NonAttribute<Company | null>;
}

MailboxMessage.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    channel: { type: DataTypes.TEXT, allowNull: false },
    messageId: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    fromAddress: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    toAddress: { type: DataTypes.TEXT, allowNull: false },
    subject: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    textBody: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    htmlBody: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    raw: { type: DataTypes.BLOB, allowNull: true, defaultValue: null },
    attachments: { type: DataTypes.JSONB, allowNull: false, defaultValue: [] },
    relatedUserId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    relatedCompanyId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    processedAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "mailbox_messages", updatedAt: false },
);
