/**
 * The outbox (issue 13 part 11; docs/decisions/033). A change that must be told by e-mail (an invite, a notification)
 * writes its message here in its own transaction, so the change and the message commit together or not at all; after
 * the commit the caller delivers it. Delivery ends SENT (a mail server took it) or FAILED (with the server's answer),
 * and never throws: the caller decides what a failure means for its own row. The bodies are cleared once delivery
 * ends, since a body can hold a landing link's token (only its hash is kept elsewhere, decision 018).
 */
import type { Transaction } from "sequelize";
import { OutboxMessage } from "../../../db/models/index";
import { AppError, isAppError } from "../../lib/errors";
import { logger } from "../../lib/logger.server";
import { sendMail } from "./mail.server";
import { SendMailSchema, type SendMailInput } from "./schema";

/** Writes a message to the outbox within `transaction` (validated as sendMail would); returns its id. */
export async function enqueueMail(input: SendMailInput, transaction: Transaction): Promise<number> {
  const parsed = SendMailSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(400, issue.message, { code: "INVALID_MAIL", field: String(issue.path[0] ?? "") });
  }
  const mail = parsed.data;
  const row = await OutboxMessage.create(
    { toAddress: mail.to.join(", "), subject: mail.subject, textBody: mail.text, htmlBody: mail.html ?? null, relatedUserId: mail.relatedUserId ?? null },
    { transaction }
  );
  return row.id;
}

export type Delivery = { sent: true } | { sent: false; error: string };

/** The reason a delivery failed, as a user can read it: the server's own answer, never the server's address. */
function reasonOf(error: unknown): string {
  if (isAppError(error) && error.code === "MAIL_SERVER_UNREACHABLE") return "the mail server could not be reached";
  if (isAppError(error) && error.code === "MESSAGE_TOO_LARGE") return "the mail server refused the message as too large";
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^The mail server \S+ did not take the message: /, "");
}

/**
 * Sends a PENDING message (one that is SENT already is not sent again) and records the outcome. A server that took it
 * for no recipient counts as a failure.
 */
export async function deliverOutboxMessage(id: number): Promise<Delivery> {
  const message = await OutboxMessage.findByPk(id);
  if (!message) return { sent: false, error: "Message not found" };
  if (message.status === "SENT") return { sent: true };
  let delivery: Delivery;
  try {
    const sent = await sendMail({
      to: message.toAddress,
      subject: message.subject,
      text: message.textBody ?? "",
      html: message.htmlBody ?? undefined,
      relatedUserId: message.relatedUserId,
    });
    delivery = sent.accepted.length > 0 ? { sent: true } : { sent: false, error: `The mail server refused ${sent.rejected.join(", ") || message.toAddress}` };
  } catch (error) {
    logger.error({ err: error, outboxMessageId: id }, "outbox message not delivered");
    delivery = { sent: false, error: reasonOf(error) };
  }
  await OutboxMessage.update(
    delivery.sent
      ? { status: "SENT", sentAt: new Date(), attempts: message.attempts + 1, lastError: null, textBody: null, htmlBody: null }
      : { status: "FAILED", attempts: message.attempts + 1, lastError: delivery.error.slice(0, 2000), textBody: null, htmlBody: null },
    { where: { id, status: message.status } }
  );
  return delivery;
}

/** The last error of a FAILED message, or null. */
export async function outboxFailure(id: number | null): Promise<string | null> {
  if (id === null) return null;
  const message = await OutboxMessage.findByPk(id, { attributes: ["status", "lastError"] });
  return message?.status === "FAILED" ? message.lastError ?? "The mail server did not take the message" : null;
}
