import { z } from "zod";

/** Inputs of the period lock (GUIDE rule 5): the CLI's options (`earlybird period:lock`, `period:status`). */
const id = (option: string, what: string) =>
  z.coerce.number({ invalid_type_error: `${option} must be ${what}` }).int(`${option} must be ${what}`).positive(`${option} must be ${what}`);

export const MONTH_FORMAT = "Month must be YYYY-MM";

export const PeriodStatusCliSchema = z.object({
  company: id("--company", "a company id"),
  counterparty: id("--counterparty", "a counterparty id").optional(),
});

export const PeriodLockCliSchema = PeriodStatusCliSchema.extend({
  month: z.string().trim().regex(/^\d{4}-(0[1-9]|1[0-2])$/, MONTH_FORMAT),
});
