/**
 * Test helper for the bill detail specs (issue 17): bill documents in a review state, read already, each with one page
 * image, in the e2e server's database, for a company of a World (tests/e2e/support/world.ts), plus more users of that
 * company (two people and one lock). Reads a ReviewDocumentsSpec as JSON (argv[2]) and prints the made ids as JSON.
 * Run by tests/e2e/support/review-documents.ts.
 */
import crypto from "node:crypto";
import { ensureDatabase } from "../../../db/bootstrap";
import type { ReviewDocumentsMade, ReviewDocumentsSpec } from "./review-documents";

process.env.JOBS_ENABLED = "false";
const spec = JSON.parse(process.argv[2] ?? "{}") as ReviewDocumentsSpec;
await ensureDatabase({ quiet: true });
const { sequelize } = await import("../../../db/index");
const { BillDocument, BillDocumentPage, Company, Counterparty } = await import("../../../db/models/index");
const factories = await import("../../support/factories");
const { render } = await import("../../../scripts/documents/render");

const company = await Company.findByPk(spec.companyId, { rejectOnEmpty: true });
const made: ReviewDocumentsMade = { users: [], documents: {} };
for (const user of spec.users ?? []) {
  const created = await factories.makeUser({ company, firstName: user.firstName, lastName: user.lastName, email: user.email });
  made.users.push({ email: created.username, name: `${user.firstName} ${user.lastName}` });
}
const supplier = spec.supplierCompanyId
  ? await Counterparty.findOne({ where: { companyId: spec.companyId, counterpartyCompanyId: spec.supplierCompanyId } })
  : null;
const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Auckland" }).format(new Date());
const days = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
for (const doc of spec.documents) {
  const image = await render(
    {
      file: `${doc.invoiceNumber}.png`,
      kind: "SCAN_PNG",
      supplier: "kiwi",
      invoiceNumber: doc.invoiceNumber,
      orderNumber: doc.orderNumber ?? "",
      issueDate: days(-3),
      dueDate: days(30),
      items: [{ description: "Olive oil 5L", quantity: 1, unitCents: doc.amount }],
      reason: "MATCHED",
    },
    {
      supplier: { name: spec.supplierName, address: ["14 Quay Street", "Auckland 1010"], gst: "123-456-789", layout: "classic" },
      buyer: [company.companyName, "Auckland"],
    }
  );
  const created = await BillDocument.create({
    companyId: spec.companyId,
    source: "UPLOAD",
    originalFileName: `${doc.invoiceNumber}.png`,
    mimeType: "image/png",
    sizeBytes: image.length,
    content: image,
    contentSha256: crypto.createHash("sha256").update(image).update(crypto.randomUUID()).digest("hex"),
    processingStatus: doc.status,
    matchStatus: doc.matchStatus ?? null,
    processingQueue: "MANUAL",
    textSource: "OCR",
    extractedText: `Tax invoice ${doc.invoiceNumber}`,
    supplierName: spec.supplierName,
    counterpartyId: supplier?.id ?? null,
    invoiceNumber: doc.invoiceNumber,
    orderNumber: doc.orderNumber ?? null,
    dateIssue: days(-3),
    dueDate: days(30),
    invoiceAmount: doc.amount,
    posAmount: doc.posAmount ?? null,
  } as never);
  await BillDocumentPage.create({ documentId: created.id, pageIndex: 0, mimeType: "image/png", content: image } as never);
  made.documents[doc.key] = created.id;
}
process.stdout.write(`${JSON.stringify(made)}\n`);
await sequelize.close();
