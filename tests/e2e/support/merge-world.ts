/** Runs make-merge-world.ts against the e2e server's database (as world.ts runs make-world.ts). */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const dataDir = path.resolve(root, process.env.EARLYBIRD_DATA_DIR ?? ".data/e2e");

export interface MergeWorld {
  rootId: number;
  fromId: number;
  toId: number;
  fromName: string;
  toName: string;
  /** The duplicate's bill whose number the kept supplier already has. */
  takenNumber: string;
}

export async function makeMergeWorld(): Promise<MergeWorld> {
  const env: NodeJS.ProcessEnv = { ...process.env, EARLYBIRD_DATA_DIR: dataDir, APP_ENV: "test" };
  delete env.DATABASE_URL;
  const suffix = crypto.randomBytes(3).toString("hex").toUpperCase();
  const { stdout } = await run(path.join(root, "node_modules/.bin/tsx"), [path.join(root, "tests/e2e/support/make-merge-world.ts"), JSON.stringify({ suffix })], {
    cwd: root,
    env,
    timeout: 120_000,
  });
  return JSON.parse(stdout.trim().split("\n").pop()!) as MergeWorld;
}
