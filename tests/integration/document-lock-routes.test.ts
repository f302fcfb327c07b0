/**
 * POST /bills/documents/:documentId/lock (issue 17 part 3; p3 §4.2; decision 045): lock and unlock as the detail page
 * and its sendBeacon on tab close call them, the second user's JSON answer with the spec's message, another company's
 * document (JSON 404), a bad intent, a bad id (the Not Found page) and a signed-out caller.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { BillDocument } from "../../db/models/index";
import { commitSessionToken } from "../../app/lib/session.server";
import { createSession } from "../../app/modules/auth/service.server";
import { action } from "../../app/routes/_app.bills.documents.$documentId.lock";
import { makeUser, makeVerifiedCompany } from "../support/factories";
import { makeReadDocument } from "../support/matching-factories";
import { settle } from "../support/routes";

afterAll(() => sequelize.close());

const sessionCookie = async (userId: number) => (await commitSessionToken(await createSession(userId), 3600)).split(";")[0];

let aliceCookie = "";
let bobCookie = "";
let strangerCookie = "";
let aliceId = 0;
let companyId = 0;

beforeAll(async () => {
  const own = await makeVerifiedCompany();
  const bob = await makeUser({ company: own.company, firstName: "Bob", lastName: "Second" });
  await own.user.update({ firstName: "Alice", lastName: "Holder" });
  const other = await makeVerifiedCompany();
  aliceCookie = await sessionCookie(own.user.id);
  bobCookie = await sessionCookie(bob.id);
  strangerCookie = await sessionCookie(other.user.id);
  aliceId = own.user.id;
  companyId = own.company.id;
});

/** A POST as a form would send it (url-encoded), or as sendBeacon(url, FormData) does (multipart). */
function post(documentId: number | string, body: Record<string, string>, cookie: string, multipart = false) {
  const path = `/bills/documents/${documentId}/lock`;
  const init: RequestInit = { method: "POST", headers: { cookie } };
  if (multipart) {
    const form = new FormData();
    for (const [key, value] of Object.entries(body)) form.append(key, value);
    init.body = form;
  } else {
    init.headers = { cookie, "Content-Type": "application/x-www-form-urlencoded" };
    init.body = new URLSearchParams(body).toString();
  }
  const request = new Request(`http://localhost${path}`, init);
  return settle(() => action({ request, params: { documentId: String(documentId) }, context: {} } as never));
}

const lockedBy = async (documentId: number) => (await BillDocument.findByPk(documentId, { attributes: ["id", "lockedByUserId"] }))!.lockedByUserId;

describe("POST /bills/documents/:documentId/lock", () => {
  it("locks for the opener, tells the second user who holds it, and unlocks by sendBeacon's multipart body", async () => {
    const document = await makeReadDocument(companyId, {}, "PENDING_REVIEW");
    const opened = await post(document.id, { intent: "lock" }, aliceCookie);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await opened.json()).toMatchObject({ locked: true, lockedAt: expect.any(String), expiresAt: expect.any(String) });

    const refused = await post(document.id, { intent: "lock" }, bobCookie);
    expect(refused.status).toBe(200);
    expect(await refused.json()).toMatchObject({
      locked: false,
      lockedBy: { userId: aliceId, name: "Alice Holder" },
      message: "This document is locked for editing by Alice Holder",
    });

    // Bob leaving does not free Alice's document.
    expect(await (await post(document.id, { intent: "unlock" }, bobCookie, true)).json()).toEqual({ unlocked: false });
    expect(await lockedBy(document.id)).toBe(aliceId);

    const left = await post(document.id, { intent: "unlock" }, aliceCookie, true);
    expect(left.status).toBe(200);
    expect(await left.json()).toEqual({ unlocked: true });
    expect(await lockedBy(document.id)).toBeNull();
    expect(await (await post(document.id, { intent: "lock" }, bobCookie)).json()).toMatchObject({ locked: true });
  });

  it("answers another company's document with a JSON 404 and changes nothing", async () => {
    const document = await makeReadDocument(companyId, {}, "PENDING_REVIEW");
    for (const intent of ["lock", "unlock"]) {
      const response = await post(document.id, { intent }, strangerCookie);
      expect(response.status).toBe(404);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(await response.json()).toMatchObject({ formError: "Document not found" });
    }
    expect(await lockedBy(document.id)).toBeNull();
  });

  it("refuses an unknown intent with a 422 JSON answer", async () => {
    const document = await makeReadDocument(companyId, {}, "PENDING_REVIEW");
    const response = await post(document.id, { intent: "steal" }, aliceCookie);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ formError: "Choose lock or unlock" });
    expect(await lockedBy(document.id)).toBeNull();
  });

  it("answers bodies a browser never sends below 500 and changes nothing", async () => {
    const document = await makeReadDocument(companyId, {}, "PENDING_REVIEW");
    const bodies: { headers: Record<string, string>; body: BodyInit | null }[] = [
      { headers: { "Content-Type": "application/json" }, body: JSON.stringify({ intent: "lock" }) },
      { headers: {}, body: null },
      { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: `intent=${"a".repeat(2 * 1_048_576)}` },
      { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "intent=lo%00ck" },
      { headers: { "Content-Type": "multipart/form-data; boundary=x" }, body: "not multipart at all" },
    ];
    for (const { headers, body } of bodies) {
      const request = new Request(`http://localhost/bills/documents/${document.id}/lock`, { method: "POST", headers: { cookie: aliceCookie, ...headers }, body });
      const response = await settle(() => action({ request, params: { documentId: String(document.id) }, context: {} } as never));
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    expect(await lockedBy(document.id)).toBeNull();
  });

  it("answers a malformed id with the Not Found page and a signed-out caller with the login redirect", async () => {
    expect((await post("abc", { intent: "lock" }, aliceCookie)).status).toBe(404);
    const document = await makeReadDocument(companyId, {}, "PENDING_REVIEW");
    const signedOut = await post(document.id, { intent: "lock" }, "");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toContain("/login");
    expect(await lockedBy(document.id)).toBeNull();
  });
});
