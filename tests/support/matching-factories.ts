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
