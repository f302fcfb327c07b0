/** `earlybird pos:import` and `earlybird pos:list` through the real CLI, against the test database (issue 16 part 1). */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runEarlybird } from "../support/cli";
import { sequelize } from "../../db/index";
import { Job, PurchaseOrder } from "../../db/models/index";
import { PURCHASE_ORDER_IMPORT_COLUMNS, PURCHASE_ORDER_ROW_MESSAGES as M, PURCHASE_ORDER_TEMPLATE_MESSAGE } from "../../app/modules/purchase-orders/rules";
import { makeCompany, makeCounterparty } from "../support/factories";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eb-cli-pos-"));
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await sequelize.close();
});

const earlybird = (args: string[]) => runEarlybird(args, path.join(dir, "data"));
const HEADER = PURCHASE_ORDER_IMPORT_COLUMNS.join(",");

describe("earlybird pos:import", () => {
  it("imports a file and prints the summary and the failed-rows CSV path; --json gives success, failed and failedRows", { timeout: 60_000 }, async () => {
    const company = await makeCompany();
    const supplier = await makeCompany({ companyName: "Cli Supplier Ltd" });
    await makeCounterparty(company, supplier);
    const file = path.join(dir, "orders.csv");
    fs.writeFileSync(file, [HEADER, "PO-CLI-1,cli supplier ltd,5/11/2026,\"1,150.00\",OPEN", "PO-CLI-2,Someone,31/11/2026,12,PAID", "po-cli-1,Again,,1,OPEN"].join("\n"));
    const result = await earlybird(["pos:import", file, "--company", String(company.id)]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Imported 1 of 3 purchase orders from ${file}`);
    expect(result.stdout).toContain("Success: 1  Failed: 2  Created: 1  Updated: 0  Unchanged: 0  Suppliers matched: 1");
    expect(result.stdout).toContain(`Line 3: ${M.orderDateInvalid}; ${M.statusInvalid}`);
    expect(result.stdout).toContain("Line 4: Order number appears more than once in the file (first on line 2)");
    const failedPath = /Failed rows written to (.+)$/m.exec(result.stdout)?.[1];
    expect(failedPath && fs.readFileSync(failedPath, "utf8")).toContain(`PO-CLI-2,Someone,31/11/2026,12,PAID,"${M.orderDateInvalid}; ${M.statusInvalid}"`);
    expect(await PurchaseOrder.findOne({ where: { companyId: company.id } })).toMatchObject({ orderNumber: "PO-CLI-1", supplierCompanyId: supplier.id, amount: 115_000 });
    expect(await Job.count({ where: { companyId: company.id, type: "IMPORT_PURCHASE_ORDERS", status: "SUCCEEDED" } })).toBe(1);

    const json = await earlybird(["--json", "pos:import", file, "--company", String(company.id)]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      success: 1,
      failed: 2,
      failedRows: [
        { line: 3, reasons: [M.orderDateInvalid, M.statusInvalid] },
        { line: 4, reasons: ["Order number appears more than once in the file (first on line 2)"] },
      ],
      unchanged: 1,
      created: 0,
    });
    expect(await PurchaseOrder.count({ where: { companyId: company.id } })).toBe(1);
  });

  it("exits 1 with the message on an unknown company, a bad company id, a missing file or a wrong template, and imports nothing", { timeout: 60_000 }, async () => {
    const file = path.join(dir, "ok.csv");
    fs.writeFileSync(file, `${HEADER}\nPO-1,A Ltd,,1,OPEN\n`);
    const unknown = await earlybird(["pos:import", file, "--company", "999999999"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe("Error: Company 999999999 not found\n");
    const badId = await earlybird(["pos:import", file, "--company", "abc"]);
    expect(badId.code).toBe(1);
    expect(badId.stderr).toBe("Error: --company: Company must be a company id (a number)\n");

    const company = await makeCompany();
    const missing = await earlybird(["pos:import", path.join(dir, "nope.csv"), "--company", String(company.id)]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("File not found");
    const wrong = path.join(dir, "wrong.csv");
    fs.writeFileSync(wrong, "Invoice Number,Supplier Name\nA,1\n");
    const template = await earlybird(["--json", "pos:import", wrong, "--company", String(company.id)]);
    expect(template.code).toBe(1);
    expect(template.stderr).toContain(PURCHASE_ORDER_TEMPLATE_MESSAGE);
    expect(await PurchaseOrder.count({ where: { companyId: company.id } })).toBe(0);
  });
});

describe("earlybird pos:list", () => {
  it("lists the company's purchase orders by number, --status filters, --json gives the page", { timeout: 60_000 }, async () => {
    const company = await makeCompany();
    const other = await makeCompany();
    await PurchaseOrder.bulkCreate([
      { companyId: company.id, orderNumber: "PO-B", supplierName: "Beta Ltd", amount: 12_345, status: "OPEN", orderDate: "2026-11-01" },
      { companyId: company.id, orderNumber: "PO-A", supplierName: "Alpha Ltd", amount: 500, status: "CLOSED", orderDate: null },
      { companyId: other.id, orderNumber: "PO-C", supplierName: "Other Ltd", amount: 1, status: "OPEN", orderDate: null },
    ]);
    const text = await earlybird(["pos:list", "--company", String(company.id)]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/PO-A\s+Alpha Ltd[\s\S]*PO-B\s+Beta Ltd\s+-\s+2026-11-01\s+\$123\.45\s+OPEN/);
    expect(text.stdout).not.toContain("PO-C");

    const json = await earlybird(["--json", "pos:list", "--company", String(company.id), "--status", "closed"]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ page: 1, hasMore: false, purchaseOrders: [{ orderNumber: "PO-A", amountCents: 500, status: "CLOSED" }] });

    const bad = await earlybird(["pos:list", "--company", String(company.id), "--status", "LOST"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe("Error: --status: must be OPEN, RECEIPTED or CLOSED\n");
    const unknown = await earlybird(["pos:list", "--company", "999999999"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe("Error: Company 999999999 not found\n");
  });
});
