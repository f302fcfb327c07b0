/**
 * The JSON and file resource routes on the one web layer (issue 14 part 1): a malformed id in the URL is the Not Found
 * page (parseParams); a well-formed id the company cannot see is the answer the polling dialog expects (JSON
 * `{ error, status }`, 404, never cached) or, for a download, the Not Found page. And /system's dialogs: an unknown
 * bank file is no dialog, a refused returns file is a field error on `file` (422) in the dialog.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { commitSessionToken } from "../../app/lib/session.server";
import { createSession } from "../../app/modules/auth/service.server";
import { IMPORT_JOB_TYPES } from "../../app/modules/invoices/import-rules";
import { JOB_NOT_FOUND } from "../../app/modules/jobs/schema";
import { createJob } from "../../app/modules/jobs/service.server";
import { EXECUTION_MESSAGES } from "../../app/modules/offers/execution.rules";
import { RETURN_MESSAGES } from "../../app/modules/ledger/returns.schema";
import { loader as importStatus } from "../../app/routes/resources.import.$jobId";
import { loader as importFile } from "../../app/routes/resources.import-files.$jobId.$file";
import { loader as importTemplate } from "../../app/routes/resources.import-template.$name";
import { loader as executionStatus } from "../../app/routes/resources.offer-executions.$offerId.$executionId";
import { action as systemAction, loader as systemLoader } from "../../app/routes/_app.system";
import { makeAdmin, makeVerifiedCompany } from "../support/factories";
import { settle } from "../support/routes";

afterAll(() => sequelize.close());

let cookie = "";
let adminCookie = "";
let ownJobId = "";
let otherJobId = "";

const sessionCookie = async (userId: number) => (await commitSessionToken(await createSession(userId), 3600)).split(";")[0];

beforeAll(async () => {
  const own = await makeVerifiedCompany();
  const other = await makeVerifiedCompany();
  cookie = await sessionCookie(own.user.id);
  adminCookie = await sessionCookie((await makeAdmin()).userId);
  ownJobId = (await createJob({ type: IMPORT_JOB_TYPES.INVOICE, companyId: own.company.id, ownerUserId: own.user.id })).id;
  otherJobId = (await createJob({ type: IMPORT_JOB_TYPES.INVOICE, companyId: other.company.id, ownerUserId: other.user.id })).id;
});

const get = (path: string, as = cookie) => new Request(`http://localhost${path}`, { headers: { cookie: as } });
const postSystem = (path: string, body: string) =>
  new Request(`http://localhost${path}`, { method: "POST", headers: { cookie: adminCookie, "Content-Type": "application/x-www-form-urlencoded" }, body });
const args = (request: Request, params: Record<string, string>) => ({ request, params, context: {} }) as never;

describe("GET /resources/import/:jobId", () => {
  it("answers the company's own import", async () => {
    const response = await settle(() => importStatus(args(get(`/resources/import/${ownJobId}`), { jobId: ownJobId })));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: ownJobId, status: "QUEUED", progress: 0 });
  });

  it("answers an import it cannot see with the poll's JSON 404, not cached", async () => {
    for (const jobId of [otherJobId, crypto.randomUUID()]) {
      const response = await settle(() => importStatus(args(get(`/resources/import/${jobId}`), { jobId })));
      expect(response.status).toBe(404);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(await response.json()).toMatchObject({ error: JOB_NOT_FOUND, status: 404 });
    }
  });

  it("answers a malformed id with the Not Found page", async () => {
    for (const jobId of ["abc", "1", `${ownJobId}x`]) {
      const response = await settle(() => importStatus(args(get(`/resources/import/${jobId}`), { jobId })));
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("Not Found");
    }
  });
});

describe("GET /resources/import-files/:jobId/:file", () => {
  it("is the Not Found page for an unknown file name, a malformed id, another company's import or one with no file", async () => {
    const cases = [
      { jobId: ownJobId, file: "secrets.csv" },
      { jobId: "abc", file: "failed.csv" },
      { jobId: otherJobId, file: "failed.csv" },
      { jobId: ownJobId, file: "duplicates.csv" },
    ];
    for (const params of cases) {
      const response = await settle(() => importFile(args(get(`/resources/import-files/${params.jobId}/${params.file}`), params)));
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("Not Found");
    }
  });
});

describe("GET /resources/import-template/:name", () => {
  it("serves the two templates and is the Not Found page for any other name", async () => {
    const ok = await settle(() => importTemplate(args(get("/resources/import-template/import_approved_bills.csv"), { name: "import_approved_bills.csv" })));
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    for (const name of ["../package.json", "import_approved_bills.txt", ""]) {
      const response = await settle(() => importTemplate(args(get(`/resources/import-template/${name}`), { name })));
      expect(response.status).toBe(404);
    }
  });
});

describe("GET /resources/offer-executions/:offerId/:executionId", () => {
  it("answers a malformed id with the Not Found page", async () => {
    for (const params of [
      { offerId: "abc", executionId: "1" },
      { offerId: "1", executionId: "0" },
      { offerId: "1", executionId: "99999999999" },
    ]) {
      const response = await settle(() => executionStatus(args(get(`/resources/offer-executions/${params.offerId}/${params.executionId}`), params)));
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("Not Found");
    }
  });

  it("answers an execution the company cannot see with the poll's JSON 404", async () => {
    const params = { offerId: "2147483000", executionId: "2147483000" };
    const response = await settle(() => executionStatus(args(get(`/resources/offer-executions/${params.offerId}/${params.executionId}`), params)));
    expect(response.status).toBe(404);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toMatchObject({ error: EXECUTION_MESSAGES.EXECUTION_NOT_FOUND, status: 404 });
  });
});

describe("/system", () => {
  it("shows no dialog for a malformed or unknown bank file", async () => {
    for (const file of ["abc", "2147483000"]) {
      const response = await settle(() => systemLoader(args(get(`/system?file=${file}`, adminCookie), {})));
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ dialog: null });
    }
  });

  it("answers a returns import without a file with a 422 on the file field", async () => {
    const response = await settle(() => systemAction(args(postSystem("/system?import=returns", "intent=import-returns"), {})));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ intent: "import-returns", details: [], fieldErrors: { file: RETURN_MESSAGES.fileRequired } });
  });

  it("closes the return dialog with an error toast for an unknown withdrawal", async () => {
    const request = postSystem("/system?file=1&return=2147483000", "intent=return&withdrawalId=2147483000&reason=");
    const response = await settle(() => systemAction(args(request, {})));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/system?file=1");
  });
});
