/**
 * The audit log (GUIDE rule 19): every entry goes through audit(), so the columns are filled one way. The operator
 * (CLI, jobs) and anonymous requests are recorded with a null actor_user_id.
 */
import type { Transaction } from "sequelize";
import { AuditLogEntry } from "../../../db/models/index";
import { actingUserId, type Actor } from "../../lib/actor";

export interface AuditEntry {
  action: string;
  companyId?: number | null;
  entityType?: string | null;
  /** Stored as text; a number is written in decimal. */
  entityId?: number | string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
  requestId?: string | null;
}

/** Who did it: an actor, a user id (a user acting before they have a session), or null (anonymous). */
export type AuditBy = Pick<Actor, "userId"> | number | null;

function rowOf(by: AuditBy, entry: AuditEntry) {
  return {
    actorUserId: typeof by === "number" ? actingUserId({ userId: by }) : actingUserId(by),
    companyId: entry.companyId ?? null,
    action: entry.action,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    ...(entry.details !== undefined ? { details: entry.details } : {}),
    ...(entry.ip !== undefined ? { ip: entry.ip } : {}),
    ...(entry.requestId !== undefined ? { requestId: entry.requestId } : {}),
  };
}

export async function audit(by: AuditBy, entry: AuditEntry, options: { transaction?: Transaction } = {}): Promise<void> {
  await AuditLogEntry.create(rowOf(by, entry), { transaction: options.transaction });
}

/** Several entries by one actor in one insert (a bulk delete). */
export async function auditAll(by: AuditBy, entries: AuditEntry[], options: { transaction?: Transaction } = {}): Promise<void> {
  if (entries.length === 0) return;
  await AuditLogEntry.bulkCreate(
    entries.map((entry) => rowOf(by, entry)),
    { transaction: options.transaction }
  );
}
