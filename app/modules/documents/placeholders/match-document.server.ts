/**
 * PLACEHOLDER, replaced by helper M's `matchDocument` (app/modules/matching/) at the merge: see
 * ../pipeline-ports.server.ts. It matches nothing: a processed document goes to Pending review, "Missing Data" when a
 * field D6 needs was not read.
 */
import { BillDocument } from "../../../../db/models/index";

export async function matchDocument(documentId: number): Promise<void> {
  const document = await BillDocument.findByPk(documentId);
  if (!document || document.processingStatus !== "PROCESSING") return;
  const missing = !document.supplierName || !document.invoiceNumber || !document.dateIssue || document.invoiceAmount === null;
  await document.update({ processingStatus: "PENDING_REVIEW", matchStatus: missing ? "INVOICE_DETAILS_MISSING" : "ORDER_NOT_FOUND_OCR" });
}
