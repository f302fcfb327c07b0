import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import { sequelize } from "../index";
import type { Company } from "./company";
import type { User } from "./user";

/** A 6-digit sign-up invite code (part 1 §5), optionally issued for a company and an e-mail address. */
export class InviteCode extends Model<InferAttributes<InviteCode>, InferCreationAttributes<InviteCode>> {
  declare id: CreationOptional<number>;
  declare code: string;
  declare companyId: ForeignKey<Company["id"]> | null;
  declare email: string | null;
  declare createdByUserId: ForeignKey<User["id"]> | null;
  declare expiresAt: Date;
  declare usedAt: Date | null;
  declare usedByUserId: ForeignKey<User["id"]> | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare company?: NonAttribute<Company>;
  declare usedBy?: NonAttribute<User>;
  declare createdBy?: NonAttribute<User>;
}

InviteCode.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    code: { type: DataTypes.CHAR(6), allowNull: false },
    companyId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    email: {
      type: DataTypes.TEXT,
      allowNull: true,
      defaultValue: null,
      set(value: string | null) {
        this.setDataValue("email", value === null ? null : value.trim().toLowerCase());
      },
    },
    createdByUserId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    expiresAt: { type: DataTypes.DATE, allowNull: false },
    usedAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    usedByUserId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "invite_codes" },
);
