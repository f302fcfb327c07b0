/**
 * Sign-up against PostgreSQL and the built-in mailbox over SMTP (issue 6 parts 1, 2, 4; docs/decisions/022): invite
 * codes (creation, single use under concurrency, expiry, the guessing limit), the sign-up transaction (company, user,
 * code, activation token, e-mail), the 409 that writes nothing, the landing-page invite that stands in for a code, and
 * the connect-account choice. Every test makes its own codes, addresses and register picks.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Op } from "sequelize";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { AuditLogEntry, Company, Invite, InviteCode, MailboxMessage, User, UserToken } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import { resetEnvCache } from "../../app/lib/env.server";
import { AppError } from "../../app/lib/errors";
import { readUserToken } from "../../app/modules/auth/tokens.server";
import { EMAIL_TAKEN as AUTH_EMAIL_TAKEN } from "../../app/modules/auth/service.server";
import { hashToken } from "../../app/modules/invites/service.server";
import { startMailbox, type MailboxHandle } from "../../app/modules/notifications/mailbox-server.server";
import type { RegisterCompany } from "../../app/modules/register/service.server";
import { checkInviteCode, CODE_ATTEMPT_LIMIT, createInviteCode, listInviteCodes } from "../../app/modules/signup/invite-codes.server";
import { COMPANY_ALREADY_REGISTERED, COMPANY_REQUIRED, EMAIL_TAKEN, INVITE_CODE_INVALID, TOO_MANY_CODE_ATTEMPTS } from "../../app/modules/signup/schema";
import { findLandingInvite, recordAccountingChoice, searchRegister, signUp, type SignupRequest } from "../../app/modules/signup/signup.server";
import { loader as signupLoader, action as signupAction } from "../../app/routes/signup";
import { makeCompany, makeUser, testIp } from "../support/factories";

const run = crypto.randomBytes(4).toString("hex");
let counter = 0;
const address = (name: string) => `${name}-${run}-${++counter}@signup.test`;
const origin = "http://earlybird.test:3000";
const admin: Actor = { userId: 0, companyId: null, roles: ["ROLE_ADMIN"] };
const DAY = 86_400_000;

let mailbox: MailboxHandle;
let dataDir: string;
let register: RegisterCompany[];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "earlybird-signup-"));
  process.env.EARLYBIRD_DATA_DIR = dataDir;
  delete process.env.SMTP_URL;
  resetEnvCache();
  mailbox = await startMailbox({ port: 0 });
  register = JSON.parse(fs.readFileSync(path.resolve("fixtures/register/companies.json"), "utf8")) as RegisterCompany[];
  admin.userId = (await makeUser({ roles: ["ROLE_ADMIN"] })).id;
});

afterAll(async () => {
  await mailbox?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await sequelize.close();
});

const taken = new Set<string>();
/** A register company of that country no company in the database has yet (tests in this file make several). */
async function freshRegisterCompany(country: "NZ" | "AU" = "NZ"): Promise<RegisterCompany> {
  for (;;) {
    const candidates = register.filter((c) => c.country === country && !taken.has(c.registrationNumber));
    const pick = candidates[crypto.randomInt(candidates.length)];
    taken.add(pick.registrationNumber);
    if (!(await Company.findOne({ where: { registrationNumber: pick.registrationNumber } }))) return pick;
  }
}

const mailTo = (to: string) => MailboxMessage.findAll({ where: { toAddress: to }, order: [["id", "ASC"]] });

async function newCode(options: { email?: string; days?: number; now?: Date } = {}) {
  return createInviteCode(admin, { email: options.email ?? null, days: options.days }, { origin, now: options.now });
}

async function request(overrides: Partial<SignupRequest> = {}): Promise<SignupRequest> {
  const company = overrides.registrationNumber ? null : await freshRegisterCompany(overrides.country ?? "NZ");
  return {
    code: (await newCode()).code,
    landingToken: "",
    landingUserId: undefined,
    country: "NZ",
    registrationNumber: company?.registrationNumber ?? "",
    email: address("new"),
    ip: testIp(),
    origin,
    ...overrides,
  };
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("invite codes", () => {
  it("an admin creates a 6-digit code that expires in 14 days by default; a company user may not", async () => {
    const before = Date.now();
    const code = await newCode();
    expect(code.code).toMatch(/^\d{6}$/);
    expect(code.status).toBe("UNUSED");
    const expires = new Date(code.expiresAt).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(14 * DAY - 1000);
    expect(expires - before).toBeLessThan(14 * DAY + 60_000);
    expect(code.emailSent).toBeNull();
    expect(await AuditLogEntry.count({ where: { action: "INVITE_CODE_CREATED", entityId: String(code.id) } })).toBe(1);
    expect((await listInviteCodes(admin, { limit: 100 })).map((c) => c.id)).toContain(code.id);

    const user = await makeUser();
    const actor: Actor = { userId: user.id, companyId: user.companyId, roles: user.roles };
    expect((await rejection(createInviteCode(actor, {}, { origin }))).status).toBe(404);
    expect((await rejection(listInviteCodes(actor))).status).toBe(404);
    expect((await rejection(createInviteCode(admin, { days: 0 }, { origin }))).field).toBe("days");
  });

  it("a code for an address is e-mailed there with the /signup link", async () => {
    const email = address("invitee");
    const code = await newCode({ email: email.toUpperCase(), days: 3 });
    expect(code.email).toBe(email);
    expect(code.emailSent).toBe(true);
    const [mail] = await mailTo(email);
    expect(mail.subject).toBe("Your Earlybird invite code");
    expect(mail.textBody).toContain(`Your invite code is ${code.code}`);
    expect(mail.textBody).toContain(`${origin}/signup`);
  });

  it("a code checks as valid until it is used or expires; unknown codes are invalid", async () => {
    const ip = testIp();
    const email = address("pre");
    const code = await newCode({ email });
    expect(await checkInviteCode({ code: code.code, ip })).toEqual({ email });
    const unknown = await rejection(checkInviteCode({ code: "99999x", ip }));
    expect(unknown).toMatchObject({ message: INVITE_CODE_INVALID, field: "code" });

    const created = new Date(Date.now() - 20 * DAY);
    const old = await newCode({ now: created, days: 14 });
    expect((await rejection(checkInviteCode({ code: old.code, ip }))).message).toBe(INVITE_CODE_INVALID);
    expect((await listInviteCodes(admin, { limit: 100 })).find((c) => c.id === old.id)?.status).toBe("EXPIRED");
  });

  it(`refuses an address after ${CODE_ATTEMPT_LIMIT} wrong codes, even a right one; other addresses go on`, async () => {
    const ip = testIp();
    const code = await newCode();
    for (let i = 0; i < CODE_ATTEMPT_LIMIT; i += 1) {
      // Codes that were never issued (a 7th digit cannot be a code).
      expect((await rejection(checkInviteCode({ code: `00000${i}`.slice(-6) + "x", ip }))).message).toBe(INVITE_CODE_INVALID);
    }
    const limited = await rejection(checkInviteCode({ code: code.code, ip }));
    expect(limited).toMatchObject({ status: 429, message: TOO_MANY_CODE_ATTEMPTS });
    expect((await rejection(signUp(await request({ code: code.code, ip })))).status).toBe(429);
    expect(await checkInviteCode({ code: code.code, ip: testIp() })).toEqual({ email: null });
  });
});

describe("sign-up", () => {
  it("creates the PENDING company from the register, the SIGNED_UP user, uses the code and e-mails the activation link", async () => {
    const picked = await freshRegisterCompany("NZ");
    const req = await request({ registrationNumber: picked.registrationNumber, email: address("Founder").toUpperCase() });
    const result = await signUp(req);
    const email = req.email.toLowerCase();
    expect(result).toMatchObject({ email, emailSent: true, landingTokenRedeemed: false });

    const company = (await Company.findByPk(result.companyId))!;
    expect(company).toMatchObject({
      status: "PENDING",
      country: "NZ",
      companyName: picked.companyName,
      registrationNumber: picked.registrationNumber,
      nzbn: picked.nzbn,
      industryCode: picked.industryCode,
      verificationStatus: "NOT_VERIFIED",
    });
    expect(company.address).toEqual(picked.address);
    const user = (await User.findByPk(result.userId))!;
    expect(user).toMatchObject({ username: email, companyId: company.id, roles: ["ROLE_USER"], onboardingState: "SIGNED_UP", passwordHash: null });
    const code = (await InviteCode.findOne({ where: { code: req.code } }))!;
    expect(code.usedByUserId).toBe(user.id);
    expect(code.usedAt).not.toBeNull();

    const [mail] = await mailTo(email);
    expect(mail.subject).toBe("Activate your Earlybird account");
    const match = /(http:\/\/earlybird\.test:3000\/activate\?set_name=true&token=([A-Za-z0-9_-]+))/.exec(mail.textBody ?? "");
    expect(match).not.toBeNull();
    // The link's token is the activation token (7 days), stored only as its hash.
    const token = match![2];
    const found = await sequelize.transaction((t) => readUserToken(t, token, "ACTIVATION"));
    expect(found.id).toBe(user.id);
    const row = (await UserToken.findOne({ where: { userId: user.id, purpose: "ACTIVATION" } }))!;
    expect(row.tokenHash).not.toContain(token);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(7 * DAY);
    expect(await AuditLogEntry.count({ where: { action: "SIGNED_UP", entityId: String(user.id) } })).toBe(1);
  });

  it("an AU sign-up keeps the ABN and the country", async () => {
    const picked = await freshRegisterCompany("AU");
    const result = await signUp(await request({ country: "AU", registrationNumber: picked.registrationNumber }));
    expect(await Company.findByPk(result.companyId)).toMatchObject({ country: "AU", businessNumber: picked.businessNumber, nzbn: null, status: "PENDING" });
  });

  it("two sign-ups racing with one code: exactly one wins, the other writes nothing", async () => {
    const code = (await newCode()).code;
    const [a, b] = await Promise.all([request({ code }), request({ code })]);
    const results = await Promise.allSettled([signUp(a), signUp(b)]);
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0].reason).toMatchObject({ message: INVITE_CODE_INVALID, field: "code" });
    const users = await User.count({ where: { username: { [Op.in]: [a.email, b.email] } } });
    expect(users).toBe(1);
    const companies = await Company.count({ where: { registrationNumber: { [Op.in]: [a.registrationNumber, b.registrationNumber] } } });
    expect(companies).toBe(1);
  });

  it("a used or expired code is refused and nothing is written", async () => {
    const first = await request();
    await signUp(first);
    const again = await request({ code: first.code });
    expect(await rejection(signUp(again))).toMatchObject({ message: INVITE_CODE_INVALID, field: "code" });
    expect(await User.count({ where: { username: again.email } })).toBe(0);

    const expired = await newCode({ now: new Date(Date.now() - 3 * DAY), days: 1 });
    const late = await request({ code: expired.code });
    expect(await rejection(signUp(late))).toMatchObject({ message: INVITE_CODE_INVALID, field: "code" });
    expect(await User.count({ where: { username: late.email } })).toBe(0);
    expect(await Company.count({ where: { registrationNumber: late.registrationNumber } })).toBe(0);
  });

  it("409 for a registered e-mail: the spec's message on the email field, nothing written, the code still unused", async () => {
    expect(EMAIL_TAKEN).toBe(AUTH_EMAIL_TAKEN);
    const existing = await makeUser({ email: address("taken") });
    const req = await request({ email: existing.username.toUpperCase() });
    const error = await rejection(signUp(req));
    expect(error).toMatchObject({ status: 409, message: EMAIL_TAKEN, field: "email" });
    expect(await Company.count({ where: { registrationNumber: req.registrationNumber } })).toBe(0);
    const code = (await InviteCode.findOne({ where: { code: req.code } }))!;
    expect(code.usedAt).toBeNull();
    expect(code.usedByUserId).toBeNull();
    expect(await mailTo(existing.username)).toHaveLength(0);
    // The code still works for a good sign-up afterwards.
    await signUp({ ...req, email: address("second-try") });
  });

  it("a company not in the register is no choice; a register company already on Earlybird is refused", async () => {
    const req = await request({ registrationNumber: "0000000" });
    expect(await rejection(signUp(req))).toMatchObject({ message: COMPANY_REQUIRED, field: "registrationNumber" });
    expect((await InviteCode.findOne({ where: { code: req.code } }))!.usedAt).toBeNull();

    const first = await request();
    await signUp(first);
    const twin = await request({ registrationNumber: first.registrationNumber });
    expect(await rejection(signUp(twin))).toMatchObject({ status: 409, message: COMPANY_ALREADY_REGISTERED, field: "registrationNumber" });
    expect(await User.count({ where: { username: twin.email } })).toBe(0);
  });

  it("the register search answers from 3 characters with at most 5 suggestions", async () => {
    expect(await searchRegister("ka", "NZ")).toEqual([]);
    const found = await searchRegister("limited", "NZ");
    expect(found).toHaveLength(5);
    expect(found[0]).toEqual(expect.objectContaining({ companyName: expect.any(String), registrationNumber: expect.any(String) }));
    expect((await searchRegister("pty", "AU")).every((s) => s.businessNumber)).toBe(true);
  });
});

describe("sign-up through a landing-page invite (docs/decisions/018)", () => {
  async function invited() {
    const inviter = await makeCompany();
    const company = await makeCompany({ status: "INVITED", companyName: `Invited ${run} ${++counter}` });
    const user = await User.create({
      username: address("invited"),
      passwordHash: null,
      roles: ["ROLE_USER"],
      companyId: company.id,
      onboardingState: "SIGNED_UP",
      invitationStatus: "INVITED",
    });
    const token = crypto.randomBytes(32).toString("base64url");
    const invite = await Invite.create({
      invitingCompanyId: inviter.id,
      invitedByUserId: null,
      inviteeEmail: user.username,
      inviteeCompanyId: company.id,
      inviteeUserId: user.id,
      note: null,
      type: "INVOICE",
      tokenHash: hashToken(token),
      status: "SENT",
      sentAt: new Date(),
      acceptedAt: null,
      expiresAt: new Date(Date.now() + 14 * DAY),
    });
    return { company, user, token, invite };
  }

  it("the invite token stands in for the code; the invited company and user are completed and the token used once", async () => {
    const { company, user, token, invite } = await invited();
    expect(await findLandingInvite(token, user.id)).toEqual({ userId: user.id, email: user.username, companyName: company.companyName });
    expect(await findLandingInvite(token, user.id + 1)).toBeNull();

    const picked = await freshRegisterCompany("NZ");
    const req = await request({ code: "", landingToken: token, landingUserId: user.id, registrationNumber: picked.registrationNumber, email: user.username });
    const result = await signUp(req);
    expect(result).toMatchObject({ userId: user.id, companyId: company.id, landingTokenRedeemed: true, emailSent: true });
    expect(await Company.findByPk(company.id)).toMatchObject({
      status: "PENDING",
      companyName: picked.companyName,
      registrationNumber: picked.registrationNumber,
    });
    expect(await User.findByPk(user.id)).toMatchObject({ invitationStatus: "ACCEPTED", onboardingState: "SIGNED_UP" });
    expect(await Invite.findByPk(invite.id)).toMatchObject({ status: "ACCEPTED", inviteeUserId: user.id });
    expect((await mailTo(user.username)).map((m) => m.subject)).toContain("Activate your Earlybird account");

    expect(await findLandingInvite(token, user.id)).toBeNull();
    const again = await request({ code: "", landingToken: token, landingUserId: user.id, email: address("again") });
    expect(await rejection(signUp(again))).toMatchObject({ message: INVITE_CODE_INVALID, field: "code" });
  });

  it("the /signup route: the landing link skips the code step and its post signs up and redirects to the confirmation", async () => {
    const { user, token, company } = await invited();
    const args = (request: Request) => ({ request, params: {}, context: { ip: testIp() } } as never);
    const url = `http://earlybird.test:3000/signup?token=${token}&userId=${user.id}`;
    const page = (await (signupLoader(args(new Request(url))) as Promise<Response>).then((r) => r.json())) as { landing: unknown; step: string };
    expect(page).toMatchObject({ step: "code", landing: { userId: user.id, email: user.username, companyName: company.companyName, token } });
    // A link for another user is no invite: the code step.
    const other = (await (signupLoader(args(new Request(`http://earlybird.test:3000/signup?token=${token}&userId=${user.id + 1}`))) as Promise<Response>).then(
      (r) => r.json()
    )) as { landing: unknown };
    expect(other.landing).toBeNull();

    const picked = await freshRegisterCompany("NZ");
    const form = new URLSearchParams({
      intent: "signup",
      code: "",
      landingToken: token,
      landingUserId: String(user.id),
      country: "NZ",
      registrationNumber: picked.registrationNumber,
      email: user.username,
    });
    const response = (await signupAction(args(new Request("http://earlybird.test:3000/signup", { method: "POST", body: form })))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/signup?step=signup-confirmation&email=${encodeURIComponent(user.username)}`);
    expect(await Company.findByPk(company.id)).toMatchObject({ status: "PENDING", registrationNumber: picked.registrationNumber });
    const after = (await (signupLoader(args(new Request(url))) as Promise<Response>).then((r) => r.json())) as { landing: unknown };
    expect(after.landing).toBeNull();
  });

  it("a refused landing sign-up (e-mail taken) leaves the token unused", async () => {
    const { user, token, invite } = await invited();
    const other = await makeUser({ email: address("other") });
    const req = await request({ code: "", landingToken: token, landingUserId: user.id, email: other.username });
    expect(await rejection(signUp(req))).toMatchObject({ status: 409, message: EMAIL_TAKEN });
    expect(await Invite.findByPk(invite.id)).toMatchObject({ status: "SENT" });
    expect(await findLandingInvite(token, user.id)).not.toBeNull();
  });
});

describe("the Australia sign-up flag", () => {
  it("shows the location choice only when on; when off, an AU post signs up in NZ", async () => {
    const args = (request: Request) => ({ request, params: {}, context: { ip: testIp() } } as never);
    const flagsOf = async () =>
      (
        (await (signupLoader(args(new Request("http://earlybird.test:3000/signup"))) as Promise<Response>).then((r) => r.json())) as {
          flags: { australia: boolean };
        }
      ).flags;
    expect((await flagsOf()).australia).toBe(true);
    process.env.FLAG_australiaSignUp = "false";
    try {
      expect((await flagsOf()).australia).toBe(false);
      // An NZ company's number posted as AU: looked up in the NZ register, signed up in NZ.
      const picked = await freshRegisterCompany("NZ");
      const email = address("nz-only");
      const form = new URLSearchParams({ intent: "signup", code: (await newCode()).code, country: "AU", registrationNumber: picked.registrationNumber, email });
      const response = (await signupAction(args(new Request("http://earlybird.test:3000/signup", { method: "POST", body: form })))) as Response;
      expect(response.status).toBe(302);
      const user = (await User.findOne({ where: { username: email } }))!;
      expect(await Company.findByPk(user.companyId!)).toMatchObject({ country: "NZ", registrationNumber: picked.registrationNumber });
    } finally {
      delete process.env.FLAG_australiaSignUp;
    }
  });
});

describe("connect-account", () => {
  it("Continue records the software on the company with an audit entry; Skip records only the skip", async () => {
    const user = await makeUser();
    const actor: Actor = { userId: user.id, companyId: user.companyId, roles: user.roles };
    await recordAccountingChoice(actor, "MYOB_ACCOUNT_RIGHT");
    expect((await Company.findByPk(user.companyId!))!.accountingSoftware).toBe("MYOB_ACCOUNT_RIGHT");
    await recordAccountingChoice(actor, null);
    expect((await Company.findByPk(user.companyId!))!.accountingSoftware).toBe("MYOB_ACCOUNT_RIGHT");
    const actions = (await AuditLogEntry.findAll({ where: { companyId: user.companyId }, order: [["id", "ASC"]] })).map((e) => e.action);
    expect(actions).toEqual(["ACCOUNTING_SOFTWARE_CHOSEN", "ACCOUNTING_CONNECT_SKIPPED"]);

    const director = await makeUser({ roles: ["ROLE_DIRECTOR"] });
    expect((await rejection(recordAccountingChoice({ userId: director.id, companyId: director.companyId, roles: director.roles }, "XERO"))).status).toBe(403);
  });
});
