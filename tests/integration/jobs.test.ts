import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { Company, Job } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import { AppError } from "../../app/lib/errors";
import {
  completeJob,
  createJob,
  executeJob,
  failJob,
  getJob,
  listJobs,
  reportProgress,
  runJob,
  startJob,
} from "../../app/modules/jobs/service.server";

afterAll(() => sequelize.close());

// Test files share one database and run in parallel: every job here gets a type and key unique to this run.
const run = crypto.randomUUID().slice(0, 8);
const type = (name: string) => `test-${name}-${run}`;

let companyA: Company;
let companyB: Company;
const admin: Actor = { userId: 1, companyId: null, roles: ["ROLE_ADMIN"] };
let userA: Actor;
let userB: Actor;

beforeAll(async () => {
  companyA = await Company.create({ companyName: `Jobs A ${run}` });
  companyB = await Company.create({ companyName: `Jobs B ${run}` });
  userA = { userId: 101, companyId: companyA.id, roles: ["ROLE_USER"] };
  userB = { userId: 102, companyId: companyB.id, roles: ["ROLE_USER"] };
});

describe("createJob", () => {
  it("queues a job with progress 0 and no attempts", async () => {
    const job = await createJob({ type: type("create"), payload: { rows: 3 } });
    expect(job).toMatchObject({ type: type("create"), status: "QUEUED", progress: 0, attempts: 0, payload: { rows: 3 }, result: null, error: null });
  });

  it("is idempotent on idempotencyKey: a second call returns the first job, even once it has run", async () => {
    const key = `import-${run}`;
    const first = await createJob({ type: type("idem"), companyId: companyA.id, idempotencyKey: key, payload: { n: 1 } });
    const second = await createJob({ type: type("idem"), companyId: companyA.id, idempotencyKey: key, payload: { n: 2 } });
    expect(second.id).toBe(first.id);
    expect(second.payload).toEqual({ n: 1 });
    await startJob(first.id);
    await completeJob(first.id, { ok: true });
    const third = await createJob({ type: type("idem"), companyId: companyA.id, idempotencyKey: key });
    expect(third).toMatchObject({ id: first.id, status: "SUCCEEDED" });
    expect(await Job.count({ where: { idempotencyKey: key } })).toBe(1);
  });

  it("is idempotent under concurrent calls too", async () => {
    const key = `concurrent-${run}`;
    const jobs = await Promise.all(Array.from({ length: 5 }, () => createJob({ type: type("race"), idempotencyKey: key })));
    expect(new Set(jobs.map((job) => job.id)).size).toBe(1);
  });

  it("refuses a key already used by another company's job instead of handing it out", async () => {
    const key = `shared-${run}`;
    await createJob({ type: type("idem-company"), companyId: companyA.id, idempotencyKey: key });
    await expect(createJob({ type: type("idem-company"), companyId: companyB.id, idempotencyKey: key })).rejects.toMatchObject({ status: 409 });
  });

  it("works inside an outer transaction even when the key exists (no aborted transaction)", async () => {
    const key = `tx-${run}`;
    const first = await createJob({ type: type("tx"), idempotencyKey: key });
    const again = await sequelize.transaction(async (transaction) => {
      const inside = await createJob({ type: type("tx"), idempotencyKey: key }, { transaction });
      await Job.count({ transaction });
      return inside;
    });
    expect(again.id).toBe(first.id);
  });
});

describe("startJob", () => {
  it("moves QUEUED to RUNNING once and counts the attempt", async () => {
    const job = await createJob({ type: type("start") });
    const started = await startJob(job.id);
    expect(started).toMatchObject({ status: "RUNNING", attempts: 1 });
    expect(started?.startedAt).toBeInstanceOf(Date);
    expect(await startJob(job.id)).toBeNull();
    expect((await Job.findByPk(job.id))?.attempts).toBe(1);
  });

  it("lets exactly one of many concurrent workers start a job", async () => {
    const job = await createJob({ type: type("start-race") });
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => startJob(job.id)));
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect((await Job.findByPk(job.id))?.attempts).toBe(1);
  });

  it("does not start a finished job again", async () => {
    const job = await createJob({ type: type("start-done") });
    await startJob(job.id);
    await failJob(job.id, new AppError(400, "Bad file"));
    expect(await startJob(job.id)).toBeNull();
  });
});

describe("reportProgress and completion", () => {
  it("only moves progress up, and holds it at 99 until completion", async () => {
    const job = await createJob({ type: type("progress") });
    expect(await reportProgress(job.id, 10)).toBeNull(); // not running yet
    await startJob(job.id);
    expect(await reportProgress(job.id, 40)).toBe(40);
    expect(await reportProgress(job.id, 20)).toBe(40);
    expect(await reportProgress(job.id, 55.7)).toBe(55);
    expect(await reportProgress(job.id, 100)).toBe(99);
    expect(await reportProgress(job.id, 250)).toBe(99);
    await expect(reportProgress(job.id, Number.NaN)).rejects.toThrow(RangeError);
    const done = await completeJob(job.id, { rows: 12 });
    expect(done).toMatchObject({ status: "SUCCEEDED", progress: 100, result: { rows: 12 } });
    expect(done.finishedAt).toBeInstanceOf(Date);
    expect(await reportProgress(job.id, 50)).toBeNull();
    expect((await Job.findByPk(job.id))?.progress).toBe(100);
  });

  it("completes only a running job", async () => {
    const job = await createJob({ type: type("complete-queued") });
    await expect(completeJob(job.id, {})).rejects.toMatchObject({ status: 409 });
  });

  it("the database refuses SUCCEEDED below 100", async () => {
    const job = await createJob({ type: type("check") });
    await expect(Job.update({ status: "SUCCEEDED", progress: 50 }, { where: { id: job.id } })).rejects.toThrow();
  });

  it("failJob keeps an AppError's message and hides other errors' details", async () => {
    const known = await createJob({ type: type("fail") });
    await startJob(known.id);
    expect(await failJob(known.id, new AppError(400, "The file has no rows"))).toMatchObject({ status: "FAILED", error: "The file has no rows" });
    const unknown = await createJob({ type: type("fail") });
    await startJob(unknown.id);
    expect(await failJob(unknown.id, new Error("connection reset by peer"))).toMatchObject({ status: "FAILED", error: "Something went wrong" });
    await expect(failJob(known.id, "again")).rejects.toMatchObject({ status: 409 });
  });
});

describe("getJob scoping", () => {
  it("shows a company's job to its users and admins, and 404s for other companies", async () => {
    const job = await createJob({ type: type("scope"), companyId: companyA.id, ownerUserId: null });
    expect((await getJob(userA, job.id)).id).toBe(job.id);
    expect((await getJob(admin, job.id)).id).toBe(job.id);
    await expect(getJob(userB, job.id)).rejects.toMatchObject({ status: 404, message: "Job not found" });
  });

  it("hides system jobs (no company) from company users", async () => {
    const job = await createJob({ type: type("system") });
    await expect(getJob(userA, job.id)).rejects.toMatchObject({ status: 404 });
    await expect(getJob({ userId: 5, companyId: null, roles: ["ROLE_USER"] }, job.id)).rejects.toMatchObject({ status: 404 });
    expect((await getJob(admin, job.id)).id).toBe(job.id);
  });

  it("404s on unknown and malformed ids", async () => {
    await expect(getJob(admin, crypto.randomUUID())).rejects.toMatchObject({ status: 404 });
    await expect(getJob(admin, "not-a-uuid")).rejects.toMatchObject({ status: 404 });
  });

  it("listJobs scopes by company and sorts newest first", async () => {
    const older = await createJob({ type: type("list"), companyId: companyA.id });
    const newer = await createJob({ type: type("list"), companyId: companyA.id });
    await createJob({ type: type("list"), companyId: companyB.id });
    const forA = await listJobs(userA, { type: type("list") });
    expect(forA.map((job) => job.id)).toEqual([newer.id, older.id]);
    expect(await listJobs(null, { type: type("list") })).toHaveLength(3);
    expect(await listJobs(admin, { type: type("list"), limit: 1 })).toHaveLength(1);
  });
});

describe("runJob", () => {
  it("runs the handler through start, progress and completion", async () => {
    const seen: number[] = [];
    const job = await runJob(
      type("run"),
      async ({ progress, payload }) => {
        await progress(30);
        await progress(30);
        await progress(10);
        await progress(80);
        return { doubled: (payload.n as number) * 2 };
      },
      { payload: { n: 21 }, onProgress: (value) => seen.push(value) },
    );
    expect(job).toMatchObject({ status: "SUCCEEDED", progress: 100, result: { doubled: 42 }, attempts: 1 });
    expect(seen).toEqual([30, 80, 100]);
  });

  it("marks the job FAILED and rethrows when the handler throws", async () => {
    const error = new AppError(422, "Invoice number is required");
    await expect(
      runJob(type("run-fail"), async ({ progress }) => {
        await progress(50);
        throw error;
      }),
    ).rejects.toBe(error);
    const [job] = await listJobs(null, { type: type("run-fail") });
    expect(job).toMatchObject({ status: "FAILED", progress: 50, error: "Invoice number is required" });
    expect(job.finishedAt).toBeInstanceOf(Date);
  });

  it("never does the work twice for the same idempotency key", async () => {
    let calls = 0;
    const handler = async () => ({ call: ++calls });
    const key = `run-once-${run}`;
    const first = await runJob(type("run-once"), handler, { idempotencyKey: key });
    const second = await runJob(type("run-once"), handler, { idempotencyKey: key });
    expect(calls).toBe(1);
    expect(second).toMatchObject({ id: first.id, status: "SUCCEEDED", result: { call: 1 } });
  });

  it("executeJob lets only one of two concurrent workers run the handler", async () => {
    let calls = 0;
    const job = await createJob({ type: type("execute-race") });
    const handler = async () => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return null;
    };
    const [a, b] = await Promise.all([executeJob(job.id, handler), executeJob(job.id, handler)]);
    expect(calls).toBe(1);
    expect([a.status, b.status].sort()).toEqual(["RUNNING", "SUCCEEDED"]);
  });
});
