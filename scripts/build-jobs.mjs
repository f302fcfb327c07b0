/**
 * Compiles each Bree job entry jobs/<name>.job.ts into build/jobs/<name>.js (ESM, Node, bundled with packages
 * left external), because Bree runs jobs in worker threads that cannot rely on tsx to load TypeScript.
 * Usage: node scripts/build-jobs.mjs [outdir] (npm run build calls buildJobs from scripts/build.mjs). Run as a script,
 * it stops esbuild's service when done rather than leaving it to notice a closed pipe (issue 13 part 23).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, stop } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const jobsDir = path.join(root, "jobs");

/**
 * Builds every jobs/*.job.ts into `outdir` (emptied first), and every jobs/<name>.worker.ts (a plain worker thread the
 * web process starts, not a scheduled job) into <name>-worker.js. Returns the job names built.
 */
export async function buildJobs({ outdir = path.join(root, "build", "jobs"), logLevel = "warning" } = {}) {
  const files = fs.readdirSync(jobsDir).sort();
  const entries = files.filter((file) => file.endsWith(".job.ts")).map((file) => ({ in: path.join(jobsDir, file), out: file.replace(/\.job\.ts$/, "") }));
  const workers = files.filter((file) => file.endsWith(".worker.ts")).map((file) => ({ in: path.join(jobsDir, file), out: file.replace(/\.worker\.ts$/, "-worker") }));
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [...entries, ...workers],
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // node_modules stay imports, resolved from the repository's node_modules at run time (outdir must be inside it).
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    sourcemap: "linked",
    logLevel,
  });
  return entries.map((entry) => entry.out);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const outdir = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
  const names = await buildJobs({ outdir }).finally(stop);
  console.log(`Built ${names.length} job(s) into ${path.relative(process.cwd(), outdir ?? path.join(root, "build", "jobs")) || "."}: ${names.join(", ")}`);
}
