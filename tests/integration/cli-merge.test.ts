/** `earlybird counterparties:merge` through the real CLI (bin shim → tsx) against the test database (issue 15 part 6). */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { QueryTypes } from "sequelize";
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { Counterparty, Job } from "../../db/models/index";
import { MERGE_JOB_TYPE, MERGE_MESSAGES } from "../../app/modules/merge/rules";
import { runEarlybird } from "../support/cli";
import { insertBills, insertCreditNote, makeMergePair } from "../support/merge-factories";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eb-cli-merge-"));
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await sequelize.close();
});

const earlybird = (args: string[]) => runEarlybird(args, path.join(dir, "data"));
const billsOf = async (supplierId: number, purchaserId: number) =>
  Number(
    (await sequelize.query<{ count: string }>(`SELECT count(*) FROM invoices WHERE issued_by = $1 AND issued_for = $2`, { bind: [supplierId, purchaserId], type: QueryTypes.SELECT }))[0].count
  );

describe("earlybird counterparties:merge", () => {
  it("prints the plan with --dry-run and changes nothing, then merges, records the job and prints the result", { timeout: 120_000 }, async () => {
    const { root, fromCompany, toCompany, from, to } = await makeMergePair();
    await insertBills(root, fromCompany, 3, "CLI");
    await insertCreditNote(fromCompany, root, "CLI-CN");
    const ids = ["--company", String(root.id), "--from", String(from.id), "--into", String(to.id)];

    const dry = await earlybird(["counterparties:merge", ...ids, "--dry-run"]);
    expect(dry.stderr).toBe("");
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(`Merge plan: ${fromCompany.companyName} (counterparty ${from.id}) into ${toCompany.companyName} (counterparty ${to.id})`);
    expect(dry.stdout).toContain("Bills: 3 valid, 0 invalid");
    expect(dry.stdout).toContain("Credit notes: 1 valid, 0 invalid");
    expect(await billsOf(fromCompany.id, root.id)).toBe(3);
    expect(await Job.count({ where: { type: MERGE_JOB_TYPE, companyId: root.id } })).toBe(0);

    const run = await earlybird(["--json", "counterparties:merge", ...ids]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const output = JSON.parse(run.stdout) as { plan: { validBillCount: number }; job: { id: string; status: string }; result: { validBillCount: number; validCreditNoteCount: number; fromRemoved: boolean } };
    expect(output.plan.validBillCount).toBe(3);
    expect(output.job.status).toBe("SUCCEEDED");
    expect(output.result).toMatchObject({ validBillCount: 3, validCreditNoteCount: 1, fromRemoved: true });
    expect(await billsOf(toCompany.id, root.id)).toBe(3);
    expect(await Counterparty.findByPk(from.id)).toBeNull();
    expect(await Job.findByPk(output.job.id)).toMatchObject({ type: MERGE_JOB_TYPE, status: "SUCCEEDED", companyId: root.id, ownerUserId: null });
  });

  it("exits 1 with the message on a user error", { timeout: 120_000 }, async () => {
    const { root, from, to } = await makeMergePair();
    const other = await makeMergePair();
    const cases: [string[], string][] = [
      [["--company", "99999999", "--from", String(from.id), "--into", String(to.id)], "Company 99999999 not found"],
      [["--company", String(root.id), "--from", "99999999", "--into", String(to.id)], `Counterparty 99999999 not found for company ${root.id}`],
      [["--company", String(root.id), "--from", String(from.id), "--into", String(other.to.id)], `Counterparty ${other.to.id} not found for company ${root.id}`],
      [["--company", String(root.id), "--from", String(from.id), "--into", String(from.id)], MERGE_MESSAGES.sameCounterparty],
      [["--company", "abc", "--from", String(from.id), "--into", String(to.id)], "--company: --company must be an id"],
    ];
    for (const [args, message] of cases) {
      const result = await earlybird(["counterparties:merge", ...args]);
      expect(result.code, args.join(" ")).toBe(1);
      expect(result.stderr).toBe(`Error: ${message}\n`);
    }
    expect(await Job.count({ where: { type: MERGE_JOB_TYPE, companyId: root.id } })).toBe(0);
  });
});
