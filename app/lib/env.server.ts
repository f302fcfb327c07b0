import os from "node:os";
import { z } from "zod";
import { AppError } from "./errors";

/** The process environment, validated once at start-up for web, jobs and CLI alike (GUIDE rule 12). */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const booleanText = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

const EnvSchema = z.object({
  APP_ENV: z.enum(["development", "test", "production"]).default("development"),
  DATABASE_URL: z.string().url().optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Web processes `npm start` and `npm run start:web` fork (node:cluster, sharing PORT); unset: one per CPU. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).default(() => os.availableParallelism()),
  SMTP_URL: z.string().url().optional(),
  SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  // The domain of the companies' inbound bill addresses (<code>@domain), taken by the built-in SMTP server (decision 042).
  INBOUND_MAIL_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/, "must be a domain name")
    .default("bills.earlybird.test"),
  MAIL_FROM: z.string().trim().min(1).default("Earlybird <no-reply@earlybird.test>"),
  /**
   * The site's public address for links in e-mails (e.g. https://app.earlybird.nz). Required in production; elsewhere
   * unset means http://localhost:PORT. Never the request's Host header (issue 13 part 6).
   */
  APP_URL: z
    .string()
    .url()
    .refine((value) => /^https?:\/\//i.test(value), "must start with http:// or https://")
    .optional(),
  /** Serve /mailbox (outside production) to other machines too, not only to this one (docs/decisions/032). */
  MAILBOX_PUBLIC: booleanText.default("false"),
  EARLYBIRD_DATA_DIR: z.string().default(".data"),
  JOBS_ENABLED: booleanText.default("true"),
  /** How long a running job's lease lasts without a heartbeat before the reaper hands the job to another worker. */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(2).default(60),
  /** Attempts of a queued job (a failure with a user-facing message is final at once) before it fails for good. */
  JOB_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  /** Retention (the scheduled job remove-old-data): days kept of mailbox messages, import files, idempotency keys and sessions. */
  RETENTION_MAILBOX_DAYS: z.coerce.number().int().positive().default(30),
  RETENTION_IMPORT_FILES_DAYS: z.coerce.number().int().positive().default(30),
  RETENTION_IDEMPOTENCY_KEYS_DAYS: z.coerce.number().int().positive().default(30),
  RETENTION_SESSIONS_DAYS: z.coerce.number().int().positive().default(90),
  SESSION_SECRET: z.string().min(16).optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(12 * 60),
  SESSION_MAX_DAYS: z.coerce.number().int().positive().default(7),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(30),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  /**
   * Secrets at rest (accounting tokens, company-file credentials): 32 bytes as 64 hex characters or base64. Required in
   * production; elsewhere unset means a development key generated once into EARLYBIRD_DATA_DIR (decision 055).
   */
  ENCRYPTION_KEY: z.string().trim().min(32).optional(),
  /**
   * Xero and MYOB (decisions D7): the OAuth apps and the providers' base addresses. Outside production, unset addresses
   * mean the local emulator that `npm start` runs (app/modules/integrations/emulator), and unset client ids its app.
   */
  XERO_CLIENT_ID: z.string().trim().min(1).optional(),
  XERO_CLIENT_SECRET: z.string().trim().min(1).optional(),
  /** https://login.xero.com (authorize), https://identity.xero.com (token, revocation), https://api.xero.com. */
  XERO_LOGIN_URL: z.string().url().optional(),
  XERO_IDENTITY_URL: z.string().url().optional(),
  XERO_API_URL: z.string().url().optional(),
  MYOB_CLIENT_ID: z.string().trim().min(1).optional(),
  MYOB_CLIENT_SECRET: z.string().trim().min(1).optional(),
  /** https://secure.myob.com (authorize, token), https://api.myob.com. */
  MYOB_SECURE_URL: z.string().url().optional(),
  MYOB_API_URL: z.string().url().optional(),
  /** Run the Xero and MYOB emulator beside the web server (never in production). */
  ACCOUNTING_EMULATOR: booleanText.default("true"),
  /** The emulator's port; unset means PORT + 10, 0 means any free port. */
  ACCOUNTING_EMULATOR_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** pino's level for the one logger (lib/logger.server.ts); unset: info, or silent when APP_ENV=test. */
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
}).superRefine((value, ctx) => {
  if (value.APP_ENV === "production" && !value.APP_URL) {
    ctx.addIssue({
      code: "custom",
      path: ["APP_URL"],
      message:
        "required when APP_ENV=production: set it to Earlybird's public address (e.g. APP_URL=https://app.earlybird.nz), which every e-mailed link (activation, password reset, invites) points to",
    });
  }
  if (value.APP_ENV === "production" && !value.ENCRYPTION_KEY) {
    ctx.addIssue({
      code: "custom",
      path: ["ENCRYPTION_KEY"],
      message: "required when APP_ENV=production: 32 random bytes as 64 hex characters (openssl rand -hex 32), which encrypt the accounting connections' tokens",
    });
  }
}).transform((value) => ({ ...value, LOG_LEVEL: value.LOG_LEVEL ?? (value.APP_ENV === "test" ? "silent" : "info") }));

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = EnvSchema.safeParse(process.env);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
      // An AppError: the CLI prints the message and exits 1; server.ts prints it and does not start.
      throw new AppError(500, `Invalid environment: ${problems}`, { code: "INVALID_ENVIRONMENT" });
    }
    cached = parsed.data;
  }
  return cached;
}

/** For tests that change the environment. */
export function resetEnvCache() {
  cached = undefined;
}

export const isProduction = () => env().APP_ENV === "production";
