/**
 * The e-mail door of the bill intake (issue 16 part 2): a real SMTP client (nodemailer) sends to the built-in SMTP
 * server, started as server.ts starts it (with the documents module's inbound mail). A PDF and a PNG attached to mail
 * for a company's inbound address become documents of that company, with the sender, the subject and the mailbox row;
 * an unknown address of the domain is refused at RCPT (550); other mail is kept as before.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { AuditLogEntry, BillDocument, MailboxMessage } from "../../db/models/index";
import { resetEnvCache } from "../../app/lib/env.server";
import { startMailbox, type MailboxHandle } from "../../app/modules/notifications/mailbox-server.server";
import { inboundBillMail } from "../../app/modules/documents/email-intake.server";
import { getInboundAddress } from "../../app/modules/documents/service.server";
import { DOCUMENT_MESSAGES } from "../../app/modules/documents/rules";
import { makeCompany } from "../support/factories";
import { makeBillPdf, makeFakePdf, makePng } from "../support/document-factories";

let mailbox: MailboxHandle;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "earlybird-inbound-"));
  process.env.EARLYBIRD_DATA_DIR = dataDir;
  delete process.env.SMTP_URL;
  resetEnvCache();
  mailbox = await startMailbox({ port: 0, publish: false, inbound: inboundBillMail });
});

afterAll(async () => {
  await mailbox?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await sequelize.close();
});

const transport = () => nodemailer.createTransport({ url: mailbox.url, ignoreTLS: true } as never);

describe("mail to a company's inbound address", () => {
  it("turns each PDF, JPG or PNG attachment into a document of the company, with sender, subject and mailbox row", async () => {
    const company = await makeCompany();
    const address = await getInboundAddress(company.id);
    const pdf = await makeBillPdf({ invoiceNumber: "INV-MAIL-1" });
    const info = await transport().sendMail({
      from: "Kiwi Supplies <accounts@kiwisupplies.test>",
      to: address,
      subject: "Invoice INV-MAIL-1",
      text: "Please find our invoice attached.",
      attachments: [
        { filename: "INV-MAIL-1.pdf", content: pdf, contentType: "application/pdf" },
        { filename: "delivery.png", content: makePng() },
        { filename: "terms.txt", content: "Payment in 20 days" },
        { filename: "invoice-copy.pdf", content: makeFakePdf() },
      ],
    });
    expect(info.accepted).toEqual([address]);
    const documents = await BillDocument.findAll({ where: { companyId: company.id }, order: [["id", "ASC"]] });
    expect(documents.map((document) => [document.originalFileName, document.mimeType, document.source, document.processingStatus])).toEqual([
      ["INV-MAIL-1.pdf", "application/pdf", "EMAIL", "QUEUED"],
      ["delivery.png", "image/png", "EMAIL", "QUEUED"],
    ]);
    expect(documents[0].content.equals(pdf)).toBe(true);
    const message = await MailboxMessage.findByPk(documents[0].mailboxMessageId!);
    expect(message).toMatchObject({ toAddress: address, subject: "Invoice INV-MAIL-1" });
    expect(message!.processedAt).toBeInstanceOf(Date);
    expect(documents[0]).toMatchObject({ sourceEmailFrom: "Kiwi Supplies <accounts@kiwisupplies.test>", sourceEmailSubject: "Invoice INV-MAIL-1", uploadedByUserId: null });
    // The attachment that only claims to be a PDF is refused and audited; the text file is no bill and is left alone.
    const refused = await AuditLogEntry.findAll({ where: { companyId: company.id, action: "DOCUMENT_REFUSED" } });
    expect(refused.map((entry) => entry.details)).toEqual([expect.objectContaining({ source: "EMAIL", fileName: "invoice-copy.pdf", message: DOCUMENT_MESSAGES.unsupported })]);

    // The same bill sent again is not stored twice.
    await transport().sendMail({ from: "accounts@kiwisupplies.test", to: address, subject: "Reminder", attachments: [{ filename: "again.pdf", content: pdf }] });
    expect(await BillDocument.count({ where: { companyId: company.id } })).toBe(2);
  });

  it("refuses mail to an unknown address of the inbound domain at RCPT with 550, and keeps other mail as before", async () => {
    const company = await makeCompany();
    const address = await getInboundAddress(company.id);
    await expect(
      transport().sendMail({ from: "a@example.test", to: "nobody12345@bills.earlybird.test", subject: "Bill", attachments: [{ filename: "a.pdf", content: await makeBillPdf() }] })
    ).rejects.toMatchObject({ responseCode: 550 });
    // One good and one unknown recipient: the good one gets the bill, the unknown is rejected.
    const mixed = await transport().sendMail({
      from: "a@example.test",
      to: [address, "unknown-one@bills.earlybird.test", "someone@example.test"],
      subject: "Bill",
      attachments: [{ filename: "b.pdf", content: await makeBillPdf() }],
    });
    expect(mixed.rejected).toEqual(["unknown-one@bills.earlybird.test"]);
    expect(await BillDocument.count({ where: { companyId: company.id, source: "EMAIL" } })).toBe(1);
    // Ordinary mail is stored in the mailbox as it always was, and makes no document.
    const ordinary = await MailboxMessage.findOne({ where: { toAddress: "someone@example.test" }, order: [["id", "DESC"]] });
    expect(ordinary).toMatchObject({ subject: "Bill", processedAt: null });
  });
});
