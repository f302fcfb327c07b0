/**
 * The retention job remove-old-data (issue 14 part 6), run to completion as the scheduler runs it: what is older than
 * its period goes, what is younger stays.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { QueryTypes } from "sequelize";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { retentionPeriods } from "../../app/modules/retention/service.server";
import { runScheduledJobNow } from "../../jobs/scheduled";
import { makeUser } from "../support/factories";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eb-retention-test-"));
beforeAll(() => {
  process.env.EARLYBIRD_DATA_DIR = dir;
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await sequelize.close();
});

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

async function insert(sql: string, bind: Record<string, unknown>): Promise<string> {
  const [row] = await sequelize.query<{ id: string }>(`${sql} RETURNING id::text`, { bind, type: QueryTypes.SELECT });
  return row.id;
}
const exists = async (table: string, id: string) =>
  (await sequelize.query(`SELECT 1 FROM ${table} WHERE id::text = $id`, { bind: { id }, type: QueryTypes.SELECT })).length === 1;

function fileAged(relative: string, days: number) {
  const full = path.join(dir, relative);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, "Invoice Number\n");
  const when = daysAgo(days);
  fs.utimesSync(full, when, when);
  return full;
}

describe("remove-old-data", () => {
  it("has the documented default periods", () => {
    expect(retentionPeriods()).toEqual({ mailboxDays: 30, importFilesDays: 30, idempotencyKeysDays: 30, sessionsDays: 90 });
  });

  it("removes old mailbox messages, import files, idempotency keys and ended sessions, and keeps the recent ones", async () => {
    const run = crypto.randomUUID();
    const oldMail = await insert(`INSERT INTO mailbox_messages (channel, to_address, text_body, created_at) VALUES ('SMS', $to, 'old', $at)`, { to: `+6421${run.slice(0, 6)}`, at: daysAgo(31) });
    const newMail = await insert(`INSERT INTO mailbox_messages (channel, to_address, text_body, created_at) VALUES ('SMS', $to, 'new', $at)`, { to: `+6421${run.slice(0, 6)}`, at: daysAgo(29) });
    const hash = () => crypto.randomBytes(32).toString("hex");
    const oldKey = await insert(`INSERT INTO idempotency_keys (key, request_hash, result, created_at) VALUES ($key, $hash, '{}'::jsonb, $at)`, { key: `old-${run}`, hash: hash(), at: daysAgo(31) });
    const newKey = await insert(`INSERT INTO idempotency_keys (key, request_hash, result, created_at) VALUES ($key, $hash, '{}'::jsonb, $at)`, { key: `new-${run}`, hash: hash(), at: daysAgo(2) });
    const user = await makeUser();
    const session = (createdDays: number, expiresDays: number, revokedDays: number | null) =>
      insert(
        `INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, idle_expires_at, expires_at, revoked_at, revoked_reason)
         VALUES ($hash, $userId, $created, $created, $expires, $expires, $revoked, $reason)`,
        {
          hash: hash(),
          userId: user.id,
          created: daysAgo(createdDays),
          expires: daysAgo(expiresDays),
          revoked: revokedDays === null ? null : daysAgo(revokedDays),
          reason: revokedDays === null ? null : "LOGOUT",
        },
      );
    const longExpired = await session(100, 93, null);
    const longRevoked = await session(100, -5, 95);
    const recentlyExpired = await session(100, 10, null);
    const recentlyRevoked = await session(100, -5, 10);
    const oldResult = fileAged("imports/11111111-1111-1111-1111-111111111111/failed.csv", 31);
    const newResult = fileAged("imports/22222222-2222-2222-2222-222222222222/failed.csv", 1);
    const oldUpload = fileAged("uploads/7/33333333-3333-3333-3333-333333333333.csv", 31);
    const newUpload = fileAged("uploads/7/44444444-4444-4444-4444-444444444444.csv", 1);
    // The folder of an import ages with its files.
    fs.utimesSync(path.dirname(oldResult), daysAgo(31), daysAgo(31));

    const job = await runScheduledJobNow("remove-old-data");
    expect(job).toMatchObject({ type: "remove-old-data", status: "SUCCEEDED", progress: 100 });
    expect(job.result).toMatchObject({ importFiles: 2 });
    expect((job.result as { mailboxMessages: number }).mailboxMessages).toBeGreaterThanOrEqual(1);
    expect((job.result as { sessions: number }).sessions).toBeGreaterThanOrEqual(2);

    expect([await exists("mailbox_messages", oldMail), await exists("mailbox_messages", newMail)]).toEqual([false, true]);
    expect([await exists("idempotency_keys", oldKey), await exists("idempotency_keys", newKey)]).toEqual([false, true]);
    expect(await Promise.all([longExpired, longRevoked, recentlyExpired, recentlyRevoked].map((id) => exists("sessions", id)))).toEqual([false, false, true, true]);
    expect([oldResult, newResult, oldUpload, newUpload].map((file) => fs.existsSync(file))).toEqual([false, true, false, true]);
  });

  it("the database still refuses to delete an idempotency key less than a day old", async () => {
    const id = await insert(`INSERT INTO idempotency_keys (key, request_hash, result) VALUES ($key, $hash, '{}'::jsonb)`, {
      key: `fresh-${crypto.randomUUID()}`,
      hash: crypto.randomBytes(32).toString("hex"),
    });
    await expect(sequelize.query("DELETE FROM idempotency_keys WHERE id = $id", { bind: { id } })).rejects.toThrow(/less than a day old/);
  });
});
