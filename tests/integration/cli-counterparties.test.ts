/** `earlybird counterparties:import` and `earlybird companies:list` through the real CLI, against the test database. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runEarlybird } from "../support/cli";
import { sequelize } from "../../db/index";
import { Counterparty, Job } from "../../db/models/index";
import { COUNTERPARTY_IMPORT_COLUMNS, COUNTERPARTY_ROW_MESSAGES as M } from "../../app/modules/counterparties/import-rules";
import { makeCompany } from "../support/factories";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eb-cli-counterparties-"));
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await sequelize.close();
});

const earlybird = (args: string[]) => runEarlybird(args, path.join(dir, "data"));

describe("earlybird counterparties:import", () => {
  it("imports a file, prints the summary and the failed-rows CSV path; --json gives success, failed and failedRows", { timeout: 60_000 }, async () => {
    const company = await makeCompany();
    const file = path.join(dir, "counterparties.csv");
    fs.writeFileSync(file, [COUNTERPARTY_IMPORT_COLUMNS.join(","), "Cli Supplier Ltd,CLI-1,,123-456-789,,Weekly,monday", "Bad Row Ltd,CLI-2,,12,,,"].join("\n"));
    const result = await earlybird(["counterparties:import", file, "--company", String(company.id)]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Imported 1 of 2 counterparties from ${file}`);
    expect(result.stdout).toContain("Success: 1  Failed: 1  Created: 1");
    expect(result.stdout).toContain(`Line 3: ${M.gstLength}`);
    const failedPath = /Failed rows written to (.+)$/m.exec(result.stdout)?.[1];
    expect(failedPath && fs.readFileSync(failedPath, "utf8")).toContain(`Bad Row Ltd,CLI-2,,12,,,,"${M.gstLength}"`);
    expect(await Counterparty.findOne({ where: { companyId: company.id } })).toMatchObject({ externalAccountId: "CLI-1", gstNumber: "123456789" });
    // Recorded in jobs like the web's.
    expect(await Job.count({ where: { companyId: company.id, type: "IMPORT_COUNTERPARTIES", status: "SUCCEEDED" } })).toBe(1);

    const json = await earlybird(["--json", "counterparties:import", file, "--company", String(company.id)]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ success: 1, failed: 1, failedRows: [{ line: 3, reasons: [M.gstLength] }], unchanged: 1, created: 0 });
    expect(await Counterparty.count({ where: { companyId: company.id } })).toBe(1);
  });

  const okFile = () => {
    const file = path.join(dir, "ok.csv");
    fs.writeFileSync(file, `${COUNTERPARTY_IMPORT_COLUMNS.join(",")}\nA Ltd,A-1,,,,,\n`);
    return file;
  };

  it("exits 1 with the message on an unknown company or a bad company id", { timeout: 60_000 }, async () => {
    const file = okFile();
    const unknown = await earlybird(["counterparties:import", file, "--company", "999999999"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe("Error: Company 999999999 not found\n");
    const badId = await earlybird(["counterparties:import", file, "--company", "abc"]);
    expect(badId.code).toBe(1);
    expect(badId.stderr).toBe("Error: --company: must be a company id\n");
  });

  it("exits 1 with the message on a missing file or a wrong template, and imports nothing", { timeout: 60_000 }, async () => {
    const company = await makeCompany();
    const missing = await earlybird(["counterparties:import", path.join(dir, "nope.csv"), "--company", String(company.id)]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("File not found");

    const wrong = path.join(dir, "wrong.csv");
    fs.writeFileSync(wrong, "Name,Id\nA,1\n");
    const template = await earlybird(["counterparties:import", wrong, "--company", String(company.id)]);
    expect(template.code).toBe(1);
    expect(template.stderr).toBe("Error: Incorrect template. Please check you are using the correct template to import counterparties.\n");
    expect(await Counterparty.count({ where: { companyId: company.id } })).toBe(0);
  });
});

describe("earlybird companies:list", () => {
  it("lists companies by name with --search and --status, as a table or --json", { timeout: 60_000 }, async () => {
    const tag = `Listy ${Date.now()}`;
    const verified = await makeCompany({ companyName: `${tag} Verified`, verificationStatus: "VERIFIED", country: "AU" });
    const pending = await makeCompany({ companyName: `${tag} Pending`, verificationStatus: "VERIFICATION_PENDING" });
    const text = await earlybird(["companies:list", "--search", tag]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(new RegExp(`${pending.id}\\s+${tag} Pending\\s+NZ\\s+VERIFICATION_PENDING`));
    expect(text.stdout).toMatch(new RegExp(`${verified.id}\\s+${tag} Verified\\s+AU\\s+VERIFIED`));
    expect(text.stdout).toContain("Page 1 of 1 (2 companies)");

    const json = await earlybird(["--json", "companies:list", "--search", tag, "--status", "verified"]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({
      page: 1,
      size: 25,
      totalElements: 1,
      companies: [{ id: verified.id, companyName: `${tag} Verified`, country: "AU", verificationStatus: "VERIFIED" }],
    });
  });

  it("exits 1 on a bad status", async () => {
    const result = await earlybird(["companies:list", "--status", "SHINY"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("Error: --status: must be one of NOT_VERIFIED, PARTIALLY_VERIFIED, VERIFICATION_PENDING, VERIFIED\n");
  });
});
