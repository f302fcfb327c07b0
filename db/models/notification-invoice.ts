import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import { sequelize } from "../index";
import type { Invoice } from "./invoice";
import type { Notification } from "./notification";

/** An invoice a notification is about. */
export class NotificationInvoice extends Model<InferAttributes<NotificationInvoice>, InferCreationAttributes<NotificationInvoice>> {
  declare id: CreationOptional<number>;
  declare notificationId: ForeignKey<Notification["id"]>;
  declare invoiceId: ForeignKey<Invoice["id"]>;
  declare createdAt: CreationOptional<Date>;

  declare notification?: NonAttribute<Notification>;
  declare invoice?: NonAttribute<Invoice>;
}

NotificationInvoice.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    notificationId: { type: DataTypes.INTEGER, allowNull: false },
    invoiceId: { type: DataTypes.INTEGER, allowNull: false },
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "notification_invoices", updatedAt: false },
);
