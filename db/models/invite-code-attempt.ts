import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { sequelize } from "../index";

/** One invite code checked on /signup, right or wrong, by client address (the guessing limit, docs/decisions/022). */
export class InviteCodeAttempt extends Model<InferAttributes<InviteCodeAttempt>, InferCreationAttributes<InviteCodeAttempt>> {
  declare id: CreationOptional<number>;
  declare ip: string;
  declare succeeded: boolean;
  declare createdAt: CreationOptional<Date>;
}

InviteCodeAttempt.init(
  {
    id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
    ip: { type: DataTypes.TEXT, allowNull: false },
    succeeded: { type: DataTypes.BOOLEAN, allowNull: false },
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "invite_code_attempts", updatedAt: false }
);
