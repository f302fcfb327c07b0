/**
 * Companies of a spec's own for the browser tests (issue 14 part 7): a spec that changes data makes its world here
 * instead of changing the demo personas' (Harbour Foods, Kiwi Supplies ...), which other specs read. The companies are
 * made in the running e2e server's database by tests/e2e/support/make-world.ts through the integration tests' factories:
 * verified and activated, each with one user who logs in with `world.password`, wallets funded by confirmed top-ups.
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
  /** The company's name; a unique suffix is added, so two runs never clash. */
  name: string;
  country?: "NZ" | "AU";
  /** Unless false, VERIFIED. */
  verified?: boolean;
  /** Cents put in the wallet by a confirmed top-up. */
  funds?: number;
}

export interface WorldSpec {
  companies: Record<string, CompanySpec>;
  /** [purchaser, supplier] pairs: each is the other's counterparty (supplier with offers on, customer). */
  trades?: [string, string][];
}

export interface World {
  password: string;
  companies: Record<string, { id: number; name: string; email: string }>;
}

export async function makeWorld(spec: WorldSpec): Promise<World> {
  const suffix = crypto.randomBytes(3).toString("hex").toUpperCase();
  const named: WorldSpec = {
    ...spec,
    companies: Object.fromEntries(Object.entries(spec.companies).map(([key, company]) => [key, { ...company, name: `${company.name} ${suffix}` }])),
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
