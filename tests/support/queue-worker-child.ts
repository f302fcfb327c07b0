/**
 * A job worker in a child process of its own, for the test that kills one (tests/integration/job-reaper.test.ts):
 * runs the queued jobs of one company (argv[2]) without reaping, then exits. The parent passes DATABASE_URL,
 * EARLYBIRD_DATA_DIR and a short JOB_LEASE_SECONDS in the environment.
 */
export {};

const companyId = Number(process.argv[2]);
if (!Number.isInteger(companyId) || companyId <= 0) throw new Error("usage: queue-worker-child.ts <companyId>");
const { runQueuedJobs } = await import("../../jobs/queue");
const { sequelize } = await import("../../db/index");
const ran = await runQueuedJobs({ companyId, reap: false });
await sequelize.close();
console.log(JSON.stringify({ ran }));
