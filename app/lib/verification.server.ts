import type { Transaction } from "sequelize";
import { Company } from "../../db/models/index";
import { AppError } from "./errors";

/** The 403 debug message the client recognises (p2 §6, p2 §8): it opens the get-verified dialog, or closes an invite form. */
export const COMPANY_NOT_VERIFIED = "company not verified";

/**
 * Sensitive actions (offers, withdrawals, invites; issue 6 part 6) need a VERIFIED company: anything else gets 403 with
 * debugMessage "company not verified".
 */
export async function requireVerifiedCompany(companyId: number, options: { transaction?: Transaction } = {}): Promise<void> {
  const company = await Company.findByPk(companyId, { attributes: ["id", "verificationStatus"], transaction: options.transaction });
  if (!company || company.verificationStatus !== "VERIFIED") {
    throw new AppError(403, "Your company needs to be verified to do this.", { code: "COMPANY_NOT_VERIFIED", details: { debugMessage: COMPANY_NOT_VERIFIED } });
  }
}
