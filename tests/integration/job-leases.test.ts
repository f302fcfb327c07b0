/**
 * Claiming, leases, retries and the reaper (issue 14 part 6) against PostgreSQL. Every job here has a type unique to
 * this run, so the test files running beside it never see them (and these never claim theirs).
 */
import crypto from "node:crypto";
import { QueryTypes } from "sequelize";
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { Job } from "../../db/models/index";
import { AppError } from "../../app/lib/errors";
import { WORKER_LOST_MESSAGE } from "../../app/modules/jobs/rules";
import { claimNextJob, createJob, executeJob, reapExpiredJobs, renewLease, startJob } from "../../app/modules/jobs/service.server";

afterAll(() => sequelize.close());

const run = crypto.randomUUID().slice(0, 8);
const type = (name: string) => `test-lease-${name}-${run}`;

async function expireLease(id: string) {
  await sequelize.query("UPDATE jobs SET lease_expires_at = now() - interval '1 second' WHERE id = :id", { replacements: { id } });
}

describe("claiming with FOR UPDATE SKIP LOCKED", () => {
  it("two workers draining one queue at once take every job exactly once", async () => {
    const kind = type("drain");
    const created = [];
    for (let i = 0; i < 24; i++) created.push(await createJob({ type: kind, payload: { i } }));
    const drain = async (owner: string) => {
      const taken: string[] = [];
      for (;;) {
        const job = await claimNextJob({ types: [kind], owner });
        if (!job) return taken;
        taken.push(job.id);
      }
    };
    const [a, b] = await Promise.all([drain(`worker-a-${run}`), drain(`worker-b-${run}`)]);
    expect(a.length + b.length).toBe(created.length);
    expect(new Set([...a, ...b])).toEqual(new Set(created.map((job) => job.id)));
    const rows = await Job.findAll({ where: { type: kind } });
    expect(rows.every((row) => row.status === "RUNNING" && row.attempts === 1)).toBe(true);
    expect(rows.filter((row) => row.leaseOwner === `worker-a-${run}`).map((row) => row.id).sort()).toEqual([...a].sort());
  });

  it("skips a job another worker has locked instead of waiting for it, oldest first otherwise", async () => {
    const kind = type("skip");
    const first = await createJob({ type: kind });
    const second = await createJob({ type: kind });
    const transaction = await sequelize.transaction();
    try {
      // Another worker is in the middle of claiming the oldest job.
      await sequelize.query("SELECT id FROM jobs WHERE id = :id FOR UPDATE", { replacements: { id: first.id }, transaction, type: QueryTypes.SELECT });
      const claimed = await claimNextJob({ types: [kind], owner: "worker-b" });
      expect(claimed?.id).toBe(second.id);
      expect(await claimNextJob({ types: [kind], owner: "worker-b" })).toBeNull();
    } finally {
      await transaction.rollback();
    }
    expect((await claimNextJob({ types: [kind], owner: "worker-a" }))?.id).toBe(first.id);
  });
});

describe("leases and the reaper", () => {
  it("a heartbeat renews only the owner's lease", async () => {
    const job = await createJob({ type: type("renew") });
    const started = await startJob(job.id, "owner-1");
    expect(started).toMatchObject({ status: "RUNNING", attempts: 1 });
    const before = (await Job.findByPk(job.id))!.leaseExpiresAt!;
    expect(await renewLease(job.id, "owner-2")).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await renewLease(job.id, "owner-1")).toBe(true);
    expect((await Job.findByPk(job.id))!.leaseExpiresAt!.getTime()).toBeGreaterThan(before.getTime());
  });

  it("requeues an expired resumable job, fails the others and the ones out of attempts, and leaves live leases alone", async () => {
    const resumable = type("resumable");
    const [requeue, exhausted, inProcess, live] = [
      await createJob({ type: resumable }),
      await createJob({ type: resumable }),
      await createJob({ type: type("in-process") }),
      await createJob({ type: resumable }),
    ];
    for (const job of [requeue, exhausted, inProcess, live]) await startJob(job.id, "dead-worker");
    await sequelize.query("UPDATE jobs SET attempts = 3 WHERE id = :id", { replacements: { id: exhausted.id } });
    for (const job of [requeue, exhausted, inProcess]) await expireLease(job.id);

    const reaped = await reapExpiredJobs({ resumableTypes: [resumable], maxAttempts: 3 });
    expect(reaped.requeued).toContain(requeue.id);
    expect(reaped.failed).toEqual(expect.arrayContaining([exhausted.id, inProcess.id]));
    const rows = new Map((await Job.findAll({ where: { id: [requeue.id, exhausted.id, inProcess.id, live.id] } })).map((row) => [row.id, row]));
    expect(rows.get(requeue.id)).toMatchObject({ status: "QUEUED", leaseOwner: null, leaseExpiresAt: null, attempts: 1 });
    expect(rows.get(exhausted.id)).toMatchObject({ status: "FAILED", error: WORKER_LOST_MESSAGE, leaseOwner: null });
    expect(rows.get(inProcess.id)).toMatchObject({ status: "FAILED", error: WORKER_LOST_MESSAGE });
    expect(rows.get(live.id)).toMatchObject({ status: "RUNNING", leaseOwner: "dead-worker" });

    // The requeued job is claimed again and carries its attempt count on.
    expect(await claimNextJob({ types: [resumable], owner: "new-worker" })).toMatchObject({ id: requeue.id, attempts: 2 });
  });

  it("a worker whose lease was taken back records nothing: the job's outcome is its new worker's", async () => {
    const job = await createJob({ type: type("lost") });
    const result = await executeJob(job.id, async ({ progress }) => {
      await progress(10);
      // The reaper hands the job to another worker meanwhile.
      await sequelize.query("UPDATE jobs SET lease_owner = 'someone-else' WHERE id = :id", { replacements: { id: job.id } });
      return "never recorded";
    });
    expect(result).toMatchObject({ status: "RUNNING" });
    expect(await Job.findByPk(job.id)).toMatchObject({ status: "RUNNING", leaseOwner: "someone-else", result: null });
  });
});

describe("retries", () => {
  it("an unexpected error goes back to QUEUED with a backoff; the last attempt fails for good and keeps its error", async () => {
    const kind = type("retry");
    const job = await createJob({ type: kind });
    const boom = () => Promise.reject(new AppError(503, "The bank is not answering"));
    const crash = () => Promise.reject(new Error("ECONNRESET"));

    const first = await executeJob(job.id, crash, { maxAttempts: 2 });
    expect(first).toMatchObject({ status: "QUEUED", attempts: 1, error: null });
    const waiting = await Job.findByPk(job.id);
    expect(waiting!.runAfter!.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: no worker takes it.
    expect(await claimNextJob({ types: [kind] })).toBeNull();
    await sequelize.query("UPDATE jobs SET run_after = now() - interval '1 second' WHERE id = :id", { replacements: { id: job.id } });
    const claimed = await claimNextJob({ types: [kind], owner: "worker-r" });
    expect(claimed).toMatchObject({ id: job.id, attempts: 2 });
    await expect(executeJob(job.id, crash, { claim: { job: claimed!, owner: "worker-r" }, maxAttempts: 2 })).rejects.toThrow("ECONNRESET");
    expect(await Job.findByPk(job.id)).toMatchObject({ status: "FAILED", attempts: 2, error: "Something went wrong", leaseOwner: null });

    // An AppError is a final answer at once, whatever attempts remain.
    const other = await createJob({ type: kind });
    await expect(executeJob(other.id, boom, { maxAttempts: 5 })).rejects.toThrow("The bank is not answering");
    expect(await Job.findByPk(other.id)).toMatchObject({ status: "FAILED", attempts: 1, error: "The bank is not answering" });
  });
});
