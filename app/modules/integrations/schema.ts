/**
 * Inputs of the accounting connections (spec p1 §2, §4, §8; p3 §2.2): zod schemas with the spec's messages verbatim.
 * Form values arrive as strings.
 */
import { z } from "zod";
import { ACCOUNTING_PROVIDERS } from "../../../db/models/accounting-connection";

// The spec's texts (p1 §2, §8; p3 §2.2).
export const XERO_CONNECT_ERROR = "Error in connecting to Xero account";
export const MYOB_CONNECT_ERROR = "Error in connecting to MYOB account";
export const OTHER_CONNECT_ERROR = "Error!";
export const MYOB_CALLBACK_ERROR = "Error in connecting to your MYOB account.";
export const FETCHING_DETAILS = "Fetching your details";
export const SELECT_COMPANY_FILE = "Please select a company file";
export const INVALID_CREDENTIALS = "Invalid credentials. Please check the username and password you entered.";
export const SELECT_ACCOUNT = "Please select an existing account or choose the option to create new account.";
export const OTHER_COMPANY = "Cannot connect to other company once onboarded";
/** Not in the spec (it gives no wording); ours, in the spec's voice. */
export const CREDENTIALS_REQUIRED = "Enter the username and password of the company file";

/** The connect-error query of Settings → Connected apps and the connect-account error page. */
export const connectErrorMessage = (error: string | null | undefined): string | null => {
  if (!error) return null;
  if (error === "xero") return XERO_CONNECT_ERROR;
  if (error === "myob") return MYOB_CONNECT_ERROR;
  return OTHER_CONNECT_ERROR;
};

export const ProviderSchema = z.enum(ACCOUNTING_PROVIDERS);
export const ReturnToSchema = z.enum(["settings", "signup"]);

/** Connect to Xero / Connect to MYOB (Essentials or AccountRight). */
export const StartConnectSchema = z.object({
  provider: ProviderSchema,
  returnTo: ReturnToSchema.default("settings"),
});

/** The provider's redirect to /xero/callback or /myob/callback. */
export const CallbackQuerySchema = z.object({
  code: z.string().trim().min(1).max(4096).optional(),
  state: z.string().trim().min(1).max(200).optional(),
  error: z.string().trim().max(200).optional(),
  scope: z.string().trim().max(1000).optional(),
});

export const DisconnectSchema = z.object({ provider: ProviderSchema });

/** The MYOB AccountRight company file step. */
export const CompanyFileSchema = z.object({
  fileId: z.string({ required_error: SELECT_COMPANY_FILE, invalid_type_error: SELECT_COMPANY_FILE }).trim().min(1, SELECT_COMPANY_FILE).max(200),
  username: z.string().trim().max(200).optional(),
  password: z.string().max(200).optional(),
  returnTo: ReturnToSchema.optional(),
});

/** One step of the account mapping wizard: an existing account or "create new". */
export const MappingSchema = z
  .object({
    step: z.coerce.number().int().min(0).max(2).transform((value) => value as 0 | 1 | 2),
    accountId: z.string().trim().max(200).optional(),
    create: z.preprocess((value) => value === true || value === "true" || value === "on" || value === "1", z.boolean()).optional(),
  })
  .superRefine((value, context) => {
    if (!value.create && !value.accountId) context.addIssue({ code: z.ZodIssueCode.custom, path: ["accountId"], message: SELECT_ACCOUNT });
  });

export type StartConnectInput = z.infer<typeof StartConnectSchema>;
export type CallbackQueryInput = z.infer<typeof CallbackQuerySchema>;
export type CompanyFileInput = z.infer<typeof CompanyFileSchema>;
export type MappingInput = z.infer<typeof MappingSchema>;
