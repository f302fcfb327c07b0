/**
 * Test helper for tests/e2e/review-lists.spec.ts (issue 17 part 1): documents waiting in the review lists of a company
 * of the spec's own world, with their reasons and amounts set, and one of them locked by a second user of the company
 * (through the locking service), so the list shows it Locked. Reads { companyId, supplier } as JSON (argv[2]) and
 * prints { ids, holder } as JSON. Run with tsx and EARLYBIRD_DATA_DIR set, like make-world.ts.
 */
import { ensureDatabase } from "../../../db/bootstrap";

process.env.JOBS_ENABLED = "false";
const input = JSON.parse(process.argv[2] ?? "{}") as { companyId: number; supplier: string; lock?: { documentId: number; holderId: number } };
await ensureDatabase({ quiet: true });
const { sequelize } = await import("../../../db/index");
const { Company } = await import("../../../db/models/index");
const factories = await import("../../support/factories");
const { makeReadDocument } = await import("../../support/matching-factories");
const { lockDocument } = await import("../../../app/modules/review/locking.server");

if (input.lock) {
  // Lock one more document for the holder made before (the partial batch delete).
  const { User } = await import("../../../db/models/index");
  const holder = await User.findByPk(input.lock.holderId);
  await lockDocument(factories.actorOf(holder!), input.lock.documentId);
  process.stdout.write(`${JSON.stringify({ locked: input.lock.documentId })}\n`);
  await sequelize.close();
  process.exit(0);
}

type Spec = { key: string; status: "PENDING_REVIEW" | "VARIANCE"; match: string; amount: number; pos?: number; invoice: string; order: string | null };
const specs: Spec[] = [
  { key: "ocr1", status: "PENDING_REVIEW", match: "ORDER_NOT_FOUND_OCR", amount: 10_000, invoice: "RV-1001", order: null },
  { key: "ocr2", status: "PENDING_REVIEW", match: "ORDER_NOT_FOUND_OCR", amount: 5_000, invoice: "RV-1002", order: null },
  { key: "gpos", status: "PENDING_REVIEW", match: "ORDER_NOT_FOUND_GPOS", amount: 2_000, invoice: "RV-1003", order: "PO-9001" },
  { key: "status", status: "PENDING_REVIEW", match: "STATUS_MISMATCH", amount: 1_000, invoice: "RV-1004", order: "PO-9002" },
  { key: "locked", status: "PENDING_REVIEW", match: "ORDER_NOT_FOUND_OCR", amount: 700, invoice: "RV-1005", order: null },
  { key: "over", status: "VARIANCE", match: "AMOUNT_OVER", amount: 11_000, pos: 10_000, invoice: "RV-2001", order: "PO-9003" },
  { key: "under", status: "VARIANCE", match: "AMOUNT_UNDER", amount: 9_000, pos: 10_000, invoice: "RV-2002", order: "PO-9004" },
];
const ids: Record<string, number> = {};
for (const spec of specs) {
  const doc = await makeReadDocument(input.companyId, {
    supplierName: input.supplier,
    invoiceNumber: spec.invoice,
    orderNumber: spec.order,
    issueDate: "2026-11-02",
    amount: spec.amount as never,
  });
  await sequelize.query(
    `UPDATE bill_documents SET processing_status = :status, match_status = :match, pos_amount = CAST(:pos AS numeric) / 100, processing_queue = 'MANUAL' WHERE id = :id`,
    { replacements: { id: doc.id, status: spec.status, match: spec.match, pos: spec.pos ?? null } }
  );
  ids[spec.key] = doc.id;
}
const company = await Company.findByPk(input.companyId);
const holder = await factories.makeUser({ company, firstName: "Hana", lastName: "Holder" });
await lockDocument(factories.actorOf(holder), ids.locked);
process.stdout.write(`${JSON.stringify({ ids, holder: "Hana Holder", holderId: holder.id })}\n`);
await sequelize.close();
