/** `earlybird import invoices|bills FILE --company ID` through the real CLI (bin shim → tsx), against the test database. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runEarlybird } from "../support/cli";
import { sequelize } from "../../db/index";
import { Invoice } from "../../db/models/index";
import { addDays, todayIn } from "../../app/lib/dates";
import { makeCompany } from "../support/factories";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eb-cli-import-"));
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await sequelize.close();
});

const earlybird = (args: string[]) => runEarlybird(args, path.join(dir, "data"));

const due = addDays(todayIn("NZ"), 20);
const [y, m, d] = due.split("-");
const dueDmy = `${Number(d)}/${Number(m)}/${y}`;

describe("earlybird import", () => {
  it("imports a file for a company and prints the summary and where the failed rows went", async () => {
    const company = await makeCompany();
    const file = path.join(dir, "bills.csv");
    fs.writeFileSync(
      file,
      [
        "Invoice Number,Supplier Name,Order Number,Issue Date,Due Date,Amount Due (inc. GST),Contact Email",
        `CLI-1,CLI Supplier ${company.id},,,${dueDmy},12.34,`,
        `CLI-2,CLI Supplier ${company.id},,,${dueDmy},0,`,
      ].join("\n")
    );
    const result = await earlybird(["import", "bills", file, "--company", String(company.id)]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Imported 1 of 2 bills from ${file}`);
    expect(result.stdout).toContain("Success: 1  Total: 2  Failed: 1  Warnings: 1  Duplicates: 0");
    const failedPath = /Failed rows written to (.+)$/m.exec(result.stdout)?.[1];
    expect(failedPath && fs.readFileSync(failedPath, "utf8")).toContain("CLI-2,");
    expect(await Invoice.findOne({ where: { issuedFor: company.id } })).toMatchObject({ type: "BILL", invoiceNumber: "CLI-1", total: 1234 });

    const json = await earlybird(["--json", "import", "bills", file, "--company", String(company.id)]);
    expect(json.code).toBe(0);
    // The same file again: both numbers now exist or are invalid; nothing is imported twice.
    expect(JSON.parse(json.stdout)).toMatchObject({ success: 0, total: 2, failed: 2 });
    expect(await Invoice.count({ where: { issuedFor: company.id } })).toBe(1);
  });

  it("exits 1 with the spec's message on a wrong template", async () => {
    const company = await makeCompany();
    const file = path.join(dir, "wrong.csv");
    fs.writeFileSync(file, "Number,Name\n1,Acme\n");
    const result = await earlybird(["import", "invoices", file, "--company", String(company.id), "--format", "earlybird"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("Error: Incorrect template. Please check you are using the correct template to import invoices.\n");
    expect(await Invoice.count({ where: { issuedBy: company.id } })).toBe(0);

    const unknown = await earlybird(["import", "invoices", file, "--company", "999999999"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("Company 999999999 not found");
  });
});
