/**
 * The counterparty merge (issue 15 part 6; decision 039) against PostgreSQL: every moved row, what stays and why,
 * the ledger untouched, a second run that changes nothing, a worker that stops mid-merge and a resumed job that
 * finishes once, and the admin scoping.
 */
import { QueryTypes } from "sequelize";
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { AuditLogEntry, Counterparty, Job } from "../../db/models/index";
import { AppError } from "../../app/lib/errors";
import { OPERATOR } from "../../app/lib/actor";
import { JobLeaseLostError, reapExpiredJobs } from "../../app/modules/jobs/service.server";
import { MERGE_BATCH_SIZE, getMergeProgress, invoiceBatchSql, mergePlan, runMerge, startMerge, type MergeResult } from "../../app/modules/merge/service.server";
import { MERGE_JOB_TYPE, MERGE_MESSAGES } from "../../app/modules/merge/rules";
import { actorOf, makeAdmin, makeFundedCompany, makeUser } from "../support/factories";
import {
  allocate,
  insertBills,
  insertClearingSupplierOffer,
  insertCreditNote,
  insertInvoice,
  insertPaidThroughOffer,
  insertPurchaseOrder,
  makeMergePair,
} from "../support/merge-factories";

afterAll(() => sequelize.close());

const ledgerFigures = async () =>
  (await sequelize.query<{ count: string; sum: string }>(`SELECT count(*) AS count, coalesce(sum(amount), 0)::text AS sum FROM ledger_entries`, { type: QueryTypes.SELECT }))[0];

/** Every document row touching the three companies, as text: a second run must leave it identical. */
const snapshot = async (ids: number[]) =>
  sequelize.query(
    `SELECT 'I' || id AS k, issued_by, issued_for, issued_by_company_name, issued_for_company_name, include_in_purchaser_offer, credit_note_value::text, issuer_contact_email, recipient_contact_email, updated_at::text
       FROM invoices WHERE issued_by = ANY($1::int[]) OR issued_for = ANY($1::int[])
     UNION ALL
     SELECT 'C' || id, issued_by, issued_for, issued_by_company_name, issued_for_company_name, NULL, allocated_total::text, NULL, NULL, updated_at::text
       FROM credit_notes WHERE issued_by = ANY($1::int[]) OR issued_for = ANY($1::int[])
     ORDER BY 1`,
    { bind: [ids], type: QueryTypes.SELECT }
  );

async function mergeToEnd(companyId: number, from: number, to: number) {
  const admin = await makeAdmin();
  const job = await startMerge(admin, { companyId, fromCounterpartyId: from, toCounterpartyId: to }, { runSoon: false });
  const done = await runMerge(job.id);
  expect(done.status).toBe("SUCCEEDED");
  return { job: done, result: done.result as MergeResult };
}

describe("a counterparty merge", () => {
  it("moves the bills, invoices, credit notes, allocations, inclusion and contacts, keeps back what may not move, and leaves the ledger alone", async () => {
    const { root, fromCompany, toCompany, from, to } = await makeMergePair({ fromContactEmail: "ap@kiwi-dup.test" });
    await from.update({ externalAccountId: "KIWI-OLD" });
    // The ledger has entries to compare (a funded, unrelated company).
    await makeFundedCompany(100_000);

    const plain = await insertBills(root, fromCompany, 4, "KS");
    const [included] = await insertBills(root, fromCompany, 1, "KS-INC", { include: true });
    await sequelize.query(`UPDATE invoices SET recipient_contact_email = 'bills@kiwi.test' WHERE id = $1`, { bind: [plain[0]] });
    const [taken] = await insertBills(root, fromCompany, 1, "SAME");
    await insertBills(root, toCompany, 1, "SAME");
    const [clearing] = await insertBills(root, fromCompany, 1, "CLR");
    await insertClearingSupplierOffer(fromCompany, clearing);
    const [paid] = await insertBills(root, fromCompany, 1, "PAID");
    await insertPaidThroughOffer(root, paid);
    const invoice = await insertInvoice(root, fromCompany, `INV-${root.id}`);
    const allocatedNote = await insertCreditNote(fromCompany, root, "CN-1", 40);
    await allocate(allocatedNote, plain[1], 40);
    const freeNote = await insertCreditNote(fromCompany, root, "CN-2", 25);
    // A credit note tied to the bill in CLEARING stays with it.
    const tiedNote = await insertCreditNote(fromCompany, root, "CN-3", 10);
    await allocate(tiedNote, clearing, 10);
    const po = await insertPurchaseOrder(root, fromCompany, `PO-${root.id}`);
    const ledgerBefore = await ledgerFigures();

    const admin = await makeAdmin();
    const plan = await mergePlan(admin, root.id, from.id, to.id);
    expect(plan).toMatchObject({
      validBillCount: 5,
      validInvoiceCount: 1,
      validCreditNoteCount: 2,
      invalidBillCount: 3,
      invalidInvoiceCount: 0,
      invalidCreditNoteCount: 1,
      rootCounterPartyEntityId: root.id,
      fromEntityId: from.id,
      toEntityId: to.id,
    });
    expect(plan.invalidItems.map((item) => [item.number, item.reason]).sort()).toEqual(
      [
        ["CLR-1", "SUPPLIER_OFFER_OPEN"],
        ["CN-3", "CREDIT_LINKED"],
        ["PAID-1", "SETTLED_IN_LEDGER"],
        ["SAME-1", "NUMBER_TAKEN"],
      ].sort()
    );

    const { job, result } = await mergeToEnd(root.id, from.id, to.id);
    expect(result).toMatchObject({ validBillCount: 5, validInvoiceCount: 1, validCreditNoteCount: 2, invalidBillCount: 3, invalidCreditNoteCount: 1, purchaseOrdersMoved: 1, fromRemoved: false });
    expect(result.settingsFolded.sort()).toEqual(["contactEmail", "externalAccountId"]);

    const bills = await sequelize.query<{ id: number; issued_by: number; issued_by_company_name: string; include_in_purchaser_offer: boolean; recipient_contact_email: string | null; credit_note_value: string }>(
      `SELECT id, issued_by, issued_by_company_name, include_in_purchaser_offer, recipient_contact_email, credit_note_value FROM invoices WHERE type = 'BILL' AND issued_for = $1 ORDER BY id`,
      { bind: [root.id], type: QueryTypes.SELECT }
    );
    const byId = new Map(bills.map((bill) => [bill.id, bill]));
    for (const id of [...plain, included]) expect(byId.get(id)).toMatchObject({ issued_by: toCompany.id, issued_by_company_name: toCompany.companyName });
    expect(byId.get(included)?.include_in_purchaser_offer).toBe(true);
    expect(byId.get(plain[0])?.recipient_contact_email).toBe("bills@kiwi.test");
    expect(byId.get(plain[1])?.credit_note_value).toBe("40.00");
    for (const id of [taken, clearing, paid]) expect(byId.get(id)?.issued_by).toBe(fromCompany.id);

    const [inv] = await sequelize.query<{ issued_for: number; issued_for_company_name: string }>(`SELECT issued_for, issued_for_company_name FROM invoices WHERE id = $1`, {
      bind: [invoice],
      type: QueryTypes.SELECT,
    });
    expect(inv).toEqual({ issued_for: toCompany.id, issued_for_company_name: toCompany.companyName });

    const notes = await sequelize.query<{ id: number; issued_by: number; allocated_total: string }>(`SELECT id, issued_by, allocated_total FROM credit_notes WHERE issued_for = $1 ORDER BY id`, {
      bind: [root.id],
      type: QueryTypes.SELECT,
    });
    expect(notes).toEqual([
      { id: allocatedNote, issued_by: toCompany.id, allocated_total: "40.00" },
      { id: freeNote, issued_by: toCompany.id, allocated_total: "0.00" },
      { id: tiedNote, issued_by: fromCompany.id, allocated_total: "10.00" },
    ]);
    const allocations = await sequelize.query(`SELECT credit_note_id, invoice_id, allocated_amount FROM credit_note_allocations WHERE credit_note_id = ANY($1::int[]) ORDER BY credit_note_id`, {
      bind: [[allocatedNote, tiedNote]],
      type: QueryTypes.SELECT,
    });
    expect(allocations).toEqual([
      { credit_note_id: allocatedNote, invoice_id: plain[1], allocated_amount: "40.00" },
      { credit_note_id: tiedNote, invoice_id: clearing, allocated_amount: "10.00" },
    ]);
    const [order] = await sequelize.query<{ supplier_company_id: number }>(`SELECT supplier_company_id FROM purchase_orders WHERE id = $1`, { bind: [po], type: QueryTypes.SELECT });
    expect(order.supplier_company_id).toBe(toCompany.id);

    // Contacts and settings fold into `to`; `from` keeps what stayed, so it stays too.
    const [toRow, fromRow] = await Promise.all([Counterparty.findByPk(to.id), Counterparty.findByPk(from.id)]);
    expect(toRow).toMatchObject({ contactEmail: "ap@kiwi-dup.test", externalAccountId: "KIWI-OLD" });
    expect(fromRow).toMatchObject({ externalAccountId: null });

    expect(await ledgerFigures()).toEqual(ledgerBefore);
    const entries = await AuditLogEntry.findAll({ where: { action: "counterparty.merge", companyId: root.id } });
    expect(entries).toHaveLength(1);
    expect(entries[0].details).toMatchObject({ validBillCount: 5, invalidBillCount: 3, fromEntityId: from.id, toEntityId: to.id });

    // Polled as the dialog polls it.
    expect(await getMergeProgress(admin, root.id, job.id)).toMatchObject({ progressPercentage: 100, status: "SUCCESS" });

    // Twice: the second merge moves nothing and changes no row.
    const before = await snapshot([root.id, fromCompany.id, toCompany.id]);
    const again = await mergeToEnd(root.id, from.id, to.id);
    expect(again.result).toMatchObject({ validBillCount: 0, validInvoiceCount: 0, validCreditNoteCount: 0, invalidBillCount: 3, invalidCreditNoteCount: 1, purchaseOrdersMoved: 0 });
    expect(again.result.settingsFolded).toEqual([]);
    expect(await snapshot([root.id, fromCompany.id, toCompany.id])).toEqual(before);
    expect(await ledgerFigures()).toEqual(ledgerBefore);
    // A job that finished is not run again.
    const rerun = await runMerge(job.id);
    expect(rerun.status).toBe("SUCCEEDED");
    expect(await snapshot([root.id, fromCompany.id, toCompany.id])).toEqual(before);
  });

  it("removes the `from` counterparty when nothing is left on it", async () => {
    const { root, fromCompany, toCompany, from, to } = await makeMergePair();
    await insertBills(root, fromCompany, 3, "ALL");
    const { result } = await mergeToEnd(root.id, from.id, to.id);
    expect(result).toMatchObject({ validBillCount: 3, fromRemoved: true });
    expect(await Counterparty.findByPk(from.id)).toBeNull();
    const [{ count }] = await sequelize.query<{ count: string }>(`SELECT count(*) FROM invoices WHERE issued_by = $1 AND issued_for = $2`, {
      bind: [toCompany.id, root.id],
      type: QueryTypes.SELECT,
    });
    expect(Number(count)).toBe(3);
    // Merging it again: the counterparty is gone.
    await expect(startMerge(await makeAdmin(), { companyId: root.id, fromCounterpartyId: from.id, toCounterpartyId: to.id })).rejects.toMatchObject({ status: 404 });
  });

  it("resumes after its worker stopped mid-merge and finishes once", { timeout: 120_000 }, async () => {
    const { root, fromCompany, toCompany, from, to } = await makeMergePair();
    const count = MERGE_BATCH_SIZE * 2 + 500;
    await insertBills(root, fromCompany, count, "RS");
    const admin = await makeAdmin();
    const job = await startMerge(admin, { companyId: root.id, fromCounterpartyId: from.id, toCounterpartyId: to.id }, { runSoon: false });

    // The first worker stops after its first batch committed: its job stays RUNNING under its lease, as a killed one's would.
    const stopped = await runMerge(job.id, {
      onProgress: () => {
        throw new JobLeaseLostError(job.id);
      },
    });
    expect(stopped.status).toBe("RUNNING");
    const [{ moved }] = await sequelize.query<{ moved: string }>(`SELECT count(*) AS moved FROM invoices WHERE issued_by = $1 AND issued_for = $2`, {
      bind: [toCompany.id, root.id],
      type: QueryTypes.SELECT,
    });
    expect(Number(moved)).toBe(MERGE_BATCH_SIZE);

    // The reaper hands the job back once the lease expires; the next worker carries on from the checkpoint.
    const reaped = await reapExpiredJobs({ resumableTypes: [MERGE_JOB_TYPE], maxAttempts: 3, now: new Date(Date.now() + 3_600_000) });
    expect(reaped.requeued).toContain(job.id);
    const done = await runMerge(job.id);
    expect(done.status).toBe("SUCCEEDED");
    expect(done.result).toMatchObject({ validBillCount: count, invalidBillCount: 0, fromRemoved: true });
    const [{ total }] = await sequelize.query<{ total: string }>(`SELECT count(*) AS total FROM invoices WHERE issued_by = $1 AND issued_for = $2`, {
      bind: [toCompany.id, root.id],
      type: QueryTypes.SELECT,
    });
    expect(Number(total)).toBe(count);
    expect(await AuditLogEntry.count({ where: { action: "counterparty.merge", companyId: root.id } })).toBe(1);
    expect((await Job.findByPk(job.id))?.attempts).toBe(2);
  });
});

describe("merge scoping", () => {
  it("refuses non-admins, another company's counterparty, and merging a counterparty into itself", async () => {
    const { root, from, to } = await makeMergePair();
    const other = await makeMergePair();
    const admin = await makeAdmin();
    const user = actorOf(await makeUser({ company: root }));

    await expect(mergePlan(user, root.id, from.id, to.id)).rejects.toMatchObject({ status: 404 });
    await expect(startMerge(user, { companyId: root.id, fromCounterpartyId: from.id, toCounterpartyId: to.id })).rejects.toMatchObject({ status: 404 });
    // Another company's counterparty, either side.
    await expect(mergePlan(admin, root.id, other.from.id, to.id)).rejects.toMatchObject({ status: 404 });
    await expect(mergePlan(admin, root.id, from.id, other.to.id)).rejects.toMatchObject({ status: 404 });
    await expect(startMerge(admin, { companyId: root.id, fromCounterpartyId: from.id, toCounterpartyId: other.to.id })).rejects.toMatchObject({ status: 404 });
    // The same one.
    const same = await mergePlan(admin, root.id, from.id, from.id).catch((error: unknown) => error);
    expect(same).toBeInstanceOf(AppError);
    expect(same).toMatchObject({ status: 422, details: { fieldErrors: { toCounterpartyId: MERGE_MESSAGES.sameCounterparty } } });

    // The operator (CLI) is an admin; a merge already queued on either counterparty refuses a second.
    const first = await startMerge(OPERATOR, { companyId: root.id, fromCounterpartyId: from.id, toCounterpartyId: to.id }, { runSoon: false });
    await expect(startMerge(admin, { companyId: root.id, fromCounterpartyId: to.id, toCounterpartyId: from.id }, { runSoon: false })).rejects.toMatchObject({
      status: 409,
      message: MERGE_MESSAGES.alreadyRunning,
    });
    // Another company's merge job is not found through this company, nor by a non-admin.
    await expect(getMergeProgress(admin, other.root.id, first.id)).rejects.toMatchObject({ status: 404 });
    await expect(getMergeProgress(user, root.id, first.id)).rejects.toMatchObject({ status: 404 });
    await runMerge(first.id);
  });
});

describe("merge batches", () => {
  it("read their bills by index, one batch at a time: no sequential scan of invoices, at most a batch of rows", { timeout: 120_000 }, async () => {
    const { root, fromCompany, toCompany } = await makeMergePair();
    await insertBills(root, fromCompany, 5_000, "PLAN");
    await insertBills(root, toCompany, 20_000, "OTHER");
    await sequelize.query("ANALYZE invoices");
    for (const pass of ["BILL", "INVOICE"] as const) {
      // Named parameters as the service binds them ($root, $from, $to, $cursor, $limit), numbered for EXPLAIN.
      const order = ["root", "from", "to", "cursor", "limit"];
      const text = invoiceBatchSql(pass).replace(/\$(root|from|to|cursor|limit)\b/g, (_, name: string) => `$${order.indexOf(name) + 1}`);
      const [row] = await sequelize.transaction(async (transaction) =>
        sequelize.query<{ "QUERY PLAN": { Plan: PlanNode }[] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, {
          bind: [root.id, fromCompany.id, toCompany.id, 0, MERGE_BATCH_SIZE],
          type: QueryTypes.SELECT,
          transaction,
        })
      );
      const reads = invoiceReads(row["QUERY PLAN"][0].Plan);
      expect(reads.length, pass).toBeGreaterThan(0);
      for (const read of reads) {
        expect(read.type, pass).not.toBe("Seq Scan");
        expect(read.rows, `${pass} ${read.type}`).toBeLessThanOrEqual(MERGE_BATCH_SIZE + 1);
      }
    }
  });
});

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  Plans?: PlanNode[];
}

/** The scans of invoices on the outer level (the batch's own rows; the facts' subqueries read other tables or one row each). */
function invoiceReads(node: PlanNode, depth = 0): { type: string; rows: number }[] {
  const own = node["Relation Name"] === "invoices" && (node["Actual Loops"] ?? 1) === 1 ? [{ type: node["Node Type"], rows: node["Actual Rows"] ?? 0 }] : [];
  return [...own, ...(node.Plans ?? []).flatMap((child) => invoiceReads(child, depth + 1))];
}
