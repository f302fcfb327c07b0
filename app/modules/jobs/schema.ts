import { z } from "zod";

/** Inputs of the jobs module (GUIDE rule 5). Scheduled job names live here so doors can list them without a database. */
export const JOB_NOT_FOUND = "Job not found";
export const JOB_NOT_RUNNING = "The job is not running";
export const IDEMPOTENCY_KEY_REUSED = "This idempotency key belongs to a different job";

export const SCHEDULED_JOB_NAMES = [
  "expire-sessions",
  "process-withdrawals",
  "expire-top-ups",
  "generate-statements",
  "expire-supplier-offers",
  "check-purchaser-offers",
  "remove-old-data",
  "auto-lock-periods",
  "refresh-accounting-tokens",
] as const;
export type ScheduledJobName = (typeof SCHEDULED_JOB_NAMES)[number];

export const unknownJobMessage = (name: string) => `Unknown job "${name}". Scheduled jobs: ${SCHEDULED_JOB_NAMES.join(", ")}`;

export const isScheduledJobName = (name: string): name is ScheduledJobName => (SCHEDULED_JOB_NAMES as readonly string[]).includes(name);

export const JobIdSchema = z.string().uuid(JOB_NOT_FOUND);

export const CreateJobSchema = z.object({
  type: z.string().trim().min(1).max(100),
  payload: z.record(z.unknown()).default({}),
  ownerUserId: z.number().int().positive().nullish(),
  companyId: z.number().int().positive().nullish(),
  idempotencyKey: z.string().trim().min(1).max(200).nullish(),
});
export type CreateJobInput = z.input<typeof CreateJobSchema>;

export const ListJobsSchema = z.object({
  limit: z.coerce
    .number({ invalid_type_error: "Limit must be a number" })
    .int("Limit must be a whole number")
    .min(1, "Limit must be between 1 and 200")
    .max(200, "Limit must be between 1 and 200")
    .default(20),
  type: z.string().trim().min(1).optional(),
});
export type ListJobsInput = z.input<typeof ListJobsSchema>;
