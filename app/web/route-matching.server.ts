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
 *   - matchRoutesImpl keeps the ranked branches per routes array (a WeakMap), and its matches per routes array and
 *     pathname (at most 2,000 pathnames; each caller gets its own copies of the match objects and their params);
 *   - the exported convertRoutesToDataRoutes (which <RemixServer/>'s static router calls on every render) keeps its
 *     result per routes array, and @remix-run/react's createServerRoutes (the routes <RemixServer/> builds from the
 *     manifest on every render) keeps its result per manifest while the route modules are the same, so every render
 *     matches against the same arrays and the branch cache holds.
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
const MATCH_ROUTES_IMPL = "function matchRoutesImpl(routes, locationArg, basename, allowPartial) {";

/** The router's source with the two caches, or null if an anchor is missing. */
export function patchRouterSource(source: string): string | null {
  if ([COMPILE_PATH, FLATTEN_AND_RANK, MATCH_ROUTES_IMPL].some((anchor) => source.split(anchor).length !== 2)) return null;
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
        MATCH_ROUTES_IMPL,
        `const matchesCache = new WeakMap();
function matchRoutesImpl(routes, locationArg, basename, allowPartial) {
  const pathname = (typeof locationArg === "string" ? parsePath(locationArg).pathname : locationArg.pathname) || "/";
  let byPathname = matchesCache.get(routes);
  if (byPathname === undefined) {
    byPathname = new Map();
    matchesCache.set(routes, byPathname);
  }
  const key = (allowPartial ? "1" : "0") + basename + "\\0" + pathname;
  let matches = byPathname.get(key);
  if (matches === undefined) {
    matches = matchRoutesImplUncached(routes, pathname, basename, allowPartial);
    if (byPathname.size >= 2000) byPathname.clear();
    byPathname.set(key, matches);
  }
  return matches === null ? null : matches.map((match) => Object.assign({}, match, { params: Object.assign({}, match.params) }));
}
function matchRoutesImplUncached(routes, locationArg, basename, allowPartial) {`
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
      ) +
    `
const rankedBranchesCache = new WeakMap();
const dataRoutesCache = new WeakMap();
const convertRoutesToDataRoutesUncached = exports.UNSAFE_convertRoutesToDataRoutes;
exports.UNSAFE_convertRoutesToDataRoutes = function (routes, mapRouteProperties, parentPath, manifest) {
  if (parentPath !== undefined && parentPath.length > 0) return convertRoutesToDataRoutesUncached(routes, mapRouteProperties, parentPath, manifest);
  let converted = dataRoutesCache.get(routes);
  if (converted === undefined || converted.mapRouteProperties !== mapRouteProperties) {
    const ownManifest = {};
    converted = { mapRouteProperties, manifest: ownManifest, routes: convertRoutesToDataRoutesUncached(routes, mapRouteProperties, undefined, ownManifest) };
    dataRoutesCache.set(routes, converted);
  }
  if (manifest) Object.assign(manifest, converted.manifest);
  return converted.routes;
};
`
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

/** @remix-run/react's server routes built once per manifest (they depend on nothing else that changes). */
function cacheServerRoutes() {
  const routesFile = path.join(path.dirname(require.resolve("@remix-run/react")), "routes.js");
  const routesModule = require(routesFile) as { createServerRoutes: (...args: unknown[]) => unknown; fastServerRoutes?: boolean };
  if (routesModule.fastServerRoutes) return;
  const uncached = routesModule.createServerRoutes;
  const cache = new WeakMap<object, { isSpaMode: unknown; routeModules: Record<string, unknown>; routes: unknown }>();
  routesModule.createServerRoutes = function createServerRoutes(...args: unknown[]) {
    const [manifest, routeModules, , isSpaMode] = args as [Record<string, unknown>, Record<string, unknown>, unknown, unknown];
    if (args.length !== 4 || !manifest || !routeModules) return uncached(...args);
    const hit = cache.get(manifest);
    if (hit && hit.isSpaMode === isSpaMode && Object.keys(manifest).every((id) => hit.routeModules[id] === routeModules[id])) return hit.routes;
    const routes = uncached(...args);
    cache.set(manifest, { isSpaMode, routeModules: { ...routeModules }, routes });
    return routes;
  };
  routesModule.fastServerRoutes = true;
}

if (installFastRouteMatching()) cacheServerRoutes();
