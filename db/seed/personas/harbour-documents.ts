/**
 * Harbour Foods' bill documents (issue 16 part 6): the sample documents of fixtures/documents/ (made by
 * `npm run fixtures:documents`, listed in its manifest.json) go through the product's own doors once the demo world
 * is committed, so every review list and every D6 reason has documents in it:
 * - the purchase orders they match (fixtures/documents/purchase-orders.csv) through the purchase-order import job;
 * - a bill already raised against each order the manifest names in demo.billedOrders (ALREADY_CLOSED needs one);
 * - Harbour Foods' period lock at the manifest's demo.periodLockDate (30 June 2026), so its EXPIRED samples are;
 * - each document received as an upload by Pat, then processed (text, OCR, matching) in the manifest's order, the
 *   POTENTIAL_DUPLICATE copies after the bills they copy. A clean match becomes an Auto Processed bill in /bills;
 * - one variance authorised by Pat at its purchase order's amount (the review screen's Authorise), so the dashboard's
 *   chart has a Manual bar this month and /bills a bill that links to its document (/bills/r/{id}).
 */
import fs from "node:fs";
import path from "node:path";
import type { Actor } from "../../../app/lib/actor";
import { receiveDocuments } from "../../../app/modules/documents/service.server";
import { runProcessDocument } from "../../../app/modules/documents/processing.server";
import { closeOcrPool } from "../../../app/modules/extraction/service.server";
import { lockDocument, unlockDocument } from "../../../app/modules/review/locking.server";
import { authoriseDocument } from "../../../app/modules/review/service.server";
import { createInvoiceRecord } from "../../../app/modules/invoices/create.server";
import { runPurchaseOrderImport, startPurchaseOrderImport } from "../../../app/modules/purchase-orders/import.server";
import { BillDocument, Company, Counterparty, EntityPreferences } from "../../models/index";

interface ManifestDocument {
  file: string;
  expected: {
    supplierName: string;
    invoiceNumber: string | null;
    orderNumber: string | null;
    issueDate: string | null;
    dueDate: string | null;
    amountCents: number | null;
  };
  expectedReason: string;
}

interface Manifest {
  purchaseOrders: string;
  demo: { periodLockDate: string; billedOrders: string[] };
  documents: ManifestDocument[];
}

const DOCUMENTS_DIR = () => path.resolve(process.cwd(), "fixtures/documents");

/** dd/mm/yyyy of a yyyy-mm-dd date (the create form's format). */
const formDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** The counterparty row of Harbour Foods for a supplier named `name` (the manifest names suppliers). */
async function supplierOf(companyId: number, name: string): Promise<Counterparty> {
  const company = await Company.findOne({ where: { companyName: name }, attributes: ["id"] });
  const row = company ? await Counterparty.findOne({ where: { companyId, counterpartyCompanyId: company.id } }) : null;
  if (!row) throw new Error(`Demo documents: ${name} is not a supplier of the purchaser`);
  return row;
}

export async function seedHarbourBillDocuments(purchaser: Actor): Promise<void> {
  const companyId = purchaser.companyId;
  if (companyId === null) throw new Error("Demo documents: the purchaser has no company");
  const dir = DOCUMENTS_DIR();
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8")) as Manifest;

  const imported = await startPurchaseOrderImport(purchaser, { filePath: path.join(dir, manifest.purchaseOrders) });
  const importDone = await runPurchaseOrderImport(imported.id);
  if (importDone.status !== "SUCCEEDED") throw new Error(`Demo documents: the purchase order import ended ${importDone.status}`);

  for (const orderNumber of manifest.demo.billedOrders) {
    const closed = manifest.documents.find((doc) => doc.expected.orderNumber === orderNumber && doc.expectedReason === "ALREADY_CLOSED");
    if (!closed?.expected.issueDate || closed.expected.amountCents === null) throw new Error(`Demo documents: no closed bill for ${orderNumber}`);
    const supplier = await supplierOf(companyId, closed.expected.supplierName);
    await createInvoiceRecord(purchaser, "BILL", {
      counterpartyId: String(supplier.counterpartyCompanyId),
      invoiceNumber: `${closed.expected.invoiceNumber ?? orderNumber}-A`,
      issueDate: formDate(closed.expected.issueDate),
      dueDate: formDate(closed.expected.dueDate ?? closed.expected.issueDate),
      amount: (closed.expected.amountCents / 100).toFixed(2),
      orderNumber,
    });
  }

  // The purchaser's period lock (its counterparty rows' own locks count only where counterparty locks are on).
  await EntityPreferences.update({ periodLockDate: manifest.demo.periodLockDate }, { where: { companyId } });

  // In the manifest's order, each processed before the next is received: a copy finds the bill or document it copies.
  try {
    for (const doc of manifest.documents) {
      const [result] = await receiveDocuments(purchaser, companyId, [{ fileName: doc.file, content: fs.readFileSync(path.join(dir, doc.file)) }], "UPLOAD");
      if (!result.ok) throw new Error(`Demo documents: ${doc.file} was refused: ${result.message}`);
      if (result.jobId) await runProcessDocument(result.jobId);
    }
  } finally {
    await closeOcrPool();
  }

  // The first variance over its order, authorised as a reviewer would: locked, authorised at the order's amount, unlocked.
  const variance = await BillDocument.findOne({ where: { companyId, processingStatus: "VARIANCE", matchStatus: "AMOUNT_OVER" }, order: [["id", "ASC"]] });
  if (!variance?.posAmount) throw new Error("Demo documents: no variance over its order to authorise");
  await lockDocument(purchaser, variance.id);
  await authoriseDocument(purchaser, variance.id, { authorisedAmount: variance.posAmount });
  await unlockDocument(purchaser, variance.id);
}
