import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { Job, Statement } from "../../db/models/index";
import { todayIn } from "../../app/lib/dates";
import { addMonthsTo, lastEndedMonth, monthOf } from "../../app/modules/statements/rules";
import { makeCompany } from "../support/factories";
import { pdfText } from "../support/pdf-text";

afterAll(() => sequelize.close());

const bin = path.resolve("bin/earlybird.js");

/** The real CLI (bin shim → tsx → cli/index.tsx) on the test database, with pipes (no TTY). */
function earlybird(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL, APP_ENV: "test", FORCE_COLOR: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** A company that has existed for a few months (no wallet: its months start at its creation). */
async function oldCompany(name: string) {
  const company = await makeCompany({ companyName: `${name} ${Math.random().toString(36).slice(2, 7)}` });
  await sequelize.query(`UPDATE companies SET created_at = now() - interval '75 days' WHERE id = :id`, { replacements: { id: company.id } });
  return company;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cli-statements-"));

describe("earlybird statements:*", () => {
  it("statements:generate writes an ended month's statement as a PDF with the company's name as it is, through a recorded STATEMENT job", async () => {
    const company = await oldCompany("Tāmaki Traders");
    const month = lastEndedMonth(todayIn("NZ"));
    const out = path.join(tmp, "tamaki.pdf");
    const result = await earlybird(["statements:generate", "--company", String(company.id), "--month", month, "--format", "pdf", "--out", out]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Wrote the statement for ${month} (PDF`);
    expect(result.stdout).toContain(out);
    const text = await pdfText(fs.readFileSync(out));
    expect(text).toContain(`${company.companyName}: `);
    expect(text).toContain("No transactions in this month");

    const statement = await Statement.findOne({ where: { companyId: company.id, month: `${month}-01` } });
    expect(statement?.status).toBe("GENERATED");
    const job = await Job.findByPk(statement!.jobId!);
    expect(job).toMatchObject({ type: "STATEMENT", status: "SUCCEEDED", companyId: company.id, progress: 100 });

    // Listed as generated; a second run reuses the statement (no second job).
    const listed = await earlybird(["statements:list", "--company", String(company.id), "--json"]);
    expect(listed.code).toBe(0);
    const list = JSON.parse(listed.stdout) as { total: number; rows: { month: string; status: string; statementId: number | null }[] };
    expect(list.rows.find((row) => row.month === month)).toMatchObject({ status: "GENERATED", statementId: statement!.id });
    expect(list.rows.find((row) => row.month === addMonthsTo(month, -1))).toMatchObject({ status: "NOT_GENERATED", statementId: null });
    const again = await earlybird(["statements:generate", "--company", String(company.id), "--month", month, "--format", "csv", "--out", path.join(tmp, "again.csv"), "--json"]);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ statementId: statement!.id, jobId: statement!.jobId, format: "csv" });
    expect(await Job.count({ where: { type: "STATEMENT", companyId: company.id } })).toBe(1);
    expect(fs.readFileSync(path.join(tmp, "again.csv"), "utf8")).toContain("Opening balance");
  });

  it("the current month gives the month to date, as the web's download does", async () => {
    const company = await oldCompany("Whangārei Wholesale");
    const out = path.join(tmp, "current.csv");
    const result = await earlybird(["statements:generate", "--company", String(company.id), "--month", monthOf(todayIn("NZ")), "--format", "csv", "--out", out, "--json"]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ monthToDate: true, statementId: null, jobId: null, file: out });
    expect(fs.readFileSync(out, "utf8")).toMatch(/Closing balance/);
  });

  it("user errors exit 1 with the message: unknown company, bad month, a month not over yet, a bad format", async () => {
    const company = await oldCompany("Kauri Statement Co");
    const next = addMonthsTo(monthOf(todayIn("NZ")), 1);
    const cases: [string[], string][] = [
      [["--company", "99999999", "--month", "2026-01"], "Error: Company 99999999 not found"],
      [["--company", String(company.id), "--month", "2026-13"], "Error: --month: Month must be YYYY-MM, e.g. 2026-10"],
      [["--company", String(company.id), "--month", "2026-10", "--format", "doc"], "Error: --format: Format must be csv or pdf"],
    ];
    for (const [args, message] of cases) {
      const result = await earlybird(["statements:generate", ...args]);
      expect(result.code, args.join(" ")).toBe(1);
      expect(result.stderr.trim()).toBe(message);
    }
    const future = await earlybird(["statements:generate", "--company", String(company.id), "--month", next]);
    expect(future.code).toBe(1);
    expect(future.stderr).toMatch(/^Error: /);
    expect(await Statement.count({ where: { companyId: company.id } })).toBe(0);

    const list = await earlybird(["statements:list", "--company", "99999999"]);
    expect(list.code).toBe(1);
    expect(list.stderr.trim()).toBe("Error: Company 99999999 not found");
  });
});
