/**
 * The cached route matcher (app/web/route-matching.server.ts, issue 19) answers exactly as @remix-run/router does, for
 * every route of the app, and the router still has the code the patch expects (an upgrade that moves it fails here).
 */
import fs from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { patchRouterSource } from "~/web/route-matching.server";

const root = path.resolve(__dirname, "../..");
const require = createRequire(path.join(root, "package.json"));
const routerFile = require.resolve("@remix-run/router");

type Router = {
  matchRoutes: (routes: unknown[], location: string | { pathname: string }, basename?: string) => Match[] | null;
  UNSAFE_convertRoutesToDataRoutes: (routes: unknown[], map: (route: unknown) => object, parentPath?: string[], manifest?: Record<string, unknown>) => unknown[];
};
type Match = { params: Record<string, string>; pathname: string; pathnameBase: string; route: { id: string } };
interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteNode[];
}

/** A fresh copy of the router's CommonJS build from `source` (not Node's cached one). */
function loadRouter(source: string): Router {
  const ModuleClass = Module as unknown as {
    new (id: string, parent: null): { filename: string; paths: string[]; exports: Router; _compile(source: string, file: string): void };
    _nodeModulePaths(dir: string): string[];
  };
  const module = new ModuleClass(routerFile, null);
  module.filename = routerFile;
  module.paths = ModuleClass._nodeModulePaths(path.dirname(routerFile));
  module._compile(source, routerFile);
  return module.exports;
}

const source = fs.readFileSync(routerFile, "utf8");
let original: Router;
let patched: Router;
let routes: RouteNode[];
let urls: string[];

beforeAll(async () => {
  original = loadRouter(source);
  const patchedSource = patchRouterSource(source);
  expect(patchedSource, "the installed @remix-run/router no longer has the code route-matching.server.ts patches").not.toBeNull();
  patched = loadRouter(patchedSource!);
  // The app's own route manifest, as the build makes it.
  const { readConfig } = require("@remix-run/dev/dist/config.js") as { readConfig(dir: string): Promise<{ routes: Record<string, RouteNode & { parentId?: string }> }> };
  const manifest = (await readConfig(root)).routes;
  const build = (parentId: string | undefined): RouteNode[] =>
    Object.values(manifest)
      .filter((route) => route.parentId === parentId)
      .map((route) => {
        const children = build(route.id);
        return { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive, ...(children.length ? { children } : {}) };
      });
  routes = build(undefined);
  // Every route's own URL (params filled in), with a trailing slash, upper case and an unknown tail.
  const paths = new Set<string>();
  const walk = (nodes: RouteNode[], prefix: string) => {
    for (const node of nodes) {
      const here = node.path ? `${prefix}/${node.path}`.replace(/\/+/g, "/") : prefix;
      const url = here.replace(/:[^/]+/g, "123").replace(/\*$/, "some/deep/path") || "/";
      paths.add(url);
      paths.add(`${url}/`.replace(/\/+$/, "/"));
      paths.add(url.toUpperCase());
      paths.add(`${url}/nothing-here`);
      walk(node.children ?? [], here);
    }
  };
  walk(routes, "");
  urls = [...paths, "/", "/invoices?page=2", "/suppliers/42/bills/7", "/caf%C3%A9", "//double//slashes", "/bills/documents/5/pages/2"];
});

const shape = (matches: Match[] | null) => matches?.map(({ params, pathname, pathnameBase, route }) => ({ params, pathname, pathnameBase, id: route.id })) ?? null;

describe("the cached route matcher", () => {
  it("covers the app's routes", () => {
    expect(urls.length).toBeGreaterThan(400);
  });

  it("matches every URL as the router does, on the first call and from its cache", () => {
    for (const url of urls) {
      const expected = shape(original.matchRoutes(routes, url));
      expect(shape(patched.matchRoutes(routes, url)), url).toEqual(expected);
      expect(shape(patched.matchRoutes(routes, { pathname: url.split("?")[0] })), `${url} (again, as a location)`).toEqual(expected);
    }
  });

  it("gives each caller its own match objects: changing one answer changes no later one", () => {
    const first = patched.matchRoutes(routes, "/suppliers/42/bills/7")!;
    expect(first.at(-1)!.params).toMatchObject({ supplierId: "42", billId: "7" });
    first.at(-1)!.params.supplierId = "changed";
    first.pop();
    const again = patched.matchRoutes(routes, "/suppliers/42/bills/7")!;
    expect(shape(again)).toEqual(shape(original.matchRoutes(routes, "/suppliers/42/bills/7")));
  });

  it("converts routes to data routes once per routes array, filling each caller's manifest", () => {
    const map = () => ({ hasErrorBoundary: false });
    const manifestA: Record<string, unknown> = {};
    const manifestB: Record<string, unknown> = {};
    const a = patched.UNSAFE_convertRoutesToDataRoutes(routes, map, undefined, manifestA);
    const b = patched.UNSAFE_convertRoutesToDataRoutes(routes, map, undefined, manifestB);
    expect(b).toBe(a);
    expect(Object.keys(manifestB).sort()).toEqual(Object.keys(manifestA).sort());
    expect(Object.keys(manifestA)).toContain("routes/_app.invoices");
    const plain: Record<string, unknown> = {};
    original.UNSAFE_convertRoutesToDataRoutes(routes, map, undefined, plain);
    expect(Object.keys(manifestA).sort()).toEqual(Object.keys(plain).sort());
  });
});
