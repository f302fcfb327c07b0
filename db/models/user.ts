import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type NonAttribute } from "sequelize";
import { sequelize } from "../index";
import type { Address, Company } from "./company";

import { ROLES, type Role } from "../../app/lib/actor";

export { ROLES, type Role };
export const PERSON_VERIFICATION_STATUSES = ["NOT_VERIFIED", "VERIFICATION_PENDING", "VERIFIED", "VERIFICATION_FAILED"] as const;
export type PersonVerificationStatus = (typeof PERSON_VERIFICATION_STATUSES)[number];
export const ONBOARDING_STATES = [
  "SIGNED_UP",
  "EMAIL_VERIFIED",
  "PASSWORD_UPDATED",
  "PHONE_NUMBER_VERIFIED",
  "OWNER_VERIFIED",
  "BUSINESS_DETAILS_CONFIRMED",
  "ONBOARDED",
] as const;
export type OnboardingState = (typeof ONBOARDING_STATES)[number];

export class User extends Model<InferAttributes<User>, InferCreationAttributes<User>> {
  declare id: CreationOptional<number>;
  declare companyId: CreationOptional<number | null>;
  declare username: string;
  declare passwordHash: CreationOptional<string | null>;
  declare roles: CreationOptional<Role[]>;
  declare firstName: CreationOptional<string | null>;
  declare middleName: CreationOptional<string | null>;
  declare lastName: CreationOptional<string | null>;
  declare dateOfBirth: CreationOptional<string | null>;
  declare driversLicenceNumber: CreationOptional<string | null>;
  declare driversLicenceVersion: CreationOptional<string | null>;
  declare passportNumber: CreationOptional<string | null>;
  declare verifyWith: CreationOptional<"LICENCE" | "PASSPORT">;
  declare note: CreationOptional<string | null>;
  declare verificationStatus: CreationOptional<PersonVerificationStatus>;
  declare address: CreationOptional<Address | null>;
  declare phoneNumber: CreationOptional<string | null>;
  declare phoneNumberVerified: CreationOptional<boolean>;
  declare ownershipPercent: CreationOptional<string | null>;
  declare onboardingState: CreationOptional<OnboardingState>;
  declare invitationStatus: CreationOptional<"INVITED" | "ACCEPTED" | null>;
  declare mfaEnabled: CreationOptional<boolean>;
  declare mfaSecret: CreationOptional<string | null>;
  /** The time step of the last authenticator code accepted: a code works once (docs/decisions/032). */
  declare mfaLastStep: CreationOptional<number | null>;
  /** A TOTP secret offered in settings, not yet confirmed with a code (docs/decisions/024). */
  declare pendingMfaSecret: CreationOptional<string | null>;
  declare pendingMfaExpiresAt: CreationOptional<Date | null>;
  declare smsCodeHash: CreationOptional<string | null>;
  declare smsCodeExpiresAt: CreationOptional<Date | null>;
  declare smsFailedAttempts: CreationOptional<number>;
  declare lastModifiedBy: CreationOptional<number | null>;
  declare lastLoginAt: CreationOptional<Date | null>;
  declare disabledAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare company?: NonAttribute<Company>;

  /** Admin is decided by the first role being ROLE_ADMIN (spec p1 §2). */
  get isAdmin(): NonAttribute<boolean> {
    return this.roles?.[0] === "ROLE_ADMIN";
  }

  get fullName(): NonAttribute<string> {
    return [this.firstName, this.middleName, this.lastName].filter(Boolean).join(" ");
  }
}

User.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    companyId: { type: DataTypes.INTEGER, allowNull: true },
    username: { type: DataTypes.TEXT, allowNull: false, set(value: string) { this.setDataValue("username", value.trim().toLowerCase()); } },
    passwordHash: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    roles: { type: DataTypes.ARRAY(DataTypes.TEXT), allowNull: false, defaultValue: ["ROLE_USER"] },
    firstName: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    middleName: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    lastName: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    dateOfBirth: { type: DataTypes.DATEONLY, allowNull: true, defaultValue: null },
    driversLicenceNumber: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    driversLicenceVersion: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    passportNumber: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    verifyWith: { type: DataTypes.TEXT, allowNull: false, defaultValue: "LICENCE" },
    note: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    verificationStatus: { type: DataTypes.TEXT, allowNull: false, defaultValue: "NOT_VERIFIED" },
    address: { type: DataTypes.JSONB, allowNull: true, defaultValue: null },
    phoneNumber: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    phoneNumberVerified: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    ownershipPercent: { type: DataTypes.DECIMAL(5, 2), allowNull: true, defaultValue: null },
    onboardingState: { type: DataTypes.TEXT, allowNull: false, defaultValue: "SIGNED_UP" },
    invitationStatus: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    mfaEnabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    mfaSecret: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    mfaLastStep: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    pendingMfaSecret: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    pendingMfaExpiresAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    smsCodeHash: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    smsCodeExpiresAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    smsFailedAttempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    lastModifiedBy: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    lastLoginAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    disabledAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "users" },
);
