import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MailboxMessage } from "../../db/models/index";
import { resetEnvCache } from "../../app/lib/env.server";
import { AppError } from "../../app/lib/errors";
import { localMailboxUrl, mailboxFile } from "../../app/modules/notifications/local-mailbox.server";
import { sendMail } from "../../app/modules/notifications/mail.server";
import { MAILBOX_SIZE_LIMIT } from "../../app/modules/notifications/schema";
import { getMailboxMessage, listMailbox } from "../../app/modules/notifications/service.server";
import { sendSms, setSmsProvider, type SmsMessage } from "../../app/modules/notifications/sms.server";
import { makeUser } from "../support/factories";
import { startMailbox } from "../../app/modules/notifications/mailbox-server.server";
import { withBuiltInMailbox } from "../support/mailbox";

/**
 * The built-in mailbox end to end: nodemailer → SMTP over loopback → smtp-server → mailparser → mailbox_messages,
 * the SMS provider, and the mailbox page's service. Every address here is unique.
 */
const run = crypto.randomBytes(4).toString("hex");
let counter = 0;
const address = (name: string) => `${name}-${run}-${++counter}@mailbox.test`;
const phone = () => `+6421${crypto.randomInt(10_000_000, 99_999_999)}`;

const rowsTo = (toAddress: string) => MailboxMessage.findAll({ where: { toAddress }, order: [["id", "ASC"]] });

const mailbox = withBuiltInMailbox("mailbox");

/** Sets SMTP_URL for one piece of work, then restores the environment. */
async function withSmtpUrl<T>(url: string, work: () => Promise<T>): Promise<T> {
  process.env.SMTP_URL = url;
  resetEnvCache();
  try {
    return await work();
  } finally {
    delete process.env.SMTP_URL;
    resetEnvCache();
  }
}

describe("the built-in mailbox", () => {
  it("listens on a free loopback port and publishes its address for other processes", () => {
    expect(mailbox.url).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    expect(mailbox.url).not.toBe("smtp://127.0.0.1:0");
    const published = JSON.parse(fs.readFileSync(mailboxFile(), "utf8")) as { url: string; pid: number };
    expect(published).toMatchObject({ url: mailbox.url, pid: process.pid });
    expect(localMailboxUrl()).toBe(mailbox.url);
  });

  it("stores a mail sent with sendMail: subject, recipient, sender, text, html, raw message and related user", async () => {
    const user = await makeUser();
    const to = address("single");
    const sent = await sendMail({ to, subject: "Your invoice INV-1 was paid", text: "Hello,\nINV-1 was paid.", html: "<p>Hello,</p><p><b>INV-1</b> was paid.</p>", relatedUserId: user.id });
    expect(sent).toMatchObject({ via: "mailbox", accepted: [to], rejected: [], server: mailbox.url });

    const [row, ...others] = await rowsTo(to);
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({
      channel: "EMAIL",
      toAddress: to,
      fromAddress: "Earlybird <no-reply@earlybird.test>",
      subject: "Your invoice INV-1 was paid",
      textBody: "Hello,\nINV-1 was paid.",
      htmlBody: "<p>Hello,</p><p><b>INV-1</b> was paid.</p>",
      relatedUserId: user.id,
      messageId: sent.messageId,
    });
    expect(row.raw?.toString("utf8")).toContain("Subject: Your invoice INV-1 was paid");
  });

  it("stores a multi-recipient mail once per recipient, and the detail shows every recipient in To", async () => {
    const recipients = [address("first"), address("second"), address("third")];
    const sent = await sendMail({ to: recipients, subject: "Weekly statement", text: "Three of you get this." });
    expect(sent.accepted).toEqual(recipients);

    const rows = await MailboxMessage.findAll({ where: { messageId: sent.messageId }, order: [["toAddress", "ASC"]] });
    expect(rows.map((row) => row.toAddress)).toEqual([...recipients].sort());
    expect(new Set(rows.map((row) => row.subject))).toEqual(new Set(["Weekly statement"]));

    const detail = await getMailboxMessage(rows[0].id);
    for (const recipient of recipients) expect(detail.headerTo).toContain(recipient);
    expect(detail).toMatchObject({ textBody: "Three of you get this.", htmlBody: null, hasHtml: false });
  });

  it("sends through SMTP_URL when it is set (here pointed at the mailbox), without the related-user header", async () => {
    const user = await makeUser();
    const to = address("smtp-url");
    const sent = await withSmtpUrl(mailbox.url, () => sendMail({ to, subject: "Through SMTP_URL", text: "Configured server", relatedUserId: user.id }));
    expect(sent.via).toBe("smtp");
    const [row] = await rowsTo(to);
    expect(row).toMatchObject({ subject: "Through SMTP_URL", textBody: "Configured server", relatedUserId: null });
    expect(row.raw?.toString("utf8")).not.toMatch(/X-Earlybird-Related-User/i);
  });

  it("refuses to start while SMTP_URL is set", async () => {
    await withSmtpUrl("smtp://mail.example.test:587", async () => {
      await expect(startMailbox({ publish: false })).rejects.toThrow("only runs when SMTP_URL is unset");
    });
  });

  it("refuses a message over the 10 MB limit and stores nothing", async () => {
    const to = address("huge");
    const text = "x".repeat(MAILBOX_SIZE_LIMIT + 1024);
    const error = await sendMail({ to, subject: "Too big", text }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 413, code: "MESSAGE_TOO_LARGE", details: { responseCode: 552 } });
    expect(await rowsTo(to)).toHaveLength(0);

    // The mailbox still takes the next message on a fresh connection.
    const after = address("after-huge");
    await sendMail({ to: after, subject: "Small again", text: "ok" });
    expect(await rowsTo(after)).toHaveLength(1);
  });

  it("rejects invalid input with the field that is wrong", async () => {
    await expect(sendMail({ to: "not-an-address", subject: "S", text: "T" })).rejects.toMatchObject({ status: 400, field: "to" });
    await expect(sendMail({ to: address("nosubject"), subject: " ", text: "T" })).rejects.toMatchObject({ status: 400, field: "subject" });
  });

  it("reaches the mailbox from another process (the CLI) through the published address", async () => {
    const to = address("cli");
    const result = await earlybird(["mail:send", "--to", to, "--subject", "From the CLI", "--text", "Checking SMTP settings", "--json"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ via: "mailbox", accepted: [to], server: mailbox.url });
    const [row] = await rowsTo(to);
    expect(row).toMatchObject({ subject: "From the CLI", textBody: "Checking SMTP settings" });
  });
});

describe("SMS", () => {
  it("the default provider stores the SMS in the mailbox, the number in E.164", async () => {
    const user = await makeUser();
    const to = phone();
    const spaced = `${to.slice(0, 3)} ${to.slice(3, 5)} ${to.slice(5)}`;
    const sent = await sendSms({ to: spaced, text: "Your Earlybird code is 123456", relatedUserId: user.id });
    expect(sent.provider).toBe("mailbox");
    const [row, ...others] = await rowsTo(to);
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({ id: Number(sent.id), channel: "SMS", toAddress: to, textBody: "Your Earlybird code is 123456", subject: null, htmlBody: null, raw: null, relatedUserId: user.id });
  });

  it("refuses a number that is not international", async () => {
    await expect(sendSms({ to: "021 555 0101", text: "hi" })).rejects.toMatchObject({ status: 400, field: "to" });
  });

  it("goes through the provider that is plugged in", async () => {
    const sent: SmsMessage[] = [];
    setSmsProvider({ name: "fake", send: async (message) => (sent.push(message), { id: "fake-1" }) });
    try {
      const to = phone();
      expect(await sendSms({ to, text: "Real provider" })).toEqual({ id: "fake-1", provider: "fake" });
      expect(sent).toEqual([{ to, text: "Real provider" }]);
      expect(await rowsTo(to)).toHaveLength(0);
    } finally {
      setSmsProvider(null);
    }
  });
});

describe("listMailbox and getMailboxMessage", () => {
  it("lists newest first and filters by channel and by part of the recipient", async () => {
    const domain = `list-${run}.test`;
    const mobile = phone();
    await sendMail({ to: `ann@${domain}`, subject: "First", text: "one" });
    await sendSms({ to: mobile, text: "Second, an SMS" });
    await sendMail({ to: `bob@${domain}`, subject: "Third", text: "three", html: "<p>three</p>" });

    const mail = await listMailbox({ to: domain, limit: 10 });
    expect(mail.map((m) => m.subject)).toEqual(["Third", "First"]);
    expect(mail[0]).toMatchObject({ channel: "EMAIL", toAddress: `bob@${domain}`, preview: "three", hasHtml: true });
    expect(mail[0].receivedAt).toMatch(/^\d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2}$/);

    expect((await listMailbox({ to: `BOB@${domain.toUpperCase()}`, limit: 10 })).map((m) => m.toAddress)).toEqual([`bob@${domain}`]);
    expect(await listMailbox({ to: domain, channel: "SMS", limit: 10 })).toEqual([]);
    const sms = await listMailbox({ to: mobile, channel: "SMS", limit: 10 });
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ channel: "SMS", subject: null, preview: "Second, an SMS" });

    // Newest first across channels, and the limit counts.
    const recent = await listMailbox({ limit: 500 });
    const ids = recent.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(await listMailbox({ to: domain, limit: 1 })).toHaveLength(1);
    // A wildcard in the filter is a character, not a pattern.
    expect(await listMailbox({ to: "%", limit: 10 })).toEqual([]);
  });

  it("shows one message with its bodies; an unknown id is a 404", async () => {
    const to = address("detail");
    await sendMail({ to, subject: "HTML only?", text: "Plain part", html: "<script>alert(1)</script><p>Rich part</p>" });
    const [row] = await rowsTo(to);
    const detail = await getMailboxMessage(String(row.id));
    expect(detail).toMatchObject({ id: row.id, subject: "HTML only?", textBody: "Plain part", htmlBody: "<script>alert(1)</script><p>Rich part</p>", toAddress: to });

    for (const id of [2_147_483_000, "abc", "-1", "1.5"]) {
      await expect(getMailboxMessage(id)).rejects.toMatchObject({ status: 404 });
    }
  });

  it("is for anyone outside production, and for no one in production", async () => {
    const [any] = await listMailbox({ limit: 1 });
    expect((await getMailboxMessage(any.id)).id).toBe(any.id);

    process.env.APP_ENV = "production";
    process.env.APP_URL = "https://app.earlybird.example";
    process.env.ENCRYPTION_KEY = "0".repeat(64);
    resetEnvCache();
    try {
      await expect(listMailbox({ limit: 5 })).rejects.toMatchObject({ status: 404 });
      await expect(getMailboxMessage(any.id)).rejects.toMatchObject({ status: 404 });
    } finally {
      process.env.APP_ENV = "test";
      delete process.env.APP_URL;
      delete process.env.ENCRYPTION_KEY;
      resetEnvCache();
    }
  });
});

describe("without a running mailbox", () => {
  it("a stopped mailbox withdraws its address, and mail is then stored directly", async () => {
    await mailbox.stop();
    expect(fs.existsSync(mailboxFile())).toBe(false);
    expect(localMailboxUrl()).toBeNull();

    const to = address("direct");
    const sent = await sendMail({ to, subject: "Stored directly", text: "No server", html: "<p>No server</p>" });
    expect(sent).toMatchObject({ via: "stored", accepted: [to], server: null });
    const [row] = await rowsTo(to);
    expect(row).toMatchObject({ channel: "EMAIL", subject: "Stored directly", textBody: "No server", htmlBody: "<p>No server</p>", messageId: sent.messageId });
  });

  it("ignores an address published by a process that is gone, or for another database", async () => {
    fs.writeFileSync(mailboxFile(), JSON.stringify({ url: "smtp://127.0.0.1:1", pid: 2 ** 22 + 1, database: null }));
    expect(localMailboxUrl()).toBeNull();
    fs.writeFileSync(mailboxFile(), JSON.stringify({ url: "smtp://127.0.0.1:1", pid: process.pid, database: "elsewhere:5432/other" }));
    expect(localMailboxUrl()).toBeNull();
    fs.rmSync(mailboxFile());
  });
});

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The real CLI (bin shim → tsx → cli/index.tsx) on the test database and this run's data directory. */
function earlybird(args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: process.env.DATABASE_URL, EARLYBIRD_DATA_DIR: mailbox.dataDir, APP_ENV: "test", FORCE_COLOR: "0" };
    delete env.SMTP_URL;
    const child = spawn(process.execPath, [path.resolve("bin/earlybird.js"), ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
