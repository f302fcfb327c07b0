/**
 * Demo data for `npm start` on an empty database and for `npm run db:reset` / `earlybird db:seed`.
 * The four demo logins share the password Earlybird#2026 (README).
 */
import { sequelize } from "../index";
import { Company, User } from "../models/index";
import { hashPassword } from "../../app/modules/auth/password.server";
import { DEMO_PASSWORD } from "../../app/modules/auth/demo-logins";

export async function isDatabaseEmpty(): Promise<boolean> {
  return (await User.count()) === 0 && (await Company.count()) === 0;
}

/** Seeds the demo data when the database holds no users and no companies. Returns whether it seeded. */
export async function seedDemoDataIfEmpty(): Promise<boolean> {
  if (!(await isDatabaseEmpty())) return false;
  await seedDemoData();
  return true;
}

export async function seedDemoData(): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await sequelize.transaction(async (transaction) => {
    const harbour = await Company.create(
      { companyName: "Harbour Foods Ltd", country: "NZ", status: "ACTIVE", verificationStatus: "VERIFIED", nzbn: "9429041234567", registrationNumber: "6123456" },
      { transaction },
    );
    const kiwi = await Company.create(
      { companyName: "Kiwi Supplies Ltd", country: "NZ", status: "ACTIVE", verificationStatus: "VERIFIED", nzbn: "9429047654321", registrationNumber: "6654321" },
      { transaction },
    );
    const outback = await Company.create(
      { companyName: "Outback Coffee Pty Ltd", country: "AU", status: "ACTIVE", verificationStatus: "PARTIALLY_VERIFIED", businessNumber: "51824753556" },
      { transaction },
    );
    const people = [
      { username: "admin@earlybird.test", roles: ["ROLE_ADMIN"] as const, companyId: null, firstName: "Ada", lastName: "Admin" },
      { username: "pat@harbourfoods.test", roles: ["ROLE_USER"] as const, companyId: harbour.id, firstName: "Pat", lastName: "Harbour" },
      { username: "sam@kiwisupplies.test", roles: ["ROLE_USER"] as const, companyId: kiwi.id, firstName: "Sam", lastName: "Kiwi" },
      { username: "alex@outbackcoffee.test", roles: ["ROLE_USER"] as const, companyId: outback.id, firstName: "Alex", lastName: "Outback" },
    ];
    for (const person of people) {
      await User.create(
        {
          ...person,
          roles: [...person.roles],
          passwordHash,
          onboardingState: "ONBOARDED",
          verificationStatus: person.companyId === outback.id ? "NOT_VERIFIED" : "VERIFIED",
          phoneNumberVerified: true,
        },
        { transaction },
      );
    }
  });
}

/** Drops every table and re-runs migrations and the seed (npm run db:reset). */
export async function resetDatabase(): Promise<void> {
  await sequelize.query("DROP SCHEMA public CASCADE; CREATE SCHEMA public;");
  const { migrate } = await import("../migrator");
  await migrate(sequelize);
  await seedDemoData();
}
