import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import { sequelize } from "../index";
import type { User } from "./user";

export type SessionRevokedReason = "LOGOUT" | "EXPIRED" | "ADMIN" | "PASSWORD_CHANGED";

export class Session extends Model<InferAttributes<Session>, InferCreationAttributes<Session>> {
  declare id: CreationOptional<string>;
  declare tokenHash: string;
  declare userId: ForeignKey<User["id"]>;
  declare ip: CreationOptional<string | null>;
  declare userAgent: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare lastSeenAt: CreationOptional<Date>;
  declare idleExpiresAt: Date;
  declare expiresAt: Date;
  declare revokedAt: CreationOptional<Date | null>;
  declare revokedReason: CreationOptional<SessionRevokedReason | null>;
  /** When this session's first /invoices visit considered the payments-available dialog (decision 063). */
  declare paymentsAvailableSeenAt: CreationOptional<Date | null>;

  declare user?: NonAttribute<User>;
}

Session.init(
  {
    id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
    tokenHash: { type: DataTypes.TEXT, allowNull: false },
    userId: { type: DataTypes.INTEGER, allowNull: false },
    ip: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    userAgent: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
    lastSeenAt: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
    idleExpiresAt: { type: DataTypes.DATE, allowNull: false },
    expiresAt: { type: DataTypes.DATE, allowNull: false },
    revokedAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    revokedReason: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    paymentsAvailableSeenAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
  },
  { sequelize, tableName: "sessions", updatedAt: false },
);
