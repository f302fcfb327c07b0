import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import { sequelize } from "../index";
import type { Company } from "./company";
import type { Invoice, InvoiceType } from "./invoice";
import type { InviteInvoice } from "./invite-invoice";
import type { User } from "./user";

/** PENDING: written with its outbox message, not delivered yet; FAILED: no mail server took it (it can be sent again). */
export const INVITE_STATUSES = ["PENDING", "SENT", "ACCEPTED", "EXPIRED", "CANCELLED", "FAILED"] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

/** A company inviting a customer or supplier by e-mail (POST /invite); the landing token is stored as a hash. */
export class Invite extends Model<InferAttributes<Invite>, InferCreationAttributes<Invite>> {
  declare id: CreationOptional<number>;
  declare invitingCompanyId: ForeignKey<Company["id"]>;
  declare invitedByUserId: ForeignKey<User["id"]> | null;
  declare inviteeEmail: string;
  declare inviteeCompanyId: ForeignKey<Company["id"]>;
  declare inviteeUserId: ForeignKey<User["id"]> | null;
  declare note: string | null;
  declare type: InvoiceType;
  declare tokenHash: string;
  declare status: CreationOptional<InviteStatus>;
  declare sentAt: Date | null;
  declare acceptedAt: Date | null;
  declare expiresAt: Date | null;
  /** Its latest e-mail in the outbox (docs/decisions/033). */
  declare outboxMessageId: CreationOptional<number | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare invitingCompany?: NonAttribute<Company>;
  declare inviteeCompany?: NonAttribute<Company>;
  declare invitedBy?: NonAttribute<User | null>;
  declare inviteeUser?: NonAttribute<User | null>;
  declare inviteInvoices?: NonAttribute<InviteInvoice[]>;
  declare invoices?: NonAttribute<Invoice[]>;
}

Invite.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    invitingCompanyId: { type: DataTypes.INTEGER, allowNull: false },
    invitedByUserId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    inviteeEmail: {
      type: DataTypes.TEXT,
      allowNull: false,
      set(value: string) {
        this.setDataValue("inviteeEmail", value.trim().toLowerCase());
      },
    },
    inviteeCompanyId: { type: DataTypes.INTEGER, allowNull: false },
    inviteeUserId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    note: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    type: { type: DataTypes.TEXT, allowNull: false },
    tokenHash: { type: DataTypes.TEXT, allowNull: false },
    status: { type: DataTypes.TEXT, allowNull: false, defaultValue: "PENDING" },
    sentAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    acceptedAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    expiresAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    outboxMessageId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "invites" },
);
