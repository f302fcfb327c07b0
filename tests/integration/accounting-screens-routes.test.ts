/**
 * Issue 18 screens (B2): the routes of Connected apps and the MYOB callback against the emulator over real HTTP. Connect
 * is a redirect to the consent page; /xero/callback completes and redirects into the wizard (a replay is ?error=xero);
 * /myob/callback never exchanges a code on a GET, only on the POST its page makes; the sync poll answers only the
 * company's own sync job.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { commitSessionToken } from "../../app/lib/session.server";
import { createSession } from "../../app/modules/auth/service.server";
import { action as settingsAction, loader as settingsLoader } from "../../app/routes/_app.settings/route";
import { loader as xeroCallback } from "../../app/routes/xero.callback";
import { action as myobCallbackAction, loader as myobCallbackLoader } from "../../app/routes/myob.callback";
import { loader as syncPoll } from "../../app/routes/resources.accounting-sync.$jobId";
import { loader as connectErrorLoader } from "../../app/routes/connect-account-error";
import { makeVerifiedCompany } from "../support/factories";
import { settle } from "../support/routes";
import { consent, startConnectEmulator } from "../support/accounting-connect-flow";

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;
const cookieFor = async (userId: number) => (await commitSessionToken(await createSession(userId), 3600)).split(";")[0];
const get = (path: string, cookie: string) => new Request(`http://localhost${path}`, { headers: { cookie } });
const post = (path: string, form: Record<string, string>, cookie: string) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });

let stop: () => Promise<void>;
let cookie = "";
let otherCookie = "";

beforeAll(async () => {
  ({ stop } = await startConnectEmulator());
  cookie = await cookieFor((await makeVerifiedCompany()).user.id);
  otherCookie = await cookieFor((await makeVerifiedCompany()).user.id);
});

afterAll(async () => {
  await stop();
  await sequelize.close();
});

async function connectXero(who: string): Promise<URLSearchParams> {
  const response = await settle(() => settingsAction(args(post("/settings?tab=connected-apps", { intent: "connect", provider: "XERO" }, who))));
  expect(response.status).toBe(302);
  const location = response.headers.get("Location")!;
  expect(location).toMatch(/\/xero\/login\/identity\/connect\/authorize\?/);
  return consent(location);
}

describe("Connect to Xero", () => {
  it("redirects to the consent page, and the callback into the mapping wizard; a replayed callback is ?error=xero", async () => {
    const query = await connectXero(cookie);
    const path = `/xero/callback?${query.toString()}`;
    const done = await settle(() => xeroCallback(args(get(path, cookie))));
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/settings/connect-business-account?config=map-accounts");

    const replay = await settle(() => xeroCallback(args(get(path, cookie))));
    expect(replay.headers.get("Location")).toBe("/settings?tab=connected-apps&error=xero");

    const tab = (await (await settle(() => settingsLoader(args(get("/settings?tab=connected-apps", cookie))))).json()) as {
      connectedApps: { liveProvider: string; cards: { key: string; connection: { status: string } | null }[] };
    };
    expect(tab.connectedApps.liveProvider).toBe("XERO");
    expect(tab.connectedApps.cards.find((card) => card.key === "xero")?.connection?.status).toBe("CONNECTED");
  });

  it("a callback in another user's session is refused (the state is bound to the session that started it)", async () => {
    const query = await connectXero(otherCookie);
    const thief = await cookieFor((await makeVerifiedCompany()).user.id);
    const stolen = await settle(() => xeroCallback(args(get(`/xero/callback?${query.toString()}`, thief))));
    expect(stolen.headers.get("Location")).toBe("/settings?tab=connected-apps&error=xero");
  });

  it("a logged-out return is the connect-account error page", async () => {
    const response = await settle(() => xeroCallback(args(new Request("http://localhost/xero/callback?code=x&state=y"))));
    expect(response.headers.get("Location")).toBe("/connect-account-error?error=xero");
    const page = (await (await settle(() => connectErrorLoader(args(new Request("http://localhost/connect-account-error?error=myob"))))).json()) as { provider: string };
    expect(page.provider).toBe("MYOB");
  });
});

describe("/myob/callback", () => {
  it("shows the page on a GET (nothing exchanged) and completes on the POST, into the company file step", async () => {
    const who = await cookieFor((await makeVerifiedCompany()).user.id);
    const start = await settle(() => settingsAction(args(post("/settings?tab=connected-apps", { intent: "connect", provider: "MYOB_ACCOUNT_RIGHT" }, who))));
    const query = await consent(start.headers.get("Location")!);
    const path = `/myob/callback?${query.toString()}`;

    // Two GETs (a prefetch, a reload) only render the page with the code to post.
    for (let i = 0; i < 2; i += 1) {
      const page = (await (await settle(() => myobCallbackLoader(args(get(path, who))))).json()) as { query: { code: string | null } };
      expect(page.query.code).toBe(query.get("code"));
    }
    const done = await settle(() => myobCallbackAction(args(post(path, { code: query.get("code")!, state: query.get("state")! }, who))));
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/settings/connect-business-account?config=myob-company-file");

    const again = await settle(() => myobCallbackAction(args(post(path, { code: query.get("code")!, state: query.get("state")! }, who))));
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ failed: true });
  });
});

describe("the Sync now poll", () => {
  it("answers a job id that is not the company's sync job as a 404 JSON answer", async () => {
    const response = await settle(() => syncPoll(args(get("/resources/accounting-sync/00000000-0000-4000-8000-000000000000", cookie), { jobId: "00000000-0000-4000-8000-000000000000" })));
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: string }).error).toBe("Job not found");
  });
});
