/**
 * The accounting emulator beside the browser-test server (decision 054): it runs on PORT + 10, and its Xero and MYOB
 * consent pages show the organisation of the login hint, with **Allow access** (back with a code) and Cancel (back with
 * error=access_denied). Only the redirect's address is checked, not what Earlybird's callback then does.
 */
import { expect, test, type Page } from "@playwright/test";

const APP = `http://localhost:${Number(process.env.E2E_PORT ?? 3100)}`;
const EMULATOR = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 10}`;

async function consent(page: Page, authorizeUrl: string, button: "Allow access" | "Cancel", callback: string): Promise<URL> {
  await page.goto(authorizeUrl);
  const request = page.waitForRequest((candidate) => candidate.url().startsWith(callback));
  await page.getByRole("button", { name: button }).click();
  return new URL((await request).url());
}

test("Xero's consent page shows the organisation and sends Allow access back with a code", async ({ page }) => {
  const query = new URLSearchParams({ response_type: "code", client_id: "earlybird-local-xero", redirect_uri: `${APP}/xero/callback`, scope: "openid offline_access accounting.transactions", state: "e2e-state", code_challenge: "x".repeat(43), code_challenge_method: "S256", login_hint: "robin@rimugrocers.test" });
  await page.goto(`${EMULATOR}/xero/login/identity/connect/authorize?${query}`);
  await expect(page.getByText("Rimu Grocers Ltd").first()).toBeVisible();
  const back = await consent(page, `${EMULATOR}/xero/login/identity/connect/authorize?${query}`, "Allow access", `${APP}/xero/callback`);
  expect(back.searchParams.get("code")).toBeTruthy();
  expect(back.searchParams.get("state")).toBe("e2e-state");
});

test("MYOB's consent page sends Cancel back with error=access_denied", async ({ page }) => {
  const query = new URLSearchParams({ response_type: "code", client_id: "earlybird-local-myob", redirect_uri: `${APP}/myob/callback`, scope: "CompanyFile", state: "e2e-myob", login_hint: "taylor@tuitrading.test" });
  await page.goto(`${EMULATOR}/myob/secure/oauth2/account/authorize?${query}`);
  await expect(page.getByText("Tui Trading Ltd").first()).toBeVisible();
  const back = await consent(page, `${EMULATOR}/myob/secure/oauth2/account/authorize?${query}`, "Cancel", `${APP}/myob/callback`);
  expect(back.searchParams.get("error")).toBe("access_denied");
  expect(back.searchParams.get("state")).toBe("e2e-myob");
});
