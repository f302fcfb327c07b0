/**
 * The e-mail door of the bill intake (issue 16 part 2, decision 042): mail to a company's inbound address
 * (`<code>@INBOUND_MAIL_DOMAIN`), received by the built-in SMTP server, gives a document of that company for each PDF,
 * JPG or PNG attachment (source EMAIL, the sender, the subject and the mailbox row kept). An unknown address of the
 * domain is refused at RCPT. The mailbox calls this through its InboundMail interface (server.ts passes it).
 */
import { simpleParser } from "mailparser";
import { operatorFor } from "../../lib/actor";
import { logger } from "../../lib/logger.server";
import { audit } from "../audit/service.server";
import { markMailboxMessagesProcessed } from "../notifications/mailbox-store.server";
import { addressList } from "../notifications/rules";
import type { InboundMail } from "../notifications/mailbox-server.server";
import { DOCUMENT_UPLOAD_MAX_FILES, isBillAttachment } from "./rules";
import { findCompanyIdByInboundAddress, isInboundAddress, receiveDocuments, type IntakeResult } from "./service.server";

/** Turns a stored message's bill attachments into documents of each inbound recipient's company. */
export async function receiveBillEmail(message: Parameters<InboundMail["receive"]>[0]): Promise<void> {
  const parsed = await simpleParser(message.raw, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true });
  const from = addressList(parsed.from) || message.envelopeFrom || null;
  const subject = parsed.subject ?? null;
  // Inline images of a signature are no bills; an attached file named or typed as a PDF, JPG or PNG is (its content is checked).
  const files = parsed.attachments
    .filter((attachment) => !attachment.related && isBillAttachment({ fileName: attachment.filename ?? null, contentType: attachment.contentType }))
    .map((attachment, index) => ({ fileName: attachment.filename ?? `attachment-${index + 1}`, content: attachment.content }));
  for (const recipient of message.recipients) {
    const companyId = await findCompanyIdByInboundAddress(recipient.address);
    if (companyId === null) continue;
    const actor = operatorFor(companyId);
    const results: IntakeResult[] = [];
    for (let start = 0; start < files.length; start += DOCUMENT_UPLOAD_MAX_FILES) {
      const batch = files.slice(start, start + DOCUMENT_UPLOAD_MAX_FILES);
      results.push(...(await receiveDocuments(actor, companyId, batch, "EMAIL", { mailboxMessageId: recipient.mailboxMessageId, emailFrom: from, emailSubject: subject })));
    }
    if (files.length === 0) {
      await audit(actor, {
        companyId,
        action: "DOCUMENT_EMAIL_WITHOUT_BILLS",
        entityType: "mailbox_message",
        entityId: recipient.mailboxMessageId,
        details: { from, subject, attachments: parsed.attachments.length },
      });
    }
    logger.info({ companyId, mailboxMessageId: recipient.mailboxMessageId, stored: results.filter((result) => result.ok).length, refused: results.filter((result) => !result.ok).length }, "bill e-mail received");
  }
  await markMailboxMessagesProcessed(message.recipients.map((recipient) => recipient.mailboxMessageId));
}

/** What server.ts (and the tests) give the built-in mailbox. */
export const inboundBillMail: InboundMail = {
  handles: isInboundAddress,
  exists: async (address) => (await findCompanyIdByInboundAddress(address)) !== null,
  receive: receiveBillEmail,
};
