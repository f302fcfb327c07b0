import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import { sequelize } from "../index";
import type { Company } from "./company";
import type { Invoice, InvoiceType } from "./invoice";
import type { NotificationInvoice } from "./notification-invoice";
import type { User } from "./user";

/** A purchaser telling a supplier about bills in its offer (POST /notify); the landing token is stored as a hash. */
export class Notification extends Model<InferAttributes<Notification>, InferCreationAttributes<Notification>> {
  declare id: CreationOptional<number>;
  /** The sender. */
  declare companyId: ForeignKey<Company["id"]>;
  declare sentByUserId: ForeignKey<User["id"]> | null;
  declare recipientCompanyId: ForeignKey<Company["id"]>;
  declare recipientEmail: string | null;
  declare type: CreationOptional<InvoiceType>;
  declare tokenHash: string;
  declare sentAt: Date | null;
  declare expiresAt: Date | null;
  /** Its e-mail in the outbox (docs/decisions/033). */
  declare outboxMessageId: CreationOptional<number | null>;
  /** When the token was used (single use, docs/decisions/018), and by whom. */
  declare usedAt: CreationOptional<Date | null>;
  declare usedByUserId: CreationOptional<ForeignKey<User["id"]> | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare company?: NonAttribute<Company>;
  declare recipientCompany?: NonAttribute<Company>;
  declare sentBy?: NonAttribute<User | null>;
  declare notificationInvoices?: NonAttribute<NotificationInvoice[]>;
  declare invoices?: NonAttribute<Invoice[]>;
}

Notification.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    companyId: { type: DataTypes.INTEGER, allowNull: false },
    sentByUserId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    recipientCompanyId: { type: DataTypes.INTEGER, allowNull: false },
    recipientEmail: {
      type: DataTypes.TEXT,
      allowNull: true,
      defaultValue: null,
      set(value: string | null) {
        this.setDataValue("recipientEmail", value === null ? null : value.trim().toLowerCase());
      },
    },
    type: { type: DataTypes.TEXT, allowNull: false, defaultValue: "BILL" },
    tokenHash: { type: DataTypes.TEXT, allowNull: false },
    sentAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    expiresAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    outboxMessageId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    usedAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    usedByUserId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "notifications" }
);
