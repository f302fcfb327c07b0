/** Inputs of the counterparty merge's doors: the CLI's options (`earlybird counterparties:merge`). */
import { z } from "zod";

const id = (option: string) =>
  z.coerce
    .number({ invalid_type_error: `--${option} must be an id` })
    .int(`--${option} must be an id`)
    .positive(`--${option} must be an id`)
    .max(2_147_483_647, `--${option} must be an id`);

export const MergeCliSchema = z.object({
  company: id("company"),
  from: id("from"),
  into: id("into"),
  dryRun: z.boolean().default(false),
});
export type MergeCliOptions = z.infer<typeof MergeCliSchema>;

/** The CLI's words for an id that names no counterparty of the company. */
export const counterpartyNotFoundFor = (counterpartyId: number, companyId: number) => `Counterparty ${counterpartyId} not found for company ${companyId}`;
