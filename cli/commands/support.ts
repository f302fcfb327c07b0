/**
 * What the company-scoped operator commands share (issue 15 part 7): the --company option, the company looked up
 * through its service with the id in the message, and a queued job run in this process (or, when a worker of
 * `npm start` claimed it first, waited for), reporting progress either way.
 */
import type { Command } from "commander";
import { z } from "zod";
import { AppError } from "../../app/lib/errors";
import { OPERATOR } from "../../app/lib/actor";
import type { CompanyContext } from "../../app/modules/companies/service.server";
import type { JobView } from "../../app/modules/jobs/service.server";

export const CompanyIdOption = z.coerce
  .number({ invalid_type_error: "Company must be a company id (a number)" })
  .int("Company must be a company id (a number)")
  .positive("Company must be a company id (a number)");

/** --page and --size of a list command (p3 §9: sizes 10, 25, 50, 100; 25 unless told). */
export const PageOptionsSchema = z.object({
  page: z.coerce.number({ invalid_type_error: "must be a page number" }).int("must be a page number").min(1, "must be a page number").default(1),
  size: z.coerce
    .number()
    .refine((value) => [10, 25, 50, 100].includes(value), { message: "must be 10, 25, 50 or 100" })
    .default(25),
});

/** Adds --page and --size to a list command; `rows` names what a page holds ("companies"). */
export function withPageOptions(command: Command, rows: string): Command {
  return command.option("--page <n>", "page number", "1").option("--size <n>", `${rows} a page (10, 25, 50 or 100)`, "25");
}

/** "Page 2 of 7": the pager line under a listed page. */
export const pageOf = (page: number, total: number, size: number) => `Page ${page} of ${Math.max(1, Math.ceil(total / size))}`;

/** The company of --company, or a user error (exit 1) naming the id. Call inside withDatabase. */
export async function companyOrFail(companyId: number): Promise<CompanyContext> {
  const { findCompanyContext } = await import("../../app/modules/companies/service.server");
  const company = await findCompanyContext(companyId);
  if (!company) throw new AppError(404, `Company ${companyId} not found`, { code: "NOT_FOUND" });
  return company;
}

const FINISHED = new Set<JobView["status"]>(["SUCCEEDED", "FAILED", "CANCELLED"]);
const POLL_MS = 500;

/**
 * Runs a queued job here; if another worker holds it (the runner returns it unfinished), follows it until it ends,
 * passing its progress on. Returns the finished job.
 */
export async function finishJob(jobId: string, run: (jobId: string) => Promise<JobView>, onProgress: (percent: number) => void): Promise<JobView> {
  let job = await run(jobId);
  if (FINISHED.has(job.status)) return job;
  const { getJob } = await import("../../app/modules/jobs/service.server");
  while (!FINISHED.has(job.status)) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    job = await getJob(OPERATOR, jobId);
    onProgress(job.progress);
  }
  return job;
}
