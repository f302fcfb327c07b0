/**
 * Xero connection over real HTTP against the emulator (issue 18 part 2, decision 055): the code flow with state and
 * PKCE (tampered, expired, replayed, another session's or user's state refused; a replayed code refused), tokens
 * encrypted, refresh before expiry with the rotated token stored (also by the scheduled job), a dead grant marking the
 * connection ERROR, disconnect revoking at Xero, one live connection per company, and the account mapping wizard.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import type { Company} from "../../db/models";
import { AccountingConnection, AccountingSyncEvent, OauthState, RelayAccount } from "../../db/models";
import type { Actor } from "../../app/lib/actor";
import { AppError } from "../../app/lib/errors";
import { emulatorAdmin, type AccountingEmulatorHandle } from "../../app/modules/integrations/emulator/index";
import {
  completeXeroCallback,
  connectionsOverview,
  disconnect,
  liveConnection,
  startConnect,
  xeroApiFor,
} from "../../app/modules/integrations/connections.server";
import { decryptSecret, encryptSecret } from "../../app/modules/integrations/crypto.server";
import { mappingStep, saveMapping } from "../../app/modules/integrations/mapping.server";
import { runScheduledJobNow } from "../../jobs/scheduled";
import { actorOf, makeCompany, makeUser } from "../support/factories";
import { callbackQuery, consent, startConnectEmulator } from "../support/accounting-connect-flow";

let emulator: AccountingEmulatorHandle;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ emulator, stop } = await startConnectEmulator());
});
afterAll(async () => {
  await stop();
});
beforeEach(async () => {
  await emulatorAdmin(emulator.url).reset();
});

let serial = 0;
async function purchaser(email?: string): Promise<{ actor: Actor; company: Company; email: string }> {
  serial += 1;
  const company = await makeCompany();
  const address = email ?? `ap${serial}-${company.id}@harbour${company.id}foods.test`;
  const user = await makeUser({ company, email: address });
  return { actor: actorOf(user), company, email: address };
}

async function expectAppError(promise: Promise<unknown>, status: number, message?: string | RegExp): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.status).toBe(status);
  if (message) expect(appError.message).toMatch(message);
  return appError;
}

async function connectXero(actor: Actor, sessionId = "session-1", returnTo: "settings" | "signup" = "settings") {
  const { authorizeUrl } = await startConnect(actor, { provider: "XERO", returnTo, sessionId });
  const query = await consent(authorizeUrl);
  return completeXeroCallback({ actor, sessionId }, callbackQuery(query));
}

describe("Xero code flow", () => {
  it("connects: PKCE and login_hint on the authorize URL, tenant from /connections, tokens encrypted, flag and log", async () => {
    const { actor, company, email } = await purchaser("ap1@rimugrocers.test");
    const { authorizeUrl } = await startConnect(actor, { provider: "XERO", returnTo: "settings", sessionId: "s-1" });
    const url = new URL(authorizeUrl);
    expect(url.searchParams.get("login_hint")).toBe(email);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("state")).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
    const stored = await OauthState.findOne({ where: { state: url.searchParams.get("state")! } });
    expect(stored?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect(stored?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
    expect(stored?.redirectAfter).not.toContain("s-1");

    const query = await consent(authorizeUrl);
    const result = await completeXeroCallback({ actor, sessionId: "s-1" }, callbackQuery(query));
    expect(result.redirectTo).toBe("/settings/connect-business-account?config=map-accounts");

    const connection = await liveConnection(company.id);
    expect(connection).toMatchObject({ provider: "XERO", status: "CONNECTED", tenantName: "Rimu Grocers Ltd" });
    expect(connection!.externalTenantId).toBe(await emulatorAdmin(emulator.url).xeroTenantId("Rimu Grocers Ltd"));
    const tokens = await emulatorAdmin(emulator.url).tokens();
    const refresh = decryptSecret(connection!.refreshToken);
    expect(tokens.some((token) => token.token === refresh && !token.revoked)).toBe(true);
    expect(connection!.refreshToken).not.toContain(refresh!);
    expect(connection!.accessToken!.startsWith("ebk")).toBe(true);
    await company.reload();
    expect(company.connectedToXero).toBe(true);
    const events = await AccountingSyncEvent.findAll({ where: { companyId: company.id } });
    expect(events.map((event) => [event.kind, event.outcome])).toEqual([["CONNECTION", "CONNECTED"]]);
    const overview = await connectionsOverview(actor);
    expect(overview.find((entry) => entry.provider === "XERO")).toMatchObject({ status: "CONNECTED", tenantName: "Rimu Grocers Ltd", accountsConfigured: false });
    expect(overview.find((entry) => entry.provider === "MYOB_ESSENTIALS")).toMatchObject({ status: "NOT_CONNECTED" });

    // The API works with the stored token.
    const accounts = await xeroApiFor(connection!).accounts();
    expect(accounts.some((account) => account.Code === "090")).toBe(true);
  });

  it("goes on to the sign-up mapping step when the flow began in sign-up", async () => {
    const { actor } = await purchaser();
    expect((await connectXero(actor, "s", "signup")).redirectTo).toBe("/signup?step=map-accounts");
  });

  it("refuses a tampered state, an expired one, a replayed one, another session's and another user's", async () => {
    const { actor, company } = await purchaser();
    const { authorizeUrl } = await startConnect(actor, { provider: "XERO", returnTo: "settings", sessionId: "mine" });
    const query = await consent(authorizeUrl);
    const state = query.get("state")!;
    const code = query.get("code")!;
    const flip = `${state.slice(0, -1)}${state.endsWith("A") ? "B" : "A"}`;
    await expectAppError(completeXeroCallback({ actor, sessionId: "mine" }, { code, state: flip }), 400);
    const [random] = state.split(".");
    await expectAppError(completeXeroCallback({ actor, sessionId: "mine" }, { code, state: `${random}.${"A".repeat(43)}` }), 400);
    await expectAppError(completeXeroCallback({ actor, sessionId: "mine" }, { code, state: null }), 400);
    // Another session: refused, and the state is spent.
    await expectAppError(completeXeroCallback({ actor, sessionId: "theirs" }, { code, state }), 400);
    await expectAppError(completeXeroCallback({ actor, sessionId: "mine" }, { code, state }), 400);

    const other = await purchaser();
    const second = await consent((await startConnect(actor, { provider: "XERO", returnTo: "settings", sessionId: "mine" })).authorizeUrl);
    await expectAppError(completeXeroCallback({ actor: other.actor, sessionId: "mine" }, callbackQuery(second)), 400);

    const third = await consent((await startConnect(actor, { provider: "XERO", returnTo: "settings", sessionId: "mine" })).authorizeUrl);
    await sequelize.query("UPDATE oauth_states SET created_at = now() - interval '11 minutes', expires_at = now() - interval '1 minute' WHERE state = $1", { bind: [third.get("state")] });
    await expectAppError(completeXeroCallback({ actor, sessionId: "mine" }, callbackQuery(third)), 400);

    expect(await liveConnection(company.id)).toBeNull();

    // A good one connects, and replaying its state afterwards is refused.
    const good = await consent((await startConnect(actor, { provider: "XERO", returnTo: "settings", sessionId: "mine" })).authorizeUrl);
    await completeXeroCallback({ actor, sessionId: "mine" }, callbackQuery(good));
    await expectAppError(completeXeroCallback({ actor, sessionId: "mine" }, callbackQuery(good)), 400);
  });

  it("refuses a replayed code (under a fresh state) and the provider's Cancel", async () => {
    const { actor, company } = await purchaser();
    const first = await consent((await startConnect(actor, { provider: "XERO", returnTo: "settings", sessionId: "s" })).authorizeUrl);
    await completeXeroCallback({ actor, sessionId: "s" }, callbackQuery(first));
    const fresh = new URL((await startConnect(actor, { provider: "XERO", returnTo: "settings", sessionId: "s" })).authorizeUrl).searchParams.get("state");
    await expectAppError(completeXeroCallback({ actor, sessionId: "s" }, { code: first.get("code"), state: fresh }), 400, "Error in connecting to Xero account");

    const cancelled = await consent((await startConnect(actor, { provider: "XERO", returnTo: "settings", sessionId: "s" })).authorizeUrl, "cancel");
    expect(cancelled.get("error")).toBe("access_denied");
    await expectAppError(completeXeroCallback({ actor, sessionId: "s" }, callbackQuery(cancelled)), 400, "Error in connecting to Xero account");
    expect((await liveConnection(company.id))?.status).toBe("CONNECTED");
  });

  it("keeps one live connection per company: another provider is refused, another organisation is 403", async () => {
    const { actor, company } = await purchaser("ap2@rimugrocers.test");
    await connectXero(actor);
    await expectAppError(startConnect(actor, { provider: "MYOB_ACCOUNT_RIGHT", returnTo: "settings", sessionId: "s" }), 409, /Disconnect it before connecting MYOB AccountRight/);
    // Reconnecting the same organisation renews the tokens.
    await connectXero(actor);
    expect(await AccountingConnection.count({ where: { companyId: company.id } })).toBe(1);
    // A colleague whose consent is for another organisation: refused once onboarded.
    const colleague = await makeUser({ company, email: "ap2@tuitrading.test" });
    await expectAppError(connectXero(actorOf(colleague)), 403, "Cannot connect to other company once onboarded");
  });
});

describe("Xero tokens", () => {
  it("refreshes before expiry under the row lock and stores the rotated refresh token", async () => {
    const { actor, company } = await purchaser();
    await connectXero(actor);
    const before = (await liveConnection(company.id))!;
    const oldRefresh = decryptSecret(before.refreshToken)!;
    await before.update({ tokenExpiresAt: new Date(Date.now() + 60_000) });
    const api = xeroApiFor(before);
    await api.accounts();
    const after = (await liveConnection(company.id))!;
    const newRefresh = decryptSecret(after.refreshToken)!;
    expect(newRefresh).not.toBe(oldRefresh);
    expect(after.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);
    const tokens = await emulatorAdmin(emulator.url).tokens();
    expect(tokens.find((token) => token.token === oldRefresh)?.revoked).toBe(true);
    // Two clients at once: one refresh (the lock), both succeed.
    await after.update({ tokenExpiresAt: new Date(Date.now() + 30_000) });
    await Promise.all([xeroApiFor(after).accounts(), xeroApiFor(after).accounts()]);
    expect((await liveConnection(company.id))!.status).toBe("CONNECTED");
  });

  it("retries once with a refreshed token when Xero says the access token expired", async () => {
    const { actor, company } = await purchaser();
    await connectXero(actor);
    const connection = (await liveConnection(company.id))!;
    const api = xeroApiFor(connection);
    await api.accounts();
    await emulatorAdmin(emulator.url).expireAccessTokens();
    const accounts = await api.accounts();
    expect(accounts.length).toBeGreaterThan(5);
  });

  it("the scheduled job refreshes tokens expiring within 10 minutes only", async () => {
    const soon = await purchaser();
    const later = await purchaser();
    await connectXero(soon.actor);
    await connectXero(later.actor);
    const soonRow = (await liveConnection(soon.company.id))!;
    const laterRow = (await liveConnection(later.company.id))!;
    await soonRow.update({ tokenExpiresAt: new Date(Date.now() + 5 * 60_000) });
    const laterRefresh = laterRow.refreshToken;
    const job = await runScheduledJobNow("refresh-accounting-tokens");
    expect(job).toMatchObject({ type: "refresh-accounting-tokens", status: "SUCCEEDED", result: { refreshed: 1, failed: 0 } });
    expect((await liveConnection(soon.company.id))!.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);
    expect((await liveConnection(later.company.id))!.refreshToken).toBe(laterRefresh);
  });

  it("an invalid grant marks the connection ERROR with lastError and logs TOKEN FAILED", async () => {
    const { actor, company } = await purchaser();
    await connectXero(actor);
    const connection = (await liveConnection(company.id))!;
    await connection.update({ refreshToken: encryptSecret("not-a-refresh-token"), tokenExpiresAt: new Date(Date.now() - 1000) });
    await expectAppError(xeroApiFor(connection).accounts(), 409, "Xero needs to be connected again");
    const after = (await liveConnection(company.id))!;
    expect(after.status).toBe("ERROR");
    expect(after.lastError).toMatch(/Token refresh failed/);
    const failed = await AccountingSyncEvent.findOne({ where: { companyId: company.id, kind: "TOKEN", outcome: "FAILED" } });
    expect(failed).not.toBeNull();
    expect((await connectionsOverview(actor)).find((entry) => entry.provider === "XERO")).toMatchObject({ status: "ERROR" });
    // Connecting again mends it.
    await connectXero(actor);
    expect((await liveConnection(company.id))!.status).toBe("CONNECTED");
  });
});

describe("Xero client limits", () => {
  it("retries a 503 with backoff, counting every call, and keeps at most 5 calls in flight", async () => {
    const { actor, company } = await purchaser();
    await connectXero(actor);
    const connection = (await liveConnection(company.id))!;
    const admin = emulatorAdmin(emulator.url);
    const api = xeroApiFor(connection);
    await admin.failNext({ count: 2, status: 503 });
    const invoices = await api.listPage("Invoices", { page: 1, where: 'Type=="ACCPAY"' });
    expect(invoices.length).toBeGreaterThan(0);
    expect(api.calls).toBe(3);
    // One call and three retries, all refused.
    await admin.failNext({ count: 4, status: 503 });
    const failure = await api.listPage("Contacts").then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ name: "AccountingApiError", status: 503 });
    await admin.setLimits({ perMinute: 1000, perDay: 5000, concurrent: 5, latencyMs: 50 });
    const fresh = (await liveConnection(company.id))!;
    const parallel = xeroApiFor(fresh);
    const pages = await Promise.all(Array.from({ length: 12 }, () => parallel.listPage("Contacts")));
    expect(pages.every((page) => page.length > 0)).toBe(true);
    expect(parallel.calls).toBe(12);
  });

  it("reads the aged payables report: the bills still owed per contact", async () => {
    const { actor, company } = await purchaser();
    await connectXero(actor);
    const api = xeroApiFor((await liveConnection(company.id))!);
    const rows = await api.agedPayables(new Date().toISOString().slice(0, 10));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.contactId && row.contactName && !/^\d{4}-/.test(row.contactName) && row.amountDue > 0)).toBe(true);
    const bills = await api.listPage("Invoices", { where: 'Type=="ACCPAY" AND Status=="AUTHORISED"' });
    const owed = bills.reduce((total, bill) => total + Math.round(bill.AmountDue * 100), 0);
    expect(rows.reduce((total, row) => total + Math.round(row.amountDue * 100), 0)).toBe(owed);
  });
});

describe("Xero disconnect", () => {
  it("revokes the grant at Xero, clears the tokens, unsets the flag and logs it", async () => {
    const { actor, company } = await purchaser();
    await connectXero(actor);
    const connection = (await liveConnection(company.id))!;
    const refresh = decryptSecret(connection.refreshToken)!;
    expect(await disconnect(actor, "XERO")).toEqual({ revoked: true });
    const tokens = await emulatorAdmin(emulator.url).tokens();
    const grantId = tokens.find((token) => token.token === refresh)?.grantId;
    expect(tokens.filter((token) => token.grantId === grantId).every((token) => token.revoked)).toBe(true);
    await connection.reload();
    expect(connection).toMatchObject({ status: "DISCONNECTED", accessToken: null, refreshToken: null });
    expect(connection.disconnectedAt).toBeInstanceOf(Date);
    await company.reload();
    expect(company.connectedToXero).toBe(false);
    expect(await liveConnection(company.id)).toBeNull();
    expect(await AccountingSyncEvent.count({ where: { companyId: company.id, outcome: "DISCONNECTED" } })).toBe(1);
    await expectAppError(disconnect(actor, "XERO"), 400);
    // Connecting again (the same organisation) works.
    await connectXero(actor);
    expect((await liveConnection(company.id))!.status).toBe("CONNECTED");
  });
});

describe("Xero account mapping", () => {
  it("maps fees, cashback and bank: creates 480 and 281 (280 is taken), picks a bank account, then final", async () => {
    const { actor, company } = await purchaser();
    await connectXero(actor);
    await expectAppError(saveMapping(actor, { step: 0 }), 422, "Please select an existing account or choose the option to create new account.");

    const fees = await mappingStep(actor, 0);
    expect(fees.suggestion).toMatchObject({ code: "480", name: "Earlybird Fees", type: "EXPENSE" });
    expect(fees.accounts.every((account) => ["EXPENSE", "OVERHEADS", "DIRECTCOSTS"].includes(account.type))).toBe(true);
    const savedFees = await saveMapping(actor, { step: 0, create: true });
    expect(savedFees).toMatchObject({ next: 1, account: { code: "480", accountName: "Earlybird Fees" } });

    // 480 is now in the books and 481 was already: the next suggestion is 482.
    expect((await mappingStep(actor, 0)).suggestion.code).toBe("482");
    expect((await mappingStep(actor, 0)).current).toMatchObject({ code: "480" });

    const cashback = await mappingStep(actor, 1);
    expect(cashback.suggestion).toMatchObject({ code: "281", name: "Earlybird Cashback Income", type: "OTHERINCOME" });
    expect((await saveMapping(actor, { step: 1, create: true })).account.code).toBe("281");

    const bank = await mappingStep(actor, 2);
    expect(bank.suggestion.code).toBe("088");
    const business = bank.accounts.find((account) => account.code === "090")!;
    await expectAppError(saveMapping(actor, { step: 2, accountId: "not-an-account" }), 422);
    const done = await saveMapping(actor, { step: 2, accountId: business.id });
    expect(done).toMatchObject({ next: "final", account: { code: "090", accountName: "Business Bank Account" } });

    const relay = await RelayAccount.findAll({ where: { companyId: company.id, provider: "XERO" }, order: [["earlybirdAccountType", "ASC"]] });
    expect(relay.map((row) => [row.earlybirdAccountType, row.code])).toEqual([
      ["EARLYBIRD_BANK_ACCOUNT", "090"],
      ["EARLYBIRD_FEES", "480"],
      ["EARLYBIRD_REWARDS", "281"],
    ]);
    expect((await connectionsOverview(actor)).find((entry) => entry.provider === "XERO")?.accountsConfigured).toBe(true);

    // Mapped already: "already exist", and a reconnect goes straight to Connected apps.
    const again = await saveMapping(actor, { step: 2, accountId: business.id });
    expect(again.notice).toMatch(/already exist/);
    expect((await connectXero(actor)).redirectTo).toBe("/settings?tab=connected-apps");
  });

  it("creating when the account is already in the books maps it with an 'already exists' notice", async () => {
    const { actor } = await purchaser();
    await connectXero(actor);
    await saveMapping(actor, { step: 0, create: true });
    const second = await saveMapping(actor, { step: 0, create: true });
    expect(second.account.code).toBe("480");
    expect(second.notice).toMatch(/already exist/);
  });
});
