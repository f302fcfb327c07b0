import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import { sequelize } from "../index";
import type { IdentityDocument } from "./identity-document";
import type { PersonVerificationStatus, User } from "./user";

/** What a verification step checked (spec p1 §2 "Verification Successful", p3 §4.8). */
export interface VerificationDetails {
  firstName?: string | null;
  middleName?: string | null;
  lastName?: string | null;
  dateOfBirth?: string | null;
  driversLicenceNumber?: string | null;
  driversLicenceVersion?: string | null;
  passportNumber?: string | null;
  note?: string | null;
  [key: string]: unknown;
}

/** One change of a person's verification status (table verification_history): append-only. */
export class VerificationHistoryEntry extends Model<InferAttributes<VerificationHistoryEntry>, InferCreationAttributes<VerificationHistoryEntry>> {
  /** bigserial: the driver returns int8 as a string. */
  declare id: CreationOptional<string>;
  declare userId: number;
  declare status: PersonVerificationStatus;
  /** NULL for the verification service; a company user, or an admin ("Manually verified"). */
  declare modifiedByUserId: CreationOptional<number | null>;
  declare details: CreationOptional<VerificationDetails>;
  declare identityDocumentId: CreationOptional<number | null>;
  declare createdAt: CreationOptional<Date>;

  declare user?: NonAttribute<User>;
  declare modifiedBy?: NonAttribute<User | null>;
  declare identityDocument?: NonAttribute<IdentityDocument | null>;
}

VerificationHistoryEntry.init(
  {
    id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
    userId: { type: DataTypes.INTEGER, allowNull: false },
    status: { type: DataTypes.TEXT, allowNull: false },
    modifiedByUserId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    details: { type: DataTypes.JSONB, allowNull: false, defaultValue: {} },
    identityDocumentId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "verification_history", updatedAt: false },
);
