/**
 * Who may read the built-in mailbox (issue 13 part 15, docs/decisions/032): outside production a visitor on this
 * machine, or anyone with MAILBOX_PUBLIC=true; a visitor from another machine gets a 403 saying how to allow it, and
 * the login page does not link it; in production nobody (404).
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { AppLoadContext } from "@remix-run/node";
import { sequelize } from "../../db/index";
import { resetEnvCache } from "../../app/lib/env.server";
import { isLoopbackAddress, MAILBOX_LOCAL_ONLY } from "../../app/lib/mailbox-access.server";
import { loader as loginLoader } from "../../app/routes/login";
import { loader as mailboxLayoutLoader } from "../../app/routes/mailbox";
import { loader as mailboxLoader } from "../../app/routes/mailbox._index";
import { loader as messageLoader } from "../../app/routes/mailbox.$messageId";
import { sendMail } from "../../app/modules/notifications/mail.server";
import { MailboxMessage } from "../../db/models/index";

afterAll(() => sequelize.close());
afterEach(() => {
  delete process.env.MAILBOX_PUBLIC;
  delete process.env.APP_URL;
  delete process.env.ENCRYPTION_KEY;
  process.env.APP_ENV = "test";
  resetEnvCache();
});

const context = (ip: string) => ({ ip, requestId: "test", cspNonce: "" }) as AppLoadContext;
const REMOTE = ["203.0.113.7", "::ffff:192.168.1.20", "2001:db8::5", "10.0.0.3", "unknown", ""];
const LOCAL = ["127.0.0.1", "::1", "::ffff:127.0.0.1", "127.1.2.3"];

/** The status of what a loader answered or threw. */
async function statusOf(run: () => Promise<unknown>): Promise<{ status: number; text: string }> {
  try {
    const response = (await run()) as Response;
    return { status: response.status, text: "" };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, text: await thrown.text() };
  }
}

async function someMessageId(): Promise<string> {
  await sendMail({ to: "access@mailbox.test", subject: "Access", text: "Hello" });
  const row = await MailboxMessage.findOne({ where: { toAddress: "access@mailbox.test" }, order: [["id", "DESC"]] });
  return String(row!.id);
}

function mailboxPages(ip: string, messageId: string) {
  const request = (path: string) => new Request(`http://localhost:3000${path}`);
  return [
    () => mailboxLayoutLoader({ request: request("/mailbox"), params: {}, context: context(ip) }),
    () => mailboxLoader({ request: request("/mailbox"), params: {}, context: context(ip) }),
    () => messageLoader({ request: request(`/mailbox/${messageId}`), params: { messageId }, context: context(ip) }),
  ];
}

describe("the mailbox pages", () => {
  it("tell loopback addresses from others", () => {
    for (const ip of LOCAL) expect(isLoopbackAddress(ip)).toBe(true);
    for (const ip of REMOTE) expect(isLoopbackAddress(ip)).toBe(false);
  });

  it("serve a visitor on this machine", async () => {
    const id = await someMessageId();
    for (const ip of LOCAL) for (const page of mailboxPages(ip, id)) expect((await statusOf(page)).status).toBe(200);
  });

  it("refuse a visitor from another machine, saying how to allow it, unless MAILBOX_PUBLIC=true", async () => {
    const id = await someMessageId();
    for (const ip of REMOTE) {
      for (const page of mailboxPages(ip, id)) expect(await statusOf(page)).toEqual({ status: 403, text: MAILBOX_LOCAL_ONLY });
    }
    process.env.MAILBOX_PUBLIC = "true";
    resetEnvCache();
    for (const page of mailboxPages("203.0.113.7", id)) expect((await statusOf(page)).status).toBe(200);
  });

  it("do not exist in production, even on this machine or with MAILBOX_PUBLIC=true", async () => {
    const id = await someMessageId();
    Object.assign(process.env, { APP_ENV: "production", APP_URL: "https://app.earlybird.example", MAILBOX_PUBLIC: "true", ENCRYPTION_KEY: "0".repeat(64) });
    resetEnvCache();
    for (const page of mailboxPages("127.0.0.1", id)) expect((await statusOf(page)).status).toBe(404);
  });

  it("answer a bad or unknown message id with the Not Found page", async () => {
    for (const messageId of ["abc", "0", "07x", "99999999999", "2147483000"]) {
      const page = () => messageLoader({ request: new Request(`http://localhost:3000/mailbox/${messageId}`), params: { messageId }, context: context("127.0.0.1") });
      expect(await statusOf(page)).toEqual({ status: 404, text: "Not Found" });
    }
  });

  it("are linked from the login page only for those who may read them", async () => {
    const linked = async (ip: string) => {
      const response = await loginLoader({ request: new Request("http://localhost:3000/login"), params: {}, context: context(ip) });
      return ((await response.json()) as { mailboxLink: boolean }).mailboxLink;
    };
    expect(await linked("127.0.0.1")).toBe(true);
    expect(await linked("203.0.113.7")).toBe(false);
    process.env.MAILBOX_PUBLIC = "true";
    resetEnvCache();
    expect(await linked("203.0.113.7")).toBe(true);
  });
});
