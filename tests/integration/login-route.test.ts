/**
 * The login route through remix-auth (issue 14 part 5): the form's two steps go through the Authenticator's "form" and
 * "totp" strategies, and the route answers as before, in the one error shape: field errors (the form's, a wrong
 * authenticator code) 422 in `fieldErrors`, the spec's messages, the session
 * cookie of a database session, the post-login redirect, the attempt limit.
 */
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { sequelize } from "../../db/index";
import { action } from "../../app/routes/login";
import { readSessionToken } from "../../app/lib/session.server";
import { EMAIL_REQUIRED, LOGIN_FAILED, MFA_INVALID, PASSWORD_REQUIRED, TOO_MANY_ATTEMPTS } from "../../app/modules/auth/schema";
import { resolveSession } from "../../app/modules/auth/service.server";
import { generateTotpSecret, totpCode } from "../../app/modules/auth/totp.server";
import { makeUser, TEST_PASSWORD, testIp } from "../support/factories";

afterAll(() => sequelize.close());
afterEach(() => vi.restoreAllMocks());

async function post(fields: Record<string, string>, options: { ip?: string; search?: string } = {}): Promise<Response> {
  const request = new Request(`http://localhost/login${options.search ?? ""}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": "login-route-test" },
    body: new URLSearchParams(fields).toString(),
  });
  try {
    return (await action({ request, params: {}, context: { ip: options.ip ?? testIp(), requestId: "test", cspNonce: "" } })) as Response;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

describe("login route", () => {
  it("logs in through the Authenticator's form strategy, with a database session and the usual redirect", async () => {
    const authenticate = vi.spyOn(Authenticator.prototype, "authenticate");
    const strategy = vi.spyOn(FormStrategy.prototype, "authenticate");
    const user = await makeUser();
    const response = await post({ email: user.username.toUpperCase(), password: TEST_PASSWORD }, { search: "?next=%2Fbills" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/bills");
    expect(authenticate).toHaveBeenCalledTimes(1);
    expect(authenticate.mock.calls[0][0]).toBe("form");
    expect(strategy).toHaveBeenCalledTimes(1);
    const token = await readSessionToken(new Request("http://localhost/", { headers: { Cookie: response.headers.get("Set-Cookie") ?? "" } }));
    expect(await resolveSession(token)).toMatchObject({ status: "valid", user: { id: user.id } });
  });

  it("asks for the authenticator code, then checks it through the totp strategy", async () => {
    const authenticate = vi.spyOn(Authenticator.prototype, "authenticate");
    const secret = generateTotpSecret();
    const user = await makeUser({ mfaSecret: secret });
    const ip = testIp();
    const first = await post({ email: user.username, password: TEST_PASSWORD }, { ip });
    expect(first.status).toBe(200);
    const {
      mfaChallenge,
      values: { email },
    } = (await first.json()) as { mfaChallenge: string; values: { email: string } };
    expect(email).toBe(user.username);
    const badCode = totpCode(secret) === "000000" ? "111111" : "000000";
    const wrong = await post({ email, mfaChallenge, mfaCode: badCode }, { ip });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toMatchObject({ fieldErrors: { mfaCode: MFA_INVALID }, values: { email }, mfaChallenge: expect.any(String) });
    const ok = await post({ email, mfaChallenge, mfaCode: totpCode(secret) }, { ip });
    expect(ok.status).toBe(302);
    // A company with nothing yet lands on Get started (issue 20 part 3).
    expect(ok.headers.get("Location")).toBe("/get-started");
    expect(authenticate.mock.calls.map((call) => call[0])).toEqual(["form", "totp", "totp"]);
  });

  it("answers field errors, wrong credentials and the attempt limit as before", async () => {
    const empty = await post({});
    expect(empty.status).toBe(422);
    expect(await empty.json()).toMatchObject({ fieldErrors: { email: EMAIL_REQUIRED, password: PASSWORD_REQUIRED } });
    const user = await makeUser();
    const ip = testIp();
    for (let i = 0; i < 5; i++) {
      const wrong = await post({ email: user.username, password: "Wrong#Pass1" }, { ip });
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toEqual({ fieldErrors: {}, formError: LOGIN_FAILED, values: { email: user.username } });
    }
    const limited = await post({ email: user.username, password: TEST_PASSWORD }, { ip });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ fieldErrors: {}, formError: TOO_MANY_ATTEMPTS, values: { email: user.username } });
  });

  it("refuses a body that is not a form before the strategy reads it", async () => {
    const request = new Request("http://localhost/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    const response = await action({ request, params: {}, context: { ip: testIp(), requestId: "test", cspNonce: "" } }).catch((error: unknown) => error as Response);
    expect((response as Response).status).toBe(415);
  });
});
