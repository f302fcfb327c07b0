/**
 * A counterparty import whose worker is killed (decision 036; the pattern of job-reaper.test.ts): a real worker process
 * takes the import, is killed with SIGKILL after its first batch committed, the reaper hands the job back once the lease
 * expires, a new worker resumes it from its checkpoint, and every counterparty exists exactly once. The file is a FIFO
 * while the first worker reads it, so the kill lands mid-import however fast the machine is.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { QueryTypes } from "sequelize";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { Counterparty, Job } from "../../db/models/index";
import { COUNTERPARTY_IMPORT_COLUMNS } from "../../app/modules/counterparties/import-rules";
import { startCounterpartyImport, type CounterpartyImportResult } from "../../app/modules/counterparties/import.server";
import { reapDeadWorkersJobs, runQueuedJobs } from "../../jobs/queue";
import { makeAdmin, makeCompany } from "../support/factories";
import { waitFor } from "../support/wait-for";

const ROWS = 12_000;
const FED_BEFORE_KILL = 7_000;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eb-cp-resume-test-"));
let child: ChildProcess | null = null;
beforeAll(() => {
  process.env.EARLYBIRD_DATA_DIR = path.join(dir, "data");
});
afterAll(async () => {
  child?.kill("SIGKILL");
  fs.rmSync(dir, { recursive: true, force: true });
  await sequelize.close();
});

describe("a killed worker's counterparty import", () => {
  it("is resumed from its checkpoint by a new worker and creates every counterparty once", { timeout: 180_000 }, async () => {
    const admin = await makeAdmin();
    const company = await makeCompany();
    const lines = [COUNTERPARTY_IMPORT_COLUMNS.join(","), ...Array.from({ length: ROWS }, (_, i) => `Resume Supplier ${i + 1},R-${i + 1},,,,,`)];
    const file = path.join(dir, "import.csv");
    fs.writeFileSync(file, "");
    const job = await startCounterpartyImport(admin, company.id, { filePath: file });
    fs.rmSync(file);
    execFileSync("mkfifo", [file]);

    child = spawn(process.execPath, ["--import", "tsx", "tests/support/queue-worker-child.ts", String(company.id)], {
      env: { ...process.env, JOB_LEASE_SECONDS: "2", LOG_LEVEL: "silent" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let childOutput = "";
    child.stdout?.on("data", (chunk: Buffer) => (childOutput += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (childOutput += chunk.toString()));
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child!.on("exit", (code, signal) => resolve(signal ?? code)));
    const feed = fs.createWriteStream(file);
    feed.on("error", () => {});
    feed.write(lines.slice(0, FED_BEFORE_KILL + 1).join("\n") + "\n");

    const checkpointed = await waitFor(`the first batch's checkpoint (worker output: ${childOutput})`, async () => {
      const row = await Job.findByPk(job.id);
      return row && typeof row.payload.committedThroughLine === "number" ? row : null;
    });
    const committedThroughLine = checkpointed.payload.committedThroughLine as number;
    expect(committedThroughLine).toBeGreaterThan(1);
    expect(committedThroughLine).toBeLessThan(ROWS + 1);
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    child = null;
    feed.destroy();
    expect(await Counterparty.count({ where: { companyId: company.id } })).toBe(committedThroughLine - 1);

    fs.rmSync(file);
    fs.writeFileSync(file, lines.join("\n") + "\n");
    await waitFor("the dead worker's lease to expire", async () => {
      const [row] = await sequelize.query<{ expired: boolean }>("SELECT lease_expires_at <= now() AS expired FROM jobs WHERE id = :id", {
        replacements: { id: job.id },
        type: QueryTypes.SELECT,
      });
      return row?.expired;
    });
    await reapDeadWorkersJobs();
    await runQueuedJobs({ companyId: company.id });
    const done = await Job.findByPk(job.id);
    expect(done).toMatchObject({ status: "SUCCEEDED", progress: 100, attempts: 2, error: null });
    expect(done?.result as CounterpartyImportResult).toMatchObject({ success: ROWS, total: ROWS, failed: 0, created: ROWS });
    const [counts] = await sequelize.query<{ rows: number; ids: number }>(
      "SELECT count(*)::int AS rows, count(DISTINCT external_account_id)::int AS ids FROM counterparties WHERE company_id = :companyId",
      { replacements: { companyId: company.id }, type: QueryTypes.SELECT }
    );
    expect(counts).toEqual({ rows: ROWS, ids: ROWS });
  });
});
