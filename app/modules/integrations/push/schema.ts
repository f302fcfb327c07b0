/** The options of the accounting CLI commands (issue 18 part 6), with their messages. */
import { z } from "zod";

const companyId = z.coerce
  .number({ invalid_type_error: "Company must be a company id (a number)" })
  .int("Company must be a company id (a number)")
  .positive("Company must be a company id (a number)");

export const AccountingStatusCliSchema = z.object({ company: companyId });

export const AccountingSyncCliSchema = z.object({ company: companyId, full: z.boolean().default(false) });

export const ACCOUNTING_PROVIDER_OPTIONS = { xero: "XERO", "myob-essentials": "MYOB_ESSENTIALS", "myob-accountright": "MYOB_ACCOUNT_RIGHT" } as const;

export const AccountingDisconnectCliSchema = z.object({
  company: companyId,
  provider: z
    .enum(Object.keys(ACCOUNTING_PROVIDER_OPTIONS) as [keyof typeof ACCOUNTING_PROVIDER_OPTIONS, ...(keyof typeof ACCOUNTING_PROVIDER_OPTIONS)[]], {
      errorMap: () => ({ message: "must be xero, myob-essentials or myob-accountright" }),
    })
    .optional(),
  yes: z.boolean().default(false),
});

/** The message of `accounting:sync` (and disconnect) for a company with no live connection. */
export const notConnectedMessage = (companyId: number) => `Company ${companyId} is not connected to Xero or MYOB`;
