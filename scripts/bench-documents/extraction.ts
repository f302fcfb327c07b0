/**
 * The extraction section of `npm run bench:documents` (issue 16 part 7): the sample documents of fixtures/documents
 * through extractDocument, as the processing job calls it, for a buyer with Harbour Foods' suppliers as
 * counterparties.
 * - text-layer PDFs: `--rounds` passes (default 5) over the text-layer samples after one warm-up pass: documents per
 *   second and ms per document (text, fields, the page rendered to PNG; target ≤ 100 ms a document);
 * - scans: every scanned sample (PNG, JPG, image-only PDF) read once by OCR on the worker pool, all queued at once as
 *   the job runner would: seconds per page of wall time (target ≤ 2 s a page), and while it runs the event loop's
 *   longest stall (the OCR is on worker threads: the process stays responsive).
 */
import { readFileSync } from "node:fs";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import type { BenchSection } from "./context";
import { numberArg, percentile } from "./context";

type ManifestDocument = { file: string; mimeType: string; textSource: "PDF_TEXT" | "OCR"; expected: { supplierName: string } };

const TEXT_TARGET_MS = 100;
const OCR_TARGET_S = 2;

export const benchExtraction: BenchSection = async ({ args, report }) => {
  const { Company } = await import("../../db/models/index");
  const { sequelize } = await import("../../db/index");
  const { extractDocument, closeOcrPool } = await import("../../app/modules/extraction/service.server");
  const { ocrPoolSize } = await import("../../app/modules/extraction/ocr-pool.server");
  const manifest = JSON.parse(readFileSync("fixtures/documents/manifest.json", "utf8")) as { documents: ManifestDocument[] };
  const buyer = await Company.create({ companyName: "Harbour Foods Ltd", country: "NZ", status: "ACTIVE" });
  const names = [...new Set(manifest.documents.map((d) => d.expected.supplierName))];
  const suppliers = await Company.bulkCreate(names.map((companyName) => ({ companyName, country: "NZ" as const, status: "ACTIVE" as const })));
  await sequelize.query(`INSERT INTO counterparties (company_id, counterparty_company_id, is_supplier) SELECT :buyer, unnest(ARRAY[:ids]::int[]), true`, {
    replacements: { buyer: buyer.id, ids: suppliers.map((s) => s.id) },
  });
  const load = (d: ManifestDocument) => ({ content: readFileSync(`fixtures/documents/${d.file}`), mimeType: d.mimeType, companyId: buyer.id });

  const textDocs = manifest.documents.filter((d) => d.textSource === "PDF_TEXT").map(load);
  const rounds = numberArg(args, "rounds", 5);
  for (const doc of textDocs) await extractDocument(doc);
  const perDocument: number[] = [];
  const started = performance.now();
  for (let round = 0; round < rounds; round++) {
    for (const doc of textDocs) {
      const t = performance.now();
      await extractDocument(doc);
      perDocument.push(performance.now() - t);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const mean = perDocument.reduce((a, b) => a + b, 0) / perDocument.length;
  report(`text-layer PDFs: ${perDocument.length} extractions (${textDocs.length} documents × ${rounds}) in ${seconds.toFixed(2)} s`);
  report(`  ${(perDocument.length / seconds).toFixed(1)} documents/s; ${mean.toFixed(1)} ms a document (p50 ${percentile(perDocument, 50).toFixed(1)}, p95 ${percentile(perDocument, 95).toFixed(1)}); target ≤ ${TEXT_TARGET_MS} ms: ${mean <= TEXT_TARGET_MS ? "met" : "MISSED"}`);

  const scans = manifest.documents.filter((d) => d.textSource === "OCR").map(load);
  const workers = ocrPoolSize();
  // Start the pool's workers first: their start-up (the language data) is paid once a process, not per page.
  await extractDocument(scans[0]);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const ocrStarted = performance.now();
  await Promise.all(scans.map((doc) => extractDocument(doc)));
  const ocrSeconds = (performance.now() - ocrStarted) / 1000;
  delay.disable();
  const perPage = ocrSeconds / scans.length;
  report(`scans (OCR): ${scans.length} pages on ${workers} worker thread(s) in ${ocrSeconds.toFixed(1)} s`);
  report(`  ${perPage.toFixed(2)} s a page; target ≤ ${OCR_TARGET_S} s: ${perPage <= OCR_TARGET_S ? "met" : "MISSED"}`);
  report(`  event loop while OCR ran: max stall ${(delay.max / 1e6).toFixed(0)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms`);
  await closeOcrPool();
};
