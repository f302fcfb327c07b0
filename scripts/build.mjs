/**
 * `npm run build`: the Remix app (build/index.js, public/build) and the Bree job files (build/jobs), in one process
 * that leaves no esbuild service behind (issue 13 part 23).
 *
 * Why not `remix build`: the Remix CLI compiles through esbuild contexts it never disposes and then calls
 * process.exit(). Its esbuild service (a Go child process sharing our terminal) is left holding those contexts with
 * the pipe to its parent closed; when that happens while one of its keep-alive pings is unanswered, Go reports
 * "fatal error: all goroutines are asleep - deadlock!" with a stack on the terminal, often after the next command
 * (the jobs build) has printed. Here the same compiler runs, its contexts are disposed, the process ends on its own,
 * and the jobs' esbuild service is stopped once they are built.
 *
 * Usage: node scripts/build.mjs [--out DIR]  (DIR: build into DIR/index.js, DIR/public/build and DIR/jobs instead,
 * for the test that checks the output; the default is the app's own paths).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stop as stopEsbuild } from "esbuild";
import { buildJobs } from "./build-jobs.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
// The compiler behind `remix build` (@remix-run/dev 2.x, pinned by the lockfile): the CLI offers no way to dispose it.
const { readConfig } = require("@remix-run/dev/dist/config.js");
const { create: createCompiler } = require("@remix-run/dev/dist/compiler/compiler.js");
const { createFileWatchCache } = require("@remix-run/dev/dist/compiler/fileWatchCache.js");
const { logger } = require("@remix-run/dev/dist/tux/logger.js");
const { logThrown } = require("@remix-run/dev/dist/compiler/utils/log.js");

function outArgument() {
  const index = process.argv.indexOf("--out");
  return index < 0 ? null : path.resolve(process.argv[index + 1] ?? "");
}

async function buildApp(out) {
  process.env.NODE_ENV ??= "production";
  const started = Date.now();
  const config = await readConfig(root);
  if (out) {
    config.serverBuildPath = path.join(out, "index.js");
    config.assetsBuildDirectory = path.join(out, "public", "build");
  }
  fs.rmSync(config.assetsBuildDirectory, { recursive: true, force: true });
  fs.mkdirSync(config.assetsBuildDirectory, { recursive: true });
  const compiler = await createCompiler({
    config,
    options: { mode: process.env.NODE_ENV === "development" ? "development" : "production", sourcemap: false },
    fileWatchCache: createFileWatchCache(),
    logger,
  });
  try {
    await compiler.compile();
  } finally {
    await compiler.dispose();
  }
  console.log(`Built the app into ${path.relative(process.cwd(), path.dirname(config.serverBuildPath)) || "."} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const out = outArgument();
try {
  await buildApp(out);
  const jobsDir = out ? path.join(out, "jobs") : undefined;
  const names = await buildJobs({ outdir: jobsDir });
  console.log(`Built ${names.length} job(s) into ${path.relative(process.cwd(), jobsDir ?? path.join(root, "build", "jobs")) || "."}: ${names.join(", ")}`);
} catch (error) {
  logThrown(error);
  process.exitCode = 1;
} finally {
  await stopEsbuild();
}
