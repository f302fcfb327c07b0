#!/usr/bin/env node
// The `earlybird` bin: loads tsx in this process and runs cli/index.tsx, from any working directory.
// The tsconfig is named explicitly because tsx would otherwise look for one in the caller's cwd (JSX settings, paths).
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

const root = new URL("..", import.meta.url);
register({ tsconfig: fileURLToPath(new URL("tsconfig.json", root)) });
await import(new URL("cli/index.tsx", root).href);
