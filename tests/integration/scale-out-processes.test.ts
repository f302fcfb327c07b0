/**
 * Scale-out (issue 19 part 5, docs/decisions/059): two web processes (`npm run start:web`'s cluster, WEB_CONCURRENCY=2,
 * JOBS_ENABLED=false) and two job workers (`npm run worker`), all real child processes on this test's one PostgreSQL
 * database. Everything shared lives in PostgreSQL, so a login on one web process is valid on the other, login
 * failures count across them, a withdrawal race split across them spends the wallet once, and an import uploaded
 * through one web process runs once, on one worker.
 *
 * The cluster shares one port, so a request is pinned to a web process by its keep-alive connection: a probe learns
 * which process (pid) holds the connection from the request log (X-Request-Id → the log line's pid), and every request
 * sent on it is checked against that pid afterwards.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../db/bootstrap";
import { sequelize } from "../../db/index";
import { Invoice, Job, Withdrawal } from "../../db/models/index";
import { addDays, todayIn } from "../../app/lib/dates";
import { getWithdrawContext } from "../../app/modules/ledger/withdrawals.server";
import { makeActivatedCompany, makeBankAccount, makeFundedCompany, TEST_PASSWORD } from "../support/factories";
import { waitFor } from "../support/wait-for";

const root = path.resolve(__dirname, "../..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "eb-scale-out-"));
const children: ChildProcess[] = [];
/** requestId → pid of the web process that served it, from the web processes' request log lines. */
const servedBy = new Map<string, number>();
let webPids: number[] = [];
let port = 0;
let logs = "";

function startChild(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  // node with tsx's loader, not the tsx CLI (which runs the script in a child of its own): the signal reaches our process.
  const child = spawn(process.execPath, ["--import", "tsx", ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let pending = "";
  const read = (chunk: Buffer) => {
    logs += chunk.toString();
    pending += chunk.toString();
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      if (!line.startsWith("{")) continue;
      try {
        const entry = JSON.parse(line) as { requestId?: string; pid?: number; msg?: string };
        if (entry.requestId && entry.pid && entry.msg === "request") servedBy.set(entry.requestId, entry.pid);
      } catch {
        // not a log line
      }
    }
  };
  child.stdout!.on("data", read);
  child.stderr!.on("data", read);
  children.push(child);
  return child;
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  await exited;
  clearTimeout(timer);
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  requestId: string;
}

/** A client whose requests go over one keep-alive connection: to one web process. */
class Client {
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1, keepAliveMsecs: 60_000 });
  cookies = new Map<string, string>();
  pid = 0;

  request(method: string, pathname: string, body?: { type: string; data: Buffer | string }): Promise<Answer> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          method,
          path: pathname,
          agent: this.agent,
          headers: {
            ...(cookie ? { cookie } : {}),
            ...(body ? { "content-type": body.type, "content-length": Buffer.byteLength(body.data), origin: `http://127.0.0.1:${port}` } : {}),
          },
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (text += chunk));
          res.on("end", () => {
            for (const header of res.headers["set-cookie"] ?? []) {
              const [pair] = header.split(";");
              const [name, ...value] = pair!.split("=");
              if (/max-age=0|expires=thu, 01 jan 1970/i.test(header)) this.cookies.delete(name!.trim());
              else this.cookies.set(name!.trim(), value.join("="));
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, requestId: String(res.headers["x-request-id"] ?? "") });
          });
        },
      );
      req.on("error", reject);
      if (body) req.write(body.data);
      req.end();
    });
  }

  form(pathname: string, fields: Record<string, string>) {
    return this.request("POST", pathname, { type: "application/x-www-form-urlencoded", data: new URLSearchParams(fields).toString() });
  }
}

const pidOf = (answer: Answer) => waitFor(`the request log line of ${answer.requestId}`, async () => servedBy.get(answer.requestId), 10_000);

/** A client on the web process `pid`: new connections until one lands there (the cluster deals them round-robin). */
async function clientOn(pid: number): Promise<Client> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const client = new Client();
    const probe = await client.request("GET", "/login");
    expect(probe.status).toBe(200);
    if ((await pidOf(probe)) === pid) {
      client.pid = pid;
      return client;
    }
    client.agent.destroy();
  }
  throw new Error(`no connection reached web process ${pid}`);
}

/** Sends and checks the answer came from the client's own web process (its connection was kept). */
async function on(client: Client, sent: Promise<Answer>): Promise<Answer> {
  const answer = await sent;
  expect(await pidOf(answer), `served by web process ${client.pid}`).toBe(client.pid);
  return answer;
}

beforeAll(async () => {
  if (!fs.existsSync(path.join(root, "build/index.js")) || !fs.existsSync(path.join(root, "build/jobs/run-queued-jobs.js"))) {
    const built = spawnSync(process.execPath, ["scripts/build.mjs"], { cwd: root, env: { ...process.env, NODE_ENV: "production" }, encoding: "utf8" });
    if (built.status !== 0) throw new Error(`npm run build failed: ${built.stdout}${built.stderr}`);
  }
  port = await freePort();
  const shared: NodeJS.ProcessEnv = {
    DATABASE_URL: process.env.DATABASE_URL,
    EARLYBIRD_DATA_DIR: dataDir,
    APP_ENV: "test",
    NODE_ENV: "production",
    LOG_LEVEL: "info",
    JOB_LEASE_SECONDS: "30",
  };
  const web = startChild(["server.ts", "--web"], { ...shared, PORT: String(port), WEB_CONCURRENCY: "2", JOBS_ENABLED: "false" });
  startChild(["worker.ts"], { ...shared, JOBS_ENABLED: "true" });
  startChild(["worker.ts"], { ...shared, JOBS_ENABLED: "true" });
  await waitFor("the web processes and both workers to start", async () => {
    if (web.exitCode !== null) throw new Error(`start:web exited: ${logs}`);
    return logs.includes(`Earlybird is running on http://localhost:${port}`) && logs.split("Earlybird job worker is running").length === 3;
  }, 80_000);
  // The two web processes' pids: probes on new connections until both have answered.
  const pids = new Set<number>();
  await waitFor("both web processes to answer", async () => {
    const client = new Client();
    pids.add(await pidOf(await client.request("GET", "/login")));
    client.agent.destroy();
    return pids.size === 2;
  }, 20_000);
  webPids = [...pids];
  expect(webPids).not.toContain(web.pid);
}, 150_000);

afterAll(async () => {
  await Promise.all(children.map(stopChild));
  await sequelize.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("two web processes and two workers on one PostgreSQL", () => {
  it("keeps a login made on one web process valid on the other, and counts login failures across both", async () => {
    const { user } = await makeActivatedCompany({ verificationStatus: "VERIFIED" });
    const [a, b] = [await clientOn(webPids[0]!), await clientOn(webPids[1]!)];
    expect((await on(b, b.request("GET", "/invoices"))).status).toBe(302);
    const login = await on(a, a.form("/login", { email: user.username, password: TEST_PASSWORD }));
    expect(login.status).toBe(302);
    b.cookies = new Map(a.cookies);
    const page = await on(b, b.request("GET", "/invoices"));
    expect(page.status).toBe(200);
    expect(page.body).toContain("Invoices");

    // The account's failure limit (LOGIN_MAX_FAILURES_PER_ACCOUNT, 5): failures on either process count together.
    const { user: target } = await makeActivatedCompany({ verificationStatus: "VERIFIED" });
    const wrong = { email: target.username, password: "Wrong#Password1" };
    a.cookies.clear();
    b.cookies.clear();
    for (const client of [a, b, a, b, a]) expect((await on(client, client.form("/login", wrong))).status).toBe(401);
    for (const client of [b, a]) expect((await on(client, client.form("/login", { email: target.username, password: TEST_PASSWORD }))).status).toBe(429);
    a.agent.destroy();
    b.agent.destroy();
  });

  it("spends a wallet once when two withdrawals race through different web processes", async () => {
    const { company, user, actor } = await makeFundedCompany(10_000);
    await makeBankAccount(company, { name: "Race Co main account", number: "0123450123456700" });
    const [a, b] = [await clientOn(webPids[0]!), await clientOn(webPids[1]!)];
    await on(a, a.form("/login", { email: user.username, password: TEST_PASSWORD }));
    b.cookies = new Map(a.cookies);
    const withdraw = (client: Client) =>
      on(client, client.form("/account/withdraw", { intent: "confirm", amount: "80.00", idempotencyKey: crypto.randomUUID() }));
    const answers = await Promise.all([withdraw(a), withdraw(b)]);
    const placed = answers.filter((answer) => answer.status === 302 && /placed=\d+/.test(String(answer.headers.location)));
    expect(placed, answers.map((answer) => `${answer.status} ${answer.headers.location ?? ""}`).join(", ")).toHaveLength(1);
    // Refused under the wallet's lock: a pending withdrawal already holds the funds (409), or too little is left (422).
    expect([409, 422]).toContain(answers.find((answer) => answer !== placed[0])!.status);
    expect(await Withdrawal.count({ where: { companyId: company.id } })).toBe(1);
    const context = await getWithdrawContext(actor, { companyId: company.id });
    expect(context.funds.fundsAvailable).toBe(2_000);
    a.agent.destroy();
    b.agent.destroy();
  });

  it("runs an import uploaded through one web process exactly once, on one of the workers", async () => {
    const { company, user } = await makeActivatedCompany({ verificationStatus: "VERIFIED" });
    const [a, b] = [await clientOn(webPids[0]!), await clientOn(webPids[1]!)];
    await on(a, a.form("/login", { email: user.username, password: TEST_PASSWORD }));
    b.cookies = new Map(a.cookies);
    const due = addDays(todayIn("NZ"), 30);
    const rows = 40;
    const csv = [
      "Invoice Number,Customer Name,Order Number,Issue Date,Due Date,Amount Due (inc. GST),Contact Email",
      ...Array.from({ length: rows }, (_, i) => `SO-${String(i + 1).padStart(4, "0")},Customer ${i % 3} ${company.id},,,${due},${i + 1}.50,`),
    ].join("\n");
    const form = new FormData();
    form.set("format", "EARLYBIRD");
    form.set("file", new Blob([csv], { type: "text/csv" }), "scale-out.csv");
    const encoded = new Request("http://localhost/", { method: "POST", body: form });
    const route = "/invoices/import?_data=routes%2F_app.invoices.import";
    const uploaded = await on(a, a.request("POST", route, { type: encoded.headers.get("content-type")!, data: Buffer.from(await encoded.arrayBuffer()) }));
    expect(uploaded.status, uploaded.body).toBe(200);
    const step = JSON.parse(uploaded.body) as { step: string; uploadId: string; fileName: string };
    expect(step.step).toBe("confirm");
    // Confirmed through the other web process: the upload is on the shared data directory, the job in PostgreSQL.
    const confirmed = await on(b, b.form(route, { uploadId: step.uploadId, fileName: step.fileName, format: "EARLYBIRD", confirmed: "on" }));
    expect(String(confirmed.headers["x-remix-redirect"])).toMatch(/job=/);

    const job = await waitFor("the import job to finish", async () => {
      const row = await Job.findOne({ where: { companyId: company.id } });
      return row && ["SUCCEEDED", "FAILED", "CANCELLED"].includes(row.status) ? row : null;
    }, 45_000);
    expect({ status: job.status, error: job.error }).toEqual({ status: "SUCCEEDED", error: null });
    expect(job.attempts).toBe(1);
    expect(await Job.count({ where: { companyId: company.id } })).toBe(1);
    expect(await Invoice.count({ where: { issuedBy: company.id } })).toBe(rows);
    const [numbers] = (await sequelize.query("SELECT count(DISTINCT invoice_number)::int AS n FROM invoices WHERE issued_by = :id", {
      replacements: { id: company.id },
    })) as [{ n: number }[], unknown];
    expect(numbers[0]!.n).toBe(rows);
    a.agent.destroy();
    b.agent.destroy();
  });
});
