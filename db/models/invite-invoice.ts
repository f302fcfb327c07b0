import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import { sequelize } from "../index";
import type { Invite } from "./invite";
import type { Invoice } from "./invoice";

/** An invoice an invite is about (shown on the invite's landing page). */
export class InviteInvoice extends Model<InferAttributes<InviteInvoice>, InferCreationAttributes<InviteInvoice>> {
  declare id: CreationOptional<number>;
  declare inviteId: ForeignKey<Invite["id"]>;
  declare invoiceId: ForeignKey<Invoice["id"]>;
  declare createdAt: CreationOptional<Date>;

  declare invite?: NonAttribute<Invite>;
  declare invoice?: NonAttribute<Invoice>;
}

InviteInvoice.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    inviteId: { type: DataTypes.INTEGER, allowNull: false },
    invoiceId: { type: DataTypes.INTEGER, allowNull: false },
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "invite_invoices", updatedAt: false },
);
