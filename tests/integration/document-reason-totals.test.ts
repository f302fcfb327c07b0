/**
 * The statistics' running totals (bill_document_reason_totals, kept by statement triggers; decision 053) agree with the
 * documents themselves after a random workload of inserts, single and multi-row updates of status, reason and
 * amounts, and deletes, for two companies; and what a statement leaves unchanged (a lock renewal) writes no total row.
 */
import { QueryTypes } from "sequelize";
import { afterAll, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { DOCUMENT_STATISTICS_SQL, documentStatistics, type DocumentStatistics } from "../../app/modules/documents/review-lists.server";
import { makeCompany } from "../support/factories";

afterAll(() => sequelize.close());

const STATUSES = ["QUEUED", "RETRY", "PENDING_REVIEW", "VARIANCE", "BLOCKED", "PENDING_APPROVAL", "FAILED"] as const;
const REASONS = [null, "ORDER_NOT_FOUND_OCR", "ORDER_NOT_FOUND_GPOS", "STATUS_MISMATCH", "AMOUNT_OVER", "AMOUNT_UNDER"] as const;

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state % n;
  };
}

/** The statistics computed from the documents (the grouped query a supplier search uses, without the search). */
async function fromDocuments(companyId: number): Promise<DocumentStatistics> {
  const rows = await sequelize.query<{ processing_status: string; match_status: string | null; count: number; amount_c: string; pos_c: string }>(
    DOCUMENT_STATISTICS_SQL(false),
    {
      type: QueryTypes.SELECT,
      replacements: { companyId },
    }
  );
  const sum = (keep: (row: (typeof rows)[number]) => boolean) => {
    const kept = rows.filter(keep);
    return {
      totalAmountDue: kept.reduce((total, row) => total + Math.round(Number(row.amount_c)), 0),
      totalCount: kept.reduce((total, row) => total + row.count, 0),
      totalPosAmount: kept.reduce((total, row) => total + Math.round(Number(row.pos_c)), 0),
    };
  };
  const plain = (keep: (row: (typeof rows)[number]) => boolean) => {
    const { totalAmountDue, totalCount } = sum(keep);
    return { totalAmountDue, totalCount };
  };
  const of = (status: string, match: string) => plain((row) => row.processing_status === status && row.match_status === match);
  return {
    retry: plain((row) => row.processing_status === "RETRY"),
    orderNotFoundOcr: of("PENDING_REVIEW", "ORDER_NOT_FOUND_OCR"),
    orderNotFoundGpos: of("PENDING_REVIEW", "ORDER_NOT_FOUND_GPOS"),
    statusMismatch: of("PENDING_REVIEW", "STATUS_MISMATCH"),
    amountOver: of("VARIANCE", "AMOUNT_OVER"),
    amountUnder: of("VARIANCE", "AMOUNT_UNDER"),
    variance: sum((row) => row.processing_status === "VARIANCE"),
  } as DocumentStatistics;
}

it("agree with the documents after a random workload of inserts, updates and deletes", async () => {
  const companies = [(await makeCompany({ companyName: "Totals Buyer A Ltd" })).id, (await makeCompany({ companyName: "Totals Buyer B Ltd" })).id];
  const next = random(20261127);
  const amount = () => (next(5) === 0 ? null : (1 + next(900_000)) / 100);
  let made = 0;
  const insert = async (count: number) => {
    const values = Array.from({ length: count }, () => {
      made += 1;
      return {
        companyId: companies[next(2)],
        status: STATUSES[next(STATUSES.length)],
        match: REASONS[next(REASONS.length)],
        invoice: amount(),
        pos: amount(),
        sha: `${made}-${Date.now()}-${next(1e9)}`.padEnd(64, "0").slice(0, 64),
      };
    });
    await sequelize.query(
      `INSERT INTO bill_documents (company_id, source, original_file_name, mime_type, size_bytes, content, content_sha256, processing_status, match_status, invoice_amount, pos_amount)
       SELECT x.company_id, 'UPLOAD', 'bill.pdf', 'application/pdf', 4, '\\x25504446'::bytea, md5(x.sha) || md5(x.sha || 'x'), x.status, x.match, x.invoice, x.pos
         FROM jsonb_to_recordset(CAST(:rows AS jsonb)) AS x(company_id integer, sha text, status text, match text, invoice numeric, pos numeric)`,
      {
        replacements: {
          rows: JSON.stringify(values.map((v) => ({ company_id: v.companyId, sha: v.sha, status: v.status, match: v.match, invoice: v.invoice, pos: v.pos }))),
        },
      }
    );
  };
  await insert(200);
  const ids = async () =>
    (
      await sequelize.query<{ id: number }>(`SELECT id FROM bill_documents WHERE company_id IN (:companies) ORDER BY id`, {
        type: QueryTypes.SELECT,
        replacements: { companies },
      })
    ).map((row) => row.id);
  for (let round = 0; round < 150; round++) {
    const all = await ids();
    const pick = () => all[next(all.length)];
    switch (next(6)) {
      case 0:
        await insert(1 + next(5));
        break;
      case 1:
        await sequelize.query(`UPDATE bill_documents SET processing_status = :status WHERE id = :id`, {
          replacements: { id: pick(), status: STATUSES[next(STATUSES.length)] },
        });
        break;
      case 2:
        await sequelize.query(`UPDATE bill_documents SET match_status = :match, invoice_amount = :invoice WHERE id = :id`, {
          replacements: { id: pick(), match: REASONS[next(REASONS.length)], invoice: amount() },
        });
        break;
      case 3:
        // A multi-row statement, as matching's batches write.
        await sequelize.query(`UPDATE bill_documents SET processing_status = :status, pos_amount = :pos WHERE id IN (:ids)`, {
          replacements: { ids: [pick(), pick(), pick(), pick()], status: STATUSES[next(STATUSES.length)], pos: amount() },
        });
        break;
      case 4:
        await sequelize.query(`DELETE FROM bill_documents WHERE id IN (:ids)`, { replacements: { ids: [pick(), pick()] } });
        break;
      default:
        // Inside a transaction that rolls back: the totals roll back with it.
        await sequelize
          .transaction(async (t) => {
            await sequelize.query(`UPDATE bill_documents SET processing_status = 'RETRY' WHERE id = :id`, { replacements: { id: pick() }, transaction: t });
            throw new Error("rolled back");
          })
          .catch(() => undefined);
    }
  }
  for (const companyId of companies) expect(await documentStatistics(companyId)).toEqual(await fromDocuments(companyId));
  const some = await documentStatistics(companies[0]);
  expect(some.orderNotFoundOcr.totalCount + some.retry.totalCount + some.variance.totalCount).toBeGreaterThan(0);
});

it("writes no total row for a statement that changes none of its columns (a lock renewal)", async () => {
  const companyId = (await makeCompany({ companyName: "Totals Buyer C Ltd" })).id;
  await sequelize.query(
    `INSERT INTO bill_documents (company_id, source, original_file_name, mime_type, size_bytes, content, content_sha256, processing_status, match_status, invoice_amount)
     VALUES (:companyId, 'UPLOAD', 'bill.pdf', 'application/pdf', 4, '\\x25504446'::bytea, md5(random()::text) || md5(random()::text), 'PENDING_REVIEW', 'ORDER_NOT_FOUND_OCR', 12.34)`,
    { replacements: { companyId } }
  );
  const xmin = async () =>
    (
      await sequelize.query<{ xmin: string }>(`SELECT xmin::text FROM bill_document_reason_totals WHERE company_id = :companyId`, {
        type: QueryTypes.SELECT,
        replacements: { companyId },
      })
    )[0].xmin;
  const before = await xmin();
  await sequelize.query(`UPDATE bill_documents SET updated_at = now(), edited = edited WHERE company_id = :companyId`, { replacements: { companyId } });
  expect(await xmin()).toBe(before);
  expect((await documentStatistics(companyId)).orderNotFoundOcr).toEqual({ totalAmountDue: 1234, totalCount: 1 });
});
