/**
 * The company settings routes (issue 15 parts 3-4): every admin loader and action refuses a company user with the 404
 * of an unknown page and writes nothing; an admin's forms answer the spec's messages (422 on the field) or redirect
 * with the spec's toast; the AP Automation tab saves the company's own preferences and refuses a stale save.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { sequelize } from "../../db/index";
import { GlAccount, PaymentTerm } from "../../db/models/index";
import { commitSessionToken } from "../../app/lib/session.server";
import { createSession } from "../../app/modules/auth/service.server";
import { addGlAccount } from "../../app/modules/gl-accounts/service.server";
import { addPaymentTerm } from "../../app/modules/payment-terms/service.server";
import { getEntityPreferences, getEntitySettings } from "../../app/modules/entity-preferences/service.server";
import * as settingsRoute from "../../app/routes/_app.companies.$companyId.settings";
import * as addTerm from "../../app/routes/_app.companies.$companyId.settings.payment-terms.add";
import * as editTerm from "../../app/routes/_app.companies.$companyId.settings.payment-terms.$paymentTermId.edit";
import * as deleteTerm from "../../app/routes/_app.companies.$companyId.settings.payment-terms.$paymentTermId.delete";
import * as addGl from "../../app/routes/_app.companies.$companyId.settings.gl-codes.add";
import * as editGl from "../../app/routes/_app.companies.$companyId.settings.gl-codes.$glAccountId.edit";
import * as deleteGl from "../../app/routes/_app.companies.$companyId.settings.gl-codes.$glAccountId.delete";
import * as settingsPage from "../../app/routes/_app.settings/route";
import { makeAdmin, makeUser } from "../support/factories";

afterAll(() => sequelize.close());

const ORIGIN = "http://earlybird.test:3000";
const CONTEXT = { requestId: "company-settings-test", cspNonce: "", ip: "127.0.0.1" };
let adminCookie = "";
let userCookie = "";
let companyId = 0;
let termId = 0;
let glId = 0;

beforeAll(async () => {
  const admin = await makeAdmin();
  const user = await makeUser();
  companyId = user.companyId!;
  const cookieOf = async (userId: number) => (await commitSessionToken(await createSession(userId), 3600)).split(";")[0];
  adminCookie = await cookieOf(admin.userId);
  userCookie = await cookieOf(user.id);
  await addPaymentTerm(admin, companyId, { frequency: "MONTHLY", date: 20 });
  termId = (await addPaymentTerm(admin, companyId, { frequency: "WEEKLY", dayOfWeek: "FRIDAY" })).id;
  glId = (await addGlAccount(admin, companyId, { accountCode: "300", accountName: "Purchases" })).id;
});

function request(path: string, cookie: string, form?: Record<string, string>): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: form ? "POST" : "GET",
    headers: { Cookie: cookie, Origin: ORIGIN, ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}) },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
}

async function statusOf(run: () => unknown): Promise<number> {
  try {
    const result = await run();
    return result instanceof Response ? result.status : 200;
  } catch (error) {
    if (error instanceof Response) return error.status;
    throw error;
  }
}

type Route = { loader: (args: LoaderFunctionArgs) => unknown; action: (args: ActionFunctionArgs) => unknown };
const routes = (): { route: Route; path: string; params: Record<string, string>; form: Record<string, string> }[] => {
  const base = `/companies/${companyId}/settings`;
  const company = { companyId: String(companyId) };
  return [
    { route: settingsRoute, path: base, params: company, form: { intent: "processing-queue", defaultProcessingQueue: "AUTOMATIC", modificationTime: "x" } },
    { route: addTerm, path: `${base}/payment-terms/add`, params: company, form: { frequency: "MONTHLY", date: "3" } },
    {
      route: editTerm,
      path: `${base}/payment-terms/${termId}/edit`,
      params: { ...company, paymentTermId: String(termId) },
      form: { frequency: "MONTHLY", date: "4" },
    },
    { route: deleteTerm, path: `${base}/payment-terms/${termId}/delete`, params: { ...company, paymentTermId: String(termId) }, form: {} },
    { route: addGl, path: `${base}/gl-codes/add`, params: company, form: { accountCode: "999", accountName: "X" } },
    { route: editGl, path: `${base}/gl-codes/${glId}/edit`, params: { ...company, glAccountId: String(glId) }, form: { accountName: "Y" } },
    { route: deleteGl, path: `${base}/gl-codes/${glId}/delete`, params: { ...company, glAccountId: String(glId) }, form: {} },
  ];
};

describe("admin routes", () => {
  it("a company user gets 404 from every loader and action, even for their own company, and nothing changes", async () => {
    for (const { route, path, params, form } of routes()) {
      expect(await statusOf(() => route.loader({ request: request(path, userCookie), params, context: CONTEXT }))).toBe(404);
      expect(await statusOf(() => route.action({ request: request(path, userCookie, form), params, context: CONTEXT }))).toBe(404);
    }
    expect(await PaymentTerm.count({ where: { companyId } })).toBe(2);
    expect(await PaymentTerm.findByPk(termId)).toMatchObject({ dayOfWeek: "FRIDAY" });
    expect(await GlAccount.findByPk(glId)).toMatchObject({ accountName: "Purchases", isVisibleInEarlybird: true });
  });

  it("an admin loads every screen; another company's term or code is 404", async () => {
    for (const { route, path, params } of routes())
      expect(await statusOf(() => route.loader({ request: request(path, adminCookie), params, context: CONTEXT }))).toBe(200);
    const other = await makeUser();
    const params = { companyId: String(other.companyId), paymentTermId: String(termId), glAccountId: String(glId) };
    expect(await statusOf(() => editTerm.loader({ request: request("/", adminCookie), params, context: CONTEXT }))).toBe(404);
    expect(await statusOf(() => deleteGl.action({ request: request("/", adminCookie, {}), params, context: CONTEXT }))).toBe(404);
    expect(await GlAccount.findByPk(glId)).toMatchObject({ isVisibleInEarlybird: true });
  });

  it("a duplicate term is 422 on the dialog with the spec's message; a good one redirects with 'Payment term added'", async () => {
    const base = `/companies/${companyId}/settings`;
    const params = { companyId: String(companyId) };
    const duplicate = (await addTerm.action({
      request: request(`${base}/payment-terms/add`, adminCookie, { frequency: "MONTHLY", date: "20", defaultTerm: "false" }),
      params,
      context: CONTEXT,
    })) as Response;
    expect(duplicate.status).toBe(422);
    expect(await duplicate.json()).toMatchObject({
      fieldErrors: { frequency: "Duplicate payment terms are not allowed" },
      values: { frequency: "MONTHLY", date: "20" },
    });
    const added = (await addTerm.action({
      request: request(`${base}/payment-terms/add`, adminCookie, { frequency: "MONTHLY", date: "21" }),
      params,
      context: CONTEXT,
    })) as Response;
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe(base);
    const noCode = (await addGl.action({
      request: request(`${base}/gl-codes/add`, adminCookie, { accountCode: "", accountName: "Freight" }),
      params,
      context: CONTEXT,
    })) as Response;
    expect(noCode.status).toBe(422);
    expect(await noCode.json()).toMatchObject({ fieldErrors: { accountCode: "GL Code is required" } });
  });

  it("the pending-approval queue: saved with a fresh modificationTime; a stale one redirects with an error and changes nothing", async () => {
    const base = `/companies/${companyId}/settings`;
    const params = { companyId: String(companyId) };
    const settings = await getEntitySettings(companyId);
    const form = { intent: "pending-approval", settingsId: String(settings.id), modificationTime: settings.modificationTime, isRipeLiteEnabled: "false" };
    const saved = (await settingsRoute.action({
      request: request(base, adminCookie, { ...form, isRipeLiteEnabled: "true" }),
      params,
      context: CONTEXT,
    })) as Response;
    expect(saved.status).toBe(302);
    expect((await getEntitySettings(companyId)).isRipeLiteEnabled).toBe(true);
    const stale = (await settingsRoute.action({ request: request(base, adminCookie, form), params, context: CONTEXT })) as Response;
    expect(stale.status).toBe(302);
    expect((await getEntitySettings(companyId)).isRipeLiteEnabled).toBe(true);
  });
});

describe("the AP Automation tab", () => {
  it("the company saves its own preference; a stale save is refused", async () => {
    const path = "/settings?tab=ap-automation";
    const loaded = (await settingsPage.loader({ request: request(path, userCookie), params: {}, context: CONTEXT })) as Response;
    const data = (await loaded.json()) as { apAutomation: { modificationTime: string; defaultProcessingQueue: string } };
    expect(data.apAutomation.defaultProcessingQueue).toBe("MANUAL");
    const form = { intent: "defaultProcessingQueue", defaultProcessingQueue: "AUTOMATIC", modificationTime: data.apAutomation.modificationTime };
    const saved = (await settingsPage.action({ request: request(path, userCookie, form), params: {}, context: CONTEXT })) as Response;
    expect(saved.status).toBe(302);
    expect((await getEntityPreferences(companyId)).defaultProcessingQueue).toBe("AUTOMATIC");
    const stale = (await settingsPage.action({
      request: request(path, userCookie, { ...form, defaultProcessingQueue: "MANUAL" }),
      params: {},
      context: CONTEXT,
    })) as Response;
    expect(stale.status).toBe(302);
    expect((await getEntityPreferences(companyId)).defaultProcessingQueue).toBe("AUTOMATIC");
  });
});
