/**
 * Jobs that survive a dead worker (issue 14 parts 6 and 7): a real worker process takes a multi-thousand-line import,
 * is killed with SIGKILL after its first batch committed, the reaper hands the job back once the lease expires, a new
 * worker resumes it from its checkpoint, and the import finishes once with every row written exactly once.
 *
 * The file is a FIFO while the first worker reads it, so the kill lands mid-import however fast the machine is: the
 * test feeds it part of the rows, waits for the first checkpoint, and kills the worker while it waits for more. The
 * resumed worker reads the whole file (a plain file at the same path by then).
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { QueryTypes } from "sequelize";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { Invoice, Job } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import { addDays, todayIn } from "../../app/lib/dates";
import { startImport, type ImportResult } from "../../app/modules/invoices/import.server";
import { reapDeadWorkersJobs, runQueuedJobs } from "../../jobs/queue";
import { makeCompany, makeUser } from "../support/factories";
import { waitFor } from "../support/wait-for";

const ROWS = 12_000;
const FED_BEFORE_KILL = 7_000;
const LEASE_SECONDS = 2;
const HEADER = "Invoice Number,Customer Name,Order Number,Issue Date,Due Date,Amount Due (inc. GST),Contact Email";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eb-reaper-test-"));
let child: ChildProcess | null = null;
beforeAll(() => {
  process.env.EARLYBIRD_DATA_DIR = path.join(dir, "data");
});
afterAll(async () => {
  child?.kill("SIGKILL");
  fs.rmSync(dir, { recursive: true, force: true });
  await sequelize.close();
});

describe("a killed worker's import", () => {
  it("is reaped, resumed from its checkpoint by a new worker, and finishes once with no duplicate rows", { timeout: 180_000 }, async () => {
    const company = await makeCompany({ companyName: `Reaper ${Date.now()}` });
    const user = await makeUser({ company });
    const actor: Actor = { userId: user.id, companyId: company.id, roles: ["ROLE_USER"] };
    const due = addDays(todayIn("NZ"), 30);
    const lines = [HEADER, ...Array.from({ length: ROWS }, (_, i) => `R-${String(i + 1).padStart(6, "0")},Customer ${i % 7} ${company.id},,,${due},${(i % 500) + 1}.25,`)];

    const file = path.join(dir, "import.csv");
    fs.writeFileSync(file, "");
    const job = await startImport(actor, { kind: "INVOICE", format: "EARLYBIRD", filePath: file });
    fs.rmSync(file);
    execFileSync("mkfifo", [file]);

    // The first worker: a real process of its own.
    // node with tsx's loader, not the tsx CLI: the CLI runs the script in a child of its own, which SIGKILL would miss.
    child = spawn(process.execPath, ["--import", "tsx", "tests/support/queue-worker-child.ts", String(company.id)], {
      env: { ...process.env, JOB_LEASE_SECONDS: String(LEASE_SECONDS), LOG_LEVEL: "silent" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let childOutput = "";
    child.stdout?.on("data", (chunk: Buffer) => (childOutput += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (childOutput += chunk.toString()));
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child!.on("exit", (code, signal) => resolve(signal ?? code)));

    // Opening a FIFO for writing waits for its reader: the worker has claimed the job and started reading.
    const feed = fs.createWriteStream(file);
    feed.on("error", () => {}); // EPIPE once the reader is killed
    feed.write(lines.slice(0, FED_BEFORE_KILL + 1).join("\n") + "\n");

    const checkpointed = await waitFor(`the first batch's checkpoint (worker output: ${childOutput})`, async () => {
      const row = await Job.findByPk(job.id);
      return row && typeof row.payload.committedThroughLine === "number" ? row : null;
    });
    expect(checkpointed).toMatchObject({ status: "RUNNING", attempts: 1 });
    const committedThroughLine = checkpointed.payload.committedThroughLine as number;
    expect(committedThroughLine).toBeGreaterThan(1);
    expect(committedThroughLine).toBeLessThan(ROWS + 1);

    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    child = null;
    feed.destroy();
    const writtenBeforeKill = await Invoice.count({ where: { issuedBy: company.id } });
    expect(writtenBeforeKill).toBe(committedThroughLine - 1);

    // The job stays RUNNING with nobody renewing its lease; the reaper takes it back once the lease has expired.
    expect((await Job.findByPk(job.id))?.status).toBe("RUNNING");
    fs.rmSync(file);
    fs.writeFileSync(file, lines.join("\n") + "\n");
    await waitFor("the dead worker's lease to expire", async () => {
      const [row] = await sequelize.query<{ expired: boolean }>("SELECT lease_expires_at <= now() AS expired FROM jobs WHERE id = :id", {
        replacements: { id: job.id },
        type: QueryTypes.SELECT,
      });
      return row?.expired;
    });
    const reaped = await reapDeadWorkersJobs();
    // Another test file's queue run may have reaped it first; either way it is QUEUED again, not failed.
    if (!reaped.requeued.includes(job.id)) expect((await Job.findByPk(job.id))?.status).not.toBe("FAILED");

    // A new worker resumes it.
    await runQueuedJobs({ companyId: company.id });
    const done = await Job.findByPk(job.id);
    expect(done).toMatchObject({ status: "SUCCEEDED", progress: 100, attempts: 2, error: null });
    expect(done?.result as ImportResult).toMatchObject({ success: ROWS, total: ROWS, failed: 0, duplicates: 0 });

    const [counts] = await sequelize.query<{ rows: number; numbers: number }>(
      "SELECT count(*)::int AS rows, count(DISTINCT invoice_number)::int AS numbers FROM invoices WHERE issued_by = :companyId",
      { replacements: { companyId: company.id }, type: QueryTypes.SELECT },
    );
    expect(counts).toEqual({ rows: ROWS, numbers: ROWS });
    // Once: running the queue again imports nothing more.
    expect(await runQueuedJobs({ companyId: company.id })).toBe(0);
    expect(await Invoice.count({ where: { issuedBy: company.id } })).toBe(ROWS);
  });
});
