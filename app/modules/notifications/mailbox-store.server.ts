/**
 * Writes into the built-in mailbox (mailbox_messages, decisions D7): e-mail as received by the local SMTP server, or
 * composed in-process when no such server runs (mail.server.ts), and SMS from the default SMS provider.
 * One row per recipient, as the table is designed.
 */
import { simpleParser } from "mailparser";
import { ForeignKeyConstraintError, type CreationAttributes } from "sequelize";
import { MailboxMessage } from "../../../db/models/index";
import { AppError } from "../../lib/errors";
import { addressList, parseRelatedUserId, RELATED_USER_HEADER } from "./rules";
import { MAILBOX_SIZE_LIMIT } from "./schema";

export interface MailEnvelope {
  /** The SMTP envelope sender (MAIL FROM), used when the message has no From header. */
  from?: string | null;
  /** Every recipient the message is for (RCPT TO): To, Cc and Bcc alike. */
  to: string[];
}

export const messageTooLarge = () => new AppError(413, `The message is larger than ${MAILBOX_SIZE_LIMIT / 1024 / 1024} MB`, { code: "MESSAGE_TOO_LARGE" });

/** Parses an RFC 5322 message and stores it once per envelope recipient. Returns the ids of the stored rows. */
export async function storeEmail(raw: Buffer, envelope: MailEnvelope): Promise<number[]> {
  return (await storeEmailRows(raw, envelope)).map((row) => row.id);
}

/** storeEmail, telling which row is whose: each stored row's id and recipient (lower case). */
export async function storeEmailRows(raw: Buffer, envelope: MailEnvelope): Promise<{ id: number; toAddress: string }[]> {
  if (raw.length > MAILBOX_SIZE_LIMIT) throw messageTooLarge();
  // The parts as sent: no text made up from HTML (the page then shows HTML safely), no HTML made up from text.
  const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true });
  const recipients = [...new Set(envelope.to.map((address) => address.trim().toLowerCase()).filter(Boolean))];
  if (recipients.length === 0) throw new AppError(400, "The message has no recipient", { code: "NO_RECIPIENT" });

  const shared: Omit<CreationAttributes<MailboxMessage>, "toAddress"> = {
    channel: "EMAIL",
    messageId: parsed.messageId ?? null,
    fromAddress: addressList(parsed.from) || envelope.from || null,
    subject: parsed.subject ?? null,
    // The line break that ends the last line of a message (SMTP's DATA always has one) is not part of the text.
    textBody: parsed.text?.replace(/\r?\n$/, "") ?? null,
    htmlBody: typeof parsed.html === "string" ? parsed.html : null,
    raw,
    attachments: parsed.attachments.map((attachment) => ({
      fileName: attachment.filename ?? null,
      contentType: attachment.contentType,
      sizeBytes: attachment.size,
    })),
    relatedUserId: parseRelatedUserId(parsed.headers.get(RELATED_USER_HEADER.toLowerCase())),
  };
  const ids = await insertRows(recipients.map((toAddress) => ({ ...shared, toAddress })));
  return ids.map((id, index) => ({ id, toAddress: recipients[index] }));
}

/** Marks inbound messages as turned into bill documents (mailbox_messages.processed_at). */
export async function markMailboxMessagesProcessed(ids: number[]): Promise<void> {
  if (ids.length) await MailboxMessage.update({ processedAt: new Date() }, { where: { id: ids } });
}

export async function storeSms(message: { to: string; text: string; relatedUserId?: number | null }): Promise<number> {
  const [id] = await insertRows([{ channel: "SMS", toAddress: message.to, textBody: message.text, relatedUserId: message.relatedUserId ?? null }]);
  return id;
}

/** One INSERT for all rows. A related user that no longer exists only loses the link, never the message. */
async function insertRows(rows: CreationAttributes<MailboxMessage>[]): Promise<number[]> {
  try {
    return (await MailboxMessage.bulkCreate(rows, { returning: ["id"] })).map((row) => row.id);
  } catch (error) {
    if (!(error instanceof ForeignKeyConstraintError)) throw error;
    return (await MailboxMessage.bulkCreate(rows.map((row) => ({ ...row, relatedUserId: null })), { returning: ["id"] })).map((row) => row.id);
  }
}
