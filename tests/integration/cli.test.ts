import { spawn } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { InviteCode, Job, MailboxMessage, User } from "../../db/models/index";
import { login } from "../../app/modules/auth/service.server";

afterAll(() => sequelize.close());

const bin = path.resolve("bin/earlybird.js");

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI (bin shim → tsx → cli/index.tsx) against the test database, with pipes (no TTY). */
function earlybird(args: string[], env: Record<string, string> = {}, stdin?: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      // From another directory, to prove the shim does not depend on the caller's cwd.
      cwd: path.resolve("tests"),
      env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL, APP_ENV: "test", FORCE_COLOR: "0", ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? "");
  });
}

const email = () => `cli-${crypto.randomUUID().slice(0, 8)}@earlybird.test`;
const PASSWORD = "Cli#Test2026";

describe("earlybird CLI", () => {
  it("--help lists the commands, without a database: no command module opens one when it is loaded", async () => {
    // An operator's shell has no DATABASE_URL (the CLI finds or starts the embedded database itself, inside a
    // command); a module that imports db/index.ts at load time would break every command, --help included.
    const { code, stdout, stderr } = await earlybird(["--help"], { DATABASE_URL: "" });
    expect(stderr).toBe("");
    expect(code).toBe(0);
    for (const command of [
      "db:migrate",
      "db:seed",
      "db:reset",
      "users:create",
      "invite-codes:create",
      "jobs:run",
      "jobs:list",
      "mail:send",
      "import",
      "counterparties:import",
      "documents:upload",
      "documents:list",
      "documents:rematch",
      "pos:import",
      "pos:list",
      "settings:tolerance",
    ])
      expect(stdout).toContain(command);
  });

  it("users:create --admin creates an admin who can log in", async () => {
    const address = email();
    const result = await earlybird(["users:create", "--email", address, "--password", PASSWORD, "--admin", "--first-name", "Cleo", "--last-name", "Admin"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Created user ${address}`);
    expect(result.stdout).toMatch(/Roles:\s+ROLE_ADMIN/);

    const user = await User.findOne({ where: { username: address } });
    expect(user?.roles).toEqual(["ROLE_ADMIN"]);
    expect(user).toMatchObject({ firstName: "Cleo", lastName: "Admin", companyId: null });
    const session = await login({ email: address, password: PASSWORD, ip: "127.0.0.1" });
    expect(session).toMatchObject({ kind: "session", user: { username: address, isAdmin: true } });
  });

  it("a duplicate users:create exits 1 with the spec's message", async () => {
    const address = email();
    expect((await earlybird(["users:create", "--email", address, "--password", PASSWORD, "--admin"])).code).toBe(0);
    const again = await earlybird(["users:create", "--email", address.toUpperCase(), "--password", PASSWORD, "--admin"]);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe("Error: This email address is already registered. Please use a different one.");
    expect(again.stdout).toBe("");
  });

  it("users:create --json prints the user; bad options exit 1 with a message", async () => {
    const address = email();
    const created = await earlybird(["users:create", "--email", address, "--password", "-", "--admin", "--json"], {}, `${PASSWORD}\n`);
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ username: address, roles: ["ROLE_ADMIN"], company: null });
    await expect(login({ email: address, password: PASSWORD, ip: "127.0.0.2" })).resolves.toMatchObject({ kind: "session" });

    const weak = await earlybird(["users:create", "--email", email(), "--password", "short", "--admin"]);
    expect(weak).toMatchObject({ code: 1, stderr: "Error: Password should match the criteria as shown below\n" });
    const noCompany = await earlybird(["users:create", "--email", email(), "--password", PASSWORD, "--company", "x"]);
    expect(noCompany).toMatchObject({ code: 1, stderr: "Error: --company: must be a company id\n" });
  });

  it("invite-codes:create makes a single-use code (14 days by default) and e-mails it with --email", async () => {
    const created = await earlybird(["invite-codes:create", "--json"]);
    expect(created.code).toBe(0);
    const code = JSON.parse(created.stdout) as { id: number; code: string; status: string; expiresAt: string; emailSent: null };
    expect(code).toMatchObject({ code: expect.stringMatching(/^\d{6}$/), status: "UNUSED", emailSent: null });
    const row = (await InviteCode.findByPk(code.id))!;
    expect(row.code).toBe(code.code);
    expect(Math.round((row.expiresAt.getTime() - row.createdAt.getTime()) / 86_400_000)).toBe(14);

    const to = email();
    const mailed = await earlybird(["invite-codes:create", "--email", to, "--days", "3", "--app-url", "https://app.earlybird.test"]);
    expect(mailed.code).toBe(0);
    const text = /Created invite code (\d{6})/.exec(mailed.stdout);
    expect(text).not.toBeNull();
    const [mail] = await MailboxMessage.findAll({ where: { toAddress: to } });
    expect(mail.textBody).toContain(`Your invite code is ${text![1]}`);
    expect(mail.textBody).toContain("https://app.earlybird.test/signup");

    const bad = await earlybird(["invite-codes:create", "--days", "0"]);
    expect(bad).toMatchObject({ code: 1, stderr: "Error: Enter a number of days from 1 to 90\n" });
  });

  it("db:migrate reports nothing pending on an up-to-date database", async () => {
    const { code, stdout } = await earlybird(["db:migrate"]);
    expect(code).toBe(0);
    expect(stdout.trim()).toBe("No pending migrations.");
    const json = await earlybird(["db:migrate", "--json"]);
    expect(JSON.parse(json.stdout)).toEqual({ applied: [] });
  });

  it("db:reset refuses without --yes when nobody can confirm, and always in production", async () => {
    const unconfirmed = await earlybird(["db:reset"]);
    expect(unconfirmed).toMatchObject({ code: 1, stderr: "Error: db:reset deletes every row: pass --yes to confirm.\n" });
    // An unreachable database: even a bug past the guard could not touch the shared test database.
    const production = await earlybird(["db:reset", "--yes"], { APP_ENV: "production", APP_URL: "https://app.earlybird.example", ENCRYPTION_KEY: "0".repeat(64), DATABASE_URL: "postgres://nobody:secret@127.0.0.1:1/none" });
    expect(production).toMatchObject({ code: 1, stderr: "Error: db:reset is refused when APP_ENV=production.\n" });
    // Production without APP_URL is an invalid environment for every door (issue 13 part 6).
    const noAppUrl = await earlybird(["db:reset", "--yes"], { APP_ENV: "production", DATABASE_URL: "postgres://nobody:secret@127.0.0.1:1/none" });
    expect(noAppUrl.code).toBe(1);
    expect(noAppUrl.stderr).toMatch(/^Error: Invalid environment: APP_URL: required when APP_ENV=production/);
  });

  it("jobs:run runs a scheduled job and records it; jobs:list shows it", async () => {
    const run = await earlybird(["jobs:run", "expire-sessions", "--json"]);
    expect(run.code).toBe(0);
    const job = JSON.parse(run.stdout) as { id: string; status: string; progress: number };
    expect(job).toMatchObject({ status: "SUCCEEDED", progress: 100 });
    expect(await Job.findByPk(job.id)).toMatchObject({ type: "expire-sessions", status: "SUCCEEDED" });

    const list = await earlybird(["jobs:list", "--type", "expire-sessions", "--limit", "50"]);
    expect(list.code).toBe(0);
    expect(list.stdout.split("\n")[0]).toMatch(/^Id\s+Type\s+Status\s+Progress\s+Created\s+Took\s+Result$/);
    expect(list.stdout).toContain(job.id.slice(0, 8));
  });

  it("expected failures exit 1, unexpected ones print a stack and exit 2", async () => {
    const unknown = await earlybird(["jobs:run", "no-such-job"]);
    expect(unknown).toMatchObject({
      code: 1,
      stderr:
        'Error: Unknown job "no-such-job". Scheduled jobs: expire-sessions, process-withdrawals, expire-top-ups, generate-statements, expire-supplier-offers, check-purchaser-offers, remove-old-data, auto-lock-periods, refresh-accounting-tokens, push-accounting\n',
    });
    const badLimit = await earlybird(["jobs:list", "--limit", "0"]);
    expect(badLimit.code).toBe(1);

    const unreachable = await earlybird(["jobs:list"], { DATABASE_URL: "postgres://nobody:secret@127.0.0.1:1/none" });
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toMatch(/^SequelizeConnectionRefusedError: .*ECONNREFUSED[\s\S]*\n\s+at /);
  });
});
