/**
 * A guard against per-request work that grows with a company's size (issue 13 part 22, docs/decisions/008, 029),
 * without timing anything: a company with 50,000 invoices and bills, its list loaders (invoices list and tabs, bills
 * list and tabs, the bills Suppliers tab, a supplier page) and the analytics cards called as the browser would, every
 * query they actually send to PostgreSQL captured (pg's Client.query, so a new query is covered without a hand-kept
 * list) and run again under EXPLAIN ANALYZE. A query fails the guard when it scans `invoices` sequentially, or reads
 * more of its rows than a capped count would (EXACT_COUNT_CAP + 1, counting the rows a filter threw away): an exact
 * count, a sum or a fetch of a whole side of the company.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QueryTypes } from "sequelize";
import { sequelize } from "../../db/index";
import { todayIn } from "../../app/lib/dates";
import { commitSessionToken } from "../../app/lib/session.server";
import { createSession } from "../../app/modules/auth/service.server";
import { EXACT_COUNT_CAP } from "../../app/modules/invoices/count.server";
import { loader as invoicesLoader } from "../../app/routes/_app.invoices";
import { loader as billsLoader } from "../../app/routes/_app.bills";
import { loader as supplierLoader } from "../../app/routes/_app.suppliers.$supplierId";
import { loader as analyticsLoader } from "../../app/routes/resources.analytics.$type";
import { makeCompany, makeUser } from "../support/factories";
import { captureReads as capture } from "../support/query-capture";

afterAll(() => sequelize.close());

const RECORDS = 50_000;
const PARTIES = 40;
/** The most rows of `invoices` one plan node may read: what the lists' capped count reads. */
const MAX_ROWS_READ = EXACT_COUNT_CAP + 1;

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
}

/** Every node of a plan that reads `invoices`, with how many of its rows it went through and whether a count/sum sits on it. */
function invoiceReads(node: PlanNode, underAggregate = false): { type: string; rows: number; aggregate: boolean }[] {
  const aggregate = underAggregate || node["Node Type"] === "Aggregate";
  const own =
    node["Relation Name"] === "invoices"
      ? [
          {
            type: node["Node Type"],
            rows: ((node["Actual Rows"] ?? 0) + (node["Rows Removed by Filter"] ?? 0) + (node["Rows Removed by Index Recheck"] ?? 0)) * (node["Actual Loops"] ?? 1),
            aggregate,
          },
        ]
      : [];
  // A Limit above a scan bounds it: its reads are what the Limit lets through, which the node's own counts show.
  return [...own, ...(node.Plans ?? []).flatMap((child) => invoiceReads(child, node["Node Type"] === "Limit" ? false : aggregate))];
}

/** Each statement under EXPLAIN ANALYZE (in a transaction rolled back, so nothing it might lock or write stays). */
async function explainAll(statements: { text: string; values: unknown[] }[]) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const findings: { sql: string; problem: string }[] = [];
  try {
    for (const { text, values } of statements) {
      await client.query("BEGIN");
      try {
        const result = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, values);
        const plan = (result.rows[0]["QUERY PLAN"] as { Plan: PlanNode }[])[0].Plan;
        for (const read of invoiceReads(plan)) {
          const sql = text.replace(/\s+/g, " ").slice(0, 220);
          if (read.type === "Seq Scan") findings.push({ sql, problem: `sequential scan of invoices (${read.rows} rows)` });
          else if (read.rows > MAX_ROWS_READ)
            findings.push({ sql, problem: `${read.aggregate ? "unbounded count/sum" : "unbounded read"} over invoices: ${read.rows} rows (${read.type})` });
        }
      } finally {
        await client.query("ROLLBACK");
      }
    }
  } finally {
    await client.end();
  }
  return findings;
}

describe("list loaders and cards read a bounded part of invoices (issue 13 part 22)", () => {
  let cookie: string;
  let supplierId: number;
  const args = (url: string, params: Record<string, string> = {}) =>
    ({ request: new Request(`http://localhost${url}`, { headers: { cookie } }), params, context: { requestId: "plans", cspNonce: "", ip: "127.0.0.1" } }) as never;

  beforeAll(async () => {
    const company = await makeCompany({ companyName: `Plan Co ${Date.now()}`, verificationStatus: "VERIFIED" } as never);
    const user = await makeUser({ company });
    cookie = (await commitSessionToken(await createSession(user.id), 3600)).split(";")[0];
    const today = todayIn("NZ");
    const replacements = { companyId: company.id, today, records: RECORDS };
    // Counterparties on both sides (some customers with offers for us), our live offer, then the records, like the
    // benchmark (scripts/bench-lists.ts) at a twentieth of its size: due dates ±1 year, $10-$50,000, a status mix.
    await sequelize.query(
      `WITH parties AS (
         INSERT INTO companies (company_name, country, status, verification_status)
         SELECT 'Plan Party ' || :companyId || '-' || g, 'NZ', (ARRAY['ACTIVE','ACTIVE','INVITED'])[1 + g % 3], 'VERIFIED'
         FROM generate_series(1, ${PARTIES}) g RETURNING id
       ), ours AS (
         INSERT INTO counterparties (company_id, counterparty_company_id, is_supplier, is_purchaser_offers_enabled)
         SELECT :companyId, id, true, id % 5 <> 0 FROM parties RETURNING counterparty_company_id
       ), theirs AS (
         INSERT INTO counterparties (company_id, counterparty_company_id, is_supplier, is_purchaser_offers_enabled)
         SELECT id, :companyId, true, id % 4 <> 0 FROM parties RETURNING company_id
       ), their_offers AS (
         INSERT INTO purchaser_offers (created_by_company, cashpool, crr, offer_status)
         SELECT company_id, 100000.00, 6.50, CASE WHEN company_id % 2 = 0 THEN 'ACTIVE' ELSE 'VIRTUAL' END FROM theirs WHERE company_id % 3 = 0
         RETURNING id
       )
       INSERT INTO purchaser_offers (created_by_company, cashpool, crr, offer_status) VALUES (:companyId, 250000.00, 8.00, 'ACTIVE')`,
      { replacements }
    );
    await sequelize.query(
      `INSERT INTO invoices (type, issued_by, issued_for, issued_by_company_name, issued_for_company_name, invoice_number, issue_date,
         due_date, total, invoice_status, bill_status, paid_date, total_paid, cash_reward, service_fee, include_in_purchaser_offer, loaded_by)
       SELECT CASE WHEN g % 2 = 0 THEN 'INVOICE' ELSE 'BILL' END,
         CASE WHEN g % 2 = 0 THEN :companyId ELSE p.id END, CASE WHEN g % 2 = 0 THEN p.id ELSE :companyId END,
         CASE WHEN g % 2 = 0 THEN 'Plan Co' ELSE p.company_name END, CASE WHEN g % 2 = 0 THEN p.company_name ELSE 'Plan Co' END,
         'PLAN-' || :companyId || '-' || g, d.due - 30, d.due, a.total,
         CASE WHEN g % 2 = 0 THEN (CASE WHEN g % 20 = 0 THEN 'PAYMENT_RECEIVED' WHEN g % 40 = 2 THEN 'PAID' WHEN g % 40 = 6 THEN 'EXPIRED' END) END,
         CASE WHEN g % 2 = 1 AND g % 20 = 1 THEN 'PAID' END,
         CASE WHEN g % 20 IN (0, 1) OR g % 40 = 2 THEN CAST(:today AS date) - CAST((g * 13) % 365 AS integer) END,
         CASE WHEN g % 20 IN (0, 1) OR g % 40 = 2 THEN a.total ELSE 0 END,
         CASE WHEN g % 20 IN (0, 1) THEN round(a.total * 0.004, 2) END,
         CASE WHEN g % 20 IN (0, 1) THEN round(a.total * 0.005, 2) END,
         g % 4 < 2, CASE WHEN g % 7 = 0 THEN 'XERO' ELSE 'EARLYBIRD' END
       FROM generate_series(CAST(1 AS bigint), :records) g
       JOIN LATERAL (SELECT CAST(:today AS date) + CAST((g * 7919) % 731 - 365 AS integer) AS due) d ON true
       JOIN LATERAL (SELECT round((1000 + (g * 104729) % 4999000) / 100.0, 2) AS total) a ON true
       JOIN LATERAL (SELECT id, company_name FROM companies WHERE company_name = 'Plan Party ' || :companyId || '-' || (1 + g % ${PARTIES})) p ON true`,
      { replacements }
    );
    // Open prompt payment requests on a few records of each side.
    await sequelize.query(
      `WITH picked AS (
         SELECT id, issued_by, row_number() OVER (ORDER BY id) AS n FROM invoices
         WHERE (issued_by = :companyId OR issued_for = :companyId) AND invoice_status IS NULL AND bill_status IS NULL
           AND due_date > CAST(:today AS date) + 5 AND id % 97 = 0
       ), offers AS (
         INSERT INTO supplier_offers (created_by_company, cash_reward, expiration_date, offer_status)
         SELECT issued_by, 25.00, CAST(:today AS date) + 3, 'CLEARING' FROM picked ORDER BY n RETURNING id
       )
       INSERT INTO supplier_offer_invoices (supplier_offer_id, invoice_id)
       SELECT o.id, p.id FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM offers) o JOIN picked p USING (n)`,
      { replacements }
    );
    await sequelize.query("ANALYZE invoices; ANALYZE counterparties; ANALYZE supplier_offer_invoices; ANALYZE purchaser_offers; ANALYZE companies");
    const [supplier] = await sequelize.query<{ id: number }>(`SELECT issued_by AS id FROM invoices WHERE issued_for = :companyId LIMIT 1`, {
      type: QueryTypes.SELECT,
      replacements,
    });
    supplierId = supplier.id;
  }, 120_000);

  const pages = {
    "invoices list": ["/invoices", "/invoices?page=400", "/invoices?page=900", "/invoices?amount=between:1000.00..5000.00", "/invoices?sort=discountedTotal,desc"],
    "invoices tabs": ["/invoices?status=CASHBACK_OFFERED", "/invoices?status=PAYMENT_READY", "/invoices?status=PAYMENT_RECEIVED"],
    "bills list": ["/bills?tab=bills", "/bills?tab=bills&page=400", "/bills?tab=bills&page=900", "/bills?tab=bills&amount=range:1000.00..5000.00"],
    "bills tabs": ["/bills?tab=bills&status=PAYMENT_OFFERED", "/bills?tab=bills&status=CASHBACK_AVAILABLE", "/bills?tab=bills&status=PAID", "/bills?tab=bills&status=NOT_ELIGIBLE_EXPIRED"],
    "bills Suppliers tab": ["/bills", "/bills?tab=suppliers&sort=totalAmountPayable,desc", "/bills?tab=suppliers&status=PAYMENT_OFFERED"],
  } as const;

  for (const [name, urls] of Object.entries(pages)) {
    it(`${name}: no sequential scan of invoices, no unbounded count or read`, async () => {
      const statements = await capture(async () => {
        for (const url of urls) {
          const response = (await (url.startsWith("/invoices") ? invoicesLoader : billsLoader)(args(url))) as Response;
          expect(response.status, url).toBe(200);
        }
      });
      expect(statements.length).toBeGreaterThan(urls.length);
      expect(await explainAll(statements)).toEqual([]);
    }, 120_000);
  }

  it("a supplier page (this month, next month, an earlier one): no sequential scan of invoices, no unbounded count or read", async () => {
    const statements = await capture(async () => {
      for (const search of ["", "?period=next", "?month=2025-01", "?status=PAID"]) {
        const response = await supplierLoader(args(`/suppliers/${supplierId}${search}`, { supplierId: String(supplierId) })).catch((thrown: unknown) => thrown);
        expect([200, 302]).toContain((response as Response).status);
      }
    });
    expect(statements.length).toBeGreaterThan(4);
    expect(await explainAll(statements)).toEqual([]);
  }, 120_000);

  it("the analytics cards (GET /resources/analytics/{type}): no sequential scan of invoices, no unbounded count", async () => {
    const statements = await capture(async () => {
      for (const type of ["invoices", "bills"]) {
        const response = (await analyticsLoader(args(`/resources/analytics/${type}`, { type }))) as Response;
        expect(response.status).toBe(200);
        if (type === "invoices") expect(await response.json()).toMatchObject({ unpaidInvoicesCountIsEstimate: true });
      }
    });
    expect(statements.length).toBeGreaterThan(2);
    expect(await explainAll(statements)).toEqual([]);
  }, 120_000);
});
