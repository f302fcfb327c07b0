/** `earlybird period:lock` and `period:status` through the real CLI (bin shim → tsx), against the test database. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { EntityPreferences, Job } from "../../db/models/index";
import { todayIn } from "../../app/lib/dates";
import { monthEnd, shiftMonth } from "../../app/modules/period-lock/rules";
import { runEarlybird } from "../support/cli";
import { makeCompany, makeSupplierLink } from "../support/factories";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eb-cli-period-"));
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await sequelize.close();
});

const earlybird = (args: string[]) => runEarlybird(args, path.join(dir, "data"));
const currentMonth = todayIn("NZ").slice(0, 7);
const lastMonth = shiftMonth(currentMonth, -1);

// Each run starts the CLI (tsx) afresh: at most two runs per test.
describe("earlybird period:lock and period:status", () => {
  it("locks last month as a recorded job; a second lock exits 1 with 'Period is already locked'", async () => {
    const company = await makeCompany();
    const result = await earlybird(["period:lock", "--company", String(company.id), "--month", lastMonth]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^Locked [A-Z][a-z]+ invoices \\(lock date ${monthEnd(lastMonth)}, job [0-9a-f-]{36}\\)\\n$`));
    expect((await EntityPreferences.findOne({ where: { companyId: company.id } }))?.periodLockDate).toBe(monthEnd(lastMonth));
    expect(await Job.count({ where: { companyId: company.id, type: "PERIOD_LOCK", status: "SUCCEEDED" } })).toBe(1);

    const again = await earlybird(["period:lock", "--company", String(company.id), "--month", lastMonth]);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe("Error: Period is already locked\n");
  });

  it("period:status reports the lock date, the last locked and the next lockable month, with --json", async () => {
    const company = await makeCompany();
    await EntityPreferences.create({ companyId: company.id, periodLockDate: monthEnd(lastMonth) });
    const status = await earlybird(["--json", "period:status", "--company", String(company.id)]);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ companyId: company.id, lockDate: monthEnd(lastMonth), lastLockedMonth: lastMonth, nextLockableMonth: null, currentMonth });
    const text = await earlybird(["period:status", "--company", String(company.id)]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(new RegExp(`Lock date:?\\s+${monthEnd(lastMonth)}`));
    expect(text.stdout).toMatch(new RegExp(`Last locked month:?\\s+${lastMonth}`));
  });

  it("exits 1 on the current month and on an unknown company", async () => {
    const company = await makeCompany();
    const active = await earlybird(["period:lock", "--company", String(company.id), "--month", currentMonth]);
    expect(active.code).toBe(1);
    expect(active.stderr).toBe("Error: Active period can not be locked\n");
    const unknown = await earlybird(["--json", "period:lock", "--company", "2147483000", "--month", lastMonth]);
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stderr)).toMatchObject({ error: { message: "Company 2147483000 not found" } });
    expect(await EntityPreferences.count({ where: { companyId: company.id } })).toBe(0);
  });

  it("exits 1 on another company's counterparty and on a bad option", async () => {
    const company = await makeCompany();
    const other = await makeCompany();
    const link = await makeSupplierLink(other, await makeCompany());
    const foreign = await earlybird(["period:lock", "--company", String(company.id), "--month", lastMonth, "--counterparty", String(link.id)]);
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toBe("Error: Counterparty not found\n");
    const bad = await earlybird(["period:lock", "--company", String(company.id), "--month", "2026-13"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe("Error: --month: Month must be YYYY-MM\n");
    await link.reload();
    expect(link.periodLockDate).toBeNull();
  });

  it("locks a counterparty's period with --counterparty", async () => {
    const company = await makeCompany();
    const link = await makeSupplierLink(company, await makeCompany());
    const result = await earlybird(["--json", "period:lock", "--company", String(company.id), "--month", lastMonth, "--counterparty", String(link.id)]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ counterpartyId: link.id, month: lastMonth, lockDate: monthEnd(lastMonth) });
    await link.reload();
    expect(link.periodLockDate).toBe(monthEnd(lastMonth));
  });
});
