import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

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
);
