/**
 * One company's configuration from the terminal (issue 15 part 7): `payment-terms:list|add` and `gl-codes:list|add`,
 * on the same services as the admin's company settings screen, acting as the operator for that company. A user error
 * (an unknown company, a duplicate term, a missing date, no GL code) prints the spec's message and exits 1.
 */
import type { Command } from "commander";
import { z } from "zod";
import { action, assertMigrated, outputOf, parseOptions, withDatabase } from "../runtime";
import { formatTable, type Column } from "../format";
import { operatorFor } from "../../app/lib/actor";
import { dayLabel, frequencyLabel, type PaymentTermValue } from "../../app/modules/payment-terms/rules";

const CompanyId = z.coerce.number({ invalid_type_error: "must be a company id" }).int("must be a company id").positive("must be a company id");

const ListOptions = z.object({ company: CompanyId });
// Shapes only: the services check the values with the spec's messages.
const TermOptions = z.object({
  company: CompanyId,
  frequency: z.string().trim().optional(),
  date: z.string().trim().optional(),
  day: z.string().trim().optional(),
  default: z.boolean().optional(),
});
const GlOptions = z.object({ company: CompanyId, code: z.string().optional(), name: z.string().optional(), default: z.boolean().optional() });

interface TermRow extends PaymentTermValue {
  id: number;
  defaultTerm: boolean;
}
interface GlRow {
  id: number;
  accountCode: string;
  accountName: string;
  isDefault: boolean;
}

const TERM_COLUMNS: Column<TermRow>[] = [
  { header: "ID", value: (row) => String(row.id), align: "right" },
  { header: "Frequency", value: (row) => frequencyLabel(row.frequency) },
  { header: "Day", value: (row) => dayLabel(row) },
  { header: "Default", value: (row) => (row.defaultTerm ? "yes" : ""), color: (row) => (row.defaultTerm ? "green" : undefined) },
];
const GL_COLUMNS: Column<GlRow>[] = [
  { header: "Code", value: (row) => row.accountCode },
  { header: "Name", value: (row) => row.accountName, maxWidth: 50 },
  { header: "Default", value: (row) => (row.isDefault ? "yes" : ""), color: (row) => (row.isDefault ? "green" : undefined) },
];
const NO_TERMS = "No payment terms available";
const NO_CODES = "No available codes";

/** The company's name, or 404 "Company not found" (exit 1). */
async function companyName(companyId: number): Promise<string> {
  const { getCompany } = await import("../../app/modules/companies/service.server");
  return (await getCompany(companyId, { attributes: ["id", "companyName"] })).companyName;
}

export function registerCompanyConfigCommands(program: Command) {
  program
    .command("payment-terms:list")
    .description("list a company's payment terms (the default first)")
    .requiredOption("--company <id>", "the company")
    .action(
      action(async (rawOptions: Record<string, unknown>, command: Command) => {
        const output = outputOf(command);
        const options = parseOptions(ListOptions, rawOptions);
        const { name, terms } = await withDatabase(async (sequelize) => {
          await assertMigrated(sequelize);
          const { listPaymentTerms } = await import("../../app/modules/payment-terms/service.server");
          return { name: await companyName(options.company), terms: await listPaymentTerms(options.company) };
        });
        await output.print({
          json: terms,
          text: `${name}\n${formatTable(TERM_COLUMNS, terms, NO_TERMS)}`,
          ink: ({ Box, Text, Table }) => (
            <Box flexDirection="column">
              <Text bold>{name}</Text>
              <Table columns={TERM_COLUMNS} rows={terms} empty={NO_TERMS} />
            </Box>
          ),
        });
      })
    );

  program
    .command("payment-terms:add")
    .description("add a payment term to a company: MONTHLY with --date 1-31, or WEEKLY with --day MONDAY..SUNDAY")
    .requiredOption("--company <id>", "the company")
    .requiredOption("--frequency <frequency>", "MONTHLY or WEEKLY")
    .option("--date <date>", "day of the month (MONTHLY)")
    .option("--day <day>", "day of the week (WEEKLY)")
    .option("--default", "make it the company's default term")
    .action(
      action(async (rawOptions: Record<string, unknown>, command: Command) => {
        const output = outputOf(command);
        const options = parseOptions(TermOptions, rawOptions);
        const term = await withDatabase(async (sequelize) => {
          await assertMigrated(sequelize);
          const { addPaymentTerm } = await import("../../app/modules/payment-terms/service.server");
          return addPaymentTerm(operatorFor(options.company), options.company, {
            frequency: options.frequency,
            date: options.date,
            dayOfWeek: options.day,
            defaultTerm: options.default,
          });
        });
        const message = `Payment term added: ${frequencyLabel(term.frequency)}, ${dayLabel(term)}${term.defaultTerm ? " (default)" : ""}`;
        await output.print({ json: term, text: message, ink: ({ Success }) => <Success>{message}</Success> });
      })
    );

  program
    .command("gl-codes:list")
    .description("list a company's GL codes (the visible ones)")
    .requiredOption("--company <id>", "the company")
    .action(
      action(async (rawOptions: Record<string, unknown>, command: Command) => {
        const output = outputOf(command);
        const options = parseOptions(ListOptions, rawOptions);
        const { name, codes } = await withDatabase(async (sequelize) => {
          await assertMigrated(sequelize);
          const { listGlAccounts } = await import("../../app/modules/gl-accounts/service.server");
          return { name: await companyName(options.company), codes: await listGlAccounts(options.company, { visibleOnly: true }) };
        });
        await output.print({
          json: codes,
          text: `${name}\n${formatTable(GL_COLUMNS, codes, NO_CODES)}`,
          ink: ({ Box, Text, Table }) => (
            <Box flexDirection="column">
              <Text bold>{name}</Text>
              <Table columns={GL_COLUMNS} rows={codes} empty={NO_CODES} />
            </Box>
          ),
        });
      })
    );

  program
    .command("gl-codes:add")
    .description("add a GL code to a company (a deleted code is shown again)")
    .requiredOption("--company <id>", "the company")
    .option("--code <code>", "the GL code")
    .option("--name <name>", "the account name")
    .option("--default", "make it the company's default GL code")
    .action(
      action(async (rawOptions: Record<string, unknown>, command: Command) => {
        const output = outputOf(command);
        const options = parseOptions(GlOptions, rawOptions);
        const code = await withDatabase(async (sequelize) => {
          await assertMigrated(sequelize);
          const { addGlAccount } = await import("../../app/modules/gl-accounts/service.server");
          return addGlAccount(operatorFor(options.company), options.company, {
            accountCode: options.code,
            accountName: options.name,
            isDefault: options.default,
          });
        });
        const message = `GL code added: ${code.accountCode} ${code.accountName}${code.isDefault ? " (default)" : ""}`;
        await output.print({ json: code, text: message, ink: ({ Success }) => <Success>{message}</Success> });
      })
    );
}
