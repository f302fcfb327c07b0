/**
 * Retention (issue 14 part 6): what nothing else cleans is deleted once it is older than its period (env
 * RETENTION_*_DAYS, lib/env.server.ts): mailbox messages, import result files and leftover uploads, idempotency keys,
 * and sessions that ended (expired or revoked) long ago. Run by the scheduled job remove-old-data; every step is a
 * plain "delete what is older than", so an overlapping run (two workers) does no harm.
 */
import fsp from "node:fs/promises";
import path from "node:path";
import { QueryTypes } from "sequelize";
import { sequelize } from "../../../db/index";
import { env } from "../../lib/env.server";

const DAY_MS = 86_400_000;

export interface RetentionPeriods {
  mailboxDays: number;
  importFilesDays: number;
  idempotencyKeysDays: number;
  sessionsDays: number;
}

export interface RetentionResult {
  mailboxMessages: number;
  importFiles: number;
  idempotencyKeys: number;
  sessions: number;
}

export function retentionPeriods(): RetentionPeriods {
  const config = env();
  return {
    mailboxDays: config.RETENTION_MAILBOX_DAYS,
    importFilesDays: config.RETENTION_IMPORT_FILES_DAYS,
    idempotencyKeysDays: config.RETENTION_IDEMPOTENCY_KEYS_DAYS,
    sessionsDays: config.RETENTION_SESSIONS_DAYS,
  };
}

const before = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

async function deleteOlder(sql: string, cutoff: string): Promise<number> {
  const rows = await sequelize.query<{ n: number }>(`WITH gone AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM gone`, {
    bind: { cutoff },
    type: QueryTypes.SELECT,
  });
  return rows[0]?.n ?? 0;
}

/**
 * Removes entries under <EARLYBIRD_DATA_DIR>/imports (one folder per import job: failed and duplicate rows) and
 * <EARLYBIRD_DATA_DIR>/uploads (files uploaded but never imported) last changed before the cutoff.
 */
async function removeOldImportFiles(cutoffMs: number): Promise<number> {
  // Read as the import reads it (invoices/import.server.ts), so both agree on the folder.
  const dataDir = path.resolve(process.env.EARLYBIRD_DATA_DIR ?? ".data");
  let removed = 0;
  const sweep = async (dir: string, depth: number) => {
    const entries = await fsp.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      // uploads/<companyId>/ holds the files; imports/<jobId>/ is removed as a whole.
      if (depth > 0 && entry.isDirectory()) {
        await sweep(full, depth - 1);
        continue;
      }
      const stat = await fsp.stat(full).catch(() => null);
      if (!stat || stat.mtimeMs >= cutoffMs) continue;
      await fsp.rm(full, { recursive: true, force: true });
      removed++;
    }
  };
  await sweep(path.join(dataDir, "imports"), 0);
  await sweep(path.join(dataDir, "uploads"), 1);
  return removed;
}

export async function removeOldData(now: Date = new Date(), periods: RetentionPeriods = retentionPeriods()): Promise<RetentionResult> {
  const mailboxMessages = await deleteOlder(`DELETE FROM mailbox_messages WHERE created_at < $cutoff`, before(now, periods.mailboxDays));
  const idempotencyKeys = await deleteOlder(`DELETE FROM idempotency_keys WHERE created_at < $cutoff`, before(now, Math.max(1, periods.idempotencyKeysDays)));
  // A session is kept while it could still be used, and for the period after it ended (expired or revoked).
  const sessions = await deleteOlder(
    `DELETE FROM sessions WHERE COALESCE(revoked_at, LEAST(expires_at, idle_expires_at)) < $cutoff`,
    before(now, periods.sessionsDays),
  );
  const importFiles = await removeOldImportFiles(now.getTime() - periods.importFilesDays * DAY_MS);
  return { mailboxMessages, importFiles, idempotencyKeys, sessions };
}
