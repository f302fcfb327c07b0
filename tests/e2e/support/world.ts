/**
 * Companies of a spec's own for the browser tests (issue 14 part 7): a spec that changes data makes its world here
 * instead of changing the demo personas' (Harbour Foods, Kiwi Supplies ...), which other specs read. The companies are
 * made in the running e2e server's database by tests/e2e/support/make-world.ts through the integration tests' factories:
 * verified and activated unless told, each with one user who logs in with `world.password`, wallets funded by confirmed
 * top-ups; trade pairs linked both ways; invoices and bills, live purchaser offers and credit notes between them.
 */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
// The e2e server's data directory (scripts/e2e-server.sh): its embedded PostgreSQL publishes its URL there.
const dataDir = path.resolve(root, process.env.EARLYBIRD_DATA_DIR ?? ".data/e2e");

export interface CompanySpec {
  /** The company's name; a unique suffix is added, so two runs never clash (unless `exactName`). */
  name: string;
  /** The name as given, with no suffix: the spec makes it unique itself (a name OCR must read, say, without digits). */
  exactName?: boolean;
  country?: "NZ" | "AU";
  /** Unless false, VERIFIED. */
  verified?: boolean;
  /** Unless false, the Earlybird account is activated (its SYSTEM working-capital account exists). */
  activated?: boolean;
  /** False: a company not on Earlybird (INACTIVE, not verified, no user), such as a customer to invite. */
  onEarlybird?: boolean;
  /** For a company not on Earlybird: INVITED once invited (INACTIVE unless told). */
  status?: "INACTIVE" | "INVITED";
  /** The user's name, if not Test User. */
  person?: { firstName: string; lastName: string };
  /** The user's password, if not `world.password`. */
  password?: string;
  /** The user's mobile number (verified): where SMS codes go. */
  phone?: string;
  /** Cents put in the wallet by a confirmed top-up. */
  funds?: number;
  /** The company's own bank account (VERIFIED, its default): where its withdrawals go. Number as 16 digits. */
  bankAccount?: { name: string; number: string };
}

/** How a trade pair is linked: purchaser offers off for the supplier, and the contacts each side keeps. */
export interface TradeOptions {
  offersEnabled?: boolean;
  /** The purchaser's contact at the supplier (the purchaser's supplier row). */
  supplierEmail?: string;
  /** The supplier's contact at the purchaser (the supplier's customer row). */
  customerEmail?: string;
  /** The purchaser has invited the supplier already. */
  invited?: boolean;
}

/** An invoice (or bill) of `supplier` to `purchaser`, loaded by the supplier unless `type` is BILL. */
export interface RecordSpec {
  /** A name to find the record's id by in the World. */
  key?: string;
  supplier: string;
  purchaser: string;
  type?: "INVOICE" | "BILL";
  /** Unique within the supplier; made up if not given. */
  number?: string;
  /** Cents. */
  total: number;
  /** Days from today (NZ) to the due date; 30 unless given. */
  daysToDue?: number;
  contactEmail?: string;
  /** The purchaser has told the supplier of it already (Notify): its row offers Exclude rather than Notify. */
  notified?: boolean;
  /** Cents of an open prompt payment request (Request Payment) the supplier makes on it, through the offers service. */
  paymentRequest?: number;
}

export interface WorldSpec {
  companies: Record<string, CompanySpec>;
  /**
   * [purchaser, supplier] pairs: each is the other's counterparty (supplier with offers on unless told, customer); a
   * purchaser not on Earlybird is only the supplier's customer.
   */
  trades?: [string, string, TradeOptions?][];
  records?: RecordSpec[];
  /** Live purchaser offers, made through the offers service (the wallet topped up first if short): ACTIVE at once. */
  offers?: { company: string; cashpool: number; crr?: string; include?: string[] }[];
  /** Credit notes of `supplier` to `purchaser` (a trade pair), made through the credit-notes service. */
  creditNotes?: { key: string; purchaser: string; supplier: string; number: string; total: number; supplierReference?: string }[];
  /**
   * Document processing for a buyer (issue 16): its default queue (AUTOMATIC unless told) and purchase orders of its
   * suppliers (`supplier` a company key; OPEN unless told; `total` in cents).
   */
  documentProcessing?: {
    company: string;
    queue?: "AUTOMATIC" | "MANUAL";
    purchaseOrders?: { orderNumber: string; supplier: string; total: number; status?: "OPEN" | "RECEIPTED" | "CLOSED" }[];
  }[];
}

export interface World {
  password: string;
  /** `email` is the company's one user ("" for a company not on Earlybird), whose password is `password` unless told. */
  companies: Record<string, { id: number; name: string; email: string }>;
  records: Record<string, { id: number; number: string }>;
  creditNotes: Record<string, { id: number; number: string }>;
}

export async function makeWorld(spec: WorldSpec): Promise<World> {
  const suffix = crypto.randomBytes(3).toString("hex").toUpperCase();
  const named: WorldSpec = {
    ...spec,
    companies: Object.fromEntries(Object.entries(spec.companies).map(([key, company]) => [key, { ...company, name: company.exactName ? company.name : `${company.name} ${suffix}` }])),
  };
  const env: NodeJS.ProcessEnv = { ...process.env, EARLYBIRD_DATA_DIR: dataDir, APP_ENV: "test" };
  delete env.DATABASE_URL;
  const { stdout } = await run(path.join(root, "node_modules/.bin/tsx"), [path.join(root, "tests/e2e/support/make-world.ts"), JSON.stringify(named)], {
    cwd: root,
    env,
    timeout: 120_000,
  });
  return JSON.parse(stdout.trim().split("\n").pop()!) as World;
}
