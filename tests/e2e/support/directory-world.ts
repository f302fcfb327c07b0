/**
 * A company's payment terms and GL codes for the directory's browser tests (issue 15 part 1): made in the running e2e
 * server's database by tests/e2e/support/make-directory-setup.ts through tests/support/directory-factories.ts.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const dataDir = path.resolve(root, process.env.EARLYBIRD_DATA_DIR ?? ".data/e2e");

export interface DirectorySetup {
  companyId: number;
  terms?: number[];
  glCodes?: { code: string; name: string }[];
}

export async function makeDirectorySetup(setup: DirectorySetup): Promise<{ terms: Record<number, number>; glCodes: Record<string, number> }> {
  const env: NodeJS.ProcessEnv = { ...process.env, EARLYBIRD_DATA_DIR: dataDir, APP_ENV: "test" };
  delete env.DATABASE_URL;
  const { stdout } = await run(path.join(root, "node_modules/.bin/tsx"), [path.join(root, "tests/e2e/support/make-directory-setup.ts"), JSON.stringify(setup)], {
    cwd: root,
    env,
    timeout: 120_000,
  });
  return JSON.parse(stdout.trim().split("\n").pop()!);
}
