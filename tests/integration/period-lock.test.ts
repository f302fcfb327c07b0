/**
 * Period locks (p3 §4.10, §8; issue 15 part 5) against PostgreSQL: the PERIOD_LOCK job, its scope, its rules under a
 * row lock, counterparty locks, bills refused in a locked period (create and import) and the scheduled auto-lock.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QueryTypes } from "sequelize";
import { sequelize } from "../../db/index";
import { AuditLogEntry, CompanySettings, Counterparty, EntityPreferences, Invoice, Job } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import { OPERATOR } from "../../app/lib/actor";
import { addDays, startOfDayIn, todayIn, TIME_ZONES } from "../../app/lib/dates";
import { AppError, fieldErrorsOf } from "../../app/lib/errors";
import { ACTIVE_PERIOD, ALREADY_LOCKED, COUNTERPARTY_DATA_MISSING, monthEnd, shiftMonth } from "../../app/modules/period-lock/rules";
import {
  autoLockPeriods,
  getPeriodLockJob,
  lockPeriod,
  periodLockSettings,
  periodStatus,
  runPeriodLock,
  setAutoLockPreviousMonth,
  startPeriodLock,
  startSupplierPeriodLock,
  supplierLockButton,
} from "../../app/modules/period-lock/service.server";
import { createInvoiceRecord } from "../../app/modules/invoices/create.server";
import { runImport, startImport, type ImportResult } from "../../app/modules/invoices/import.server";
import { runScheduledJobNow } from "../../jobs/scheduled";
import { makeCompany, makeSupplierLink, makeUser } from "../support/factories";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eb-period-lock-"));
beforeAll(() => {
  process.env.EARLYBIRD_DATA_DIR = path.join(dir, "data");
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await sequelize.close();
});

const today = todayIn("NZ");
const currentMonth = today.slice(0, 7);
const lastMonth = shiftMonth(currentMonth, -1);
const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

async function buyer(options: { counterpartyLocks?: boolean; lockDate?: string | null } = {}) {
  const company = await makeCompany();
  const user = await makeUser({ company });
  const actor: Actor = { userId: user.id, companyId: company.id, roles: ["ROLE_USER"] };
  const supplier = await makeCompany({ companyName: `Lock Supplier ${company.id}` });
  const link = await makeSupplierLink(company, supplier);
  if (options.counterpartyLocks) await CompanySettings.create({ companyId: company.id, isCounterpartyPeriodLockEnabled: true });
  if (options.lockDate !== undefined) await EntityPreferences.create({ companyId: company.id, periodLockDate: options.lockDate });
  return { company, actor, supplier, link };
}

/** The AppError a call is refused with (a call that succeeds fails the test). */
const refusal = (call: Promise<unknown>): Promise<AppError> =>
  call.then(
    () => expect.fail("expected a refusal"),
    (reason: unknown) => (expect(reason).toBeInstanceOf(AppError), reason as AppError)
  );

const lockDateOf = async (companyId: number) => (await EntityPreferences.findOne({ where: { companyId } }))?.periodLockDate ?? null;

describe("lockPeriod", () => {
  it("locks last month as a PERIOD_LOCK job, sets the month end and audits it", async () => {
    const { company, actor } = await buyer();
    const result = await lockPeriod(actor, company.id, { month: lastMonth });
    expect(result).toMatchObject({ month: lastMonth, lockDate: monthEnd(lastMonth), counterpartyId: null });
    expect(result.message).toMatch(/^Locked [A-Z][a-z]+ invoices$/);
    expect(await lockDateOf(company.id)).toBe(monthEnd(lastMonth));
    const job = await Job.findByPk(result.jobId);
    expect(job).toMatchObject({ type: "PERIOD_LOCK", status: "SUCCEEDED", progress: 100, companyId: company.id, ownerUserId: actor.userId });
    const entry = await AuditLogEntry.findOne({ where: { companyId: company.id, action: "period.lock" } });
    expect(entry).toMatchObject({ actorUserId: actor.userId, entityType: "company" });
    expect(await periodStatus(actor, company.id)).toMatchObject({ lockDate: monthEnd(lastMonth), lastLockedMonth: lastMonth, nextLockableMonth: null, currentMonth });
  });

  it("refuses the current and a future month, a locked month and a gap; nothing is written", async () => {
    const twoBack = shiftMonth(currentMonth, -3);
    const { company, actor } = await buyer({ lockDate: monthEnd(twoBack) });
    expect((await refusal(lockPeriod(actor, company.id, { month: currentMonth }))).message).toBe(ACTIVE_PERIOD);
    expect((await refusal(lockPeriod(actor, company.id, { month: shiftMonth(currentMonth, 1) }))).message).toBe(ACTIVE_PERIOD);
    expect((await refusal(lockPeriod(actor, company.id, { month: twoBack }))).message).toBe(ALREADY_LOCKED);
    expect((await refusal(lockPeriod(actor, company.id, { month: lastMonth }))).message).toMatch(/^Lock [A-Z][a-z]+ \d{4} invoices first$/);
    expect(await lockDateOf(company.id)).toBe(monthEnd(twoBack));
    // The month after the last locked one is allowed.
    await lockPeriod(actor, company.id, { month: shiftMonth(twoBack, 1) });
    expect(await lockDateOf(company.id)).toBe(monthEnd(shiftMonth(twoBack, 1)));
  });

  it("is scoped by company: another company's id or counterparty is 404", async () => {
    const mine = await buyer();
    const theirs = await buyer();
    const other = await refusal(lockPeriod(mine.actor, theirs.company.id, { month: lastMonth }));
    expect(other).toMatchObject({ status: 404, message: "Company not found" });
    const foreign = await refusal(lockPeriod(mine.actor, mine.company.id, { month: lastMonth, counterpartyId: theirs.link.id }));
    expect(foreign).toMatchObject({ status: 404, message: "Counterparty not found" });
    expect(await refusal(periodStatus(mine.actor, theirs.company.id))).toMatchObject({ status: 404 });
    expect(await lockDateOf(theirs.company.id)).toBeNull();
    expect(await Counterparty.findByPk(theirs.link.id)).toMatchObject({ periodLockDate: null });
    // The operator (CLI) may lock any company.
    await lockPeriod(OPERATOR, theirs.company.id, { month: lastMonth });
    expect(await lockDateOf(theirs.company.id)).toBe(monthEnd(lastMonth));
  });

  it("lets one of two simultaneous locks of the same month win", async () => {
    const { company, actor } = await buyer();
    const outcomes = await Promise.allSettled([lockPeriod(actor, company.id, { month: lastMonth }), lockPeriod(actor, company.id, { month: lastMonth })]);
    const won = outcomes.filter((outcome) => outcome.status === "fulfilled");
    const lost = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0].reason as AppError).message).toBe(ALREADY_LOCKED);
    expect(await AuditLogEntry.count({ where: { companyId: company.id, action: "period.lock" } })).toBe(1);
    expect(await Job.count({ where: { companyId: company.id, type: "PERIOD_LOCK", status: "FAILED" } })).toBe(1);
  });

  it("queued from the web, the job is polled by its company only and says 'Locked {month} invoices'", async () => {
    const { company, actor } = await buyer();
    const stranger = await buyer();
    const job = await startPeriodLock(actor, company.id, { month: lastMonth });
    expect(await getPeriodLockJob(actor, job.id)).toMatchObject({ status: "QUEUED", message: null });
    expect(await refusal(getPeriodLockJob(stranger.actor, job.id))).toMatchObject({ status: 404 });
    await runPeriodLock(job.id);
    const done = await getPeriodLockJob(actor, job.id);
    expect(done.status).toBe("SUCCEEDED");
    expect(done.message).toMatch(/^Locked [A-Z][a-z]+ invoices$/);
  });
});

describe("counterparty locks", () => {
  it("with the company's counterparty lock setting, the supplier page locks the supplier's period only", async () => {
    const { company, actor, supplier, link } = await buyer({ counterpartyLocks: true });
    expect(await supplierLockButton(actor, supplier.id, currentMonth)).toMatchObject({ period: lastMonth, tooltip: "Period Unlocked", counterpartyId: link.id });
    const job = await startSupplierPeriodLock(actor, supplier.id, currentMonth);
    await runPeriodLock(job.id);
    expect(await Counterparty.findByPk(link.id)).toMatchObject({ periodLockDate: monthEnd(lastMonth) });
    expect(await lockDateOf(company.id)).toBeNull();
    expect(await supplierLockButton(actor, supplier.id, currentMonth)).toMatchObject({ tooltip: "Period Locked", disabled: true });
    expect(await periodStatus(actor, company.id, link.id)).toMatchObject({ counterpartyLocks: true, lockDate: monthEnd(lastMonth) });
    expect((await refusal(startSupplierPeriodLock(actor, supplier.id, currentMonth))).message).toBe(ALREADY_LOCKED);
  });

  it("the later of the company's and the counterparty's lock date applies", async () => {
    const { company, actor, supplier, link } = await buyer({ counterpartyLocks: true, lockDate: monthEnd(lastMonth) });
    expect(await periodStatus(actor, company.id, link.id)).toMatchObject({ lockDate: monthEnd(lastMonth), counterpartyLockDate: null });
    expect((await refusal(startSupplierPeriodLock(actor, supplier.id, currentMonth))).message).toBe(ALREADY_LOCKED);
  });

  it("a supplier without counterparty data gives 'Counterparty data is missing'", async () => {
    const { company, actor } = await buyer({ counterpartyLocks: true });
    const loose = await makeCompany({ companyName: `Loose Supplier ${company.id}` });
    await Invoice.create({
      type: "BILL",
      issuedBy: loose.id,
      issuedFor: company.id,
      issuedByCompanyName: loose.companyName,
      issuedForCompanyName: company.companyName,
      invoiceNumber: `L-${company.id}`,
      dueDate: addDays(today, 10),
      total: 1000,
    } as never);
    expect((await refusal(startSupplierPeriodLock(actor, loose.id, currentMonth))).message).toBe(COUNTERPARTY_DATA_MISSING);
    // A company that is not the actor's supplier at all is 404.
    const stranger = await makeCompany();
    expect(await refusal(startSupplierPeriodLock(actor, stranger.id, currentMonth))).toMatchObject({ status: 404 });
  });

  it("without the setting the supplier page locks the company's period", async () => {
    const { company, actor, supplier, link } = await buyer();
    const job = await startSupplierPeriodLock(actor, supplier.id, currentMonth);
    await runPeriodLock(job.id);
    expect(await lockDateOf(company.id)).toBe(monthEnd(lastMonth));
    expect(await Counterparty.findByPk(link.id)).toMatchObject({ periodLockDate: null });
    // The next-month tab: the current month is in progress.
    expect(await supplierLockButton(actor, supplier.id, shiftMonth(currentMonth, 1))).toMatchObject({ disabled: true, tooltip: ACTIVE_PERIOD });
  });
});

describe("bills in a locked period", () => {
  const bill = (supplierId: number, issueDate: string) => ({
    counterpartyId: String(supplierId),
    invoiceNumber: `LB-${supplierId}-${issueDate}`,
    dueDate: dmy(addDays(today, 20)),
    issueDate: dmy(issueDate),
    amount: "100.00",
  });

  it("a bill issued in a locked period is refused on its issue date and not written", async () => {
    const { company, actor, supplier } = await buyer({ lockDate: monthEnd(lastMonth) });
    const issued = `${lastMonth}-15`;
    const error = await refusal(createInvoiceRecord(actor, "BILL", bill(supplier.id, issued)));
    expect(error.status).toBe(422);
    expect(fieldErrorsOf(error).issueDate).toMatch(/^This date is in a locked period \(locked up to \d\d [A-Z][a-z]{2} \d{4}\)$/);
    expect(await Invoice.count({ where: { issuedFor: company.id } })).toBe(0);
    // Issued after the lock date: accepted.
    if (today > `${currentMonth}-01`) {
      await createInvoiceRecord(actor, "BILL", bill(supplier.id, `${currentMonth}-01`));
      expect(await Invoice.count({ where: { issuedFor: company.id } })).toBe(1);
    }
  });

  it("with counterparty locks, only that supplier's bills are refused", async () => {
    const { company, actor, supplier, link } = await buyer({ counterpartyLocks: true });
    await Counterparty.update({ periodLockDate: monthEnd(lastMonth) }, { where: { id: link.id } });
    const other = await makeCompany({ companyName: `Open Supplier ${company.id}` });
    await makeSupplierLink(company, other);
    const issued = `${lastMonth}-10`;
    expect(fieldErrorsOf(await refusal(createInvoiceRecord(actor, "BILL", bill(supplier.id, issued)))).issueDate).toContain("locked period");
    await createInvoiceRecord(actor, "BILL", bill(other.id, issued));
    expect(await Invoice.count({ where: { issuedFor: company.id } })).toBe(1);
  });

  it("an imported bill row issued in a locked period fails with the reason", async () => {
    const { company, actor, supplier } = await buyer({ lockDate: monthEnd(lastMonth) });
    const file = path.join(dir, `bills-${company.id}.csv`);
    const dueDmy = dmy(addDays(today, 20));
    fs.writeFileSync(
      file,
      [
        "Invoice Number,Supplier Name,Order Number,Issue Date,Due Date,Amount Due (inc. GST),Contact Email",
        `IMP-1,${supplier.companyName},,${dmy(`${lastMonth}-12`)},${dueDmy},12.34,`,
        `IMP-2,${supplier.companyName},,,${dueDmy},12.34,`,
      ].join("\n") + "\n"
    );
    const job = await startImport(actor, { kind: "BILL", format: "EARLYBIRD", filePath: file, createInXero: false });
    const done = await runImport(job.id);
    const result = done.result as ImportResult;
    expect(result).toMatchObject({ success: 1, failed: 1 });
    expect(result.failedInvoices[0]).toMatchObject({ invoiceNumber: "IMP-1" });
    expect(result.failedInvoices[0].messages[0]).toMatch(/^Issue date is in a locked period/);
    expect(await Invoice.findAll({ where: { issuedFor: company.id }, attributes: ["invoiceNumber"] }).then((rows) => rows.map((row) => row.invoiceNumber))).toEqual(["IMP-2"]);
  });
});

describe("settings and the scheduled auto-lock", () => {
  it("the settings control locks the previous calendar month and is fixed on after", async () => {
    const { actor } = await buyer();
    expect(await periodLockSettings(actor)).toMatchObject({ period: lastMonth, locked: false, refusal: null, autoLockPreviousMonth: false });
    await lockPeriod(actor, actor.companyId!, { month: lastMonth });
    expect(await periodLockSettings(actor)).toMatchObject({ locked: true });
    await setAutoLockPreviousMonth(actor, true);
    expect(await periodLockSettings(actor)).toMatchObject({ autoLockPreviousMonth: true });
    expect(await AuditLogEntry.count({ where: { companyId: actor.companyId!, action: "period.auto-lock" } })).toBe(1);
  });

  it("locks the previous month on the first day of the month in each company's zone, once", async () => {
    const nz = await buyer({ lockDate: "2026-10-31" });
    const au = await makeCompany({ country: "AU" });
    const off = await buyer({ lockDate: "2026-10-31" });
    await EntityPreferences.update({ autoLockPreviousMonth: true }, { where: { companyId: nz.company.id } });
    await EntityPreferences.create({ companyId: au.id, periodLockDate: "2026-10-31", autoLockPreviousMonth: true });

    // 1 Dec 2026 00:30 in Auckland is still 30 Nov in Sydney.
    const nzFirst = new Date(startOfDayIn("2026-12-01", TIME_ZONES.NZ).getTime() + 30 * 60_000);
    await autoLockPeriods(nzFirst);
    expect(await lockDateOf(nz.company.id)).toBe("2026-11-30");
    expect(await lockDateOf(au.id)).toBe("2026-10-31");
    expect(await lockDateOf(off.company.id)).toBe("2026-10-31");

    const auFirst = new Date(startOfDayIn("2026-12-01", TIME_ZONES.AU).getTime() + 30 * 60_000);
    await autoLockPeriods(auFirst);
    expect(await lockDateOf(au.id)).toBe("2026-11-30");
    // A second run that day changes nothing.
    await autoLockPeriods(auFirst);
    const [{ count }] = await sequelize.query<{ count: string }>(
      `SELECT count(*) FROM audit_log WHERE action = 'period.lock' AND company_id IN (:ids)`,
      { type: QueryTypes.SELECT, replacements: { ids: [nz.company.id, au.id] } }
    );
    expect(Number(count)).toBe(2);
  });

  it("runs as the scheduled job auto-lock-periods", async () => {
    const job = await runScheduledJobNow("auto-lock-periods");
    expect(job).toMatchObject({ type: "auto-lock-periods", status: "SUCCEEDED", progress: 100 });
  });
});
