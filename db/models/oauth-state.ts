import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import { sequelize } from "../index";
import type { AccountingProvider } from "./accounting-connection";
import type { Company } from "./company";
import type { User } from "./user";

/** The state of an OAuth authorisation in flight (with its PKCE verifier): used once (usedAt), until expiresAt. */
export class OauthState extends Model<InferAttributes<OauthState>, InferCreationAttributes<OauthState>> {
  declare id: CreationOptional<number>;
  /** At least 16 characters of randomness. */
  declare state: string;
  declare companyId: CreationOptional<number | null>;
  declare userId: CreationOptional<number | null>;
  declare provider: AccountingProvider;
  declare codeVerifier: CreationOptional<string | null>;
  declare redirectAfter: CreationOptional<string | null>;
  declare expiresAt: Date;
  declare usedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;

  declare company?: NonAttribute<Company | null>;
  declare user?: NonAttribute<User | null>;
}

OauthState.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    state: { type: DataTypes.TEXT, allowNull: false },
    companyId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    userId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    provider: { type: DataTypes.TEXT, allowNull: false },
    codeVerifier: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    redirectAfter: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    expiresAt: { type: DataTypes.DATE, allowNull: false },
    usedAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "oauth_states", updatedAt: false },
);
