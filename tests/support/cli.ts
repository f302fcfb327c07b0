import { spawn } from "node:child_process";
import path from "node:path";

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built `earlybird` CLI against the test run's database, with its data dir at `dataDir`, plain output. */
export function runEarlybird(args: string[], dataDir: string): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.resolve("bin/earlybird.js"), ...args], {
      cwd: path.resolve("tests"),
      env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL, APP_ENV: "test", FORCE_COLOR: "0", EARLYBIRD_DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
