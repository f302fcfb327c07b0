/**
 * Outgoing SMS (decisions D7) behind a provider interface. The default provider "sends" by storing the message in
 * the built-in mailbox (channel SMS), where the mailbox page shows it.
 *
 * A real provider later (Twilio, MessageMedia, ...): implement SmsProvider in its own file here, choose it from the
 * environment at start-up (e.g. SMS_PROVIDER plus its credentials in env.server.ts) and install it with
 * setSmsProvider() in every process that sends, before the first send. Callers keep calling sendSms().
 * Like mail, an SMS that follows a database change is sent after the commit (transaction.afterCommit).
 */
import { AppError } from "../../lib/errors";
import { SendSmsSchema, type SendSmsInput } from "./schema";

export interface SmsMessage {
  /** E.164, e.g. +64211234567. */
  to: string;
  text: string;
  relatedUserId?: number | null;
}

export interface SmsProvider {
  readonly name: string;
  /** Sends one SMS; resolves with the provider's id for it once the provider has taken it. */
  send(message: SmsMessage): Promise<{ id: string }>;
}

/** The default: the SMS lands in mailbox_messages and nowhere else. */
export const mailboxSmsProvider: SmsProvider = {
  name: "mailbox",
  async send(message) {
    const { storeSms } = await import("./mailbox-store.server");
    return { id: String(await storeSms(message)) };
  },
};

let provider: SmsProvider = mailboxSmsProvider;

/** Installs the provider for this process; null restores the built-in mailbox. */
export function setSmsProvider(next: SmsProvider | null): void {
  provider = next ?? mailboxSmsProvider;
}

/** Validates and sends one SMS through the installed provider. */
export async function sendSms(input: SendSmsInput): Promise<{ id: string; provider: string }> {
  const parsed = SendSmsSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(400, issue.message, { code: "INVALID_SMS", field: String(issue.path[0] ?? "") });
  }
  const current = provider;
  const { id } = await current.send(parsed.data);
  return { id, provider: current.name };
}
