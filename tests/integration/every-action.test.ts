/**
 * Issue 13 part 9: no action answers 5xx to a body it cannot use. Every route file under app/routes with an `action`
 * (found on disk, so a new route is covered without touching this test) is posted by each kind of visitor (an admin, a
 * purchaser, a supplier, nobody), each with a real session, an Origin and real ids in its URL, with bodies a browser
 * never sends: JSON, nothing, no content type, 2 MB, a NUL byte, a multipart body with a 5 KB text part and a file
 * nobody asked for. Each must come back (or be thrown) as a Response below 500.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { BankAccount, CreditNote } from "../../db/models/index";
import { commitSessionToken } from "../../app/lib/session.server";
import { createSession } from "../../app/modules/auth/service.server";
import { makeInvoice, makeSupplierLink, makeUser, makeVerifiedCompany } from "../support/factories";

afterAll(() => sequelize.close());

const ROUTES_DIR = path.resolve(__dirname, "../../app/routes");
const ORIGIN = "http://earlybird.test:3000";

/** Every route module file: app/routes/x.tsx, or app/routes/x/route.tsx for a route with files of its own. */
function routeFiles(): { id: string; file: string }[] {
  return fs
    .readdirSync(ROUTES_DIR, { withFileTypes: true })
    .flatMap((entry) => {
      if (entry.isFile() && /\.tsx?$/.test(entry.name)) return [{ id: entry.name.replace(/\.tsx?$/, ""), file: path.join(ROUTES_DIR, entry.name) }];
      if (entry.isDirectory()) {
        const route = ["route.tsx", "route.ts"].map((name) => path.join(ROUTES_DIR, entry.name, name)).find((file) => fs.existsSync(file));
        return route ? [{ id: entry.name, file: route }] : [];
      }
      return [];
    })
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** The URL path and params of a flat route id ("_app.bills.contact-email.$invoiceId" -> /bills/contact-email/7). */
function urlOf(id: string, values: Record<string, string>): { pathname: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const segments = id
    .split(/\.(?![^[]*\])/)
    .filter((segment) => !segment.startsWith("_") && segment !== "_index" && segment !== "route")
    .map((segment) => {
      const clean = segment.replace(/_$/, "").replace(/\[(.*?)\]/g, "$1");
      if (!clean.startsWith("$")) return clean;
      const name = clean.slice(1);
      params[name] = values[name] ?? "1";
      return params[name];
    });
  return { pathname: `/${segments.filter((segment) => segment !== "_index").join("/")}`, params };
}

type Body = { name: string; headers: Record<string, string>; body: BodyInit | null };

function bodies(): Body[] {
  const boundary = "----earlybird-probe";
  const multipart = [
    `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\n${"x".repeat(5_000)}\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="unexpected"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n${"y".repeat(5_000)}\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="invoiceNumber"\r\n\r\nA\u0000B\r\n`,
    `--${boundary}--\r\n`,
  ].join("");
  const form = "application/x-www-form-urlencoded";
  return [
    { name: "a JSON body", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ invoiceIds: [1], intent: "allocate", amount: "10" }) },
    { name: "no body and no content type", headers: {}, body: null },
    { name: "an empty form", headers: { "Content-Type": form }, body: "" },
    { name: "a 2 MB form", headers: { "Content-Type": form }, body: `intent=${"a".repeat(2 * 1_048_576)}` },
    { name: "a NUL byte in a number", headers: { "Content-Type": form }, body: "intent=add&invoiceNumber=INV%00-1&creditNumber=%00&email=a%00@b.test" },
    { name: "a garbled multipart body", headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` }, body: "not multipart at all" },
    { name: "a 5 KB text part and an unexpected file", headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` }, body: multipart },
  ];
}

type Visitor = { name: string; cookie: () => Promise<string | null> };

let visitors: Visitor[] = [];
let values: Record<string, string> = {};

beforeAll(async () => {
  const purchaser = await makeVerifiedCompany();
  const supplier = await makeVerifiedCompany();
  await makeSupplierLink(purchaser.company, supplier.company);
  const invoice = await makeInvoice(supplier.company, purchaser.company, { total: 50_000 as never });
  const note = await CreditNote.create({
    issuedBy: supplier.company.id,
    issuedFor: purchaser.company.id,
    creditNumber: `CN-PROBE-${purchaser.company.id}`,
    total: 1_000,
    issuedByCompanyName: supplier.company.companyName,
    issuedForCompanyName: purchaser.company.companyName,
  } as never);
  const account = await BankAccount.create({
    companyId: purchaser.company.id,
    bankAccountName: "Probe account",
    bankAccountNumber: "0212340123456700",
    bankAccountStatus: "VERIFICATION_PENDING",
    loadedBy: "EARLYBIRD",
    defaultAccount: true,
  } as never);
  const adminUser = await makeUser({ roles: ["ROLE_ADMIN"] });
  const sessionOf = (userId: number) => async () => (await commitSessionToken(await createSession(userId), 3600)).split(";")[0];
  visitors = [
    { name: "nobody", cookie: async () => null },
    { name: "an admin", cookie: sessionOf(adminUser.id) },
    { name: "a purchaser", cookie: sessionOf(purchaser.user.id) },
    { name: "a supplier", cookie: sessionOf(supplier.user.id) },
  ];
  values = {
    invoiceId: String(invoice.id),
    billId: String(invoice.id),
    supplierId: String(supplier.company.id),
    creditNoteId: String(note.id),
    companyId: String(purchaser.company.id),
    userId: String(purchaser.user.id),
    userName: purchaser.user.username,
    bankAccountId: String(account.id),
    offerId: "1",
    executionId: "1",
    jobId: "1",
    statementId: "1",
    messageId: "1",
    documentId: "1",
    fileId: "1",
    menu: "summary",
    type: "bills",
    name: "import_approved_bills",
    file: "failed.csv",
  };
});

async function outcome(run: () => unknown): Promise<{ status: number; detail: string }> {
  try {
    const result = await run();
    if (result instanceof Response) return { status: result.status, detail: result.status >= 500 ? await result.text() : "" };
    return { status: 200, detail: "" };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, detail: error.status >= 500 ? await error.text() : "" };
    return { status: 500, detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

describe("every action route (issue 13 part 9)", () => {
  const files = routeFiles();

  it("finds the routes on disk", () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it("answers every body a browser never sends with less than 500, for every kind of visitor", { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    let actions = 0;
    let refusedJson = 0;
    let refusedHuge = 0;
    for (const { id, file } of files) {
      const mod = (await import(file)) as { action?: (args: unknown) => unknown };
      if (typeof mod.action !== "function") continue;
      actions += 1;
      const { pathname, params } = urlOf(id, values);
      for (const visitor of visitors) {
        // A fresh session per route: an empty form to /logout (or a reset) must not spoil the next route's visit.
        const cookie = await visitor.cookie();
        for (const body of bodies()) {
          const headers = new Headers({ Origin: ORIGIN, ...body.headers });
          if (cookie) headers.set("Cookie", cookie);
          const request = new Request(`${ORIGIN}${pathname}?tab=bills`, { method: "POST", headers, body: body.body });
          const { status, detail } = await outcome(() => mod.action!({ request, params, context: { ip: "10.9.9.9", requestId: "probe" } }));
          if (status >= 500) failures.push(`${id} (${visitor.name}, ${body.name}): ${status} ${detail.slice(0, 200)}`);
          if (body.name === "a JSON body" && status === 415) refusedJson += 1;
          if (body.name === "a 2 MB form" && status === 413) refusedHuge += 1;
        }
      }
    }
    expect(failures).toEqual([]);
    expect(actions).toBeGreaterThanOrEqual(40);
    // The bodies reached the form reader, not only the login redirects: most signed-in visits refuse JSON with 415.
    expect(refusedJson).toBeGreaterThan(actions);
    expect(refusedHuge).toBeGreaterThan(actions);
  });
});
