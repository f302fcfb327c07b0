import fs from "node:fs";
import type { Command } from "commander";
import { z } from "zod";
import { action, assertMigrated, outputOf, parseOptions, withDatabase } from "../runtime";
import { formatFields, type FieldList } from "../format";
import { OPERATOR } from "../../app/lib/actor";

// Shapes only: the auth service checks the email and the password strength with the spec's messages.
const CreateUserOptions = z.object({
  email: z.string().trim().min(1, "Please enter your email address"),
  password: z.string().min(1, "Please enter your password"),
  admin: z.boolean().default(false),
  company: z.coerce.number({ invalid_type_error: "must be a company id" }).int("must be a company id").positive("must be a company id").optional(),
  firstName: z.string().trim().min(1).optional(),
  lastName: z.string().trim().min(1).optional(),
  mfa: z.boolean().default(false),
});

export function registerUserCommands(program: Command) {
  program
    .command("users:create")
    .description("create a user who can log in (an admin, or a user of a company)")
    .requiredOption("--email <email>", "login email address")
    .requiredOption("--password <password>", 'password (8+ characters with a-z, A-Z, 0-9 and one of !@#$%^&*); "-" reads it from stdin')
    .option("--admin", "make the user an admin (ROLE_ADMIN)")
    .option("--company <id>", "the company the user belongs to (required unless --admin)")
    .option("--first-name <name>", "first name")
    .option("--last-name <name>", "last name")
    .option("--mfa", "turn on authenticator (TOTP) codes at login and print the secret to enrol")
    .action(
      action(async (rawOptions: Record<string, unknown>, command: Command) => {
        const output = outputOf(command);
        // "-" keeps the password out of the shell history and the process list.
        const password = rawOptions.password === "-" ? fs.readFileSync(0, "utf8").replace(/\r?\n$/, "") : rawOptions.password;
        const options = parseOptions(CreateUserOptions, { ...rawOptions, password });
        const { user, mfa } = await withDatabase(async (sequelize) => {
          await assertMigrated(sequelize);
          const { createUser, enableMfa } = await import("../../app/modules/auth/service.server");
          const created = await createUser(OPERATOR, {
            email: options.email,
            password: options.password,
            admin: options.admin,
            companyId: options.company ?? null,
            firstName: options.firstName ?? null,
            lastName: options.lastName ?? null,
          });
          return { user: created, mfa: options.mfa ? await enableMfa(OPERATOR, created.id) : null };
        });
        const fields: FieldList = [
          ["Id", String(user.id)],
          ["Email", user.username],
          ["Name", user.fullName],
          ["Roles", user.roles.join(", ")],
          ["Company", user.company ? `${user.company.companyName} (${user.company.id})` : "none"],
          ...(mfa ? ([["MFA secret", mfa.secret], ["MFA enrolment", mfa.otpauthUri]] as FieldList) : []),
        ];
        await output.print({
          json: mfa ? { ...user, mfaSecret: mfa.secret, mfaOtpauthUri: mfa.otpauthUri } : user,
          text: `Created user ${user.username}\n${formatFields(fields)}`,
          ink: ({ Box, Fields, Success }) => (
            <Box flexDirection="column">
              <Success>{`Created user ${user.username}`}</Success>
              <Box marginLeft={2}>
                <Fields fields={fields} />
              </Box>
            </Box>
          ),
        });
      }),
    );
}
