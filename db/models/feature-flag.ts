import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { sequelize } from "../index";

export class FeatureFlag extends Model<InferAttributes<FeatureFlag>, InferCreationAttributes<FeatureFlag>> {
  declare name: string;
  declare enabled: boolean;
  declare updatedBy: CreationOptional<number | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

FeatureFlag.init(
  {
    name: { type: DataTypes.TEXT, primaryKey: true },
    enabled: { type: DataTypes.BOOLEAN, allowNull: false },
    updatedBy: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "feature_flags" },
);
