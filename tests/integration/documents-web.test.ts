/**
 * The web door of the bill intake (issue 16 part 2): the Upload bills form of a review list, posted as a browser
 * without JavaScript posts it (multipart, several files in `files`): all received → back to the list with a toast; a
 * refused file → 422 with its line on the field, nothing of it stored; the list shows only the company's documents;
 * the body limit lets several files through on the upload pages only.
 */
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { BillDocument } from "../../db/models/index";
import { commitSessionToken } from "../../app/lib/session.server";
import { createSession } from "../../app/modules/auth/service.server";
import { DOCUMENT_MESSAGES } from "../../app/modules/documents/rules";
import { receiveDocuments } from "../../app/modules/documents/service.server";
import { action as variancesAction, loader as variancesLoader } from "../../app/routes/_app.bills_.variances";
import { action as dashboardAction } from "../../app/routes/_app.dashboard";
import { loader as processingLoader } from "../../app/routes/_app.bills_.processing";
import { loader as settingsLoader } from "../../app/routes/_app.settings/route";
import { getInboundAddress } from "../../app/modules/documents/service.server";
import { readFlashToast } from "../../app/web/toast.server";
import { bodyLimitFor, DOCUMENT_UPLOAD_MAX_BYTES, UPLOAD_MAX_BYTES } from "../../app/web/body-limits";
import { actorOf, makeUser } from "../support/factories";
import { makeBillPdf, makeFakePdf, makePng } from "../support/document-factories";
import { settle } from "../support/routes";

afterAll(() => sequelize.close());

async function signedIn() {
  const user = await makeUser();
  const cookie = (await commitSessionToken(await createSession(user.id), 3600)).split(";")[0];
  return { user, companyId: user.companyId!, cookie };
}

function upload(url: string, cookie: string, files: { name: string; content: Buffer; type?: string }[]) {
  const form = new FormData();
  form.append("intent", "upload-bills");
  for (const file of files) form.append("files", new Blob([new Uint8Array(file.content)], { type: file.type ?? "application/octet-stream" }), file.name);
  return new Request(`http://localhost${url}`, { method: "POST", headers: { cookie }, body: form });
}

async function toastOf(response: Response) {
  const cookie = (response.headers.get("Set-Cookie") ?? "").split(";")[0];
  return (await readFlashToast(new Request("http://localhost/", { headers: { cookie } }))).toast;
}

describe("POST /bills/variances (Upload bills)", () => {
  it("receives several files at once and goes back to the list with a toast", async () => {
    const { companyId, cookie } = await signedIn();
    const response = await settle(() => variancesAction({ request: upload("/bills/variances?page=1", cookie, []), params: {}, context: {} } as never));
    // No file chosen: the field says so.
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ fieldErrors: { files: DOCUMENT_MESSAGES.noFile } });

    const files = [
      { name: "bill-1.pdf", content: await makeBillPdf() },
      { name: "bill-2.pdf", content: await makeBillPdf() },
      { name: "photo.png", content: makePng() },
    ];
    const received = await settle(() => variancesAction({ request: upload("/bills/variances?page=1", cookie, files), params: {}, context: {} } as never));
    expect(received.status).toBe(302);
    expect(received.headers.get("Location")).toBe("/bills/variances?page=1");
    expect(await toastOf(received)).toMatchObject({ type: "success", message: "Received 3 bills: they are being processed." });
    expect(await BillDocument.count({ where: { companyId, source: "UPLOAD", processingStatus: "QUEUED" } })).toBe(3);

    // The same file again is said to be already received, and not stored twice.
    const again = await settle(() => variancesAction({ request: upload("/bills/variances", cookie, files.slice(0, 1)), params: {}, context: {} } as never));
    expect(await toastOf(again)).toMatchObject({ message: "1 file was already received." });
    expect(await BillDocument.count({ where: { companyId } })).toBe(3);
  });

  it("answers 422 with a line per refused file on the field, stores the good ones and nothing of the refused", async () => {
    const { companyId, cookie } = await signedIn();
    const big = Buffer.alloc(10_000_001, 0x20);
    big.write("%PDF-1.4\n", 0);
    const good = await makeBillPdf();
    const response = await settle(() =>
      variancesAction({
        request: upload("/bills/variances", cookie, [
          { name: "good.pdf", content: good },
          { name: "invoice.pdf", content: makeFakePdf() },
          { name: "huge.pdf", content: big },
        ]),
        params: {},
        context: {},
      } as never)
    );
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.fieldErrors.files).toBe(`invoice.pdf: ${DOCUMENT_MESSAGES.unsupported}\nhuge.pdf: ${DOCUMENT_MESSAGES.tooLarge}`);
    expect(body.upload.received).toEqual([{ fileName: "good.pdf", documentId: expect.any(Number), duplicate: false }]);
    expect(await BillDocument.count({ where: { companyId } })).toBe(1);
  });

  it("the dashboard takes the same form", async () => {
    const { companyId, cookie } = await signedIn();
    const response = await settle(() =>
      dashboardAction({ request: upload("/dashboard", cookie, [{ name: "scan.png", content: makePng() }]), params: {}, context: {} } as never)
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(await BillDocument.count({ where: { companyId } })).toBe(1);
  });
});

describe("the review lists", () => {
  it("show the company's documents of the list's statuses with the reason's label, and nothing of another company", async () => {
    const { user, cookie } = await signedIn();
    const other = await makeUser();
    const [mine, queued] = await receiveDocuments(
      actorOf(user),
      user.companyId!,
      [
        { fileName: "mine.pdf", content: await makeBillPdf() },
        { fileName: "queued.pdf", content: await makeBillPdf() },
      ],
      "UPLOAD"
    );
    const [theirs] = await receiveDocuments(actorOf(other), other.companyId!, [{ fileName: "theirs.pdf", content: await makeBillPdf() }], "UPLOAD");
    if (!mine.ok || !theirs.ok || !queued.ok) throw new Error("not stored");
    await BillDocument.update(
      {
        processingStatus: "VARIANCE",
        matchStatus: "AMOUNT_OVER",
        supplierName: "Kiwi Supplies Ltd",
        invoiceNumber: "INV-9",
        orderNumber: "PO-9",
        invoiceAmount: 12_345,
        dateIssue: "2026-11-12",
      },
      { where: { id: [mine.document.id, theirs.document.id] } }
    );
    const request = new Request("http://localhost/bills/variances", { headers: { cookie } });
    const data = await (await settle(() => variancesLoader({ request, params: {}, context: {} } as never))).json();
    expect(data).toMatchObject({ title: "Bills with variance", page: { total: 1, page: 1, size: 25 } });
    expect(data.page.rows).toEqual([
      expect.objectContaining({
        id: mine.document.id,
        supplier: "Kiwi Supplies Ltd",
        invoiceNumber: "INV-9",
        orderNumber: "PO-9",
        amount: 12_345,
        issueDate: "2026-11-12",
        reason: "Variance Found",
      }),
    ]);
    const processing = await (
      await settle(() =>
        processingLoader({
          request: new Request("http://localhost/bills/processing?size=10&page=x", { headers: { cookie } }),
          params: {},
          context: {},
        } as never)
      )
    ).json();
    expect(processing.page.rows.map((row: { id: number; reason: string }) => [row.id, row.reason])).toEqual([[queued.document.id, "Queued"]]);
    expect(processing.page.size).toBe(10);
  });

  it("need a signed-in company user", async () => {
    const response = await settle(() => variancesLoader({ request: new Request("http://localhost/bills/variances"), params: {}, context: {} } as never));
    expect(response.status).toBe(302);
  });
});

describe("Settings → AP Automation", () => {
  it("shows the company's inbound bill address", async () => {
    const { companyId, cookie } = await signedIn();
    const response = await settle(() =>
      settingsLoader({ request: new Request("http://localhost/settings?tab=ap-automation", { headers: { cookie } }), params: {}, context: {} } as never)
    );
    const data = await response.json();
    expect(data.inboundEmail).toBe(await getInboundAddress(companyId));
    expect(data.inboundEmail).toMatch(/@bills\.earlybird\.test$/);
  });
});

describe("the body limit", () => {
  it("lets 20 files of 10 MB through on the upload pages only", () => {
    const multipart = "multipart/form-data; boundary=x";
    expect(bodyLimitFor(multipart, "/bills/variances").maxBytes).toBe(DOCUMENT_UPLOAD_MAX_BYTES);
    expect(bodyLimitFor(multipart, "/dashboard").maxBytes).toBe(DOCUMENT_UPLOAD_MAX_BYTES);
    expect(DOCUMENT_UPLOAD_MAX_BYTES).toBeGreaterThanOrEqual(20 * 10_000_000);
    expect(bodyLimitFor(multipart, "/bills/import").maxBytes).toBe(UPLOAD_MAX_BYTES);
    expect(bodyLimitFor("application/x-www-form-urlencoded", "/bills/variances").maxBytes).toBe(1_048_576);
  });
});
