/**
 * The demo data, seeded into a database of its own through the real CLI (`earlybird db:seed`), then checked
 * for what the README promises: the four logins, around 300 records in every status, a funded wallet and a
 * live purchaser offer, and early payments made through the product's own services.
 */
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabaseIfMissing, dropDatabase } from "../../db/bootstrap";

const run = promisify(execFile);
const root = path.resolve(__dirname, "../..");
const testUrl = new URL(process.env.DATABASE_URL!);
const databaseName = `${testUrl.pathname.slice(1)}_seed`;
const adminUrl = Object.assign(new URL(testUrl.toString()), { pathname: "/postgres" }).toString();
const seedUrl = Object.assign(new URL(testUrl.toString()), { pathname: `/${databaseName}` }).toString();
let client: pg.Client;

beforeAll(async () => {
  await createDatabaseIfMissing(adminUrl, databaseName);
  const env = { ...process.env, DATABASE_URL: seedUrl, APP_ENV: "test" };
  await run(process.execPath, [path.join(root, "bin/earlybird.js"), "db:seed", "--json"], { cwd: root, env, timeout: 120_000 });
  client = new pg.Client({ connectionString: seedUrl });
  await client.connect();
}, 150_000);

afterAll(async () => {
  await client?.end();
  await dropDatabase(adminUrl, databaseName);
});

const rows = async <T>(sql: string) => (await client.query(sql)).rows as T[];

describe("demo data", () => {
  it("has the four demo logins with the right companies", async () => {
    const users = await rows<{ username: string; roles: string[]; company_name: string | null; country: string | null; verification_status: string | null }>(`
      SELECT u.username, u.roles, c.company_name, c.country, c.verification_status
        FROM users u LEFT JOIN companies c ON c.id = u.company_id
       WHERE u.username IN ('admin@earlybird.test','pat@harbourfoods.test','sam@kiwisupplies.test','alex@outbackcoffee.test')
       ORDER BY u.username`);
    expect(users).toEqual([
      { username: "admin@earlybird.test", roles: ["ROLE_ADMIN"], company_name: null, country: null, verification_status: null },
      {
        username: "alex@outbackcoffee.test",
        roles: ["ROLE_USER"],
        company_name: "Outback Coffee Pty Ltd",
        country: "AU",
        verification_status: "PARTIALLY_VERIFIED",
      },
      { username: "pat@harbourfoods.test", roles: ["ROLE_USER"], company_name: "Harbour Foods Ltd", country: "NZ", verification_status: "VERIFIED" },
      { username: "sam@kiwisupplies.test", roles: ["ROLE_USER"], company_name: "Kiwi Supplies Ltd", country: "NZ", verification_status: "VERIFIED" },
    ]);
  });

  it("has Kauri Timber's login, verified, with no Earlybird account, bank account, top-up or wallet yet (tests/e2e/funds-flow.spec.ts)", async () => {
    const [kauri] = await rows<{ id: number; country: string; verification_status: string; roles: string[]; phone_number: string }>(`
      SELECT c.id, c.country, c.verification_status, u.roles, u.phone_number
        FROM users u JOIN companies c ON c.id = u.company_id
       WHERE u.username = 'casey@kauritimber.test' AND c.company_name = 'Kauri Timber Co Ltd'`);
    expect(kauri).toMatchObject({ country: "NZ", verification_status: "VERIFIED", roles: ["ROLE_USER"], phone_number: "+64215550142" });
    const [counts] = await rows<{ bank_accounts: string; top_ups: string; wallets: string }>(`
      SELECT (SELECT count(*) FROM bank_accounts WHERE company_id = ${kauri.id}) AS bank_accounts,
             (SELECT count(*) FROM top_ups WHERE company_id = ${kauri.id}) AS top_ups,
             (SELECT count(*) FROM ledger_accounts WHERE company_id = ${kauri.id}) AS wallets`);
    expect(counts).toEqual({ bank_accounts: "0", top_ups: "0", wallets: "0" });
  });

  it("has Rimu Grocers and Tui Trading, a pair of their own for tests/e2e/trade-flow.spec.ts: verified, activated, the purchaser funded", async () => {
    const people = await rows<{
      username: string;
      company_name: string;
      country: string;
      verification_status: string;
      status: string;
      system_accounts: string;
      balance: string | null;
    }>(`
      SELECT u.username, c.company_name, c.country, c.verification_status, c.status,
             (SELECT count(*) FROM bank_accounts b WHERE b.company_id = c.id AND b.loaded_by = 'SYSTEM') AS system_accounts,
             (SELECT sum(balance)::text FROM company_balances b WHERE b.company_id = c.id) AS balance
        FROM users u JOIN companies c ON c.id = u.company_id
       WHERE u.username IN ('robin@rimugrocers.test', 'taylor@tuitrading.test')
       ORDER BY u.username`);
    expect(people).toEqual([
      {
        username: "robin@rimugrocers.test",
        company_name: "Rimu Grocers Ltd",
        country: "NZ",
        verification_status: "VERIFIED",
        status: "ACTIVE",
        system_accounts: "1",
        balance: "50000.00",
      },
      {
        username: "taylor@tuitrading.test",
        company_name: "Tui Trading Ltd",
        country: "NZ",
        verification_status: "VERIFIED",
        status: "ACTIVE",
        system_accounts: "1",
        balance: "0.00",
      },
    ]);
    const [pair] = await rows<{ offers: string; counterparties: string; invoices: string }>(`
      SELECT (SELECT count(*) FROM purchaser_offers o JOIN companies c ON c.id = o.created_by_company WHERE c.company_name = 'Rimu Grocers Ltd') AS offers,
             (SELECT count(*) FROM counterparties p JOIN companies a ON a.id = p.company_id JOIN companies b ON b.id = p.counterparty_company_id
               WHERE p.is_purchaser_offers_enabled AND ((a.company_name = 'Rimu Grocers Ltd' AND b.company_name = 'Tui Trading Ltd' AND p.is_supplier)
                  OR (a.company_name = 'Tui Trading Ltd' AND b.company_name = 'Rimu Grocers Ltd' AND p.is_customer))) AS counterparties,
             (SELECT count(*) FROM invoices WHERE issued_by_company_name = 'Tui Trading Ltd' AND issued_for_company_name = 'Rimu Grocers Ltd' AND paid_date IS NULL) AS invoices`);
    expect(pair).toEqual({ offers: "0", counterparties: "2", invoices: "4" });
  });

  it("has around 300 invoices and bills over the last and next three months, in every status", async () => {
    const [{ count, earliest, latest }] = await rows<{ count: string; earliest: number; latest: number }>(
      `SELECT count(*), min(due_date - current_date) AS earliest, max(due_date - current_date) AS latest FROM invoices`
    );
    expect(Number(count)).toBeGreaterThanOrEqual(280);
    expect(Number(count)).toBeLessThanOrEqual(330);
    expect(earliest).toBeLessThanOrEqual(-80);
    expect(latest).toBeGreaterThanOrEqual(80);
    const invoiceStatuses = (await rows<{ s: string }>(`SELECT DISTINCT invoice_status AS s FROM invoices WHERE invoice_status IS NOT NULL`))
      .map((r) => r.s)
      .sort();
    expect(invoiceStatuses).toEqual(["ALL_ELIGIBLE", "CASHBACK_OFFERED", "EXPIRED", "PAID", "PAYMENT_READY", "PAYMENT_RECEIVED"]);
    const billStatuses = (await rows<{ s: string }>(`SELECT DISTINCT bill_status AS s FROM invoices WHERE bill_status IS NOT NULL`)).map((r) => r.s);
    expect(billStatuses).toEqual(expect.arrayContaining(["CASHBACK_AVAILABLE", "PAYMENT_OFFERED", "NOT_ELIGIBLE_EXPIRED", "NOT_ELIGIBLE", "PAID"]));
    const types = (await rows<{ type: string }>(`SELECT DISTINCT type FROM invoices ORDER BY type`)).map((r) => r.type);
    expect(types).toEqual(["BILL", "INVOICE"]);
  });

  it("funds Harbour Foods' wallet beyond its live purchaser offer's cash reserve", async () => {
    const [offer] = await rows<{ offer_status: string; cashpool: string; balance: string }>(`
      SELECT o.offer_status, o.cashpool, b.balance
        FROM purchaser_offers o JOIN companies c ON c.id = o.created_by_company
        JOIN company_balances b ON b.company_id = c.id
       WHERE c.company_name = 'Harbour Foods Ltd'`);
    expect(offer.offer_status).toBe("ACTIVE");
    expect(Number(offer.balance)).toBeGreaterThan(Number(offer.cashpool));
  });

  it("makes its early payments through the product's services: each names its execution result and carries its split (issue 13 part 1)", async () => {
    const payments = await rows<{
      offer_kind: string | null;
      status: string | null;
      result_fee: string | null;
      result_cashback: string | null;
      split_entries: string;
      entries: string;
      fee: string | null;
      cashback: string | null;
      payer: string;
      payee: string;
    }>(`
      SELECT x.offer_kind, r.status, r.fee::text AS result_fee, r.cashback::text AS result_cashback,
             (SELECT count(service_fee_amount) FROM ledger_entries e WHERE e.transaction_id = lt.id) AS split_entries,
             (SELECT count(*) FROM ledger_entries e WHERE e.transaction_id = lt.id) AS entries,
             (SELECT (-sum(service_fee_amount) FILTER (WHERE service_fee_amount < 0))::text FROM ledger_entries e WHERE e.transaction_id = lt.id) AS fee,
             (SELECT (sum(cashback_amount) FILTER (WHERE cashback_amount > 0))::text FROM ledger_entries e WHERE e.transaction_id = lt.id) AS cashback,
             s.company_name AS payer, d.company_name AS payee
        FROM ledger_transactions lt
        LEFT JOIN offer_execution_results r ON r.id = lt.offer_execution_result_id
        LEFT JOIN offer_executions x ON x.id = r.execution_id
        JOIN companies s ON s.id = lt.source_company_id JOIN companies d ON d.id = lt.destination_company_id
       WHERE lt.transaction_class = 'PAYMENT'
       ORDER BY lt.id`);
    // Four invoices through Harbour Foods' offer (Sam's Get Paid), one bill by Pay Now (Pat): no payment without a result.
    expect(payments.map((p) => [p.offer_kind, p.status, p.payer, p.payee])).toEqual([
      ...Array.from({ length: 4 }, () => ["PURCHASER", "SUCCESS", "Harbour Foods Ltd", "Kiwi Supplies Ltd"]),
      ["SUPPLIER", "SUCCESS", "Harbour Foods Ltd", "Kiwi Supplies Ltd"],
    ]);
    for (const payment of payments) {
      expect(payment.split_entries).toBe(payment.entries);
      expect([payment.fee, payment.cashback]).toEqual([payment.result_fee, payment.result_cashback]);
      expect(Number(payment.fee)).toBeGreaterThan(Number(payment.cashback));
    }
    // What the paid invoices carry is what was posted; invoices marked paid outside Earlybird carry no fee or cashback.
    const invoices = await rows<{ early: boolean; count: string; mismatched: string }>(`
      SELECT r.id IS NOT NULL AS early, count(*)::text AS count,
             count(*) FILTER (WHERE r.id IS NOT NULL AND (i.cash_reward IS DISTINCT FROM r.cashback OR i.service_fee IS DISTINCT FROM r.fee
                                                          OR i.total_paid IS DISTINCT FROM i.discounted_total)
                                 OR r.id IS NULL AND (i.cash_reward IS NOT NULL OR i.service_fee IS NOT NULL))::text AS mismatched
        FROM invoices i LEFT JOIN offer_execution_results r ON r.invoice_id = i.id AND r.status = 'SUCCESS'
       WHERE i.paid_date IS NOT NULL GROUP BY 1 ORDER BY 1`);
    expect(invoices.map((row) => [row.early, row.mismatched])).toEqual([
      [false, "0"],
      [true, "0"],
    ]);
    expect(Number(invoices[0].count)).toBeGreaterThan(50);
    expect(invoices[1].count).toBe("5");
    // Pat topped the reserve up again: $150,000 at 8 %.
    const [offer] = await rows<{ cashpool: string; crr: string; offer_status: string }>(`
      SELECT o.cashpool::text AS cashpool, o.crr::text AS crr, o.offer_status FROM purchaser_offers o JOIN companies c ON c.id = o.created_by_company
       WHERE c.company_name = 'Harbour Foods Ltd'`);
    expect(offer).toEqual({ cashpool: "150000.00", crr: "8.00", offer_status: "ACTIVE" });
  });

  it("has credit notes in each allocation state, counterparties, payment terms and GL codes", async () => {
    const statuses = (await rows<{ status: string }>(`SELECT DISTINCT status FROM credit_notes ORDER BY status`)).map((r) => r.status);
    expect(statuses).toEqual(["ALLOCATED", "PARTIALLY_ALLOCATED", "UNALLOCATED"]);
    const [{ counterparties, terms, codes, orders }] = await rows<{ counterparties: string; terms: string; codes: string; orders: string }>(`
      SELECT (SELECT count(*) FROM counterparties) AS counterparties, (SELECT count(*) FROM payment_terms) AS terms,
             (SELECT count(*) FROM gl_accounts) AS codes, (SELECT count(*) FROM purchase_orders) AS orders`);
    expect(Number(counterparties)).toBeGreaterThanOrEqual(10);
    expect(Number(terms)).toBeGreaterThanOrEqual(3);
    expect(Number(codes)).toBeGreaterThanOrEqual(10);
    expect(Number(orders)).toBeGreaterThanOrEqual(20);
  });

  it("has Pukeko Plumbing waiting for KYC review: a verified user and an owner pending with a PNG licence (tests/e2e/kyc-admin.spec.ts)", async () => {
    const people = await rows<{ username: string; verification_status: string; company_status: string; confirmed: boolean }>(`
      SELECT u.username, u.verification_status, c.verification_status AS company_status, c.acknowledgement_timestamp IS NOT NULL AS confirmed
        FROM users u JOIN companies c ON c.id = u.company_id
       WHERE c.company_name = 'Pukeko Plumbing Limited' ORDER BY u.id`);
    expect(people).toEqual([
      { username: "drew@pukekoplumbing.test", verification_status: "VERIFIED", company_status: "VERIFICATION_PENDING", confirmed: true },
      { username: "ari.pending@pukekoplumbing.test", verification_status: "VERIFICATION_PENDING", company_status: "VERIFICATION_PENDING", confirmed: true },
    ]);
    const [document] = await rows<{ mime_type: string; size_bytes: number; head: string }>(`
      SELECT d.mime_type, d.size_bytes, encode(substring(d.content from 1 for 8), 'hex') AS head
        FROM identity_documents d JOIN users u ON u.id = d.user_id WHERE u.username = 'ari.pending@pukekoplumbing.test'`);
    expect(document).toMatchObject({ mime_type: "image/png", head: "89504e470d0a1a0a" });
  });

  it('has Harbour Foods\' duplicate of Kiwi Supplies, "Kiwi Supplies Limited", with 3 bills and a credit note to merge (issue 15 part 6)', async () => {
    const [duplicate] = await rows<{ status: string; bills: string; credit_notes: string; kiwi_counterparty: boolean }>(`
      SELECT d.status,
             (SELECT count(*) FROM invoices i WHERE i.type = 'BILL' AND i.issued_by = d.id AND i.issued_for = h.id) AS bills,
             (SELECT count(*) FROM credit_notes c WHERE c.issued_by = d.id AND c.issued_for = h.id) AS credit_notes,
             EXISTS (SELECT 1 FROM counterparties k JOIN companies kc ON kc.id = k.counterparty_company_id
                      WHERE k.company_id = h.id AND kc.company_name = 'Kiwi Supplies Ltd') AS kiwi_counterparty
        FROM companies d JOIN counterparties cp ON cp.counterparty_company_id = d.id JOIN companies h ON h.id = cp.company_id
       WHERE d.company_name = 'Kiwi Supplies Limited' AND h.company_name = 'Harbour Foods Ltd'`);
    expect(duplicate).toEqual({ status: "INACTIVE", bills: "3", credit_notes: "1", kiwi_counterparty: true });
  });

  it("has Harbour Foods' second user Lee and its AUTOMATIC processing queue (issue 16)", async () => {
    const people = await rows<{ username: string; roles: string[]; verification_status: string; onboarding_state: string; queue: string }>(`
      SELECT u.username, u.roles, u.verification_status, u.onboarding_state, ep.default_processing_queue AS queue
        FROM users u JOIN companies c ON c.id = u.company_id JOIN entity_preferences ep ON ep.company_id = c.id
       WHERE c.company_name = 'Harbour Foods Ltd' AND 'ROLE_USER' = ANY(u.roles) ORDER BY u.username`);
    expect(people).toEqual([
      { username: "lee@harbourfoods.test", roles: ["ROLE_USER"], verification_status: "VERIFIED", onboarding_state: "ONBOARDED", queue: "AUTOMATIC" },
      { username: "pat@harbourfoods.test", roles: ["ROLE_USER"], verification_status: "VERIFIED", onboarding_state: "ONBOARDED", queue: "AUTOMATIC" },
    ]);
    const [{ same }] = await rows<{ same: boolean }>(
      `SELECT (SELECT password_hash FROM users WHERE username = 'lee@harbourfoods.test') = (SELECT password_hash FROM users WHERE username = 'pat@harbourfoods.test') AS same`
    );
    expect(same).toBe(true);
  });

  it("has Harbour Foods' sample documents where the manifest says: every review list and every D6 reason (issue 16 part 6)", async () => {
    const manifest = JSON.parse(await readFile(path.join(root, "fixtures/documents/manifest.json"), "utf8")) as {
      documents: { file: string; expectedReason: string; expectedList: string }[];
    };
    const stored = await rows<{ file: string; status: string; reason: string | null; bill: boolean; auto: boolean; by: string | null }>(`
      SELECT d.original_file_name AS file, d.processing_status AS status, d.match_status AS reason, d.invoice_id IS NOT NULL AS bill,
             d.auto_processed AS auto, u.username AS by
        FROM bill_documents d JOIN companies c ON c.id = d.company_id LEFT JOIN users u ON u.id = d.authorised_by_user_id
       WHERE c.company_name = 'Harbour Foods Ltd' ORDER BY d.id`);
    // The first variance over its order was authorised by Pat (issue 17): the dashboard's Manual bar.
    const authorisedVariance = manifest.documents.find((doc) => doc.expectedReason === "AMOUNT_OVER")!.file;
    expect(stored.map(({ file, status, reason }) => ({ file, status, reason }))).toEqual(
      manifest.documents.map((doc) => ({
        file: doc.file,
        status: doc.file === authorisedVariance ? "AUTHORISED" : doc.expectedList,
        reason: doc.expectedReason,
      }))
    );
    // Each clean match is an Auto Processed bill; the authorised variance is the one bill a person made.
    expect(stored.filter((doc) => doc.bill).map((doc) => doc.file)).toEqual(stored.filter((doc) => doc.status === "AUTHORISED").map((doc) => doc.file));
    expect(stored.filter((doc) => doc.bill && !doc.auto).map(({ file, by }) => ({ file, by }))).toEqual([
      { file: authorisedVariance, by: "pat@harbourfoods.test" },
    ]);
  });

  it("is not seeded twice", async () => {
    const env = { ...process.env, DATABASE_URL: seedUrl, APP_ENV: "test" };
    await run(process.execPath, [path.join(root, "bin/earlybird.js"), "db:seed", "--json"], { cwd: root, env, timeout: 120_000 });
    const [{ count }] = await rows<{ count: string }>(`SELECT count(*) FROM users WHERE username = 'pat@harbourfoods.test'`);
    expect(Number(count)).toBe(1);
  });

  it("has Jamie Mudflat at Mudflat Logistics Limited, phone verified and nothing verified yet (tests/e2e/verify.spec.ts)", async () => {
    const [jamie] = await rows<Record<string, unknown>>(`
      SELECT u.roles, u.first_name, u.last_name, u.onboarding_state, u.verification_status AS person_status,
             c.company_name, c.country, c.status, c.verification_status, c.registration_number,
             (SELECT count(*) FROM users o WHERE o.company_id = c.id) AS people
        FROM users u JOIN companies c ON c.id = u.company_id
       WHERE u.username = 'jamie@mudflat.test'`);
    expect(jamie).toEqual({
      roles: ["ROLE_USER"],
      first_name: "Jamie",
      last_name: "Mudflat",
      onboarding_state: "PHONE_NUMBER_VERIFIED",
      person_status: "NOT_VERIFIED",
      company_name: "Mudflat Logistics Limited",
      country: "NZ",
      status: "PENDING",
      verification_status: "NOT_VERIFIED",
      registration_number: "8812345",
      people: "1",
    });
  });
});
