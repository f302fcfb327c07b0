import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { sequelize } from "../index";

/** One forgot-password request, registered e-mail or not: counted to limit requests per e-mail and per IP. */
export class PasswordResetRequest extends Model<InferAttributes<PasswordResetRequest>, InferCreationAttributes<PasswordResetRequest>> {
  declare id: CreationOptional<number>;
  declare email: string;
  declare ip: string;
  declare createdAt: CreationOptional<Date>;
}

PasswordResetRequest.init(
  {
    id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
    email: { type: DataTypes.TEXT, allowNull: false },
    ip: { type: DataTypes.TEXT, allowNull: false },
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "password_reset_requests", updatedAt: false }
);
