/**
 * Faster route matching for the server (issue 19; docs/decisions/061-page-speed.md).
 *
 * @remix-run/router 1.x matches a URL by flattening and ranking the whole route tree (135 routes here) and compiling a
 * RegExp for every route it tries, on every call; a document request calls it four times (the server's route match,
 * the static handler's query, the lazy route discovery manifest, and <DataRoutes/>), which the flame graph of /login
 * showed as a third of the request's CPU. This module loads the router's CommonJS build once, patched in two places,
 * into Node's module cache before anything else requires it:
 *   - compilePath(path, caseSensitive, end) keeps its [RegExp, params] per pattern (the RegExp has no `g` flag, so
 *     `exec` keeps no state; the params array is only read);
 *   - matchRoutesImpl keeps the ranked branches per routes array (a WeakMap; the static handler's routes live as long
 *     as the build).
 * Results are the same. If the router's text no longer has the anchors (an upgrade), nothing is patched and a warning
 * says so; tests/integration/route-matching.test.ts fails then, so the patch is revisited with the upgrade.
 *
 * Import it first in the web server (server.ts), before @remix-run/express.
 */
import fs from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";

const COMPILE_PATH = "function compilePath(path, caseSensitive, end) {";
const FLATTEN_AND_RANK = "  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n";

/** The router's source with the two caches, or null if an anchor is missing. */
export function patchRouterSource(source: string): string | null {
  if (source.split(COMPILE_PATH).length !== 2 || source.split(FLATTEN_AND_RANK).length !== 2) return null;
  return (
    source
      .replace(
        COMPILE_PATH,
        `const compiledPathCache = new Map();
function compilePath(path, caseSensitive, end) {
  const key = (caseSensitive ? "1" : "0") + (end === false ? "0" : "1") + path;
  let compiled = compiledPathCache.get(key);
  if (compiled === undefined) {
    if (compiledPathCache.size >= 5000) compiledPathCache.clear();
    compiled = compilePathUncached(path, caseSensitive, end);
    compiledPathCache.set(key, compiled);
  }
  return compiled;
}
function compilePathUncached(path, caseSensitive, end) {`
      )
      .replace(
        FLATTEN_AND_RANK,
        `  let branches = rankedBranchesCache.get(routes);
  if (branches === undefined) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    rankedBranchesCache.set(routes, branches);
  }
`
      ) + "\nconst rankedBranchesCache = new WeakMap();\n"
  );
}

const require = createRequire(import.meta.url);

/** Puts the patched router into the module cache (once). Returns whether the patch is in place. */
export function installFastRouteMatching(): boolean {
  const filename = require.resolve("@remix-run/router");
  const cache = require.cache as Record<string, NodeJS.Module | undefined>;
  const existing = cache[filename] as (NodeJS.Module & { fastRouteMatching?: boolean }) | undefined;
  if (existing) return existing.fastRouteMatching === true;
  const patched = patchRouterSource(fs.readFileSync(filename, "utf8"));
  if (!patched) {
    console.warn(`@remix-run/router (${filename}) no longer has the code route-matching.server.ts patches: route matching is not cached.`);
    return false;
  }
  const ModuleClass = Module as unknown as {
    new (id: string, parent: NodeJS.Module | null): NodeJS.Module & { _compile(source: string, filename: string): void; fastRouteMatching?: boolean };
    _nodeModulePaths(dir: string): string[];
  };
  const module = new ModuleClass(filename, null);
  module.filename = filename;
  module.paths = ModuleClass._nodeModulePaths(path.dirname(filename));
  module._compile(patched, filename);
  module.loaded = true;
  module.fastRouteMatching = true;
  cache[filename] = module;
  return true;
}

installFastRouteMatching();
