import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { sequelize } from "../index";
import type { User } from "./user";

export type UserTokenPurpose = "SIGNUP" | "EMAIL_VERIFICATION" | "ACTIVATION" | "PASSWORD_RESET" | "INVITE" | "NOTIFY" | "OWNER_VERIFICATION";

export class UserToken extends Model<InferAttributes<UserToken>, InferCreationAttributes<UserToken>> {
  declare id: CreationOptional<number>;
  declare userId: ForeignKey<User["id"]>;
  declare purpose: UserTokenPurpose;
  declare tokenHash: string;
  declare expiresAt: Date;
  declare usedAt: CreationOptional<Date | null>;
  declare revokedAt: CreationOptional<Date | null>;
  /** OWNER_VERIFICATION: the address the link was e-mailed to. */
  declare email: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
}

UserToken.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    userId: { type: DataTypes.INTEGER, allowNull: false },
    purpose: { type: DataTypes.TEXT, allowNull: false },
    tokenHash: { type: DataTypes.TEXT, allowNull: false },
    expiresAt: { type: DataTypes.DATE, allowNull: false },
    usedAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    revokedAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    email: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "user_tokens", updatedAt: false },
);
