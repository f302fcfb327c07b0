/**
 * Bill documents waiting for review, made for a spec's own World company in the running e2e server's database by
 * tests/e2e/support/make-review-documents.ts (the detail pages' specs, issue 17).
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const dataDir = path.resolve(root, process.env.EARLYBIRD_DATA_DIR ?? ".data/e2e");

export interface ReviewDocumentSpec {
  key: string;
  status: "PENDING_REVIEW" | "VARIANCE" | "PENDING_APPROVAL" | "BLOCKED" | "UNMATCHED" | "PROCESSING";
  matchStatus?: string;
  invoiceNumber: string;
  orderNumber?: string;
  /** Cents. */
  amount: number;
  posAmount?: number;
}

export interface ReviewDocumentsSpec {
  companyId: number;
  /** The supplier's company: the document's counterparty (the buyer's supplier row), needed to authorise. */
  supplierCompanyId?: number;
  supplierName: string;
  users?: { firstName: string; lastName: string; email?: string }[];
  documents: ReviewDocumentSpec[];
}

export interface ReviewDocumentsMade {
  users: { email: string; name: string }[];
  documents: Record<string, number>;
}

export async function makeReviewDocuments(spec: ReviewDocumentsSpec): Promise<ReviewDocumentsMade> {
  const env: NodeJS.ProcessEnv = { ...process.env, EARLYBIRD_DATA_DIR: dataDir, APP_ENV: "test" };
  delete env.DATABASE_URL;
  const { stdout } = await run(
    path.join(root, "node_modules/.bin/tsx"),
    [path.join(root, "tests/e2e/support/make-review-documents.ts"), JSON.stringify(spec)],
    {
      cwd: root,
      env,
      timeout: 120_000,
    }
  );
  return JSON.parse(stdout.trim().split("\n").pop()!) as ReviewDocumentsMade;
}
