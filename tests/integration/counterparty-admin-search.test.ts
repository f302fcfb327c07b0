/**
 * GET /resources/counterparties (issue 15 part 1; p2 §6, p3 §7.3): an admin searches any company's counterparties by
 * name with entityId; a company user searches only its own, whatever entityId it passes. And the admin directory's
 * routes refuse a company user.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { commitSessionToken } from "../../app/lib/session.server";
import { createSession } from "../../app/modules/auth/service.server";
import { loader } from "../../app/routes/resources.counterparties";
import { loader as directoryLoader } from "../../app/routes/_app.companies.$companyId.directory";
import { action as configureAction, loader as configureLoader } from "../../app/routes/_app.companies.$companyId.directory.configure";
import { makeAdmin, makeCompany, makeCounterparty, makeVerifiedCompany } from "../support/factories";
import { settle } from "../support/routes";

afterAll(() => sequelize.close());

const sessionCookie = async (userId: number) => (await commitSessionToken(await createSession(userId), 3600)).split(";")[0];
const get = (query: string, cookie: string) =>
  settle(() => loader({ request: new Request(`http://localhost/resources/counterparties?${query}`, { headers: { cookie } }), params: {}, context: {} } as never));
const names = async (response: Response) => ((await response.json()) as { counterparties: { companyName: string }[] }).counterparties.map((c) => c.companyName);

let adminCookie = "";
let userCookie = "";
let ownId = 0;
let otherId = 0;

beforeAll(async () => {
  const own = await makeVerifiedCompany();
  const other = await makeCompany({ companyName: "Search Other Owner" });
  ownId = own.company.id;
  otherId = other.id;
  await makeCounterparty(own.company, await makeCompany({ companyName: "Kiwi Own Supplier" }));
  await makeCounterparty(other, await makeCompany({ companyName: "Kiwi Other Supplier" }));
  await makeCounterparty(other, await makeCompany({ companyName: "Tui Other Supplier" }));
  userCookie = await sessionCookie(own.user.id);
  adminCookie = await sessionCookie((await makeAdmin()).userId);
});

describe("admin counterparty search", () => {
  it("searches any company's counterparties by name with entityId", async () => {
    const response = await get(`entityId=${otherId}&name=kiwi`, adminCookie);
    expect(response.status).toBe(200);
    expect(await names(response)).toEqual(["Kiwi Other Supplier"]);
    expect(await names(await get(`entityId=${otherId}`, adminCookie))).toEqual(["Kiwi Other Supplier", "Tui Other Supplier"]);
    expect(await names(await get(`entityId=${ownId}&name=kiwi`, adminCookie))).toEqual(["Kiwi Own Supplier"]);
  });

  it("is Not Found without entityId or for no such company", async () => {
    expect((await get("name=kiwi", adminCookie)).status).toBe(404);
    expect((await get("entityId=2000000000&name=kiwi", adminCookie)).status).toBe(404);
  });
});

describe("a company user's search", () => {
  it("keeps to its own counterparties, ignoring entityId", async () => {
    const response = await get(`entityId=${otherId}&name=kiwi`, userCookie);
    expect(response.status).toBe(200);
    expect(await names(response)).toEqual(["Kiwi Own Supplier"]);
  });
});

describe("the directory routes refuse a company user (404, like every admin route)", () => {
  const args = (path: string, init: RequestInit = {}) =>
    ({ request: new Request(`http://localhost${path}`, { ...init, headers: { cookie: userCookie, ...(init.headers ?? {}) } }), params: { companyId: String(ownId) }, context: {} }) as never;

  it("on the list, the dialog and its action", async () => {
    expect((await settle(() => directoryLoader(args(`/companies/${ownId}/directory`)))).status).toBe(404);
    expect((await settle(() => configureLoader(args(`/companies/${ownId}/directory/configure?ids=1`)))).status).toBe(404);
    const post = args(`/companies/${ownId}/directory/configure?ids=1`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "id=1&modificationTime=x&processingQueue=AUTOMATIC",
    });
    expect((await settle(() => configureAction(post))).status).toBe(404);
  });

  it("lets an admin load the list of any company", async () => {
    const request = new Request(`http://localhost/companies/${otherId}/directory?q=kiwi`, { headers: { cookie: adminCookie } });
    const response = await settle(() => directoryLoader({ request, params: { companyId: String(otherId) }, context: {} } as never));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { rows: { companyName: string }[] };
    expect(body.rows.map((row) => row.companyName)).toEqual(["Kiwi Other Supplier"]);
  });
});
