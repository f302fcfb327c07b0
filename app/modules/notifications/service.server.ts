/**
 * The built-in mailbox as the mailbox page (/mailbox) reads it: e-mail and SMS that stayed on this installation
 * because SMTP_URL is unset (decisions D7). Outside production it is a public page (issue 6 part 2: a new user reads
 * the sign-up e-mail and the SMS code there before having a login); in production it is not a page, whatever the
 * table holds.
 */
import { simpleParser } from "mailparser";
import { Op, Sequelize, type WhereOptions } from "sequelize";
import { MailboxMessage, type MailboxAttachment, type MailboxChannel } from "../../../db/models/index";
import { isProduction } from "../../lib/env.server";
import { notFound } from "../../lib/errors";
import { addressList, escapeLikePattern, formatMailboxTime, previewText } from "./rules";
import { ListMailboxSchema, MailboxMessageIdSchema, MESSAGE_NOT_FOUND, type ListMailboxInput } from "./schema";

export interface MailboxListItem {
  id: number;
  channel: MailboxChannel;
  toAddress: string;
  fromAddress: string | null;
  subject: string | null;
  /** The start of the text: an SMS's message, or an e-mail's text part. */
  preview: string;
  hasHtml: boolean;
  createdAt: string;
  /** DD MMM YYYY HH:MM:SS, New Zealand time. */
  receivedAt: string;
}

export interface MailboxMessageView extends MailboxListItem {
  messageId: string | null;
  /** The To and Cc headers as written (the row is one of their recipients, or a Bcc). */
  headerTo: string | null;
  headerCc: string | null;
  textBody: string | null;
  htmlBody: string | null;
  attachments: MailboxAttachment[];
  relatedUserId: number | null;
}

/** Anyone outside production; in production the same 404 as an unknown page. */
function assertMailboxReadable() {
  if (isProduction()) throw notFound();
}

const PREVIEW_CHARS = 200;

function listItemOf(row: MailboxMessage): MailboxListItem {
  return {
    id: row.id,
    channel: row.channel,
    toAddress: row.toAddress,
    fromAddress: row.fromAddress ?? null,
    subject: row.subject ?? null,
    preview: previewText(row.get("preview") as string | null),
    hasHtml: Boolean(row.get("hasHtml")),
    createdAt: row.createdAt.toISOString(),
    receivedAt: formatMailboxTime(row.createdAt),
  };
}

/** Newest first; `to` matches part of the recipient, any case. Bodies and raw messages stay in the database. */
export async function listMailbox(input: ListMailboxInput = {}): Promise<MailboxListItem[]> {
  assertMailboxReadable();
  const { channel, to, limit } = ListMailboxSchema.parse(input);
  const where: WhereOptions<MailboxMessage> = {
    ...(channel ? { channel } : {}),
    ...(to ? { toAddress: { [Op.iLike]: `%${escapeLikePattern(to)}%` } } : {}),
  };
  const rows = await MailboxMessage.findAll({
    attributes: [
      "id",
      "channel",
      "toAddress",
      "fromAddress",
      "subject",
      "createdAt",
      [Sequelize.fn("left", Sequelize.col("text_body"), PREVIEW_CHARS), "preview"],
      [Sequelize.literal("html_body IS NOT NULL"), "hasHtml"],
    ],
    where,
    order: [
      ["createdAt", "DESC"],
      ["id", "DESC"],
    ],
    limit,
  });
  return rows.map(listItemOf);
}

/** One message with its bodies. The id comes from a URL: anything that is not a stored message is a 404. */
export async function getMailboxMessage(id: unknown): Promise<MailboxMessageView> {
  assertMailboxReadable();
  const parsedId = MailboxMessageIdSchema.safeParse(id);
  if (!parsedId.success) throw notFound(MESSAGE_NOT_FOUND);
  const row = await MailboxMessage.findByPk(parsedId.data);
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  const headers = row.raw ? await addressHeaders(row.raw) : { headerTo: null, headerCc: null };
  return {
    ...listItemOf(row),
    preview: previewText(row.textBody),
    hasHtml: row.htmlBody !== null,
    messageId: row.messageId ?? null,
    ...headers,
    textBody: row.textBody ?? null,
    htmlBody: row.htmlBody ?? null,
    attachments: row.attachments ?? [],
    relatedUserId: row.relatedUserId ?? null,
  };
}

async function addressHeaders(raw: Buffer): Promise<{ headerTo: string | null; headerCc: string | null }> {
  try {
    const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true });
    return { headerTo: addressList(parsed.to) || null, headerCc: addressList(parsed.cc) || null };
  } catch {
    // A message the mailbox took but cannot read again still shows its stored fields.
    return { headerTo: null, headerCc: null };
  }
}
