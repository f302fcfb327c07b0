/**
 * `earlybird settings:tolerance` and `documents:rematch` (issue 16 parts 4-5; docs/decisions/044): the tolerance matching
 * reads, set by the operator with the spec's default of $5.00 replaced; the re-match job run from the CLI with --json.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { BillDocument, CompanySettings, Job } from "../../db/models/index";
import { addDays, todayIn } from "../../app/lib/dates";
import { matchDocument } from "../../app/modules/matching/service.server";
import { runEarlybird } from "../support/cli";
import { makeMatchingBuyer, makePurchaseOrder, makeReadDocument } from "../support/matching-factories";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eb-cli-matching-"));
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await sequelize.close();
});
const earlybird = (args: string[]) => runEarlybird(args, path.join(dir, "data"));

// Each run starts the CLI (tsx) afresh: at most two runs per test.
describe("earlybird settings:tolerance and documents:rematch", () => {
  it("sets the tolerance in dollars; a negative amount exits 1 with the message", async () => {
    const { buyer } = await makeMatchingBuyer();
    const set = await earlybird(["settings:tolerance", "--company", String(buyer.id), "--amount", "12.50", "--json"]);
    expect(set.stderr).toBe("");
    expect(JSON.parse(set.stdout)).toEqual({ companyId: buyer.id, authorisationTolerance: 1250 });
    expect((await CompanySettings.findOne({ where: { companyId: buyer.id } }))!.authorisationTolerance).toBe(1250);
    const refused = await earlybird(["settings:tolerance", "--company", String(buyer.id), "--amount", "-1"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe("Error: Tolerance must be an amount of at least $0.00, e.g. 5.00\n");
  });

  it("re-matches the documents waiting for their purchase order as a recorded job", async () => {
    const { buyer, supplier } = await makeMatchingBuyer();
    const document = await makeReadDocument(buyer.id, { supplierName: supplier.companyName, invoiceNumber: "CLI-1", orderNumber: "PO-CLI-1", issueDate: addDays(todayIn("NZ"), -2), amount: 4_200 });
    await matchDocument(document.id);
    expect((await BillDocument.findByPk(document.id))!.matchStatus).toBe("ORDER_NOT_FOUND_GPOS");
    await makePurchaseOrder(buyer.id, { orderNumber: "PO-CLI-1", amount: 4_200, supplierCompanyId: supplier.id });
    const run = await earlybird(["documents:rematch", "--company", String(buyer.id), "--json"]);
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toMatchObject({ status: "SUCCEEDED", total: 1, changed: 1, authorised: 1 });
    expect((await BillDocument.findByPk(document.id))!.processingStatus).toBe("AUTHORISED");
    expect(await Job.count({ where: { companyId: buyer.id, type: "DOCUMENTS_REMATCH", status: "SUCCEEDED" } })).toBe(1);
  });
});
