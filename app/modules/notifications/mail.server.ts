/**
 * Outgoing e-mail (decisions D7): nodemailer over SMTP to SMTP_URL, or, while SMTP_URL is unset, to the built-in
 * mailbox (mailbox-server.server.ts). When no built-in mailbox is reachable from this process (see
 * local-mailbox.server.ts) the message is composed by nodemailer all the same and stored in the mailbox directly.
 *
 * Mail that follows a database change is sent by the caller after the commit, never inside the transaction:
 *   transaction.afterCommit(() => void sendMail({ ... }).catch(logMailFailure))
 * so a rolled-back change has told no one, and a slow mail server holds no row locks (GUIDE rule 7).
 */
import nodemailer, { type Transporter } from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import { env } from "../../lib/env.server";
import { AppError, isAppError } from "../../lib/errors";
import { localMailboxUrl } from "./local-mailbox.server";
import { RELATED_USER_HEADER, redactUrl } from "./rules";
import { SendMailSchema, type SendMailInput } from "./schema";

export interface SentMail {
  messageId: string;
  /** The recipients the server took. */
  accepted: string[];
  /** The recipients it refused (the mail still went to the others). */
  rejected: string[];
  /** smtp: to SMTP_URL; mailbox: over SMTP to the built-in mailbox; stored: written into the mailbox directly. */
  via: "smtp" | "mailbox" | "stored";
  /** The SMTP server it went to, without credentials (null when stored directly). */
  server: string | null;
}

const transports = new Map<string, Transporter<SMTPTransport.SentMessageInfo>>();

function transportFor(url: string, local: boolean): Transporter<SMTPTransport.SentMessageInfo> {
  let transport = transports.get(url);
  if (!transport) {
    // SMTP_URL carries its own settings (smtp://, smtps://, ?pool=true ...); the built-in mailbox is plain SMTP on loopback.
    transport = local
      ? nodemailer.createTransport({ host: "127.0.0.1", port: Number(new URL(url).port), secure: false, ignoreTLS: true, connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 30_000 })
      : nodemailer.createTransport(url);
    transports.set(url, transport);
  }
  return transport;
}

const addressText = (address: string | Mail.Address) => (typeof address === "string" ? address : address.address);

/** Sends one e-mail to every address in `to`. Throws an AppError when the input is invalid or no server took it. */
export async function sendMail(input: SendMailInput): Promise<SentMail> {
  const parsed = SendMailSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(400, issue.message, { code: "INVALID_MAIL", field: String(issue.path[0] ?? "") });
  }
  const mail = parsed.data;
  const config = env();
  const message: Mail.Options = { from: config.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html };
  if (config.SMTP_URL) return deliver(transportFor(config.SMTP_URL, false), message, "smtp", config.SMTP_URL);

  // Only mail that stays in the built-in mailbox says which user it concerns (the mailbox page shows the link).
  const local: Mail.Options = mail.relatedUserId ? { ...message, headers: { [RELATED_USER_HEADER]: String(mail.relatedUserId) } } : message;
  const mailboxUrl = localMailboxUrl();
  if (mailboxUrl) {
    try {
      return await deliver(transportFor(mailboxUrl, true), local, "mailbox", mailboxUrl);
    } catch (error) {
      // A mailbox that has just stopped: store the message directly rather than lose it. Any other refusal stands.
      if (!(isAppError(error) && error.code === "MAIL_SERVER_UNREACHABLE")) throw error;
    }
  }
  return storeDirectly(local);
}

async function deliver(transport: Transporter<SMTPTransport.SentMessageInfo>, message: Mail.Options, via: SentMail["via"], url: string): Promise<SentMail> {
  const server = redactUrl(url);
  try {
    const info = await transport.sendMail(message);
    return { messageId: info.messageId, accepted: info.accepted.map(addressText), rejected: info.rejected.map(addressText), via, server };
  } catch (error) {
    const smtp = error as { code?: string; command?: string; responseCode?: number; message?: string };
    const details = { server, code: smtp.code ?? null, command: smtp.command ?? null, responseCode: smtp.responseCode ?? null };
    if (smtp.command === "CONN") throw new AppError(502, `Could not reach the mail server ${server}: ${smtp.message}`, { code: "MAIL_SERVER_UNREACHABLE", details });
    if (smtp.responseCode === 552) throw new AppError(413, `The mail server ${server} refused the message as too large: ${smtp.message}`, { code: "MESSAGE_TOO_LARGE", details });
    throw new AppError(502, `The mail server ${server} did not take the message: ${smtp.message ?? String(error)}`, { code: "MAIL_NOT_SENT", details });
  }
}

/** Composes the message exactly as SMTP would carry it and stores it in the mailbox (no server involved). */
async function storeDirectly(message: Mail.Options): Promise<SentMail> {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  const info = await composer.sendMail(message);
  const raw = Buffer.isBuffer(info.message) ? info.message : Buffer.from(String(info.message));
  // Imported here: only this path needs the database, so sending through SMTP_URL works without one.
  const { storeEmail } = await import("./mailbox-store.server");
  await storeEmail(raw, { from: info.envelope.from || null, to: info.envelope.to });
  return { messageId: info.messageId, accepted: info.envelope.to, rejected: [], via: "stored", server: null };
}
