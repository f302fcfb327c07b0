/**
 * The matching section of `npm run bench:documents` (issue 16 part 7; docs/decisions/044-document-matching.md):
 * `documents` read documents matched against `orders` purchase orders of one buyer, the way the DOCUMENTS_REMATCH job
 * runs them (matchDocuments in batches of MATCH_BATCH_SIZE, each one transaction), clean AUTOMATIC matches becoming
 * bills on the way. Target: at least 1,000 documents a second. The workload (tests/support/matching-factories.ts) spreads
 * the documents over the reasons; the figures include the outcome counts so a run that matched nothing cannot pass.
 * Needs DATABASE_URL set to a migrated database before it is imported (the bench's runner does that).
 */
import { MATCH_BATCH_SIZE, matchDocuments, type MatchOutcome } from "../../app/modules/matching/service.server";
import { seedMatchingWorkload } from "../../tests/support/matching-factories";

export const MATCHING_TARGET_PER_SECOND = 1_000;

export interface MatchingBenchResult {
  documents: number;
  orders: number;
  seconds: number;
  documentsPerSecond: number;
  bills: number;
  byStatus: Record<string, number>;
  passed: boolean;
}

export async function benchMatching(options: { documents?: number; orders?: number; log?: (line: string) => void } = {}): Promise<MatchingBenchResult> {
  const documents = options.documents ?? 10_000;
  const orders = options.orders ?? 100_000;
  const log = options.log ?? console.log;
  const seedStart = performance.now();
  const { buyer, documentIds } = await seedMatchingWorkload({ suppliers: 500, orders, bills: 20_000, documents, otherBuyers: 40, otherCompanies: 50_000 });
  log(`matching: seeded ${documents.toLocaleString("en-NZ")} documents, ${orders.toLocaleString("en-NZ")} purchase orders in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const outcomes: MatchOutcome[] = [];
  const start = performance.now();
  for (let at = 0; at < documentIds.length; at += MATCH_BATCH_SIZE) {
    outcomes.push(...(await matchDocuments(buyer.id, documentIds.slice(at, at + MATCH_BATCH_SIZE))));
  }
  const seconds = (performance.now() - start) / 1000;
  const byStatus: Record<string, number> = {};
  for (const outcome of outcomes) byStatus[outcome.matchStatus] = (byStatus[outcome.matchStatus] ?? 0) + 1;
  const bills = outcomes.filter((outcome) => outcome.invoiceId !== null).length;
  const documentsPerSecond = outcomes.length / seconds;
  const passed = outcomes.length === documents && documentsPerSecond >= MATCHING_TARGET_PER_SECOND;
  log(
    `matching: ${outcomes.length.toLocaleString("en-NZ")} documents in ${seconds.toFixed(2)} s = ${Math.round(documentsPerSecond).toLocaleString("en-NZ")} documents/s ` +
      `(target ≥ ${MATCHING_TARGET_PER_SECOND.toLocaleString("en-NZ")}/s: ${passed ? "met" : "NOT met"}); ${bills.toLocaleString("en-NZ")} became bills`
  );
  log(`matching: outcomes ${Object.entries(byStatus).sort().map(([status, count]) => `${status} ${count}`).join(", ")}`);
  return { documents, orders, seconds, documentsPerSecond, bills, byStatus, passed };
}
