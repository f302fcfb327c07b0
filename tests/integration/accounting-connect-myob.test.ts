/**
 * MYOB connection over real HTTP against the emulator (issue 18 parts 2-3, decision 055): AccountRight's callback
 * (company files, then the file step: none chosen, the 401 credential prompt, wrong then right credentials, stored
 * encrypted), Essentials done at once, the mapping wizard with MYOB codes, and disconnect (MYOB has no revocation).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AccountingConnection, RelayAccount } from "../../db/models";
import type { Company } from "../../db/models";
import type { Actor } from "../../app/lib/actor";
import { AppError } from "../../app/lib/errors";
import { emulatorAdmin, MYOB_FILE_USER, type AccountingEmulatorHandle } from "../../app/modules/integrations/emulator/index";
import { companyFiles, completeMyobCallback, connectionsOverview, disconnect, liveConnection, myobApiFor, selectCompanyFile, startConnect } from "../../app/modules/integrations/connections.server";
import { decryptSecret } from "../../app/modules/integrations/crypto.server";
import { mappingStep, saveMapping } from "../../app/modules/integrations/mapping.server";
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

async function purchaser(email: string): Promise<{ actor: Actor; company: Company }> {
  const company = await makeCompany();
  const user = await makeUser({ company, email });
  return { actor: actorOf(user), company };
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

async function connectMyob(actor: Actor, provider: "MYOB_ESSENTIALS" | "MYOB_ACCOUNT_RIGHT", returnTo: "settings" | "signup" = "settings") {
  const { authorizeUrl } = await startConnect(actor, { provider, returnTo, sessionId: "s" });
  const url = new URL(authorizeUrl);
  expect(url.searchParams.get("scope")).toBe(provider === "MYOB_ESSENTIALS" ? "la.global" : "CompanyFile");
  return completeMyobCallback({ actor, sessionId: "s" }, callbackQuery(await consent(authorizeUrl)));
}

describe("MYOB AccountRight", () => {
  it("lists the company files, then validates the chosen file's credentials (prompt, invalid, right) and stores them encrypted", async () => {
    const { actor, company } = await purchaser("ap1@rimugrocers.test");
    const callback = await connectMyob(actor, "MYOB_ACCOUNT_RIGHT");
    expect(callback.redirectTo).toBe("/settings/connect-business-account?config=myob-company-file");
    const ids = await emulatorAdmin(emulator.url).myobFileIds("Rimu Grocers Ltd");
    expect(callback.companyFiles?.map((file) => file.id).sort()).toEqual([ids.live, ids.training].sort());
    expect((await companyFiles(actor)).length).toBe(2);
    await company.reload();
    expect(company.connectedToMyobAccountRight).toBe(false);

    await expectAppError(selectCompanyFile(actor, { fileId: "" }), 400, "Please select a company file");
    await expectAppError(selectCompanyFile(actor, { fileId: "no-such-file" }), 400, "Please select a company file");
    const prompt = await expectAppError(selectCompanyFile(actor, { fileId: ids.live }), 422);
    expect(prompt.field).toBe("username");
    await expectAppError(selectCompanyFile(actor, { fileId: ids.live, username: "Administrator", password: "wrong" }), 401, "Invalid credentials. Please check the username and password you entered.");
    const chosen = await selectCompanyFile(actor, { fileId: ids.live, username: MYOB_FILE_USER.username, password: MYOB_FILE_USER.password });
    expect(chosen.redirectTo).toBe("/settings/connect-business-account?config=map-accounts");

    const connection = (await liveConnection(company.id, "MYOB_ACCOUNT_RIGHT"))!;
    expect(connection.companyFileId).toBe(ids.live);
    expect(connection.companyFileCredentials).not.toContain(MYOB_FILE_USER.password);
    expect(JSON.parse(decryptSecret(connection.companyFileCredentials)!)).toEqual({ username: MYOB_FILE_USER.username, password: MYOB_FILE_USER.password });
    await company.reload();
    expect(company.connectedToMyobAccountRight).toBe(true);

    // The client opens the file with the stored credentials.
    const api = myobApiFor(connection);
    await api.checkFile();
    const accounts = await api.accounts();
    expect(accounts.some((account) => account.DisplayID === "1-1500")).toBe(true);
    expect(api.calls).toBeGreaterThanOrEqual(2);

    // Another file of the same organisation once onboarded: 403.
    await expectAppError(
      selectCompanyFile(actor, { fileId: ids.training, username: MYOB_FILE_USER.username, password: MYOB_FILE_USER.password }),
      403,
      "Cannot connect to other company once onboarded",
    );
  });

  it("maps accounts with MYOB codes (6-1900, 8-1501 as 1-1500 is taken, 1-1245) and sets the configured flag", async () => {
    const { actor, company } = await purchaser("ap2@rimugrocers.test");
    await connectMyob(actor, "MYOB_ACCOUNT_RIGHT", "signup");
    const ids = await emulatorAdmin(emulator.url).myobFileIds("Rimu Grocers Ltd");
    await expectAppError(mappingStep(actor, 0), 400, "Please select a company file");
    expect((await selectCompanyFile(actor, { fileId: ids.training, username: MYOB_FILE_USER.username, password: MYOB_FILE_USER.password, returnTo: "signup" })).redirectTo).toBe("/signup?step=map-accounts");

    const fees = await mappingStep(actor, 0);
    expect(fees.suggestion).toMatchObject({ code: "1900", displayCode: "6-1900", name: "Earlybird Fees" });
    expect((await saveMapping(actor, { step: 0, create: true })).account).toMatchObject({ code: "6-1900", accountName: "Earlybird Fees" });
    const cashback = await mappingStep(actor, 1);
    expect(cashback.suggestion).toMatchObject({ code: "1501", displayCode: "8-1501" });
    expect((await saveMapping(actor, { step: 1, create: true })).account.code).toBe("8-1501");
    const bank = await mappingStep(actor, 2);
    expect(bank.suggestion.displayCode).toBe("1-1245");
    expect(bank.accounts.every((account) => account.type === "Bank")).toBe(true);
    expect((await saveMapping(actor, { step: 2, create: true })).next).toBe("final");

    await company.reload();
    expect(company.myobAccountRightAccountsConfigured).toBe(true);
    expect(await RelayAccount.count({ where: { companyId: company.id, provider: "MYOB_ACCOUNT_RIGHT" } })).toBe(3);
    expect((await connectionsOverview(actor)).find((entry) => entry.provider === "MYOB_ACCOUNT_RIGHT")).toMatchObject({ status: "CONNECTED", accountsConfigured: true, companyFileName: expect.any(String) });

    // Disconnect: nothing to revoke at MYOB; the grant and credentials are forgotten.
    expect(await disconnect(actor, "MYOB_ACCOUNT_RIGHT")).toEqual({ revoked: false });
    const row = await AccountingConnection.findOne({ where: { companyId: company.id } });
    expect(row).toMatchObject({ status: "DISCONNECTED", accessToken: null, refreshToken: null, companyFileCredentials: null });
    await company.reload();
    expect(company.connectedToMyobAccountRight).toBe(false);

    // Connecting again after a disconnect: the file's credentials were forgotten, so the file step comes again.
    const again = await connectMyob(actor, "MYOB_ACCOUNT_RIGHT");
    expect(again.redirectTo).toBe("/settings/connect-business-account?config=myob-company-file");
  });
});

describe("MYOB Essentials", () => {
  it("is done at the callback: the business stored, the flag set, then the mapping", async () => {
    const { actor, company } = await purchaser("ap3@rimugrocers.test");
    const result = await connectMyob(actor, "MYOB_ESSENTIALS");
    expect(result.redirectTo).toBe("/settings/connect-business-account?config=map-accounts");
    expect(result.companyFiles).toBeUndefined();
    const connection = (await liveConnection(company.id))!;
    const ids = await emulatorAdmin(emulator.url).myobFileIds("Rimu Grocers Ltd");
    expect(connection).toMatchObject({ provider: "MYOB_ESSENTIALS", externalTenantId: ids.essentials, companyFileCredentials: null });
    await company.reload();
    expect(company.connectedToMyobEssentials).toBe(true);
    const fees = await mappingStep(actor, 0);
    expect(fees.suggestion.displayCode).toBe("6-1900");
    await expectAppError(startConnect(actor, { provider: "XERO", returnTo: "settings", sessionId: "s" }), 409);
  });

  it("a cancelled consent is 'Error in connecting to your MYOB account.'", async () => {
    const { actor } = await purchaser("ap4@rimugrocers.test");
    const { authorizeUrl } = await startConnect(actor, { provider: "MYOB_ESSENTIALS", returnTo: "settings", sessionId: "s" });
    const query = await consent(authorizeUrl, "cancel");
    await expectAppError(completeMyobCallback({ actor, sessionId: "s" }, callbackQuery(query)), 400, "Error in connecting to your MYOB account.");
  });
});
