/**
 * Factories of the matching tests (issue 16 part 4): a buyer with its settings, purchase orders, and bill documents
 * whose fields were read (the state the processing job leaves a document in before it calls matchDocument).
 */
import crypto from "node:crypto";
import { BillDocument, CompanySettings, EntityPreferences, PurchaseOrder } from "../../db/models/index";
import type { Cents } from "../../app/lib/money";
import { makeCompany, makeSupplierLink } from "./factories";

/** A buyer with entity preferences (queue) and company settings (tolerance), and one supplier it knows. */
export async function makeMatchingBuyer(options: { queue?: "AUTOMATIC" | "MANUAL"; toleranceCents?: Cents; lockDate?: string | null; supplierName?: string } = {}) {
  const buyer = await makeCompany({ companyName: `Buyer ${crypto.randomBytes(4).toString("hex")}` });
  await EntityPreferences.create({ companyId: buyer.id, defaultProcessingQueue: options.queue ?? "AUTOMATIC", periodLockDate: options.lockDate ?? null });
  await CompanySettings.create({ companyId: buyer.id, isRipeEnabled: true, ...(options.toleranceCents === undefined ? {} : { authorisationTolerance: options.toleranceCents }) });
  const supplier = await makeCompany({ companyName: options.supplierName ?? `Supplier ${crypto.randomBytes(4).toString("hex")} Ltd` });
  const link = await makeSupplierLink(buyer, supplier);
  return { buyer, supplier, link };
}

export function makePurchaseOrder(companyId: number, values: { orderNumber: string; amount: Cents; supplierCompanyId?: number | null; supplierName?: string | null; status?: "OPEN" | "RECEIPTED" | "CLOSED" }) {
  return PurchaseOrder.create({
    companyId,
    orderNumber: values.orderNumber,
    amount: values.amount,
    supplierCompanyId: values.supplierCompanyId ?? null,
    supplierName: values.supplierName ?? (values.supplierCompanyId ? null : "Unnamed supplier"),
    status: values.status ?? "OPEN",
    orderDate: null,
    externalId: null,
  });
}

/** A document whose fields were read (PROCESSING, text from the PDF's text layer), ready for matchDocument. */
export function makeReadDocument(
  companyId: number,
  fields: { supplierName?: string | null; invoiceNumber?: string | null; orderNumber?: string | null; issueDate?: string | null; dueDate?: string | null; amount?: Cents | null },
  status: "PROCESSING" | "RETRY" | "PENDING_REVIEW" = "PROCESSING"
) {
  const content = Buffer.from(`%PDF-1.4 test ${crypto.randomUUID()}`);
  return BillDocument.create({
    companyId,
    source: "UPLOAD",
    originalFileName: "bill.pdf",
    mimeType: "application/pdf",
    sizeBytes: content.length,
    content,
    contentSha256: crypto.createHash("sha256").update(content).digest("hex"),
    processingStatus: status,
    textSource: "PDF_TEXT",
    extractedText: "Tax invoice",
    supplierName: fields.supplierName === undefined ? null : fields.supplierName,
    invoiceNumber: fields.invoiceNumber === undefined ? `INV-${crypto.randomInt(1e6)}` : fields.invoiceNumber,
    orderNumber: fields.orderNumber ?? null,
    dateIssue: fields.issueDate === undefined ? null : fields.issueDate,
    dueDate: fields.dueDate ?? null,
    invoiceAmount: fields.amount === undefined ? null : fields.amount,
  });
}

/**
 * A matching workload in bulk (set-based SQL), for the query-plan test and `bench:documents`' matching section: one
 * buyer with `suppliers` counterparties (every other one AUTOMATIC, the rest following the buyer's MANUAL), `orders`
 * purchase orders (1 in 50 CLOSED), `bills` earlier bills, and `documents` read documents (PROCESSING) spread over the
 * reasons by id: 1 in 20 each without an order number, with an unknown order, $50 over, from an unknown supplier, and a
 * copy of the document before it; the rest clean. `otherBuyers` other companies know every supplier too (the
 * directory of a shared platform: counterparties many times the buyer's), and `otherCompanies` more companies exist. Returns the buyer and the
 * documents' ids in order.
 */
export async function seedMatchingWorkload(options: { suppliers: number; orders: number; bills: number; documents: number; otherBuyers?: number; otherCompanies?: number }) {
  const { sequelize } = await import("../../db/index");
  const { QueryTypes } = await import("sequelize");
  const tag = crypto.randomBytes(3).toString("hex");
  const buyer = await makeCompany({ companyName: `Bench Buyer ${tag}` });
  await EntityPreferences.create({ companyId: buyer.id, defaultProcessingQueue: "MANUAL", periodLockDate: null });
  await CompanySettings.create({ companyId: buyer.id, isRipeEnabled: true });
  const run = (sql: string, replacements: Record<string, unknown>) => sequelize.query(sql, { replacements });
  await run(
    `INSERT INTO companies (company_name, country, status)
     SELECT 'Bench Supplier ' || :tag || ' ' || g || ' Ltd', 'NZ', 'ACTIVE' FROM generate_series(1, :n) g`,
    { tag, n: options.suppliers }
  );
  const suppliers = await sequelize.query<{ id: number }>(`SELECT id FROM companies WHERE company_name LIKE :like ORDER BY id`, {
    type: QueryTypes.SELECT,
    replacements: { like: `Bench Supplier ${tag} %` },
  });
  const ids = suppliers.map((row) => row.id);
  await run(
    `INSERT INTO counterparties (company_id, counterparty_company_id, is_supplier, default_processing_queue)
     SELECT :buyer, s.id, true, CASE WHEN s.n % 2 = 0 THEN 'AUTOMATIC' END FROM unnest(ARRAY[:ids]::int[]) WITH ORDINALITY AS s(id, n)`,
    { buyer: buyer.id, ids }
  );
  await run(
    `WITH owners AS (
       INSERT INTO companies (company_name, country, status) SELECT 'Bench Other ' || :tag || ' ' || g, 'NZ', 'ACTIVE' FROM generate_series(1, :m) g RETURNING id
     )
     INSERT INTO counterparties (company_id, counterparty_company_id, is_supplier)
     SELECT o.id, s.id, true FROM owners o CROSS JOIN unnest(ARRAY[:ids]::int[]) AS s(id)`,
    { tag, ids, m: options.otherBuyers ?? 0 }
  );
  await run(`INSERT INTO companies (company_name, country, status) SELECT 'Bench Company ' || :tag || ' ' || g, 'NZ', 'INACTIVE' FROM generate_series(1, :k) g`, {
    tag,
    k: options.otherCompanies ?? 0,
  });
  // Order g: supplier (g mod n) + 1, $100 to $999.
  const supplierOf = (g: string) => `(ARRAY[:ids]::int[])[(${g} % :n) + 1]`;
  await run(
    `INSERT INTO purchase_orders (company_id, supplier_company_id, order_number, amount, status)
     SELECT :buyer, ${supplierOf("g")}, 'PO' || lpad(g::text, 7, '0'), 100 + g % 900, CASE WHEN g % 50 = 0 THEN 'CLOSED' ELSE 'OPEN' END
       FROM generate_series(1, :orders) g`,
    { buyer: buyer.id, ids, n: ids.length, orders: options.orders }
  );
  await run(
    `INSERT INTO invoices (type, issued_by, issued_for, issued_by_company_name, issued_for_company_name, invoice_number, due_date, total)
     SELECT 'BILL', ${supplierOf("g")}, :buyer, 'Supplier', 'Buyer', 'OLD-' || g, current_date + 30, 100 + g % 900 FROM generate_series(1, :bills) g`,
    { buyer: buyer.id, ids, n: ids.length, bills: options.bills }
  );
  // Document g reads order p = (7g mod orders) + 1; g mod 20 = 5 copies document g - 1.
  await run(
    `WITH docs AS (
       SELECT g, CASE WHEN g % 20 = 5 THEN g - 1 ELSE g END AS src FROM generate_series(1, :documents) g
     ), fields AS (
       SELECT d.g, d.src, (7 * d.src) % :orders + 1 AS p FROM docs d
     )
     INSERT INTO bill_documents (company_id, source, original_file_name, mime_type, size_bytes, content, content_sha256, processing_status, text_source,
                                 supplier_name, invoice_number, order_number, invoice_amount, date_issue)
     SELECT :buyer, 'UPLOAD', 'bench-' || f.g || '.pdf', 'application/pdf', octet_length(convert_to('bench ' || f.g, 'UTF8')), convert_to('bench ' || f.g, 'UTF8'),
            encode(sha256(convert_to('bench ' || f.g, 'UTF8')), 'hex'), 'PROCESSING', 'PDF_TEXT',
            CASE WHEN f.g % 20 = 3 THEN 'Unknown Supplier ' || f.g ELSE 'Bench Supplier ' || :tag || ' ' || ((f.p % :n) + 1) || ' Ltd' END,
            'INV-' || f.src,
            CASE WHEN f.g % 20 = 0 THEN NULL WHEN f.g % 20 = 1 THEN 'NOPE' || f.g ELSE 'PO' || lpad(f.p::text, 7, '0') END,
            100 + f.p % 900 + CASE WHEN f.g % 20 = 2 THEN 50 ELSE 0 END,
            current_date - 3
       FROM fields f ORDER BY f.g`,
    { buyer: buyer.id, tag, n: ids.length, orders: options.orders, documents: options.documents }
  );
  await sequelize.query(`ANALYZE companies; ANALYZE counterparties; ANALYZE purchase_orders; ANALYZE invoices; ANALYZE bill_documents`);
  const documents = await sequelize.query<{ id: number }>(`SELECT id FROM bill_documents WHERE company_id = :buyer ORDER BY id`, {
    type: QueryTypes.SELECT,
    replacements: { buyer: buyer.id },
  });
  return { buyer, documentIds: documents.map((row) => row.id) };
}
