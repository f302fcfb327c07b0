import type { Command } from "commander";
import { AppError } from "../../app/lib/errors";
import { ListJobsSchema, isScheduledJobName, unknownJobMessage } from "../../app/modules/jobs/schema";
import type { JobView } from "../../app/modules/jobs/service.server";
import { formatTable, formatTimestamp, jobDuration, summarize, type Column } from "../format";
import { action, assertMigrated, loadUi, outputOf, parseOptions, withDatabase } from "../runtime";
import { withJobProgress } from "../ui/job-progress";
import { OPERATOR } from "../../app/lib/actor";

const STATUS_COLORS: Record<string, string> = { QUEUED: "gray", RUNNING: "cyan", SUCCEEDED: "green", FAILED: "red", CANCELLED: "yellow" };

const JOB_COLUMNS: Column<JobView>[] = [
  { header: "Id", value: (job) => job.id.slice(0, 8) },
  { header: "Type", value: (job) => job.type },
  { header: "Status", value: (job) => job.status, color: (job) => STATUS_COLORS[job.status] },
  { header: "Progress", value: (job) => `${job.progress}%`, align: "right" },
  { header: "Created", value: (job) => formatTimestamp(job.createdAt) },
  { header: "Took", value: jobDuration, align: "right" },
  { header: "Result", value: (job) => (job.error ? job.error : summarize(job.result)), maxWidth: 48 },
];

export function registerJobCommands(program: Command) {
  program
    .command("jobs:run")
    .description("run a scheduled job now, in this process (recorded in the jobs table)")
    .argument("<name>", "job name (expire-sessions, process-withdrawals, expire-top-ups)")
    .action(
      action(async (name: string, _options: object, command: Command) => {
        const output = outputOf(command);
        if (!isScheduledJobName(name)) throw new AppError(404, unknownJobMessage(name), { code: "UNKNOWN_JOB" });
        const ui = output.mode === "ink" ? await loadUi() : null;
        const { result: job, finish } = await withJobProgress(ui, name, (onProgress) =>
          withDatabase(async (sequelize) => {
            await assertMigrated(sequelize);
            const { runScheduledJobNow } = await import("../../jobs/scheduled");
            return runScheduledJobNow(name, { onProgress });
          }),
        );
        if (ui && finish) {
          await finish(<ui.JobRun name={name} percent={100} job={job} />);
          return;
        }
        const took = jobDuration(job);
        await output.print({
          json: job,
          text: `${name} ${job.status} (job ${job.id}${took ? `, ${took}` : ""}): ${summarize(job.result)}`,
          ink: ({ JobRun }) => <JobRun name={name} percent={100} job={job} />,
        });
      }),
    );

  program
    .command("jobs:list")
    .description("list recent jobs, newest first")
    .option("--limit <n>", "how many jobs (1-200)", "20")
    .option("--type <type>", "only jobs of this type")
    .action(
      action(async (rawOptions: { limit: string; type?: string }, command: Command) => {
        const output = outputOf(command);
        const options = parseOptions(ListJobsSchema, rawOptions);
        const jobs = await withDatabase(async (sequelize) => {
          await assertMigrated(sequelize);
          const { listJobs } = await import("../../app/modules/jobs/service.server");
          return listJobs(OPERATOR, options);
        });
        await output.print({
          json: jobs,
          text: formatTable(JOB_COLUMNS, jobs, "No jobs yet."),
          ink: ({ Table }) => <Table columns={JOB_COLUMNS} rows={jobs} empty="No jobs yet." />,
        });
      }),
    );
}
