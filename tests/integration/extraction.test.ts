/**
 * The extraction module against the sample documents (fixtures/documents, npm run fixtures:documents) and a real
 * PostgreSQL: every sample gives its manifest's fields; the refused files get inspectFile's messages; a supplier's
 * unusual label is learnt from one correction. OCR'd samples are compared with the manifest's tolerance: the supplier
 * name without case or punctuation, references without spaces; dates and amounts exactly; line items only for
 * text-layer PDFs.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { SupplierFieldAnchor, type Company } from "../../db/models/index";
import { closeOcrPool, extractDocument, inspectFile, inspectMessages, recordFieldCorrection, supplierKeyOf } from "../../app/modules/extraction/service.server";
import { makeCompany, makeCounterparty } from "../support/factories";

type Expected = {
  supplierName: string;
  invoiceNumber: string | null;
  orderNumber: string | null;
  issueDate: string;
  dueDate: string;
  amountCents: number;
  lineItems: { description: string; amountCents: number }[];
};
type ManifestDocument = { file: string; kind: string; mimeType: string; textSource: "PDF_TEXT" | "OCR"; expected: Expected; unreadUntilLearnt?: string[] };
const manifest = JSON.parse(readFileSync("fixtures/documents/manifest.json", "utf8")) as {
  documents: ManifestDocument[];
  refused: { file: string; refusal: keyof typeof inspectMessages }[];
};
const SUPPLIER_NAMES = [...new Set(manifest.documents.map((d) => d.expected.supplierName))].filter((name) => !name.startsWith("Nelson"));
const bytesOf = (file: string) => readFileSync(`fixtures/documents/${file}`);
const loose = (s: string | null | undefined) => (s ?? "").toLowerCase().replace(/[^a-z0-9]/g, "");

let buyer: Company;

beforeAll(async () => {
  buyer = await makeCompany({ companyName: "Harbour Foods Ltd" });
  for (const name of SUPPLIER_NAMES) await makeCounterparty(buyer, await makeCompany({ companyName: name }), { supplier: true });
});
afterAll(async () => {
  await closeOcrPool();
  await sequelize.close();
});

describe("inspectFile", () => {
  it.each(manifest.refused)("refuses $file with its message", async ({ file, refusal }) => {
    const name = file.split("/").pop()!;
    expect(await inspectFile(bytesOf(file), name)).toEqual({ ok: false, message: inspectMessages[refusal] });
  });
  it("refuses an empty file", async () => {
    expect(await inspectFile(Buffer.alloc(0), "blank.pdf")).toEqual({ ok: false, message: inspectMessages.empty });
  });
  it("says an encrypted PDF needs its password removed (the exact message)", async () => {
    expect(await inspectFile(bytesOf("invalid/encrypted.pdf"), "bill.pdf")).toEqual({
      ok: false,
      message: inspectMessages.encrypted,
    });
  });
  it("accepts each kind of sample by its content, whatever the file is called", async () => {
    expect(await inspectFile(bytesOf("kiwi-inv-20431.pdf"), "scan.png")).toEqual({ ok: true, mimeType: "application/pdf", pageCount: 1 });
    expect(await inspectFile(bytesOf("southern-sp-8840-photo.jpg"), "x.pdf")).toEqual({ ok: true, mimeType: "image/jpeg", pageCount: 1 });
    expect(await inspectFile(bytesOf("kiwi-inv-20470-scan.png"), "x")).toEqual({ ok: true, mimeType: "image/png", pageCount: 1 });
  });
});

describe("extractDocument on every sample document", () => {
  it.each(manifest.documents)(
    "$file ($kind) gives its manifest's fields",
    async (doc) => {
      const extraction = await extractDocument({ content: bytesOf(doc.file), mimeType: doc.mimeType, companyId: buyer.id });
      const { fields } = extraction;
      expect(extraction.textSource).toBe(doc.textSource);
      expect(extraction.pages).toHaveLength(1);
      expect(extraction.pages[0].png.subarray(1, 4).toString("latin1")).toBe("PNG");
      expect(extraction.pages[0].index).toBe(0);
      if (doc.textSource === "OCR") {
        expect(extraction.ocrConfidencePercent).toBeGreaterThan(60);
        expect(loose(fields.supplierName?.value)).toBe(loose(doc.expected.supplierName));
      } else {
        expect(extraction.ocrConfidencePercent).toBeNull();
        expect(fields.supplierName?.value).toBe(doc.expected.supplierName);
        expect(fields.lineItems?.value).toEqual(doc.expected.lineItems);
      }
      const reference = (s: string | null | undefined) => (s ? s.replace(/\s+/g, "") : null);
      expect(reference(fields.invoiceNumber?.value)).toBe(doc.unreadUntilLearnt?.includes("invoiceNumber") ? null : doc.expected.invoiceNumber);
      expect(reference(fields.orderNumber?.value)).toBe(doc.expected.orderNumber);
      expect(fields.issueDate?.value).toBe(doc.expected.issueDate);
      expect(fields.dueDate?.value).toBe(doc.expected.dueDate);
      expect(fields.amountCents?.value).toBe(doc.expected.amountCents);
      for (const field of Object.values(fields)) {
        if (!field) continue;
        expect(field.confidence).toBeGreaterThan(0);
        expect(field.confidence).toBeLessThanOrEqual(1);
      }
      if (doc.textSource === "OCR") expect(fields.amountCents!.confidence).toBeLessThan(0.9);
    },
    60_000,
  );
});

describe("learning per supplier", () => {
  it("reads the next bill right after one correction of a misread field, for that buyer only", async () => {
    const first = await extractDocument({ content: bytesOf("wellington-wl-5531.pdf"), mimeType: "application/pdf", companyId: buyer.id });
    expect(first.fields.invoiceNumber).toBeNull();
    const supplierKey = supplierKeyOf(first.fields.supplierName!.value);
    expect(supplierKey).toBe("wellington logistics");

    const anchor = await recordFieldCorrection(buyer.id, supplierKey, "invoiceNumber", "WL-5531", first.text);
    expect(anchor).toEqual({ label: "Ref No.", lineIndex: expect.any(Number) });
    const stored = await SupplierFieldAnchor.findAll({ where: { companyId: buyer.id } });
    expect(stored.map((a) => [a.supplierKey, a.field, a.label])).toEqual([["wellington logistics", "invoiceNumber", "Ref No."]]);

    const next = await extractDocument({ content: bytesOf("wellington-wl-5560.pdf"), mimeType: "application/pdf", companyId: buyer.id });
    expect(next.fields.invoiceNumber).toEqual({ value: "WL-5560", confidence: 0.98 });

    // Another buyer has learnt nothing from Harbour Foods' correction.
    const other = await makeCompany();
    const elsewhere = await extractDocument({ content: bytesOf("wellington-wl-5560.pdf"), mimeType: "application/pdf", companyId: other.id });
    expect(elsewhere.fields.invoiceNumber).toBeNull();
  });

  it("replaces an anchor on a later correction and learns nothing from a value not in the text", async () => {
    const company = await makeCompany();
    const text = "Acme Ltd\nDoc Ref A-1\nTotal $5.00";
    await recordFieldCorrection(company.id, "Acme Ltd", "invoiceNumber", "A-1", text);
    await recordFieldCorrection(company.id, "ACME LIMITED", "invoiceNumber", "A-1", "Acme Ltd\nBill Code A-1\nTotal $5.00");
    expect(await recordFieldCorrection(company.id, "Acme Ltd", "invoiceNumber", "Z-9", text)).toBeNull();
    const rows = await SupplierFieldAnchor.findAll({ where: { companyId: company.id } });
    expect(rows.map((r) => [r.supplierKey, r.label, r.corrections])).toEqual([["acme", "Bill Code", 2]]);
  });
});
