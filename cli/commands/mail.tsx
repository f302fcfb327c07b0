import type { Command } from "commander";
import { z } from "zod";
import type { SentMail } from "../../app/modules/notifications/mail.server";
import { formatFields, type FieldList } from "../format";
import { action, assertMigrated, outputOf, parseOptions, withDatabase } from "../runtime";

// Shapes only: sendMail checks the addresses with the notifications module's messages.
const SendMailOptions = z.object({
  to: z.string().trim().min(1, "Please enter an email address"),
  subject: z.string().trim().min(1, "Please enter a subject"),
  text: z.string().min(1, "Please enter the message text"),
  html: z.string().min(1).optional(),
});

const VIA: Record<SentMail["via"], string> = {
  smtp: "SMTP_URL",
  mailbox: "the built-in mailbox",
  stored: "the built-in mailbox (stored directly: no mailbox server is running)",
};

export function registerMailCommands(program: Command) {
  program
    .command("mail:send")
    .description("send an e-mail to check the mail settings: through SMTP_URL, or into the built-in mailbox when it is unset")
    .requiredOption("--to <email>", "recipient (several: a,b)")
    .requiredOption("--subject <subject>", "subject line")
    .requiredOption("--text <text>", "plain text body")
    .option("--html <html>", "an HTML body as well (optional)")
    .action(
      action(async (rawOptions: Record<string, unknown>, command: Command) => {
        const output = outputOf(command);
        const options = parseOptions(SendMailOptions, rawOptions);
        // The database holds the built-in mailbox; with SMTP_URL set it is opened all the same, like every command.
        const sent = await withDatabase(async (sequelize) => {
          await assertMigrated(sequelize);
          const { sendMail } = await import("../../app/modules/notifications/mail.server");
          return sendMail({ to: options.to, subject: options.subject, text: options.text, html: options.html });
        });
        const fields: FieldList = [
          ["To", sent.accepted.join(", ")],
          ...(sent.rejected.length ? ([["Refused", sent.rejected.join(", ")]] as FieldList) : []),
          ["Via", sent.server ? `${VIA[sent.via]} (${sent.server})` : VIA[sent.via]],
          ["Message-ID", sent.messageId],
          ...(sent.via === "smtp" ? [] : ([["Read it", "/mailbox (admins, outside production)"]] as FieldList)),
        ];
        const headline = `Sent "${options.subject}"`;
        await output.print({
          json: sent,
          text: `${headline}\n${formatFields(fields)}`,
          ink: ({ Box, Fields, Success }) => (
            <Box flexDirection="column">
              <Success>{headline}</Success>
              <Box marginLeft={2}>
                <Fields fields={fields} />
              </Box>
            </Box>
          ),
        });
      }),
    );
}
