/**
 * The purchase order import's web doors (issue 16 part 1): the dialog's upload queues the job and redirects to its
 * progress; the loader shows the summary; the poll and failed-rows answers are the company's only (another company's job
 * is 404); a file that is not CSV is refused on the file field (422) and nothing is queued; the template downloads.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sequelize } from "../../db/index";
import { Job, PurchaseOrder } from "../../db/models/index";
import { commitSessionToken } from "../../app/lib/session.server";
import { createSession } from "../../app/modules/auth/service.server";
import { runPurchaseOrderImport } from "../../app/modules/purchase-orders/import.server";
import { PURCHASE_ORDER_IMPORT_COLUMNS, PURCHASE_ORDER_ROW_MESSAGES as M } from "../../app/modules/purchase-orders/rules";
import { action as importAction, loader as importLoader } from "../../app/routes/_app.settings.purchase-orders.import";
import { loader as pollLoader } from "../../app/routes/resources.purchase-order-import.$jobId";
import { loader as failedLoader } from "../../app/routes/resources.purchase-order-import-files.$jobId";
import { loader as templateLoader } from "../../app/routes/resources.import-template.$name";
import { makeCompany, makeUser } from "../support/factories";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "eb-po-routes-"));
beforeAll(() => {
  process.env.EARLYBIRD_DATA_DIR = path.join(dir, "data");
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await sequelize.close();
});

async function signedIn() {
  const company = await makeCompany();
  const user = await makeUser({ company });
  const cookie = (await commitSessionToken(await createSession(user.id), 3600)).split(";")[0];
  return { company, cookie };
}

function upload(cookie: string, fileName: string, text: string) {
  const form = new FormData();
  form.set("file", new Blob([text], { type: "text/csv" }), fileName);
  return new Request("http://localhost/settings/purchase-orders/import?tab=ap-automation", { method: "POST", headers: { cookie }, body: form });
}

const get = (url: string, cookie: string) => new Request(`http://localhost${url}`, { headers: { cookie } });

async function answer(call: Promise<unknown>): Promise<Response> {
  return call.then(
    (value) => value as Response,
    (thrown: unknown) => {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  );
}

const HEADER = PURCHASE_ORDER_IMPORT_COLUMNS.join(",");

describe("/settings/purchase-orders/import", () => {
  it("uploads, queues the import and shows its summary with the failed rows; another company gets 404 for the job and its file", async () => {
    const { company, cookie } = await signedIn();
    const response = await answer(importAction({ request: upload(cookie, "orders.csv", `${HEADER}\nPO-W1,Alpha Ltd,1/2/2026,10.00,OPEN\nPO-W2,Beta Ltd,,1.234,OPEN\n`), params: {}, context: {} } as never));
    expect(response.status).toBe(302);
    const location = response.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/settings\/purchase-orders\/import\?tab=ap-automation&job=[0-9a-f-]{36}$/);
    const jobId = new URL(location, "http://localhost").searchParams.get("job")!;
    expect(await Job.findByPk(jobId)).toMatchObject({ type: "IMPORT_PURCHASE_ORDERS", companyId: company.id });
    await runPurchaseOrderImport(jobId);

    const page = await (await answer(importLoader({ request: get(location, cookie), params: {}, context: {} } as never))).json();
    expect(page).toMatchObject({ closeTo: "/settings?tab=ap-automation", jobMissing: false, job: { status: "SUCCEEDED", result: { success: 1, failed: 1 } } });
    expect(page.job.result.failedRows[0]).toMatchObject({ line: 3, reasons: [M.amountInvalid] });
    expect(await PurchaseOrder.count({ where: { companyId: company.id } })).toBe(1);

    const poll = await answer(pollLoader({ request: get(`/resources/purchase-order-import/${jobId}`, cookie), params: { jobId }, context: {} } as never));
    expect(poll.status).toBe(200);
    expect(await poll.json()).toMatchObject({ id: jobId, status: "SUCCEEDED", progress: 100 });
    const failed = await answer(failedLoader({ request: get(`/resources/purchase-order-import-files/${jobId}`, cookie), params: { jobId }, context: {} } as never));
    expect(failed.status).toBe(200);
    expect(await failed.text()).toContain(`PO-W2,Beta Ltd,,1.234,OPEN,${M.amountInvalid}`);

    const other = await signedIn();
    const otherPoll = await answer(pollLoader({ request: get(`/resources/purchase-order-import/${jobId}`, other.cookie), params: { jobId }, context: {} } as never));
    expect(otherPoll.status).toBe(404);
    const otherFile = await answer(failedLoader({ request: get(`/resources/purchase-order-import-files/${jobId}`, other.cookie), params: { jobId }, context: {} } as never));
    expect(otherFile.status).toBe(404);
    const otherPage = await (await answer(importLoader({ request: get(location, other.cookie), params: {}, context: {} } as never))).json();
    expect(otherPage).toMatchObject({ job: null, jobMissing: true });
  });

  it("refuses a file that is not CSV on the file field and queues nothing; the signed-out are sent to log in", async () => {
    const { company, cookie } = await signedIn();
    const refused = await answer(importAction({ request: upload(cookie, "orders.pdf", "%PDF-1.7"), params: {}, context: {} } as never));
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ fieldErrors: { file: "Unsupported file format. Please select a CSV file." } });
    expect(await Job.count({ where: { companyId: company.id, type: "IMPORT_PURCHASE_ORDERS" } })).toBe(0);

    const anonymous = await answer(importLoader({ request: new Request("http://localhost/settings/purchase-orders/import"), params: {}, context: {} } as never));
    expect(anonymous.status).toBe(302);
  });

  it("serves the template with the five columns", async () => {
    const response = await answer(templateLoader({ request: new Request("http://localhost/"), params: { name: "import_purchase_orders.csv" }, context: {} } as never));
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="import_purchase_orders.csv"');
    const text = await response.text();
    expect(text.split("\n")[0]).toBe("Order Number,Supplier Name,Order Date,Amount (inc. GST),Status");
    expect(text).toMatch(/OPEN/);
  });
});
