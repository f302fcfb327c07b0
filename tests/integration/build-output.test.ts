/**
 * `npm run build` prints no crash text (issue 13 part 23). `remix build` left its esbuild contexts open and exited;
 * when its esbuild service (a Go child on our terminal) had a keep-alive ping unanswered at that moment, it printed
 * "fatal error: all goroutines are asleep - deadlock!" and a Go stack. A slow exit (busy for 2.5 s, as on a loaded
 * machine) makes that moment certain: the test fails on the old build command and passes on scripts/build.mjs.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "earlybird-build-"));

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Runs a command and resolves once every process holding its output (esbuild children too) has let go of it. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

describe("npm run build", () => {
  it("builds the app and the jobs without any esbuild crash text, even when the process is slow to exit", async () => {
    const slowExit = path.join(work, "slow-exit.mjs");
    fs.writeFileSync(slowExit, 'process.once("exit", () => { const until = Date.now() + 2500; while (Date.now() < until); });\n');
    const out = path.join(work, "out");
    const { code, output } = await run("npm", ["run", "build", "--", "--out", out], {
      ...process.env,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${slowExit}`.trim(),
      NODE_ENV: "production",
    });
    expect(output).not.toMatch(/goroutine|fatal error|deadlock/i);
    expect(code).toBe(0);
    expect(fs.existsSync(path.join(out, "index.js"))).toBe(true);
    expect(fs.readdirSync(path.join(out, "public", "build")).length).toBeGreaterThan(0);
    expect(fs.readdirSync(path.join(out, "jobs")).filter((file) => file.endsWith(".js"))).toContain("expire-sessions.js");
    // One per jobs/*.job.ts entry (counted, so a new scheduled job needs no edit here).
    const entries = fs.readdirSync(path.join(process.cwd(), "jobs")).filter((file) => file.endsWith(".job.ts")).length;
    expect(output).toContain(`Built ${entries} job(s)`);
  }, 240_000);
});
