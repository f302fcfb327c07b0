import type { CreationAttributes } from "sequelize";
import crypto from "node:crypto";
import { Company, Counterparty, User, type Role } from "../../db/models/index";
import { hashPassword } from "../../app/modules/auth/password.server";

export const TEST_PASSWORD = "Sunny#Day2026";
const unique = () => crypto.randomBytes(5).toString("hex");

export async function makeCompany(overrides: Partial<CreationAttributes<Company>> = {}) {
  return Company.create({ companyName: `Test Co ${unique()}`, country: "NZ", status: "ACTIVE", ...overrides });
}

/** The purchaser's supplier row for `supplier`, with purchaser offers enabled unless told otherwise. */
export async function makeSupplierLink(purchaser: Pick<Company, "id">, supplier: Pick<Company, "id">, options: { offersEnabled?: boolean } = {}) {
  return Counterparty.create({
    companyId: purchaser.id,
    counterpartyCompanyId: supplier.id,
    isSupplier: true,
    isPurchaserOffersEnabled: options.offersEnabled ?? true,
    externalAccountId: null,
    nzbn: null,
    gstNumber: null,
    defaultProcessingQueue: null,
    paymentTermId: null,
    externalBankAccountNumber: null,
    glAccountId: null,
    periodLockDate: null,
    contactEmail: null,
    invitedAt: null,
  });
}

let cachedHash: Promise<string> | undefined;

export async function makeUser(options: { company?: Company | null; roles?: Role[]; email?: string; mfaSecret?: string; disabled?: boolean } = {}) {
  const roles = options.roles ?? ["ROLE_USER"];
  const company = options.company === undefined ? (roles[0] === "ROLE_ADMIN" ? null : await makeCompany()) : options.company;
  cachedHash ??= hashPassword(TEST_PASSWORD);
  return User.create({
    username: options.email ?? `user-${unique()}@example.test`,
    passwordHash: await cachedHash,
    roles,
    companyId: company?.id ?? null,
    firstName: "Test",
    lastName: "User",
    onboardingState: "ONBOARDED",
    mfaEnabled: Boolean(options.mfaSecret),
    mfaSecret: options.mfaSecret ?? null,
    disabledAt: options.disabled ? new Date() : null,
  });
}

/** A unique client address per test, so the per-IP login limit of one test never touches another. */
export const testIp = () => `10.${crypto.randomInt(255)}.${crypto.randomInt(255)}.${crypto.randomInt(255)}`;
