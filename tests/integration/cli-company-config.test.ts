/**
 * `earlybird payment-terms:list|add` and `gl-codes:list|add` (issue 15 part 7): the real CLI against the test database,
 * with pipes (no TTY). Success exits 0 (JSON with --json); a user error prints the spec's message and exits 1.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { AuditLogEntry, GlAccount, PaymentTerm } from "../../db/models/index";
import { runEarlybird } from "../support/cli";
import { makeCompany } from "../support/factories";

afterAll(async () => {
  await sequelize.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Each command is a process that starts tsx and connects to the database: seconds apiece on a loaded machine. */
const SPAWNING = 150_000;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eb-cli-config-"));
const earlybird = (args: string[]) => runEarlybird(args, path.join(dir, "data"));

describe("payment-terms:add and payment-terms:list", () => {
  it(
    "adds terms (the first the default), lists them, and refuses a duplicate or a missing date with exit 1",
    async () => {
      const company = await makeCompany({ companyName: "Cli Terms Ltd" });
      const id = String(company.id);
      const added = await earlybird(["payment-terms:add", "--company", id, "--frequency", "MONTHLY", "--date", "20", "--json"]);
      expect(added.stderr).toBe("");
      expect(added.code).toBe(0);
      expect(JSON.parse(added.stdout)).toMatchObject({ frequency: "MONTHLY", date: 20, defaultTerm: true });

      const weekly = await earlybird(["payment-terms:add", "--company", id, "--frequency", "weekly", "--day", "friday", "--default"]);
      expect(weekly).toMatchObject({ code: 0, stdout: "Payment term added: Weekly, Friday (default)\n" });
      expect(await PaymentTerm.count({ where: { companyId: company.id, defaultTerm: true } })).toBe(1);
      expect(await AuditLogEntry.count({ where: { companyId: company.id, action: "payment_term.added", actorUserId: null } })).toBe(2);

      expect(await earlybird(["payment-terms:add", "--company", id, "--frequency", "MONTHLY", "--date", "20"])).toMatchObject({
        code: 1,
        stderr: "Error: Duplicate payment terms are not allowed\n",
      });
      expect(await earlybird(["payment-terms:add", "--company", id, "--frequency", "MONTHLY"])).toMatchObject({
        code: 1,
        stderr: "Error: Payment date is required\n",
      });
      expect(await earlybird(["payment-terms:add", "--company", id, "--frequency", "WEEKLY"])).toMatchObject({
        code: 1,
        stderr: "Error: Payment day is required\n",
      });
      expect(await PaymentTerm.count({ where: { companyId: company.id } })).toBe(2);

      const listed = await earlybird(["payment-terms:list", "--company", id]);
      expect(listed.code).toBe(0);
      expect(listed.stdout.split("\n")[0]).toBe("Cli Terms Ltd");
      expect(listed.stdout).toMatch(/Weekly\s+Friday\s+yes/);
      expect(listed.stdout).toMatch(/Monthly\s+20th/);
      const json = await earlybird(["payment-terms:list", "--company", id, "--json"]);
      expect((JSON.parse(json.stdout) as { dayOfWeek: string | null }[]).map((term) => term.dayOfWeek)).toEqual(["FRIDAY", null]);
    },
    SPAWNING
  );

  it(
    "an unknown company exits 1 with 'Company not found'; a bad id names the option",
    async () => {
      expect(await earlybird(["payment-terms:list", "--company", "2000000000"])).toMatchObject({ code: 1, stderr: "Error: Company not found\n" });
      expect(await earlybird(["payment-terms:add", "--company", "2000000000", "--frequency", "MONTHLY", "--date", "1"])).toMatchObject({
        code: 1,
        stderr: "Error: Company not found\n",
      });
      expect(await earlybird(["payment-terms:list", "--company", "x"])).toMatchObject({ code: 1, stderr: "Error: --company: must be a company id\n" });
    },
    SPAWNING
  );
});

describe("gl-codes:add and gl-codes:list", () => {
  it(
    "adds a code, lists it, and refuses a missing code or an unknown company with exit 1",
    async () => {
      const company = await makeCompany({ companyName: "Cli Codes Ltd" });
      const id = String(company.id);
      expect(await earlybird(["gl-codes:list", "--company", id])).toMatchObject({ code: 0, stdout: "Cli Codes Ltd\nNo available codes\n" });
      const added = await earlybird(["gl-codes:add", "--company", id, "--code", "300", "--name", "Purchases", "--default", "--json"]);
      expect(added.code).toBe(0);
      expect(JSON.parse(added.stdout)).toMatchObject({ accountCode: "300", accountName: "Purchases", isDefault: true, isVisibleInEarlybird: true });
      expect(await earlybird(["gl-codes:add", "--company", id, "--code", "310", "--name", "Cost of Goods Sold"])).toMatchObject({
        code: 0,
        stdout: "GL code added: 310 Cost of Goods Sold\n",
      });

      expect(await earlybird(["gl-codes:add", "--company", id, "--name", "Freight"])).toMatchObject({ code: 1, stderr: "Error: GL Code is required\n" });
      expect(await earlybird(["gl-codes:add", "--company", "2000000000", "--code", "1", "--name", "x"])).toMatchObject({
        code: 1,
        stderr: "Error: Company not found\n",
      });
      expect(await earlybird(["gl-codes:list", "--company", "2000000000"])).toMatchObject({ code: 1, stderr: "Error: Company not found\n" });
      expect(await GlAccount.count({ where: { companyId: company.id } })).toBe(2);

      const listed = await earlybird(["gl-codes:list", "--company", id, "--json"]);
      expect((JSON.parse(listed.stdout) as { accountCode: string }[]).map((code) => code.accountCode)).toEqual(["300", "310"]);
      const text = await earlybird(["gl-codes:list", "--company", id]);
      expect(text.stdout).toMatch(/300\s+Purchases\s+yes/);
    },
    SPAWNING
  );
});
