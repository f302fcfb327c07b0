import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { Job, Session } from "../../db/models/index";
import { createSession, createUser } from "../../app/modules/auth/service.server";
import { runScheduledJobNow } from "../../jobs/scheduled";
import { startScheduler } from "../../jobs/scheduler";
import type { WorkerReport } from "../../jobs/schedule";
import { buildJobs } from "../../scripts/build-jobs.mjs";

afterAll(() => sequelize.close());

const DAY = 86_400_000;

async function userWithSessions() {
  const user = await createUser(null, { email: `expire-${crypto.randomUUID()}@earlybird.test`, password: "Expire#2026", admin: true });
  // Created 10 days ago: past both the idle and the 7-day absolute expiry.
  await createSession(user.id, { now: new Date(Date.now() - 10 * DAY) });
  await createSession(user.id);
  const sessions = await Session.findAll({ where: { userId: user.id }, order: [["createdAt", "ASC"]] });
  expect(sessions).toHaveLength(2);
  return { user, expired: sessions[0], live: sessions[1] };
}

describe("expire-sessions job", () => {
  it("runs in process to completion: revokes the expired session, keeps the live one, records the job", async () => {
    const { expired, live } = await userWithSessions();
    const progress: number[] = [];
    const job = await runScheduledJobNow("expire-sessions", { onProgress: (value) => progress.push(value) });

    await expired.reload();
    await live.reload();
    expect(expired.revokedReason).toBe("EXPIRED");
    expect(expired.revokedAt).toBeInstanceOf(Date);
    expect(live.revokedAt).toBeNull();
    expect(live.revokedReason).toBeNull();

    const row = await Job.findByPk(job.id);
    expect(row).toMatchObject({ type: "expire-sessions", status: "SUCCEEDED", progress: 100, attempts: 1 });
    // Another test file may run the same job concurrently and revoke it first, so only the shape of the count is fixed here.
    expect(row!.result).toEqual({ expired: expect.any(Number), prunedAttempts: expect.any(Number) });
    expect(row!.result).toHaveProperty("prunedAttempts");
    expect(row!.finishedAt).toBeInstanceOf(Date);
    expect(progress.at(-1)).toBe(100);
  });

  it("rejects an unknown job name with an AppError", async () => {
    await expect(runScheduledJobNow("no-such-job")).rejects.toMatchObject({ status: 404, message: expect.stringContaining('Unknown job "no-such-job". Scheduled jobs: expire-sessions') });
  });

  it("runs compiled under Bree in a worker thread and records a SUCCEEDED row", async () => {
    // Inside the repository so the bundle's external packages resolve from node_modules (.cache is git-ignored).
    const cacheDir = path.resolve(".cache");
    fs.mkdirSync(cacheDir, { recursive: true });
    const jobsDir = fs.mkdtempSync(path.join(cacheDir, "jobs-test-"));
    try {
      expect(await buildJobs({ outdir: jobsDir })).toContain("expire-sessions");
      const { expired, live } = await userWithSessions();

      let resolveReport: (report: WorkerReport) => void;
      const reported = new Promise<WorkerReport>((resolve) => (resolveReport = resolve));
      const scheduler = await startScheduler({
        jobsDir,
        schedule: [{ name: "expire-sessions", intervalMs: 60 * 60_000, runAtStart: true }],
        // This test is about the scheduled job only, not the queue.
        queue: false,
        onJobFinished: (report) => resolveReport(report),
      });
      let report: WorkerReport;
      try {
        report = await reported;
      } finally {
        await scheduler.stop();
      }

      expect(report).toMatchObject({ kind: "job-finished", name: "expire-sessions", status: "SUCCEEDED" });
      const row = await Job.findByPk(report.jobId!);
      expect(row).toMatchObject({ type: "expire-sessions", status: "SUCCEEDED", progress: 100 });
      expect(row!.result).toEqual({ expired: expect.any(Number), prunedAttempts: expect.any(Number) });
      await expired.reload();
      await live.reload();
      expect(expired.revokedReason).toBe("EXPIRED");
      expect(live.revokedAt).toBeNull();
    } finally {
      fs.rmSync(jobsDir, { recursive: true, force: true });
    }
  });

  it("refuses to start when a compiled job file is missing", async () => {
    await expect(startScheduler({ jobsDir: path.resolve(".cache/no-such-dir") })).rejects.toThrow(/expire-sessions\.js is missing: run `npm run build`/);
  });
});
