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
              { from: anyOf("cli"), allow: { to: anyOf("cli", "modules", "lib", "db") } },
              // The CLI opens the database (bootstrap, migrator, seed) but reads through services, never models.
              { from: anyOf("cli"), disallow: { to: file("model") }, message: "The CLI calls module services, not models" },
            ],
          },
        ],
        "import-x/no-cycle": ["error", { ignoreExternal: true }],
      },
    },
    {
      // issue 14: removed after merge. Violations other helpers fix in parallel on their branches; each file here is
      // exempt from one rule until then. Delete this block once they are merged (lint must then pass without it).
      files: [
        "app/lib/actor.ts", // imports db (the OPERATOR actor / companies module)
        "app/lib/auth.server.ts", // imports modules (remix-auth login)
        "app/lib/config.server.ts", // imports db
        "app/lib/flags.server.ts", // imports db
        "app/lib/verification.server.ts", // imports db (moves to the companies module)
        "app/lib/toast.server.ts", // imports a components type (ToastMessage): not assigned yet, belongs in app/web
        "app/lib/http-security.server.ts", // imports app/web/request-guards.server: not assigned yet, belongs in app/web
        "app/lib/upload-form.server.ts", // imports app/web/http.server: not assigned yet, belongs in app/web
        "app/components/**/*.server.ts", // the eleven route handlers in the UI folder move beside their routes
      ],
      rules: { "boundaries/dependencies": "off" },
    },
    {
      // issue 14: removed after merge. The job registries move into jobs/ (modules export runners; jobs register them).
      files: [
        "app/modules/jobs/queue.server.ts",
        "app/modules/jobs/queue-trigger.server.ts",
        "app/modules/invoices/import.server.ts",
        "app/modules/offers/execution.server.ts",
        "app/modules/statements/service.server.ts",
      ],
      rules: { "import-x/no-cycle": "off" },
    },
    {
      // app/components holds UI only: server code lives beside its route (app/routes/<route>/) or in app/web/<area>/.
      files: ["app/components/**/*.server.{ts,tsx}"],
      // issue 14: removed after merge (the route handlers still in the UI folder, being moved).
      ignores: [
        "app/components/bills/offer-routes.server.ts",
        "app/components/create-invoice/add-record.server.ts",
        "app/components/import/import-route.server.ts",
        "app/components/invites/invite-route.server.ts",
        "app/components/invites/landing-route.server.ts",
        "app/components/invoices/list-dialog-routes.server.ts",
        "app/components/kyc-admin/person-route.server.ts",
        "app/components/password/settings-security.server.ts",
        "app/components/topups/transfer-step.server.ts",
        "app/components/verification/get-verified.server.ts",
        "app/components/withdrawals/withdraw-route.server.ts",
      ],
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

