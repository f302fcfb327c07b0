/**
 * Test helper for tests/e2e/activate.spec.ts: creates a company and its new user as the sign-up leaves them
 * (SIGNED_UP, no password) with an ACTIVATION token, in the e2e server's database, and prints
 * {"email", "token", "companyName"} as JSON. Run with tsx and EARLYBIRD_DATA_DIR set to the server's data directory.
 *   tsx tests/e2e/support/signed-up-user.ts NZ|AU
 */
import crypto from "node:crypto";
import { ensureDatabase } from "../../../db/bootstrap";

const country = process.argv[2] === "AU" ? "AU" : "NZ";
await ensureDatabase({ quiet: true });
const { sequelize } = await import("../../../db/index");
const { Company, User } = await import("../../../db/models/index");
const { issueUserToken } = await import("../../../app/modules/auth/tokens.server");

const id = crypto.randomBytes(4).toString("hex");
const companyName = `Kowhai Design ${id} Ltd`;
const email = `aroha-${id}@kowhaidesign.test`;
const token = await sequelize.transaction(async (transaction) => {
  const company = await Company.create({ companyName, country, status: "PENDING", verificationStatus: "NOT_VERIFIED" }, { transaction });
  const user = await User.create({ username: email, companyId: company.id, roles: ["ROLE_USER"], onboardingState: "SIGNED_UP" }, { transaction });
  return issueUserToken(transaction, user.id, "ACTIVATION", 7 * 86_400_000);
});
process.stdout.write(`${JSON.stringify({ email, token, companyName })}\n`);
await sequelize.close();
