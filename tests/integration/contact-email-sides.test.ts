/**
 * Issue 13 part 17: a record's contact e-mail belongs to the side that set it. The supplier's invoice and the
 * purchaser's bill are one row; the supplier's contact at its customer (often the purchaser's own accounts address)
 * was shown to the purchaser on /bills, who could overwrite it and invite or notify with it. Each side now reads and
 * edits only its own (decision 033), through the lists and the Edit Contact Email dialog; the migration's
 * backfill gives the current value to the side that set it.
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../db/index";
import type { Invoice} from "../../db/models/index";
import type { Company } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import type { Cents } from "../../app/lib/money";
import { commitSessionToken } from "../../app/lib/session.server";
import { createSession } from "../../app/modules/auth/service.server";
import { getRecordContact, updateContactEmail } from "../../app/modules/invoices/bulk.server";
import { listBills, listInvoices } from "../../app/modules/invoices/list.server";
import { parseListQuery } from "../../app/modules/invoices/filters";
import { action as billContactAction, loader as billContactLoader } from "../../app/routes/_app.bills.contact-email.$invoiceId";
import { action as invoiceContactAction, loader as invoiceContactLoader } from "../../app/routes/_app.invoices.contact-email.$invoiceId";
import { up as sideContactEmails } from "../../db/migrations/2026.11.26T05.00.00.side-contact-emails";
import { makeInvoice, makeSupplierLink, makeVerifiedCompany } from "../support/factories";

afterAll(() => sequelize.close());

type Side = { company: Company; actor: Actor & { companyId: number }; cookie: string };
let supplier: Side;
let purchaser: Side;
let record: Invoice;

async function side(): Promise<Side> {
  const made = await makeVerifiedCompany();
  return { company: made.company, actor: { ...made.actor, companyId: made.company.id }, cookie: (await commitSessionToken(await createSession(made.user.id), 3600)).split(";")[0] };
}

beforeEach(async () => {
  supplier = await side();
  purchaser = await side();
  await makeSupplierLink(purchaser.company, supplier.company);
  // Loaded by the supplier, with its contact at the customer: the purchaser's own accounts address.
  record = await makeInvoice(supplier.company, purchaser.company, { total: 100_000 as Cents });
  await record.update({ issuerContactEmail: "ap@purchaser.test" });
});

const stored = async (id: number) =>
  (
    await sequelize.query<{ issuer_contact_email: string | null; recipient_contact_email: string | null }>(
      "SELECT issuer_contact_email, recipient_contact_email FROM invoices WHERE id = :id",
      { type: QueryTypes.SELECT, replacements: { id } }
    )
  )[0];

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;

async function dialog(load: (a: never) => unknown, who: Side, path: string) {
  const response = (await load(args(new Request(`http://localhost${path}`, { headers: { cookie: who.cookie } }), { invoiceId: String(record.id) }))) as Response;
  return ((await response.json()) as { record: { contactEmail: string | null } }).record.contactEmail;
}

async function save(act: (a: never) => unknown, who: Side, path: string, email: string) {
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { cookie: who.cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ contactEmail: email }).toString(),
  });
  return (await act(args(request, { invoiceId: String(record.id) }))) as Response;
}

const billRow = async () =>
  (await listBills(purchaser.actor, parseListQuery(new URLSearchParams("tab=bills&size=100"), { type: "BILL" }).query)).rows.find((row) => row.id === record.id);
const invoiceRow = async () =>
  (await listInvoices(supplier.actor, parseListQuery(new URLSearchParams("size=100"), { type: "INVOICE" }).query)).rows.find((row) => row.id === record.id);

describe("each side's contact e-mail (issue 13 part 17)", () => {
  it("the purchaser does not see the supplier's contact: not in its list, not in its dialog", async () => {
    expect((await billRow())?.contactEmail).toBeNull();
    expect((await getRecordContact(purchaser.actor, "BILL", record.id)).contactEmail).toBeNull();
    expect(await dialog(billContactLoader, purchaser, `/bills/contact-email/${record.id}`)).toBeNull();
    // The supplier sees its own.
    expect((await invoiceRow())?.contactEmail).toBe("ap@purchaser.test");
    expect(await dialog(invoiceContactLoader, supplier, `/invoices/contact-email/${record.id}`)).toBe("ap@purchaser.test");
  });

  it("the purchaser's edit sets its own contact and leaves the supplier's as it was", async () => {
    const response = await save(billContactAction, purchaser, `/bills/contact-email/${record.id}`, "AR@Supplier.test");
    expect(response.status).toBe(302);
    expect(await stored(record.id)).toEqual({ issuer_contact_email: "ap@purchaser.test", recipient_contact_email: "ar@supplier.test" });
    expect((await billRow())?.contactEmail).toBe("ar@supplier.test");
    expect((await invoiceRow())?.contactEmail).toBe("ap@purchaser.test");
    expect(await dialog(invoiceContactLoader, supplier, `/invoices/contact-email/${record.id}`)).toBe("ap@purchaser.test");
  });

  it("the supplier's edit sets its own contact and leaves the purchaser's as it was", async () => {
    await updateContactEmail(purchaser.actor, "BILL", record.id, "ar@supplier.test");
    const response = await save(invoiceContactAction, supplier, `/invoices/contact-email/${record.id}`, "finance@purchaser.test");
    expect(response.status).toBe(302);
    expect(await stored(record.id)).toEqual({ issuer_contact_email: "finance@purchaser.test", recipient_contact_email: "ar@supplier.test" });
    expect(await dialog(billContactLoader, purchaser, `/bills/contact-email/${record.id}`)).toBe("ar@supplier.test");
  });

  it("neither side can reach the other side's dialog: the record is not on that side's list", async () => {
    const stranger = async () => billContactLoader(args(new Request(`http://localhost/bills/contact-email/${record.id}`, { headers: { cookie: supplier.cookie } }), { invoiceId: String(record.id) }));
    await expect(stranger()).rejects.toMatchObject({ status: 404 });
    const response = await save(invoiceContactAction, purchaser, `/invoices/contact-email/${record.id}`, "x@y.test").catch((error: Response) => error);
    expect(response.status).toBe(404);
    expect(await stored(record.id)).toEqual({ issuer_contact_email: "ap@purchaser.test", recipient_contact_email: null });
  });
});

describe("the backfill of migration 2026.11.26T05.00.00", () => {
  /** Runs the migration's up in a scratch schema holding the two tables it reads, inside a transaction rolled back at the end. */
  async function backfill(rows: { id: number; type: string; contact: string | null; edits: { company: number; email: string }[] }[]) {
    const result: Record<number, { issuer: string | null; recipient: string | null }> = {};
    await sequelize
      .transaction(async (t: Transaction) => {
        const q = (sql: string) => sequelize.query(sql, { transaction: t });
        await q(`CREATE SCHEMA backfill_probe; SET LOCAL search_path TO backfill_probe;`);
        await q(`CREATE TABLE invoices (id integer PRIMARY KEY, type text, issued_by integer, issued_for integer, contact_email text);
                 CREATE TABLE audit_log (id bigserial PRIMARY KEY, company_id integer, action text, entity_type text, entity_id text, details jsonb, created_at timestamptz DEFAULT now());`);
        for (const row of rows) {
          await sequelize.query(`INSERT INTO invoices VALUES (:id, :type, 1, 2, :contact)`, { transaction: t, replacements: row });
          for (const [index, edit] of row.edits.entries()) {
            await sequelize.query(
              `INSERT INTO audit_log (company_id, action, entity_type, entity_id, details, created_at)
               VALUES (:company, 'invoice.contact_email', 'invoice', :id, jsonb_build_object('contactEmail', CAST(:email AS text)), now() + make_interval(secs => :index))`,
              { transaction: t, replacements: { ...edit, id: String(row.id), index } }
            );
          }
        }
        await sideContactEmails({ name: "probe", context: { sequelize: { query: (sql: string) => q(sql) } } as never });
        const out = await sequelize.query<{ id: number; issuer_contact_email: string | null; recipient_contact_email: string | null }>(
          `SELECT id, issuer_contact_email, recipient_contact_email FROM invoices ORDER BY id`,
          { type: QueryTypes.SELECT, transaction: t }
        );
        for (const row of out) result[row.id] = { issuer: row.issuer_contact_email, recipient: row.recipient_contact_email };
        throw new Error("rollback");
      })
      .catch((error: Error) => {
        if (error.message !== "rollback") throw error;
      });
    return result;
  }

  it("gives the value to the side that loaded the record, or to the side that last set it, and restores an earlier edit", async () => {
    // Company 1 issues (supplier), company 2 receives (purchaser).
    const result = await backfill([
      { id: 1, type: "INVOICE", contact: "ap@purchaser.test", edits: [] },
      { id: 2, type: "BILL", contact: "ar@supplier.test", edits: [] },
      { id: 3, type: "INVOICE", contact: "ar@supplier.test", edits: [{ company: 2, email: "ar@supplier.test" }] },
      { id: 4, type: "INVOICE", contact: "ar@supplier.test", edits: [{ company: 1, email: "finance@purchaser.test" }, { company: 2, email: "ar@supplier.test" }] },
      { id: 5, type: "BILL", contact: null, edits: [] },
    ]);
    expect(result).toEqual({
      1: { issuer: "ap@purchaser.test", recipient: null },
      2: { issuer: null, recipient: "ar@supplier.test" },
      3: { issuer: null, recipient: "ar@supplier.test" },
      4: { issuer: "finance@purchaser.test", recipient: "ar@supplier.test" },
      5: { issuer: null, recipient: null },
    });
  });
});
