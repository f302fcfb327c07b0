import { z } from "zod";

export const COUNTERPARTY_ROLES = ["SUPPLIER", "CUSTOMER"] as const;

/** The picker's lookup query (p2 §7 counter-parties: counterPartyName, isPurchaserOffersEnabled, size). Bad values fall back to defaults. */
export const CounterpartyLookupSchema = z.object({
  name: z.string().max(200).catch("").default(""),
  role: z.enum(COUNTERPARTY_ROLES).optional().catch(undefined),
  limit: z.coerce.number().int().min(1).max(2000).catch(20).default(20),
  isPurchaserOffersEnabled: z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .optional()
    .catch(undefined),
});

/** The admin's search adds the company (entityId, p3 §7.3): any company's counterparties. */
export const AdminCounterpartyLookupSchema = CounterpartyLookupSchema.extend({
  entityId: z.string().trim().regex(/^\d{1,10}$/).transform(Number).refine((id) => id >= 1 && id <= 2_147_483_647),
});
