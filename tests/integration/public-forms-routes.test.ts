/**
 * The web layer of the account forms (issue 14 part 1), through the routes' own loaders and actions with real Requests
 * and sessions against a real PostgreSQL: a bad id is the Not Found page, a refused field is 422 with the spec's
 * message in the one `fieldErrors` shape and nothing is written, and the pages' own answers (the expired link, the code
 * step again, the wizard's beginning) stay as they were.
 */
import crypto from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { BankAccount, InviteCode, MailboxMessage, User } from "../../db/models/index";
import { commitSessionToken } from "../../app/lib/session.server";
import { FULL_NAME_REQUIRED, PASSWORD_CRITERIA } from "../../app/modules/activation/schema";
import { createSession } from "../../app/modules/auth/service.server";
import { issueUserToken } from "../../app/modules/auth/tokens.server";
import { CODE_INVALID } from "../../app/modules/banking/schema";
import { startBankAccount } from "../../app/modules/banking/service.server";
import { NAME_REQUIRED } from "../../app/modules/kyc/schema";
import { FORGOT_EMAIL_INVALID, LINK_BROKEN } from "../../app/modules/password/schema";
import { INVITE_CODE_REQUIRED } from "../../app/modules/signup/schema";
import * as activate from "../../app/routes/activate";
import * as bankCode from "../../app/routes/_app.settings.bank-accounts.$bankAccountId.code";
import * as inviteCode from "../../app/routes/_app.companies.invite-code";
import * as forgotPassword from "../../app/routes/forgot-password";
import * as resetPassword from "../../app/routes/resetpassword._index";
import * as signup from "../../app/routes/signup";
import * as verify from "../../app/routes/verify";
import { actorOf, makeCompany, makeUser, TEST_PASSWORD, testIp } from "../support/factories";

afterAll(() => sequelize.close());

const ORIGIN = "http://earlybird.test:3000";
const unique = () => crypto.randomBytes(5).toString("hex");

type Handler = (args: { request: Request; params: Record<string, string>; context: { ip: string; requestId: string; cspNonce: string } }) => unknown;

/** Calls a loader or action; a thrown Response (a redirect, the Not Found page) is the answer too. */
async function call(handler: Handler, path: string, options: { form?: Record<string, string | string[]>; cookie?: string; params?: Record<string, string> } = {}) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(options.form ?? {})) for (const one of [value].flat()) body.append(key, one);
  const headers: Record<string, string> = { Origin: ORIGIN };
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.form) headers["Content-Type"] = "application/x-www-form-urlencoded";
  const request = new Request(`${ORIGIN}${path}`, { method: options.form ? "POST" : "GET", headers, body: options.form ? body.toString() : null });
  try {
    return (await handler({ request, params: options.params ?? {}, context: { ip: testIp(), requestId: "test", cspNonce: "" } })) as Response;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

const sessionOf = async (userId: number) => (await commitSessionToken(await createSession(userId), 3600)).split(";")[0];

describe("the bank account code step", () => {
  async function pendingAccount() {
    const user = await makeUser({ company: await makeCompany() });
    await user.update({ phoneNumber: `+6421${crypto.randomInt(10_000_000, 99_999_999)}` });
    const pending = await startBankAccount(actorOf(user), { bankAccountName: "Operating", bankAccountNumber: "12-3456-1234567-12" });
    const sms = await MailboxMessage.findOne({ where: { toAddress: user.phoneNumber!, channel: "SMS" }, order: [["id", "DESC"]] });
    const code = /\b(\d{6})\b/.exec(sms?.textBody ?? "")![1];
    return { pending, code, cookie: await sessionOf(user.id) };
  }

  it("a bad id is the Not Found page; an account no longer pending is the wizard's beginning", async () => {
    const { cookie } = await pendingAccount();
    expect((await call(bankCode.loader as Handler, "/settings/bank-accounts/x/code", { cookie, params: { bankAccountId: "x" } })).status).toBe(404);
    const gone = await call(bankCode.loader as Handler, "/settings/bank-accounts/2147483000/code", { cookie, params: { bankAccountId: "2147483000" } });
    expect([gone.status, gone.headers.get("Location")]).toEqual([302, "/settings/bank-accounts/add?tab=withdrawals"]);
    const posted = await call(bankCode.action as Handler, "/settings/bank-accounts/x/code", { cookie, params: { bankAccountId: "x" }, form: { code: "123456" } });
    expect(posted.status).toBe(404);
  });

  it("a wrong code is 422 with the spec's message on the code field, counted, and the account stays pending", async () => {
    const { pending, code, cookie } = await pendingAccount();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const params = { bankAccountId: String(pending.id) };
    const response = await call(bankCode.action as Handler, `/settings/bank-accounts/${pending.id}/code`, { cookie, params, form: { intent: "verify", code: wrong } });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ fieldErrors: { code: CODE_INVALID } });
    expect(await BankAccount.findByPk(pending.id)).toMatchObject({ codeFailedAttempts: 1, defaultAccount: false });
    expect((await BankAccount.findByPk(pending.id))!.codeHash).not.toBeNull();
  });
});

describe("the admin's Create invite code dialog", () => {
  it("a refused number of days is 422 on its field, with the form as typed, and no code is made", async () => {
    const admin = await makeUser({ roles: ["ROLE_ADMIN"] });
    const before = await InviteCode.count();
    const response = await call(inviteCode.action as Handler, "/companies/invite-code", { cookie: await sessionOf(admin.id), form: { email: "", days: "0" } });
    expect(response.status).toBe(422);
    const data = (await response.json()) as { fieldErrors: Record<string, string>; values: Record<string, string> };
    expect(Object.keys(data.fieldErrors)).toEqual(["days"]);
    expect(data.values).toEqual({ email: "", days: "0" });
    expect(await InviteCode.count()).toBe(before);
  });
});

describe("forgot and reset password", () => {
  it("an invalid e-mail is 422 on the email field, the address kept", async () => {
    const response = await call(forgotPassword.action as Handler, "/forgot-password", { form: { email: "not-an-address" } });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ fieldErrors: { email: FORGOT_EMAIL_INVALID }, values: { email: "not-an-address" } });
  });

  it("a weak new password is 422 on its field and changes nothing; a broken link is the broken-link page (401)", async () => {
    const user = await makeUser();
    const before = user.passwordHash;
    const token = await sequelize.transaction((t) => issueUserToken(t, user.id, "PASSWORD_RESET", 3_600_000));
    const weak = await call(resetPassword.action as Handler, `/resetpassword?token=${encodeURIComponent(token)}`, { form: { password: "weak", confirmPassword: "weak" } });
    expect(weak.status).toBe(422);
    expect(weak.headers.get("Cache-Control")).toBe("no-store");
    expect(await weak.json()).toMatchObject({ fieldErrors: { password: PASSWORD_CRITERIA } });
    expect((await User.findByPk(user.id))!.passwordHash).toBe(before);
    const broken = await call(resetPassword.action as Handler, "/resetpassword?token=not-a-token", { form: { password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD } });
    expect(broken.status).toBe(401);
    expect(await broken.json()).toMatchObject({ broken: LINK_BROKEN });
    const page = await call(resetPassword.loader as Handler, "/resetpassword?token=not-a-token");
    expect(await page.json()).toEqual({ state: "broken", message: LINK_BROKEN });
  });
});

describe("activation's set_name", () => {
  it("refused fields are 422 with the spec's messages and the name as typed; an unknown link is the expired page", async () => {
    const company = await makeCompany();
    const user = await User.create({ username: `new-${unique()}@forms.test`, companyId: company.id, roles: ["ROLE_USER"], onboardingState: "SIGNED_UP" });
    const token = await sequelize.transaction((t) => issueUserToken(t, user.id, "ACTIVATION", 86_400_000));
    const path = `/activate?set_name=true&token=${encodeURIComponent(token)}`;
    const response = await call(activate.action as Handler, path, { form: { intent: "set_name", fullName: "Aroha", password: "weak" } });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ fieldErrors: { fullName: FULL_NAME_REQUIRED, password: PASSWORD_CRITERIA }, values: { fullName: "Aroha" } });
    expect((await user.reload()).passwordHash).toBeNull();
    const expired = await call(activate.action as Handler, "/activate?set_name=true&token=nope", { form: { intent: "set_name", fullName: "Aroha Te Whata", password: TEST_PASSWORD } });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ expired: true });
  });
});

describe("sign-up's code step", () => {
  it("a code that is not six digits is the code step again, 422 with the spec's message on the code", async () => {
    const response = await call(signup.action as Handler, "/signup", { form: { intent: "code", code: "12" } });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ stage: "code", code: "12", fieldErrors: { code: INVITE_CODE_REQUIRED } });
  });
});

describe("verify's name editing", () => {
  it("Done with no full name is 422 on the name, the form as typed", async () => {
    const user = await makeUser({ company: await makeCompany() });
    const response = await call(verify.action as Handler, "/verify?step=user_details", {
      cookie: await sessionOf(user.id),
      form: { intent: "done-name", fullName: " ", userId: String(user.id) },
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ fieldErrors: { fullName: NAME_REQUIRED }, values: { fullName: " ", userId: String(user.id) } });
  });
});
