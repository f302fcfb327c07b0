import type { Command } from "commander";
import { z } from "zod";
import { action, assertMigrated, outputOf, parseOptions, withDatabase } from "../runtime";
import { formatFields, formatTimestamp, type FieldList } from "../format";
import { OPERATOR } from "../../app/lib/actor";

// Shapes only: the signup module checks the address and the days with its own messages.
const CreateInviteCodeOptions = z.object({
  email: z.string().trim().optional(),
  days: z.string().trim().optional(),
  appUrl: z.string().trim().url("must be a URL such as https://app.earlybird.nz").optional(),
});

export function registerInviteCodeCommands(program: Command) {
  program
    .command("invite-codes:create")
    .description("create a 6-digit sign-up invite code (single use); with --email it is e-mailed to that address")
    .option("--email <email>", "send the code to this address")
    .option("--days <days>", "days until the code expires (1-90)", "14")
    .option("--app-url <url>", "the web app's address for the sign-up link (default APP_URL, else http://localhost:<PORT>)")
    .action(
      action(async (rawOptions: Record<string, unknown>, command: Command) => {
        const output = outputOf(command);
        const options = parseOptions(CreateInviteCodeOptions, rawOptions);
        const code = await withDatabase(async (sequelize) => {
          await assertMigrated(sequelize);
          const { appOrigin } = await import("../../app/lib/app-url.server");
          const { createInviteCode } = await import("../../app/modules/signup/invite-codes.server");
          const origin = options.appUrl ?? appOrigin();
          return createInviteCode(OPERATOR, { email: options.email ?? null, days: options.days }, { origin });
        });
        const fields: FieldList = [
          ["Code", code.code],
          ["Email", code.email ?? "none"],
          ["Expires", formatTimestamp(new Date(code.expiresAt))],
          ...(code.emailSent === null ? [] : ([["E-mail sent", code.emailSent ? "yes" : "no (see the server log)"]] as FieldList)),
        ];
        await output.print({
          json: code,
          text: `Created invite code ${code.code}\n${formatFields(fields)}`,
          ink: ({ Box, Fields, Success }) => (
            <Box flexDirection="column">
              <Success>{`Created invite code ${code.code}`}</Success>
              <Box marginLeft={2}>
                <Fields fields={fields} />
              </Box>
            </Box>
          ),
        });
      })
    );
}
