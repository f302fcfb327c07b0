import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { sequelize } from "../index";

export const JOB_STATUSES = ["QUEUED", "RUNNING", "SUCCEEDED", "FAILED", "CANCELLED"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export class Job extends Model<InferAttributes<Job>, InferCreationAttributes<Job>> {
  declare id: CreationOptional<string>;
  declare type: string;
  declare status: CreationOptional<JobStatus>;
  declare progress: CreationOptional<number>;
  declare payload: CreationOptional<Record<string, unknown>>;
  declare result: unknown;
  declare error: CreationOptional<string | null>;
  declare ownerUserId: CreationOptional<number | null>;
  declare companyId: CreationOptional<number | null>;
  declare idempotencyKey: CreationOptional<string | null>;
  declare attempts: CreationOptional<number>;
  /** The worker holding a RUNNING job, and until when (its heartbeat renews it; the reaper takes expired ones back). */
  declare leaseOwner: CreationOptional<string | null>;
  declare leaseExpiresAt: CreationOptional<Date | null>;
  /** A retried job waits in QUEUED until then (backoff). */
  declare runAfter: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare startedAt: CreationOptional<Date | null>;
  declare finishedAt: CreationOptional<Date | null>;
  declare updatedAt: CreationOptional<Date>;
}

Job.init(
  {
    id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
    type: { type: DataTypes.TEXT, allowNull: false },
    status: { type: DataTypes.TEXT, allowNull: false, defaultValue: "QUEUED" },
    progress: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    payload: { type: DataTypes.JSONB, allowNull: false, defaultValue: {} },
    result: { type: DataTypes.JSONB, allowNull: true, defaultValue: null },
    error: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    ownerUserId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    companyId: { type: DataTypes.INTEGER, allowNull: true, defaultValue: null },
    idempotencyKey: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    leaseOwner: { type: DataTypes.TEXT, allowNull: true, defaultValue: null },
    leaseExpiresAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    runAfter: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    createdAt: DataTypes.DATE,
    startedAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    finishedAt: { type: DataTypes.DATE, allowNull: true, defaultValue: null },
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "jobs" },
);
