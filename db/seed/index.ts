/**
 * Demo data for `npm start` on an empty database and for `npm run db:reset` / `earlybird db:seed`.
 * The demo logins share the password Earlybird#2026 (README); the world itself is in demo-data.ts.
 */
import { sequelize } from "../index";
import { Company, User } from "../models/index";
import { hashPassword } from "../../app/modules/auth/password.server";
import { DEMO_PASSWORD } from "../../app/modules/auth/demo-logins";
import { seedDemoWorld } from "./demo-data";

export async function isDatabaseEmpty(): Promise<boolean> {
  return (await User.count()) === 0 && (await Company.count()) === 0;
}

/** Seeds the demo data when the database holds no users and no companies. Returns whether it seeded. */
export async function seedDemoDataIfEmpty(): Promise<boolean> {
  if (!(await isDatabaseEmpty())) return false;
  await seedDemoData();
  return true;
}

/** One database transaction: the demo world appears whole or not at all. */
export async function seedDemoData(): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await sequelize.transaction((transaction) => seedDemoWorld(transaction, { passwordHash }));
}

/** Drops every table and re-runs migrations and the seed (npm run db:reset). */
export async function resetDatabase(): Promise<void> {
  await sequelize.query("DROP SCHEMA public CASCADE; CREATE SCHEMA public;");
  const { migrate } = await import("../migrator");
  await migrate(sequelize);
  await seedDemoData();
}
