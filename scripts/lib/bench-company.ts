/**
 * A big company for the benchmarks, seeded in SQL (bench:lists, bench:pages): `rows` records, half INVOICE issued by
 * it and half BILL issued for it, `parties` counterparty companies (our suppliers and our customers), due dates
 * ±1 year, amounts $10-$50,000, a status mix, half included in the purchaser offer, a live purchaser offer, some open
 * supplier offers; then VACUUM ANALYZE. Returns the company's id.
 */
import { performance } from "node:perf_hooks";
import type { Sequelize } from "sequelize";

export async function seedBenchCompany(
  sequelize: Sequelize,
  { rows, parties = 400, today, name = "Bench Co" }: { rows: number; parties?: number; today: string; name?: string }
): Promise<number> {
  console.log(`Seeding ${rows.toLocaleString("en-NZ")} records (today ${today})...`);
  const seedStarted = performance.now();
  const [[company]] = (await sequelize.query(
    `INSERT INTO companies (company_name, country, status, verification_status) VALUES (:name, 'NZ', 'ACTIVE', 'VERIFIED') RETURNING id`,
    { replacements: { name } }
  )) as [{ id: number }[], unknown];
  const companyId = company.id;
  await sequelize.query(
    `INSERT INTO companies (company_name, country, status, verification_status)
     SELECT 'Counterparty ' || lpad(g::text, 3, '0') || ' Ltd', 'NZ', (ARRAY['ACTIVE','ACTIVE','ACTIVE','INVITED','PENDING'])[1 + g % 5],
            (ARRAY['VERIFIED','VERIFIED','NOT_VERIFIED'])[1 + g % 3]
     FROM generate_series(1, ${parties}) g RETURNING id`
  );
  // The counterparties' ids (contiguous, inserted at once): other companies already in the database stay out of it.
  const [[{ first }]] = (await sequelize.query("SELECT min(id)::int AS first FROM companies WHERE id > :companyId", {
    replacements: { companyId },
  })) as [{ first: number }[], unknown];
  const last = first + parties - 1;
  // Our suppliers (we are the purchaser) and our customers (they are purchasers of our invoices).
  await sequelize.query(
    `INSERT INTO counterparties (company_id, counterparty_company_id, is_supplier, is_purchaser_offers_enabled)
     SELECT :companyId, c.id, true, c.id % 5 <> 0 FROM companies c WHERE c.id BETWEEN :first AND :last;
     INSERT INTO counterparties (company_id, counterparty_company_id, is_supplier, is_purchaser_offers_enabled)
     SELECT c.id, :companyId, true, c.id % 4 <> 0 FROM companies c WHERE c.id BETWEEN :first AND :last;
     INSERT INTO purchaser_offers (created_by_company, cashpool, crr, offer_status) VALUES (:companyId, 2500000.00, 8.00, 'ACTIVE');
     INSERT INTO purchaser_offers (created_by_company, cashpool, crr, offer_status)
     SELECT c.id, 100000.00, 6.50, CASE WHEN c.id % 2 = 0 THEN 'ACTIVE' ELSE 'VIRTUAL' END FROM companies c WHERE c.id BETWEEN :first AND :last AND c.id % 3 = 0;`,
    { replacements: { companyId, first, last } }
  );
  const half = Math.ceil(rows / 2);
  const insert = (type: "INVOICE" | "BILL", count: number) =>
    sequelize.query(
      `INSERT INTO invoices (type, issued_by, issued_for, issued_by_company_name, issued_for_company_name, invoice_number, issue_date,
         due_date, total, invoice_status, bill_status, paid_date, total_paid, cash_reward, service_fee, include_in_purchaser_offer,
         ${type === "INVOICE" ? "issuer_contact_email" : "recipient_contact_email"}, loaded_by)
       SELECT :type, CASE WHEN :type = 'INVOICE' THEN :companyId ELSE cp.id END, CASE WHEN :type = 'INVOICE' THEN cp.id ELSE :companyId END,
         CASE WHEN :type = 'INVOICE' THEN :name ELSE cp.company_name END, CASE WHEN :type = 'INVOICE' THEN cp.company_name ELSE :name END,
         CASE WHEN :type = 'INVOICE' THEN 'INV-' ELSE 'BILL-' END || lpad(g::text, 7, '0'),
         d.due - 30, d.due, a.total,
         CASE WHEN :type = 'INVOICE' THEN (CASE WHEN g % 10 = 0 THEN 'PAYMENT_RECEIVED' WHEN g % 20 = 1 THEN 'PAID' WHEN g % 20 = 3 THEN 'EXPIRED' END) END,
         CASE WHEN :type = 'BILL' AND g % 10 = 0 THEN 'PAID' END,
         CASE WHEN g % 10 = 0 THEN CAST(:today AS date) - CAST((g * 13) % 365 AS integer) END,
         CASE WHEN g % 10 = 0 THEN a.total ELSE 0 END,
         CASE WHEN g % 10 = 0 THEN round(a.total * 0.004, 2) END,
         CASE WHEN g % 10 = 0 THEN round(a.total * 0.005, 2) END,
         g % 2 = 0,
         CASE WHEN g % 3 = 0 THEN 'ap' || (g % ${parties}) || '@example.test' END,
         'EARLYBIRD'
       FROM generate_series(CAST(1 AS bigint), :count) g
       JOIN LATERAL (SELECT CAST(:today AS date) + CAST((g * 7919) % 731 - 365 AS integer) AS due) d ON true
       JOIN LATERAL (SELECT round((1000 + (g * 104729) % 4999000) / 100.0, 2) AS total) a ON true
       JOIN companies cp ON cp.id = :first + (g * 31) % ${parties}`,
      { replacements: { type, companyId, today, count, first, name } }
    );
  await insert("INVOICE", half);
  await insert("BILL", rows - half);
  // Open prompt payment requests: on some of our invoices (we are the supplier) and on some of our bills.
  await sequelize.query(
    `WITH picked AS (
       SELECT id, issued_by, row_number() OVER (ORDER BY id) AS n FROM invoices
       WHERE (issued_by = :companyId OR issued_for = :companyId) AND invoice_status IS NULL AND bill_status IS NULL
         AND due_date > CAST(:today AS date) + 5 AND id % 997 = 0
     ), offers AS (
       INSERT INTO supplier_offers (created_by_company, cash_reward, expiration_date, offer_status)
       SELECT issued_by, 25.00, CAST(:today AS date) + 3, 'CLEARING' FROM picked ORDER BY n RETURNING id
     )
     INSERT INTO supplier_offer_invoices (supplier_offer_id, invoice_id)
     SELECT o.id, p.id FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM offers) o JOIN picked p USING (n)`,
    { replacements: { companyId, today } }
  );
  await sequelize.query("VACUUM ANALYZE");
  console.log(`Seeded and vacuumed in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
  return companyId;
}
