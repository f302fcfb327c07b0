/**
 * Sync in, the database side (issue 18 part 4, docs/decisions/057): plain Xero/MYOB-shaped records, already mapped by
 * rules.ts, written into the company's counterparties, bills, invoices, GL accounts, purchase orders and payables
 * balances. No HTTP here: the runs (xero-sync / myob-sync) fetch, this writes, so it is tested without a provider.
 *
 * One page of records is one transaction with a few set-based statements (the bench writes 100,000 invoices a page of
 * 100 at a time while the next page is fetched): contacts resolved for the page at once, the existing records found by
 * their external id (then, for a record new to Earlybird, by supplier and number, so a bill entered by hand or from a
 * document is never duplicated: the external id is attached to it instead), then one INSERT, one UPDATE and one void
 * for the page, and one INSERT of the page's sync events. Should a bulk statement be refused (a number taken meanwhile,
 * credit allocated above a new total), the page is written again record by record under savepoints, so one bad record
 * fails alone.
 */
import { QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../../db/index";
import type { AccountingProvider, SyncEventKind, SyncEventOutcome } from "../../../../db/models";
import { centsToDecimal, type Cents } from "../../../lib/money";
import {
  decideExisting,
  matchContact,
  normaliseCompanyName,
  type CompanyCandidate,
  type ContactKeys,
  type GlFields,
  type KindCounts,
  type Mapped,
  type PurchaseOrderFields,
  type RecordAction,
  type RecordFields,
  type SyncCounts,
} from "./rules";

/** Who is syncing: the company, its connection, and what the records are loaded by. */
export interface SyncTarget {
  companyId: number;
  companyName: string;
  country: "NZ" | "AU";
  currency: "NZD" | "AUD";
  /** YYYY-MM-DD in the company's time zone: a bill paid outside Earlybird is marked paid on it. */
  today: string;
  connectionId: number | null;
  provider: AccountingProvider;
}

export interface SkippedRecord {
  kind: SyncKindName;
  externalId: string;
  number: string;
  reason: string;
}
type SyncKindName = keyof SyncCounts;

interface EventRow {
  kind: SyncEventKind;
  outcome: SyncEventOutcome;
  externalId: string | null;
  invoiceId: number | null;
  message: string | null;
  details: Record<string, unknown> | null;
}

/** One page's outcome: counts per kind, the skipped records (aggregated by the run), the newest change seen. */
export interface PageOutcome {
  counts: Partial<Record<SyncKindName, KindCounts>>;
  skipped: SkippedRecord[];
}

const zero = (): KindCounts => ({ created: 0, updated: 0, skipped: 0, failed: 0 });

class PageLog {
  readonly counts: Partial<Record<SyncKindName, KindCounts>> = {};
  readonly events: EventRow[] = [];
  readonly skipped: SkippedRecord[] = [];
  count(kind: SyncKindName, outcome: keyof KindCounts) {
    (this.counts[kind] ??= zero())[outcome] += 1;
  }
  event(kind: SyncKindName, eventKind: SyncEventKind, outcome: "CREATED" | "UPDATED" | "FAILED", externalId: string | null, invoiceId: number | null, message: string | null, details: Record<string, unknown> | null = null) {
    this.count(kind, outcome === "CREATED" ? "created" : outcome === "UPDATED" ? "updated" : "failed");
    this.events.push({ kind: eventKind, outcome, externalId, invoiceId, message, details });
  }
  skip(kind: SyncKindName, externalId: string, number: string, reason: string) {
    this.count(kind, "skipped");
    this.skipped.push({ kind, externalId, number, reason });
  }
  outcome(): PageOutcome {
    return { counts: this.counts, skipped: this.skipped };
  }
}

/** The page's sync events in one statement (the log of Settings → Connected apps and `accounting:status`). */
async function writeEvents(target: SyncTarget, events: EventRow[], t: Transaction): Promise<void> {
  if (events.length === 0) return;
  await sequelize.query(
    `INSERT INTO accounting_sync_events (company_id, connection_id, provider, direction, kind, outcome, external_id, invoice_id, message, details)
     SELECT $1, $2, $3, 'IN', e.kind, e.outcome, e.external_id, e.invoice_id, left(e.message, 2000), e.details
       FROM jsonb_to_recordset($4::jsonb) AS e(kind text, outcome text, external_id text, invoice_id int, message text, details jsonb)`,
    {
      bind: [
        target.companyId,
        target.connectionId,
        target.provider,
        JSON.stringify(events.map((e) => ({ kind: e.kind, outcome: e.outcome, external_id: e.externalId, invoice_id: e.invoiceId, message: e.message, details: e.details }))),
      ],
      transaction: t,
    }
  );
}

// ---- Contacts → counterparties -----------------------------------------------------------------------------------------

export interface ResolvedContact {
  companyId: number;
  name: string;
}

interface CandidateRow {
  company_id: number;
  company_name: string;
  status: CompanyCandidate["status"];
  nzbn: string | null;
  business_number: string | null;
  gst_numbers: string[] | null;
  counterparty_id: number | null;
  external_account_id: string | null;
}

/** SQL form of normaliseCompanyName (rules.ts), for the company's own counterparties. */
const SQL_NAME_KEY = `btrim(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
  lower(co.company_name), '&', ' and ', 'g'), '[^a-z0-9]+', ' ', 'g'), '(^| )limited( |$)', '\\1ltd\\2', 'g'), '(^| )proprietary( |$)', '\\1pty\\2', 'g'), '(^| )company( |$)', '\\1co\\2', 'g'))`;

async function candidatesFor(target: SyncTarget, contacts: ContactKeys[], t: Transaction): Promise<CompanyCandidate[]> {
  const numbers = [...new Set(contacts.map((c) => c.businessNumber).filter((n): n is string => Boolean(n)))];
  const gsts = [...new Set(contacts.map((c) => c.gstNumber).filter((n): n is string => Boolean(n)))];
  const lowered = [...new Set(contacts.map((c) => c.name.toLowerCase()))];
  const keys = [...new Set(contacts.map((c) => normaliseCompanyName(c.name)).filter(Boolean))];
  const ids = contacts.map((c) => c.externalId);
  const rows = await sequelize.query<CandidateRow>(
    `WITH found AS (
       SELECT counterparty_company_id AS id FROM counterparties WHERE company_id = $1 AND external_account_id = ANY($2::text[])
       UNION SELECT id FROM companies WHERE nzbn = ANY($3::text[])
       UNION SELECT id FROM companies WHERE business_number = ANY($3::text[])
       UNION SELECT counterparty_company_id FROM counterparties WHERE gst_number = ANY($4::text[])
       UNION SELECT id FROM companies WHERE lower(company_name) = ANY($5::text[])
       UNION SELECT co.id FROM counterparties cp JOIN companies co ON co.id = cp.counterparty_company_id
              WHERE cp.company_id = $1 AND ${SQL_NAME_KEY} = ANY($6::text[])
     )
     SELECT co.id AS company_id, co.company_name, co.status, co.nzbn, co.business_number,
            (SELECT array_agg(DISTINCT g.gst_number) FROM counterparties g WHERE g.counterparty_company_id = co.id AND g.gst_number IS NOT NULL) AS gst_numbers,
            cp.id AS counterparty_id, cp.external_account_id
       FROM found f JOIN companies co ON co.id = f.id
       LEFT JOIN counterparties cp ON cp.company_id = $1 AND cp.counterparty_company_id = co.id
      WHERE co.id <> $1`,
    { bind: [target.companyId, ids, numbers, gsts, lowered, keys], type: QueryTypes.SELECT, transaction: t }
  );
  return rows.map((row) => ({
    companyId: row.company_id,
    name: row.company_name,
    businessNumbers: [row.nzbn, row.business_number].map((n) => (n ?? "").replace(/\D/g, "")).filter(Boolean),
    gstNumbers: row.gst_numbers ?? [],
    isCounterparty: row.counterparty_id !== null,
    externalAccountId: row.external_account_id,
    status: row.status,
  }));
}

/**
 * The Earlybird company of each contact, made the syncing company's counterparty in the contact's role(s), with the
 * contact's id kept on the counterparty row (external_account_id) so later syncs find it directly. A contact that is
 * no Earlybird company becomes an INACTIVE company, as the CSV import makes one for an unknown name.
 */
export async function resolveContacts(target: SyncTarget, contacts: ContactKeys[], t: Transaction, log?: PageLog): Promise<Map<string, ResolvedContact>> {
  const resolved = new Map<string, ResolvedContact>();
  const unique = [...new Map(contacts.map((c) => [c.externalId, c])).values()];
  if (unique.length === 0) return resolved;
  const candidates = await candidatesFor(target, unique, t);
  const nameOf = new Map(candidates.map((c) => [c.companyId, c.name]));
  const holder = new Map(candidates.filter((c) => c.isCounterparty && c.externalAccountId).map((c) => [c.externalAccountId as string, c.companyId]));

  interface Link {
    contact: ContactKeys;
    companyId: number | null;
    by: string;
  }
  const links: Link[] = unique.map((contact) => {
    const match = matchContact(contact, candidates);
    return { contact, companyId: match?.companyId ?? null, by: match?.by ?? "NEW" };
  });

  // Contacts no Earlybird company matches: new INACTIVE companies, one per normalised name in the page.
  const newByKey = new Map<string, ContactKeys>();
  for (const link of links) if (link.companyId === null) newByKey.set(normaliseCompanyName(link.contact.name) || link.contact.externalId, link.contact);
  if (newByKey.size > 0) {
    const created = await sequelize.query<{ id: number; n: number }>(
      `INSERT INTO companies (company_name, status, country, nzbn)
       SELECT e.value->>'name', 'INACTIVE', $2, e.value->>'nzbn' FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(value, n)
       ORDER BY e.n RETURNING id, 0 AS n`,
      {
        bind: [JSON.stringify([...newByKey.values()].map((c) => ({ name: c.name, nzbn: c.businessNumber && c.businessNumber.length === 13 ? c.businessNumber : null }))), target.country],
        type: QueryTypes.SELECT,
        transaction: t,
      }
    );
    const keys = [...newByKey.keys()];
    const idByKey = new Map(keys.map((key, index) => [key, created[index].id]));
    for (const link of links) {
      if (link.companyId !== null) continue;
      link.companyId = idByKey.get(normaliseCompanyName(link.contact.name) || link.contact.externalId) as number;
      nameOf.set(link.companyId, link.contact.name);
    }
  }

  // One counterparty row per company (two contacts may be one company): roles ORed, the first contact's id kept when
  // the row has none and no other row of the company holds it.
  const rows = new Map<number, { company_id: number; supplier: boolean; customer: boolean; external_id: string | null; gst: string | null; nzbn: string | null; email: string | null; contact: string }>();
  for (const link of links) {
    const companyId = link.companyId as number;
    const row = rows.get(companyId);
    const mayKeepId = !holder.has(link.contact.externalId) || holder.get(link.contact.externalId) === companyId;
    if (row) {
      row.supplier ||= link.contact.isSupplier;
      row.customer ||= link.contact.isCustomer;
      if (!row.external_id && mayKeepId) row.external_id = link.contact.externalId;
      continue;
    }
    rows.set(companyId, {
      company_id: companyId,
      supplier: link.contact.isSupplier || !link.contact.isCustomer,
      customer: link.contact.isCustomer,
      external_id: mayKeepId ? link.contact.externalId : null,
      gst: link.contact.gstNumber && /^\d{9}$/.test(link.contact.gstNumber) ? link.contact.gstNumber : null,
      nzbn: link.contact.businessNumber,
      email: link.contact.email && link.contact.email.indexOf("@") > 0 ? link.contact.email : null,
      contact: link.contact.externalId,
    });
  }
  const upserted = await sequelize.query<{ counterparty_company_id: number; inserted: boolean; changed: boolean }>(
    `INSERT INTO counterparties AS cp (company_id, counterparty_company_id, is_supplier, is_customer, external_account_id, gst_number, nzbn, contact_email)
     SELECT $1, r.company_id, r.supplier, r.customer,
            CASE WHEN EXISTS (SELECT 1 FROM counterparties o WHERE o.company_id = $1 AND o.external_account_id = r.external_id AND o.counterparty_company_id <> r.company_id)
                 THEN NULL ELSE r.external_id END,
            r.gst, r.nzbn, r.email
       FROM jsonb_to_recordset($2::jsonb) AS r(company_id int, supplier boolean, customer boolean, external_id text, gst text, nzbn text, email text)
     ON CONFLICT (company_id, counterparty_company_id) DO UPDATE SET
       is_supplier = cp.is_supplier OR EXCLUDED.is_supplier,
       is_customer = cp.is_customer OR EXCLUDED.is_customer,
       external_account_id = COALESCE(cp.external_account_id, EXCLUDED.external_account_id),
       gst_number = COALESCE(cp.gst_number, EXCLUDED.gst_number),
       nzbn = COALESCE(cp.nzbn, EXCLUDED.nzbn)
     WHERE (cp.is_supplier OR EXCLUDED.is_supplier) IS DISTINCT FROM cp.is_supplier
        OR (cp.is_customer OR EXCLUDED.is_customer) IS DISTINCT FROM cp.is_customer
        OR (cp.external_account_id IS NULL AND EXCLUDED.external_account_id IS NOT NULL)
        OR (cp.gst_number IS NULL AND EXCLUDED.gst_number IS NOT NULL)
        OR (cp.nzbn IS NULL AND EXCLUDED.nzbn IS NOT NULL)
     RETURNING counterparty_company_id, (xmax = 0) AS inserted, true AS changed`,
    { bind: [target.companyId, JSON.stringify([...rows.values()])], type: QueryTypes.SELECT, transaction: t }
  );
  const outcome = new Map(upserted.map((row) => [row.counterparty_company_id, row.inserted]));
  for (const link of links) {
    const companyId = link.companyId as number;
    resolved.set(link.contact.externalId, { companyId, name: nameOf.get(companyId) ?? link.contact.name });
    if (!log) continue;
    const row = rows.get(companyId);
    // Counted once per counterparty row, on the contact that made it.
    if (row?.contact !== link.contact.externalId) {
      log.skip("contacts", link.contact.externalId, link.contact.name, "The same company as another contact");
      continue;
    }
    const inserted = outcome.get(companyId);
    if (inserted === undefined) log.skip("contacts", link.contact.externalId, link.contact.name, "Unchanged");
    else log.event("contacts", "CONTACT", inserted ? "CREATED" : "UPDATED", link.contact.externalId, null, `${link.contact.name} (${link.by === "NEW" ? "new company" : `matched by ${link.by.toLowerCase().replace("_", " ")}`})`);
  }
  return resolved;
}

/** A page of contacts from the books → counterparties, in one transaction. */
export async function applyContactPage(target: SyncTarget, contacts: ContactKeys[], afterWrite?: (t: Transaction) => Promise<void>): Promise<PageOutcome> {
  const log = new PageLog();
  await sequelize.transaction(async (t) => {
    await resolveContacts(target, contacts, t, log);
    await writeEvents(target, log.events, t);
    if (afterWrite) await afterWrite(t);
  });
  return log.outcome();
}

// ---- Bills and invoices ----------------------------------------------------------------------------------------------

interface ExistingRow {
  id: number;
  type: "BILL" | "INVOICE";
  issued_by: number;
  issued_for: number;
  invoice_number: string;
  order_number: string | null;
  issue_date: string | null;
  due_date: string;
  total_c: string;
  sub_total_c: string | null;
  gst_c: string | null;
  credit_c: string;
  invoice_status: string | null;
  bill_status: string | null;
  external_id: string | null;
  deleted: boolean;
  in_flight: boolean;
  paid_through_earlybird: boolean;
}

const EXISTING_COLUMNS = `i.id, i.type, i.issued_by, i.issued_for, i.invoice_number, i.order_number, to_char(i.issue_date, 'YYYY-MM-DD') AS issue_date,
  to_char(i.due_date, 'YYYY-MM-DD') AS due_date, (i.total * 100)::bigint::text AS total_c, (i.sub_total * 100)::bigint::text AS sub_total_c,
  (i.gst * 100)::bigint::text AS gst_c, (i.credit_note_value * 100)::bigint::text AS credit_c, i.invoice_status, i.bill_status, i.external_id,
  i.deleted_at IS NOT NULL AS deleted,
  (EXISTS (SELECT 1 FROM supplier_offer_invoices soi JOIN supplier_offers so ON so.id = soi.supplier_offer_id
            WHERE soi.invoice_id = i.id AND so.offer_status IN ('CLEARING', 'TOPUP_PENDING'))
   OR EXISTS (SELECT 1 FROM offer_execution_results r WHERE r.invoice_id = i.id AND r.status IN ('PENDING', 'CLEARING', 'TOPUP_PENDING'))) AS in_flight,
  (i.invoice_status = 'PAYMENT_RECEIVED'
   OR EXISTS (SELECT 1 FROM offer_execution_results r WHERE r.invoice_id = i.id AND r.status = 'SUCCESS')) AS paid_through_earlybird`;

const kindOf = (type: "BILL" | "INVOICE"): "bills" | "invoices" => (type === "BILL" ? "bills" : "invoices");
const eventKindOf = (type: "BILL" | "INVOICE"): SyncEventKind => type;

/** The company's records among `externalIds` (bills it owns, invoices it issued), live ones before deleted ones. */
async function existingByExternalId(target: SyncTarget, externalIds: string[], t: Transaction): Promise<Map<string, ExistingRow>> {
  if (externalIds.length === 0) return new Map();
  const rows = await sequelize.query<ExistingRow>(
    `SELECT ${EXISTING_COLUMNS} FROM invoices i
      WHERE i.external_id = ANY($2::text[]) AND ((i.issued_for = $1 AND i.type = 'BILL') OR (i.issued_by = $1 AND i.type = 'INVOICE'))
      ORDER BY (i.deleted_at IS NULL) DESC, i.id DESC`,
    { bind: [target.companyId, externalIds], type: QueryTypes.SELECT, transaction: t }
  );
  const out = new Map<string, ExistingRow>();
  for (const row of rows) if (row.external_id && !out.has(row.external_id)) out.set(row.external_id, row);
  return out;
}

/**
 * Live records with the same counterparty and number as records new to Earlybird, on either side: a bill the company
 * entered by hand, from a document or a CSV (attach the external id), or the same record loaded by the other party.
 */
async function existingByNumber(target: SyncTarget, wanted: Array<{ type: "BILL" | "INVOICE"; partyId: number; number: string }>, t: Transaction) {
  const out = new Map<string, ExistingRow>();
  if (wanted.length === 0) return out;
  const rows = await sequelize.query<ExistingRow>(
    `SELECT ${EXISTING_COLUMNS} FROM jsonb_to_recordset($2::jsonb) AS w(type text, party int, number text)
       JOIN invoices i ON i.invoice_number = w.number AND i.deleted_at IS NULL
        AND CASE WHEN w.type = 'BILL' THEN i.issued_for = $1 AND i.issued_by = w.party ELSE i.issued_by = $1 AND i.issued_for = w.party END`,
    { bind: [target.companyId, JSON.stringify(wanted.map((w) => ({ type: w.type, party: w.partyId, number: w.number })))], type: QueryTypes.SELECT, transaction: t }
  );
  for (const row of rows) {
    const type = row.issued_for === target.companyId ? "BILL" : "INVOICE";
    const party = type === "BILL" ? row.issued_by : row.issued_for;
    const key = `${type}\u0000${party}\u0000${row.invoice_number}`;
    // The company's own record first (type = its side), then the other party's.
    const current = out.get(key);
    if (!current || (current.type !== type && row.type === type)) out.set(key, row);
  }
  return out;
}

const numberKey = (type: "BILL" | "INVOICE", partyId: number, number: string) => `${type}\u0000${partyId}\u0000${number}`;

function sameFields(row: ExistingRow, fields: RecordFields, partyId: number): boolean {
  const party = fields.type === "BILL" ? row.issued_by : row.issued_for;
  return (
    party === partyId &&
    row.invoice_number === fields.invoiceNumber &&
    (row.order_number ?? null) === fields.orderNumber &&
    (row.issue_date ?? null) === fields.issueDate &&
    row.due_date === fields.dueDate &&
    Number(row.total_c) === fields.total &&
    (row.sub_total_c === null ? null : Number(row.sub_total_c)) === fields.subTotal &&
    (row.gst_c === null ? null : Number(row.gst_c)) === fields.gst &&
    row.external_id === fields.externalId
  );
}

const money = (cents: Cents | null) => (cents === null ? null : centsToDecimal(cents));

interface WriteRow {
  id?: number;
  external_id: string;
  type: "BILL" | "INVOICE";
  issued_by: number;
  issued_for: number;
  issued_by_name: string;
  issued_for_name: string;
  invoice_number: string;
  order_number: string | null;
  issue_date: string | null;
  due_date: string;
  sub_total: string | null;
  gst: string | null;
  total: string;
  paid: boolean;
  /** Only an update: the paid state changes (paid outside, or a payment removed in the books). */
  paid_changes: boolean;
}

/**
 * A page of bills and invoices from the books (mapped by rules.ts) → the company's records, in one transaction with
 * the page's events; `afterWrite` runs in it too (the run stores its cursor there, so a resumed run starts after it).
 */
export async function applyRecordPage(target: SyncTarget, page: Mapped[], afterWrite?: (t: Transaction) => Promise<void>): Promise<PageOutcome> {
  const log = new PageLog();
  await sequelize.transaction(async (t) => {
    await writeRecordPage(target, page, log, t);
    await writeEvents(target, log.events, t);
    if (afterWrite) await afterWrite(t);
  });
  return log.outcome();
}

async function writeRecordPage(target: SyncTarget, page: Mapped[], log: PageLog, t: Transaction): Promise<void> {
  const usable: Array<{ action: RecordAction; fields: RecordFields }> = [];
  // A record listed twice in a page (changed while paging): its last state counts.
  const lastOf = new Map<string, number>();
  page.forEach((item, index) => lastOf.set(item.ok ? item.fields.externalId : item.externalId, index));
  page.forEach((item, index) => {
    if (!item.ok) {
      if (lastOf.get(item.externalId) === index) log.event(kindOf(item.type), eventKindOf(item.type), "FAILED", item.externalId, null, `${item.number || "(no number)"}: ${item.reason}`);
      return;
    }
    if (lastOf.get(item.fields.externalId) !== index) return;
    if (item.fields.currency && item.fields.currency !== target.currency && item.action.action === "UPSERT") {
      log.skip(kindOf(item.fields.type), item.fields.externalId, item.fields.invoiceNumber, `In ${item.fields.currency}: Earlybird holds ${target.currency} records only`);
      return;
    }
    usable.push(item);
  });
  if (usable.length === 0) return;

  const byExternal = await existingByExternalId(target, usable.map((u) => u.fields.externalId), t);
  // Counterparties: only records that create or update need one (a void or a skip of an unknown record does not).
  const needParty = usable.filter((u) => u.action.action === "UPSERT");
  const contacts: ContactKeys[] = needParty.map((u) => ({
    externalId: u.fields.contactId,
    name: u.fields.contactName || u.fields.contactId,
    businessNumber: null,
    gstNumber: null,
    email: null,
    isSupplier: u.fields.type === "BILL",
    isCustomer: u.fields.type === "INVOICE",
    active: true,
  }));
  // Roles of a contact across the page (a contact with both a bill and an invoice is both).
  const merged = new Map<string, ContactKeys>();
  for (const c of contacts) {
    const known = merged.get(c.externalId);
    if (known) {
      known.isSupplier ||= c.isSupplier;
      known.isCustomer ||= c.isCustomer;
    } else merged.set(c.externalId, { ...c });
  }
  const parties = await resolveContacts(target, [...merged.values()], t);

  const newOnes = needParty.filter((u) => !byExternal.has(u.fields.externalId) || byExternal.get(u.fields.externalId)?.deleted);
  const byNumber = await existingByNumber(
    target,
    newOnes.map((u) => ({ type: u.fields.type, partyId: (parties.get(u.fields.contactId) as ResolvedContact).companyId, number: u.fields.invoiceNumber })),
    t
  );

  const creates: WriteRow[] = [];
  const updates: WriteRow[] = [];
  const voids: Array<{ id: number; fields: RecordFields; reason: string }> = [];
  const seenNumbers = new Set<string>();
  for (const { action, fields } of usable) {
    const kind = kindOf(fields.type);
    const party = parties.get(fields.contactId);
    let existing = byExternal.get(fields.externalId);
    if (existing?.deleted && action.action === "UPSERT") existing = undefined;
    if (!existing && party) {
      const sameNumber = byNumber.get(numberKey(fields.type, party.companyId, fields.invoiceNumber));
      if (sameNumber) {
        if (sameNumber.type !== fields.type) {
          log.skip(kind, fields.externalId, fields.invoiceNumber, fields.type === "BILL" ? "Already loaded by your supplier" : "Already loaded by your customer");
          continue;
        }
        if (sameNumber.external_id && sameNumber.external_id !== fields.externalId) {
          log.event(kind, eventKindOf(fields.type), "FAILED", fields.externalId, sameNumber.id, `${fields.invoiceNumber}: another record with this number is already linked to ${target.provider}`);
          continue;
        }
        existing = sameNumber;
      }
    }
    if (!existing) {
      if (action.action !== "UPSERT") {
        log.skip(kind, fields.externalId, fields.invoiceNumber, action.reason);
        continue;
      }
      const partyId = (party as ResolvedContact).companyId;
      const key = numberKey(fields.type, partyId, fields.invoiceNumber);
      if (seenNumbers.has(key)) {
        log.event(kind, eventKindOf(fields.type), "FAILED", fields.externalId, null, `${fields.invoiceNumber}: the number is used by another record of this page`);
        continue;
      }
      seenNumbers.add(key);
      creates.push(writeRow(target, fields, party as ResolvedContact, action.paid));
      continue;
    }
    const decision = decideExisting(
      {
        id: existing.id,
        inFlight: existing.in_flight,
        paidThroughEarlybird: existing.paid_through_earlybird,
        paidOutside: existing.invoice_status === "PAID" || existing.bill_status === "PAID",
        deleted: existing.deleted,
        same: party ? sameFields(existing, fields, party.companyId) : true,
      },
      action
    );
    switch (decision) {
      case "UNCHANGED":
        log.skip(kind, fields.externalId, fields.invoiceNumber, action.action === "SKIP" ? action.reason : "Unchanged");
        break;
      case "SKIP_IN_FLIGHT":
        log.skip(kind, fields.externalId, fields.invoiceNumber, "Earlybird is paying this record (an offer or payment in progress): not changed");
        log.events.push({ kind: eventKindOf(fields.type), outcome: "SKIPPED", externalId: fields.externalId, invoiceId: existing.id, message: `${fields.invoiceNumber}: an offer or payment is in progress in Earlybird; the change in ${target.provider} was not applied`, details: null });
        break;
      case "SKIP_PAID":
        log.skip(kind, fields.externalId, fields.invoiceNumber, "Paid through Earlybird: not changed");
        log.events.push({ kind: eventKindOf(fields.type), outcome: "SKIPPED", externalId: fields.externalId, invoiceId: existing.id, message: `${fields.invoiceNumber}: paid through Earlybird; the change in ${target.provider} was not applied`, details: null });
        break;
      case "VOID":
        voids.push({ id: existing.id, fields, reason: action.action === "VOID" ? action.reason : "" });
        break;
      case "UPDATE": {
        const paidNow = existing.invoice_status === "PAID" || existing.bill_status === "PAID";
        const paid = action.action === "UPSERT" && action.paid;
        const row = writeRow(target, fields, party as ResolvedContact, paid);
        updates.push({ ...row, id: existing.id, paid_changes: paid !== paidNow });
        break;
      }
    }
  }

  await insertRecords(target, creates, log, t);
  await updateRecords(target, updates, log, t);
  await voidRecords(target, voids, log, t);
}

function writeRow(target: SyncTarget, fields: RecordFields, party: ResolvedContact, paid: boolean): WriteRow {
  const bill = fields.type === "BILL";
  return {
    external_id: fields.externalId,
    type: fields.type,
    issued_by: bill ? party.companyId : target.companyId,
    issued_for: bill ? target.companyId : party.companyId,
    issued_by_name: bill ? party.name : target.companyName,
    issued_for_name: bill ? target.companyName : party.name,
    invoice_number: fields.invoiceNumber,
    order_number: fields.orderNumber,
    issue_date: fields.issueDate,
    due_date: fields.dueDate,
    sub_total: money(fields.subTotal),
    gst: money(fields.gst),
    total: centsToDecimal(fields.total),
    paid,
    paid_changes: paid,
  };
}

const RECORDSET = `jsonb_to_recordset($1::jsonb) AS r(id int, external_id text, type text, issued_by int, issued_for int, issued_by_name text,
  issued_for_name text, invoice_number text, order_number text, issue_date date, due_date date, sub_total numeric, gst numeric, total numeric,
  paid boolean, paid_changes boolean)`;

/** Runs `bulk` over all rows under a savepoint; when the database refuses it, each row alone, so only the bad one fails. */
async function bulkThenEach<T>(rows: T[], t: Transaction, bulk: (rows: T[]) => Promise<void>, failed: (row: T, error: unknown) => void): Promise<void> {
  if (rows.length === 0) return;
  await sequelize.query("SAVEPOINT sync_bulk", { transaction: t });
  try {
    await bulk(rows);
    await sequelize.query("RELEASE SAVEPOINT sync_bulk", { transaction: t });
    return;
  } catch {
    await sequelize.query("ROLLBACK TO SAVEPOINT sync_bulk", { transaction: t });
  }
  for (const row of rows) {
    await sequelize.query("SAVEPOINT sync_row", { transaction: t });
    try {
      await bulk([row]);
      await sequelize.query("RELEASE SAVEPOINT sync_row", { transaction: t });
    } catch (error) {
      await sequelize.query("ROLLBACK TO SAVEPOINT sync_row", { transaction: t });
      failed(row, error);
    }
  }
}

function refusal(error: unknown): string {
  const e = error as { parent?: { constraint?: string; message?: string }; original?: { constraint?: string }; message?: string };
  const constraint = e.parent?.constraint ?? e.original?.constraint;
  if (constraint === "invoices_invoice_number_key" || constraint === "invoices_bill_number_key") return "A record with this number already exists";
  if (constraint === "invoices_discounted_total_range") return "Credit allocated to it is above the new total";
  return (e.parent?.message ?? e.message ?? "Refused by the database").slice(0, 300);
}

async function insertRecords(target: SyncTarget, rows: WriteRow[], log: PageLog, t: Transaction): Promise<void> {
  await bulkThenEach(
    rows,
    t,
    async (batch) => {
      const inserted = await sequelize.query<{ id: number; external_id: string }>(
        `INSERT INTO invoices (type, issued_by, issued_for, issued_by_company_name, issued_for_company_name, invoice_number, order_number, issue_date,
                               due_date, currency, sub_total, gst, total, invoice_status, bill_status, paid_date, loaded_by, external_id)
         SELECT r.type, r.issued_by, r.issued_for, r.issued_by_name, r.issued_for_name, r.invoice_number, r.order_number, r.issue_date, r.due_date,
                $2, r.sub_total, r.gst, r.total, CASE WHEN r.paid THEN 'PAID' ELSE 'ALL_ELIGIBLE' END, CASE WHEN r.paid THEN 'PAID' END,
                CASE WHEN r.paid THEN $3::date END, $4, r.external_id
           FROM ${RECORDSET}
         RETURNING id, external_id`,
        { bind: [JSON.stringify(batch), target.currency, target.today, target.provider], type: QueryTypes.SELECT, transaction: t }
      );
      const idOf = new Map(inserted.map((row) => [row.external_id, row.id]));
      for (const row of batch) log.event(kindOf(row.type), eventKindOf(row.type), "CREATED", row.external_id, idOf.get(row.external_id) ?? null, `${row.invoice_number}${row.paid ? " (paid)" : ""}`);
    },
    (row, error) => log.event(kindOf(row.type), eventKindOf(row.type), "FAILED", row.external_id, null, `${row.invoice_number}: ${refusal(error)}`)
  );
}

async function updateRecords(target: SyncTarget, rows: WriteRow[], log: PageLog, t: Transaction): Promise<void> {
  await bulkThenEach(
    rows,
    t,
    async (batch) => {
      await sequelize.query(
        `UPDATE invoices i SET
           issued_by = r.issued_by, issued_for = r.issued_for, issued_by_company_name = r.issued_by_name, issued_for_company_name = r.issued_for_name,
           invoice_number = r.invoice_number, order_number = r.order_number, issue_date = r.issue_date, due_date = r.due_date,
           sub_total = r.sub_total, gst = r.gst, total = r.total, external_id = r.external_id,
           invoice_status = CASE WHEN NOT r.paid_changes THEN i.invoice_status WHEN r.paid THEN 'PAID' ELSE 'ALL_ELIGIBLE' END,
           bill_status = CASE WHEN NOT r.paid_changes THEN i.bill_status WHEN r.paid THEN 'PAID' END,
           paid_date = CASE WHEN NOT r.paid_changes THEN i.paid_date WHEN r.paid THEN $2::date END,
           include_in_purchaser_offer = i.include_in_purchaser_offer AND NOT r.paid
          FROM ${RECORDSET}
         WHERE i.id = r.id AND (i.issued_for = $3 OR i.issued_by = $3)`,
        { bind: [JSON.stringify(batch), target.today, target.companyId], transaction: t }
      );
      for (const row of batch) {
        log.event(kindOf(row.type), eventKindOf(row.type), "UPDATED", row.external_id, row.id ?? null, `${row.invoice_number}${row.paid_changes ? (row.paid ? " marked paid" : " no longer paid") : ""}`);
      }
    },
    (row, error) => log.event(kindOf(row.type), eventKindOf(row.type), "FAILED", row.external_id, row.id ?? null, `${row.invoice_number}: ${refusal(error)}`)
  );
}

/** Voided or deleted in the books: the record is deleted in Earlybird (soft, as Delete does), its credit released. */
async function voidRecords(target: SyncTarget, rows: Array<{ id: number; fields: RecordFields; reason: string }>, log: PageLog, t: Transaction): Promise<void> {
  if (rows.length === 0) return;
  const ids = rows.map((row) => row.id).sort((a, b) => a - b);
  await sequelize.query(
    `SELECT c.id FROM credit_notes c WHERE c.id IN (SELECT a.credit_note_id FROM credit_note_allocations a WHERE a.invoice_id = ANY($1::int[])) ORDER BY c.id FOR UPDATE`,
    { bind: [ids], type: QueryTypes.SELECT, transaction: t }
  );
  await sequelize.query(`DELETE FROM credit_note_allocations WHERE invoice_id = ANY($1::int[])`, { bind: [ids], transaction: t });
  await sequelize.query(
    `UPDATE invoices SET deleted_at = now(), include_in_purchaser_offer = false
      WHERE id = ANY($1::int[]) AND ((issued_for = $2 AND type = 'BILL') OR (issued_by = $2 AND type = 'INVOICE')) AND deleted_at IS NULL`,
    { bind: [ids, target.companyId], transaction: t }
  );
  for (const row of rows) log.event(kindOf(row.fields.type), eventKindOf(row.fields.type), "UPDATED", row.fields.externalId, row.id, `${row.fields.invoiceNumber} voided (${row.reason})`);
}

/**
 * MYOB has no deleted flag: a bill deleted there is missing from a full listing. After a complete full sync the
 * company's MYOB records not seen are voided like a Xero VOIDED one (unless Earlybird is paying them).
 */
export async function voidUnseenRecords(target: SyncTarget, type: "BILL" | "INVOICE", seen: Set<string>): Promise<PageOutcome> {
  const log = new PageLog();
  await sequelize.transaction(async (t) => {
    const rows = await sequelize.query<ExistingRow>(
      `SELECT ${EXISTING_COLUMNS} FROM invoices i
        WHERE ${type === "BILL" ? "i.issued_for" : "i.issued_by"} = $1 AND i.type = $2 AND i.loaded_by = $3 AND i.external_id IS NOT NULL AND i.deleted_at IS NULL`,
      { bind: [target.companyId, type, target.provider], type: QueryTypes.SELECT, transaction: t }
    );
    const voids: Array<{ id: number; fields: RecordFields; reason: string }> = [];
    for (const row of rows) {
      if (seen.has(row.external_id as string)) continue;
      const fields = { externalId: row.external_id as string, type, invoiceNumber: row.invoice_number } as RecordFields;
      if (row.in_flight || row.paid_through_earlybird) {
        log.skip(kindOf(type), fields.externalId, fields.invoiceNumber, "Deleted in MYOB while Earlybird is paying it or has paid it: not changed");
        continue;
      }
      voids.push({ id: row.id, fields, reason: "deleted in MYOB" });
    }
    await voidRecords(target, voids, log, t);
    await writeEvents(target, log.events, t);
  });
  return log.outcome();
}

// ---- Accounts → GL codes ---------------------------------------------------------------------------------------------

/** The books' accounts → the company's GL accounts (matched by account id, then code); an archived one is hidden. */
export async function applyAccounts(target: SyncTarget, accounts: GlFields[]): Promise<PageOutcome> {
  const log = new PageLog();
  await sequelize.transaction(async (t) => {
    const rows = await sequelize.query<{ id: number; account_id: string | null; account_code: string; account_name: string; account_type: string | null; account_classification: string | null; is_visible_in_earlybird: boolean; is_default: boolean }>(
      `SELECT id, account_id, account_code, account_name, account_type, account_classification, is_visible_in_earlybird, is_default FROM gl_accounts WHERE company_id = $1 ORDER BY id FOR UPDATE`,
      { bind: [target.companyId], type: QueryTypes.SELECT, transaction: t }
    );
    const byId = new Map(rows.filter((row) => row.account_id).map((row) => [row.account_id as string, row]));
    const byCode = new Map(rows.map((row) => [row.account_code, row]));
    for (const account of accounts) {
      const existing = byId.get(account.accountId) ?? byCode.get(account.accountCode);
      if (existing && byCode.get(account.accountCode) && byCode.get(account.accountCode) !== existing) {
        log.event("accounts", "ACCOUNT", "FAILED", account.accountId, null, `${account.accountCode}: another GL code of the company has this code`);
        continue;
      }
      if (!existing) {
        if (!account.visible) {
          log.skip("accounts", account.accountId, account.accountCode, "Archived");
          continue;
        }
        await sequelize.query(
          `INSERT INTO gl_accounts (company_id, account_id, account_code, account_name, account_type, account_classification, tax_exempted, loaded_by, is_visible_in_earlybird)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, true)`,
          { bind: [target.companyId, account.accountId, account.accountCode, account.accountName, account.accountType, account.accountClassification, account.taxExempted, target.provider], transaction: t }
        );
        log.event("accounts", "ACCOUNT", "CREATED", account.accountId, null, `${account.accountCode} ${account.accountName}`);
        continue;
      }
      const hide = !account.visible && existing.is_visible_in_earlybird && !existing.is_default;
      const same =
        existing.account_id === account.accountId &&
        existing.account_code === account.accountCode &&
        existing.account_name === account.accountName &&
        existing.account_type === account.accountType &&
        existing.account_classification === account.accountClassification &&
        !hide;
      if (same) {
        log.skip("accounts", account.accountId, account.accountCode, "Unchanged");
        continue;
      }
      await sequelize.query(
        `UPDATE gl_accounts SET account_id = $2, account_code = $3, account_name = $4, account_type = $5, account_classification = $6,
           tax_exempted = COALESCE($7, tax_exempted), is_visible_in_earlybird = is_visible_in_earlybird AND NOT $8 WHERE id = $1`,
        { bind: [existing.id, account.accountId, account.accountCode, account.accountName, account.accountType, account.accountClassification, account.taxExempted, hide], transaction: t }
      );
      log.event("accounts", "ACCOUNT", "UPDATED", account.accountId, null, `${account.accountCode} ${account.accountName}${hide ? " (archived: hidden)" : ""}`);
    }
    await writeEvents(target, log.events, t);
  });
  return log.outcome();
}

// ---- Purchase orders ------------------------------------------------------------------------------------------------

/** The books' purchase orders → the company's purchase orders (document matching reads them), by external id then number. */
export async function applyPurchaseOrderPage(target: SyncTarget, orders: PurchaseOrderFields[], afterWrite?: (t: Transaction) => Promise<void>): Promise<PageOutcome> {
  const log = new PageLog();
  await sequelize.transaction(async (t) => {
    const parties = await resolveContacts(
      target,
      orders.map((o) => ({ externalId: o.contactId, name: o.contactName, businessNumber: null, gstNumber: null, email: null, isSupplier: true, isCustomer: false, active: true })),
      t
    );
    for (const order of orders) {
      if (order.currency && order.currency !== target.currency) {
        log.skip("purchaseOrders", order.externalId, order.orderNumber, `In ${order.currency}`);
        continue;
      }
      const party = parties.get(order.contactId) as ResolvedContact;
      const [existing] = await sequelize.query<{ id: number; external_id: string | null; amount_c: string; status: string; supplier_company_id: number | null; order_date: string | null }>(
        `SELECT id, external_id, (amount * 100)::bigint::text AS amount_c, status, supplier_company_id, to_char(order_date, 'YYYY-MM-DD') AS order_date
           FROM purchase_orders WHERE company_id = $1 AND (external_id = $2 OR order_number = $3)
          ORDER BY (external_id = $2) DESC NULLS LAST LIMIT 1 FOR UPDATE`,
        { bind: [target.companyId, order.externalId, order.orderNumber], type: QueryTypes.SELECT, transaction: t }
      );
      if (existing && existing.external_id && existing.external_id !== order.externalId) {
        log.event("purchaseOrders", "PURCHASE_ORDER", "FAILED", order.externalId, null, `${order.orderNumber}: another purchase order has this number`);
        continue;
      }
      if (!existing) {
        await sequelize.query(
          `INSERT INTO purchase_orders (company_id, supplier_company_id, supplier_name, order_number, amount, currency, status, order_date, loaded_by, external_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          { bind: [target.companyId, party.companyId, party.name, order.orderNumber, centsToDecimal(order.amount), target.currency, order.status, order.orderDate, target.provider, order.externalId], transaction: t }
        );
        log.event("purchaseOrders", "PURCHASE_ORDER", "CREATED", order.externalId, null, order.orderNumber);
        continue;
      }
      // RECEIPTED is Earlybird's own state (goods received): the books' OPEN does not undo it.
      const status = order.status === "OPEN" && existing.status === "RECEIPTED" ? "RECEIPTED" : order.status;
      if (existing.external_id === order.externalId && Number(existing.amount_c) === order.amount && existing.status === status && existing.supplier_company_id === party.companyId && existing.order_date === order.orderDate) {
        log.skip("purchaseOrders", order.externalId, order.orderNumber, "Unchanged");
        continue;
      }
      await sequelize.query(
        `UPDATE purchase_orders SET supplier_company_id = $2, supplier_name = $3, order_number = $4, amount = $5, status = $6, order_date = $7, external_id = $8 WHERE id = $1`,
        { bind: [existing.id, party.companyId, party.name, order.orderNumber, centsToDecimal(order.amount), status, order.orderDate, order.externalId], transaction: t }
      );
      log.event("purchaseOrders", "PURCHASE_ORDER", "UPDATED", order.externalId, null, order.orderNumber);
    }
    await writeEvents(target, log.events, t);
    if (afterWrite) await afterWrite(t);
  });
  return log.outcome();
}

// ---- Aged payables → the accounting balance ---------------------------------------------------------------------------------

/**
 * The books' aged payables per contact → accounting_payables_balances, replacing the company's previous report whole
 * (a supplier no longer in the report owes nothing in the books). The Suppliers tab compares these with the amount
 * payable in Earlybird.
 */
export async function applyAgedPayables(target: SyncTarget, byContact: Map<string, { name: string; amountDue: Cents }>, reportDate: string): Promise<PageOutcome> {
  const log = new PageLog();
  await sequelize.transaction(async (t) => {
    const parties = await resolveContacts(
      target,
      [...byContact].map(([contactId, entry]) => ({ externalId: contactId, name: entry.name || contactId, businessNumber: null, gstNumber: null, email: null, isSupplier: true, isCustomer: false, active: true })),
      t
    );
    const perSupplier = new Map<number, Cents>();
    for (const [contactId, entry] of byContact) {
      const party = parties.get(contactId) as ResolvedContact;
      perSupplier.set(party.companyId, ((perSupplier.get(party.companyId) ?? 0) + entry.amountDue) as Cents);
    }
    const before = await sequelize.query<{ supplier_id: number; amount_c: string }>(
      `DELETE FROM accounting_payables_balances WHERE company_id = $1 RETURNING supplier_id, (amount_due * 100)::bigint::text AS amount_c`,
      { bind: [target.companyId], type: QueryTypes.SELECT, transaction: t }
    );
    const previous = new Map(before.map((row) => [row.supplier_id, Number(row.amount_c)]));
    await sequelize.query(
      `INSERT INTO accounting_payables_reports (company_id, provider, report_date) VALUES ($1, $2, $3)
       ON CONFLICT (company_id) DO UPDATE SET provider = EXCLUDED.provider, report_date = EXCLUDED.report_date, synced_at = now()`,
      { bind: [target.companyId, target.provider, reportDate], transaction: t }
    );
    if (perSupplier.size > 0) {
      await sequelize.query(
        `INSERT INTO accounting_payables_balances (company_id, supplier_id, provider, amount_due, report_date)
         SELECT $1, r.supplier_id, $2, r.amount_due, $3 FROM jsonb_to_recordset($4::jsonb) AS r(supplier_id int, amount_due numeric)`,
        { bind: [target.companyId, target.provider, reportDate, JSON.stringify([...perSupplier].map(([supplierId, cents]) => ({ supplier_id: supplierId, amount_due: centsToDecimal(cents) })))], transaction: t }
      );
    }
    for (const [supplierId, cents] of perSupplier) {
      const was = previous.get(supplierId);
      if (was === cents) log.skip("agedPayables", String(supplierId), "", "Unchanged");
      else log.event("agedPayables", "AGED_PAYABLES", was === undefined ? "CREATED" : "UPDATED", null, null, `Supplier ${supplierId}: ${centsToDecimal(cents)} owed in the books`, { supplierId, amountDue: centsToDecimal(cents) });
    }
    await writeEvents(target, log.events, t);
  });
  return log.outcome();
}
