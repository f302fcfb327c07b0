import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { sequelize } from "../index";

export class RuntimeConfigEntry extends Model<InferAttributes<RuntimeConfigEntry>, InferCreationAttributes<RuntimeConfigEntry>> {
  declare name: string;
  declare value: string;
  declare updatedBy: CreationOptional<number | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

RuntimeConfigEntry.init(
  {
    name: { type: DataTypes.TEXT, primaryKey: true },
    value: { type: DataTypes.TEXT, allowNull: false },
    updatedBy: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "runtime_config" },
);
