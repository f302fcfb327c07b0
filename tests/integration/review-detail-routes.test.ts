/**
 * The bill detail pages' seam (issue 17 parts 2-5; app/web/review/detail.server.ts; decision 051): previous/next and
 * 'n / total' across list pages, the loader's redirect to the document's own list, its lock on open and the second
 * user's lock message, the actions' redirect to the next document with a toast, the lock re-taken and the action
 * retried once, and the authorised amount's field error.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { commitSessionToken } from "../../app/lib/session.server";
import { createSession } from "../../app/modules/auth/service.server";
import { lockDocument, unlockDocument } from "../../app/modules/review/locking.server";
import { action, loader } from "../../app/routes/_app.bills_.pending-review_.$documentId";
import { loader as authorisedLoader } from "../../app/routes/_app.bills_.r.$billId";
import { action as varianceAction, loader as varianceLoader } from "../../app/routes/_app.bills_.variances_.$documentId";
import { BillDocument, BillDocumentPage } from "../../db/models/index";
import { amountInput, documentNeighbours, listQueryOf, moveOnPath } from "../../app/web/review/detail.server";
import { actorOf, makeUser, makeVerifiedCompany } from "../support/factories";
import { makeReadDocument } from "../support/matching-factories";
import { settle } from "../support/routes";

afterAll(() => sequelize.close());

const sessionCookie = async (userId: number) => (await commitSessionToken(await createSession(userId), 3600)).split(";")[0];

let aliceCookie = "";
let bobCookie = "";
let alice: ReturnType<typeof actorOf>;
let companyId = 0;

beforeAll(async () => {
  const own = await makeVerifiedCompany();
  await own.user.update({ firstName: "Alice", lastName: "Holder" });
  const second = await makeUser({ company: own.company, firstName: "Bob", lastName: "Second" });
  alice = actorOf(own.user);
  aliceCookie = await sessionCookie(own.user.id);
  bobCookie = await sessionCookie(second.id);
  companyId = own.company.id;
});

const get = (run: typeof loader, path: string, documentId: number, cookie: string) =>
  settle(() =>
    run({ request: new Request(`http://localhost${path}`, { headers: { cookie } }), params: { documentId: String(documentId) }, context: {} } as never)
  );

const post = (run: typeof action, path: string, documentId: number, body: Record<string, string>, cookie: string) =>
  settle(() =>
    run({
      request: new Request(`http://localhost${path}`, {
        method: "POST",
        headers: { cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(body).toString(),
      }),
      params: { documentId: String(documentId) },
      context: {},
    } as never)
  );

/** Pending-review documents made oldest first: the list (newest first) shows them in reverse. */
async function pendingReview(count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push((await makeReadDocument(companyId, { amount: 1_000 + i }, "PENDING_REVIEW")).id);
  return ids.reverse();
}

describe("documentNeighbours", () => {
  it("counts n / total, and crosses list pages by their cursors at a page's ends", async () => {
    const ids = await pendingReview(11);
    const query = new URLSearchParams({ size: "10" });
    const first = await documentNeighbours(alice, "pending-review", ids[0], query);
    expect(first).toMatchObject({ position: 1, total: 11, previous: null, next: { id: ids[1], otherPage: false } });

    const tenth = await documentNeighbours(alice, "pending-review", ids[9], query);
    expect(tenth).toMatchObject({ position: 10, total: 11, previous: { id: ids[8] }, next: { id: ids[10], otherPage: true } });
    const nextQuery = new URLSearchParams(tenth!.next!.query);
    expect(nextQuery.get("page")).toBe("2");
    expect(nextQuery.get("cursor")).toBeTruthy();

    const eleventh = await documentNeighbours(alice, "pending-review", ids[10], nextQuery);
    expect(eleventh).toMatchObject({ position: 11, total: 11, next: null, previous: { id: ids[9], otherPage: true } });
    expect(new URLSearchParams(eleventh!.previous!.query).get("page")).toBe("1");

    // After the tenth left the list, the eleventh moved up onto page 1: moving on reads page 1 without a cursor.
    expect(moveOnPath("pending-review", tenth, query, { documentLeft: true })).toBe(`/bills/pending-review/${ids[10]}?size=10&page=1`);
    // No list query: no arrows; the last one with nothing after it goes back to the list (without the cursor).
    expect(await documentNeighbours(alice, "pending-review", ids[0], new URLSearchParams())).toBeNull();
    expect(moveOnPath("pending-review", { ...eleventh!, previous: null }, nextQuery, { documentLeft: true })).toBe("/bills/pending-review?size=10&page=2");
  });

  it("keeps only the list's parameters of a detail URL", () => {
    expect(listQueryOf(new URLSearchParams("tab=all&page=2&rid=5&confirm=delete&supplier=acme")).toString()).toBe("tab=all&page=2&supplier=acme");
  });
});

describe("the detail loader", () => {
  it("redirects a document of another list to its own list's URL, locks on open, and tells a second user who holds it", async () => {
    const [id] = await pendingReview(1);
    const wrong = await get(varianceLoader, `/bills/variances/${id}?size=10`, id, aliceCookie);
    expect(wrong.status).toBe(302);
    expect(wrong.headers.get("Location")).toBe(`/bills/pending-review/${id}`);

    const opened = await get(loader, `/bills/pending-review/${id}`, id, aliceCookie);
    expect(opened.status).toBe(200);
    const data = await opened.json();
    expect(data).toMatchObject({ list: "pending-review", holdsLock: true, lockedOut: null, neighbours: null, view: { id, actions: ["CONFIRM", "DELETE"] } });
    expect((await BillDocument.findByPk(id))!.lockedByUserId).toBe(alice.userId);

    const second = await (await get(loader, `/bills/pending-review/${id}`, id, bobCookie)).json();
    expect(second).toMatchObject({
      holdsLock: false,
      lockedOut: { message: "This document is locked for editing by Alice Holder", movingOn: "Going back to list of bills.", to: "/bills/pending-review" },
    });
    await unlockDocument(alice, id);
  });
});

describe("the page images and the authorised bill", () => {
  it("shows the pages of the document rid names (the company's only), and 404s a bill that came from no document", async () => {
    const [id, other] = await pendingReview(2);
    await BillDocumentPage.create({ documentId: other, pageIndex: 0, mimeType: "image/png", content: Buffer.from("png") } as never);
    const own = await (await get(loader, `/bills/pending-review/${id}?rid=${other}`, id, aliceCookie)).json();
    expect(own.images).toMatchObject({ documentId: other, archived: false, pages: [{ pageIndex: 0 }] });
    const stranger = await makeVerifiedCompany();
    const foreign = await makeReadDocument(stranger.company.id, {}, "PENDING_REVIEW");
    const kept = await (await get(loader, `/bills/pending-review/${id}?rid=${foreign.id}`, id, aliceCookie)).json();
    expect(kept.images).toMatchObject({
      documentId: id,
      archived: true,
      archivedMessage: "This document has been archived. To retrieve it, please contact Earlybird support.",
    });
    await unlockDocument(alice, id);

    const missing = await settle(() =>
      authorisedLoader({
        request: new Request("http://localhost/bills/r/2147483000", { headers: { cookie: aliceCookie } }),
        params: { billId: "2147483000" },
        context: {},
      } as never)
    );
    expect(missing.status).toBe(404);
  });
});

describe("the detail action", () => {
  it("confirms, flashes 'Document confirmed' and moves to the next document of the list query", async () => {
    const [first, second] = await pendingReview(2);
    await lockDocument(alice, first);
    const response = await post(action, `/bills/pending-review/${first}?size=10`, first, { intent: "confirm" }, aliceCookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/bills/pending-review/${second}?size=10`);
    expect(response.headers.get("Set-Cookie")).toContain("eb_toast");
    expect((await BillDocument.findByPk(first))!.processingStatus).toBe("PROCESSING");
  });

  it("re-locks and retries once when the lock was lost, and shows the holder's lock when someone else has it", async () => {
    const [id] = await pendingReview(1);
    // Nobody holds it (the page's lease ran out): the action takes the lock again and succeeds.
    const retried = await post(action, `/bills/pending-review/${id}`, id, { intent: "delete" }, aliceCookie);
    expect(retried.status).toBe(302);
    expect(retried.headers.get("Location")).toBe("/bills/pending-review");
    expect((await BillDocument.findByPk(id))!.processingStatus).toBe("DELETED");

    const [held] = await pendingReview(1);
    await lockDocument(alice, held);
    const refused = await post(action, `/bills/pending-review/${held}`, held, { intent: "confirm" }, bobCookie);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ formError: "This document is locked for editing by Alice Holder", intent: "confirm" });
    expect((await BillDocument.findByPk(held))!.processingStatus).toBe("PENDING_REVIEW");
    await unlockDocument(alice, held);
    // The refused second user took nothing.
    expect((await BillDocument.findByPk(held))!.lockedByUserId).toBeNull();
  });

  it("puts the authorised amount's errors on its field", async () => {
    const document = await makeReadDocument(companyId, { amount: 56_350, orderNumber: "PO-1" }, "PENDING_REVIEW");
    await document.update({ processingStatus: "VARIANCE", matchStatus: "AMOUNT_OVER", posAmount: 50_000 } as never);
    await lockDocument(alice, document.id);
    const path = `/bills/variances/${document.id}`;
    const empty = await post(varianceAction, path, document.id, { intent: "authorise", authorisedAmount: "" }, aliceCookie);
    expect(empty.status).toBe(422);
    expect(await empty.json()).toMatchObject({ fieldErrors: { authorisedAmount: "Authorised amount is required" }, intent: "authorise" });
    const negative = await post(varianceAction, path, document.id, { intent: "authorise", authorisedAmount: "-5" }, aliceCookie);
    expect(await negative.json()).toMatchObject({ fieldErrors: { authorisedAmount: "Authorised amount should be greater than 0" } });
    const high = await post(varianceAction, path, document.id, { intent: "authorise", authorisedAmount: "$600.00" }, aliceCookie);
    expect(await high.json()).toMatchObject({
      fieldErrors: { authorisedAmount: "Authorised amount should not be greater than $505.00" },
      values: { authorisedAmount: "$600.00" },
    });
  });
});

describe("amountInput", () => {
  it("reads dollars as cents, empty and nonsense as null", () => {
    expect(amountInput("1,234.50")).toBe(123_450);
    expect(amountInput("$5")).toBe(500);
    expect(amountInput("-3")).toBe(-300);
    expect(amountInput("")).toBeNull();
    expect(amountInput(undefined)).toBeNull();
    expect(amountInput("abc")).toBeNull();
  });
});
