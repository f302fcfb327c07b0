import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import boundaries from "eslint-plugin-boundaries";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";

export default tseslint.config(
  { ignores: ["node_modules", "build", "public/build", ".data", ".cache", "test-results", "playwright-report"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // Routes are thin: they call modules, never the database directly (GUIDE rule 2).
    files: ["app/routes/**/*.{ts,tsx}", "app/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [{ group: ["**/db/*", "**/db", "~/../db/*"], message: "Routes call modules; they do not import db/." }],
          // One reader for every request body (issue 13 part 9): readForm / readMultipartForm in app/web/http.server.ts.
          paths: [{ name: "@remix-run/node", importNames: ["unstable_parseMultipartFormData"], message: "Use readMultipartForm from ~/web/http.server." }],
        },
      ],
      "no-restricted-syntax": [
        "error",
        { selector: "CallExpression[callee.property.name='formData']", message: "Read the body with readForm from ~/web/http.server (4xx for a body that is not a form)." },
      ],
    },
  },

  ...layerRules(),
);

/**
 * Dependencies point one way (issue 14 part 3, GUIDE "The shape"): the doors (routes, web, components, jobs, cli) use
 * modules and lib; modules use other modules, lib and db; lib is a leaf. Checked by eslint-plugin-boundaries on every
 * import, export and dynamic import, and no value-import cycle between files (import-x/no-cycle; `import type` is free).
 */
function layerRules() {
  const appFiles = ["app/**/*.{ts,tsx}", "jobs/**/*.ts", "cli/**/*.{ts,tsx}", "db/**/*.ts"];
  const element = (type) => ({ element: { type } });
  const anyOf = (...types) => types.map(element);
  const file = (categories) => ({ file: { categories } });
  return [
    {
      files: appFiles,
      plugins: { boundaries, "import-x": importX },
      settings: {
        ...importX.flatConfigs.typescript.settings,
        "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
        "import/resolver": { typescript: { project: "tsconfig.json" } },
        "boundaries/dependency-nodes": ["import", "export", "dynamic-import"],
        "boundaries/files": [
          { category: "server", pattern: "**/*.server.{ts,tsx}" },
          { category: "model", pattern: "db/models/**" },
          { category: "seed", pattern: "db/seed/**" },
        ],
        "boundaries/elements": [
          { type: "routes", pattern: "app/routes/**", partialMatch: false },
          { type: "web", pattern: "app/web/**", partialMatch: false },
          { type: "components", pattern: "app/components/**", partialMatch: false },
          { type: "modules", pattern: "app/modules/**", partialMatch: false },
          { type: "lib", pattern: "app/lib/**", partialMatch: false },
          { type: "db", pattern: "db/**", partialMatch: false },
          { type: "jobs", pattern: "jobs/**", partialMatch: false },
          { type: "cli", pattern: "cli/**", partialMatch: false },
          // What is left of app/: the document and the entries (root.tsx, entry.*.tsx), the web door's own files.
          { type: "web", pattern: "app", partialMatch: false },
        ],
      },
      rules: {
        "boundaries/dependencies": [
          "error",
          {
            default: "disallow",
            message: "{{from.type}} may not import {{to.type}} (issue 14: dependencies point one way, see docs/architecture.md)",
            policies: [
              { from: anyOf("routes"), allow: { to: anyOf("routes", "web", "components", "modules", "lib") } },
              { from: anyOf("web"), allow: { to: anyOf("web", "components", "modules", "lib") } },
              { from: anyOf("components"), allow: { to: anyOf("components", "modules", "lib", "web") } },
              // UI only: a component may use a .server file's types, never its values.
              {
                from: anyOf("components"),
                disallow: { to: file("server"), dependency: { kind: "value" } },
                message: "app/components holds UI only: no .server value imports (move the code beside its route or to app/web)",
              },
              { from: anyOf("modules"), allow: { to: anyOf("modules", "lib", "db") } },
              { from: anyOf("lib"), allow: { to: anyOf("lib") } },
              // db: models, migrations and bootstrap use lib; the seed writes demo data through the modules' services.
              { from: anyOf("db"), allow: { to: anyOf("db", "lib") } },
              { from: { element: { type: "db" }, ...file("seed") }, allow: { to: anyOf("modules") } },
              { from: anyOf("jobs"), allow: { to: anyOf("jobs", "modules", "lib", "db") } },
              // The CLI is a door like the worker: `jobs:run` runs a scheduled job through the registry in jobs/.
              { from: anyOf("cli"), allow: { to: anyOf("cli", "jobs", "modules", "lib", "db") } },
              // The CLI opens the database (bootstrap, migrator, seed) but reads through services, never models.
              { from: anyOf("cli"), disallow: { to: file("model") }, message: "The CLI calls module services, not models" },
            ],
          },
        ],
        "import-x/no-cycle": ["error", { ignoreExternal: true }],
      },
    },
    {
      // app/components holds UI only: server code lives beside its route (app/routes/<route>/) or in app/web/<area>/.
      files: ["app/components/**/*.server.{ts,tsx}"],
      rules: {
        "no-restricted-syntax": [
          "error",
          { selector: "Program", message: "No .server file under app/components: move it beside its route or to app/web/<area>/." },
          { selector: "CallExpression[callee.property.name='formData']", message: "Read the body with readForm from ~/web/http.server (4xx for a body that is not a form)." },
        ],
      },
    },
  ];
}

