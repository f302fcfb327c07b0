/**
 * Demo data for `npm start` on an empty database and for `npm run db:reset` / `earlybird db:seed`.
 * The demo logins share the password Earlybird#2026 (README); the world itself is in demo-data.ts.
 */
import { sequelize } from "../index";
import { Company, User } from "../models/index";
import { hashPassword } from "../../app/modules/auth/password.server";
import { DEMO_PASSWORD } from "../../app/modules/auth/demo-logins";
import { queuedJobsTrigger, setQueuedJobsTrigger } from "../../app/modules/jobs/queue-trigger.server";
import { seedDemoActivity, seedDemoWorld } from "./demo-data";

async function isDatabaseEmpty(): Promise<boolean> {
  return (await User.count()) === 0 && (await Company.count()) === 0;
}

/** Seeds the demo data when the database holds no users and no companies. Returns whether it seeded. */
export async function seedDemoDataIfEmpty(): Promise<boolean> {
  if (!(await isDatabaseEmpty())) return false;
  await seedDemoData();
  return true;
}

/**
 * The demo world in one database transaction (it appears whole or not at all), then its early payments through the
 * product's own services, each in its own transactions as in the product (demo-data.ts seedDemoActivity). The seed runs
 * the Get Paid job itself: no queue runner is started for it meanwhile.
 */
async function seedDemoData(): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const activity = await sequelize.transaction((transaction) => seedDemoWorld(transaction, { passwordHash }));
  const trigger = queuedJobsTrigger();
  setQueuedJobsTrigger(() => {});
  try {
    await seedDemoActivity(activity);
  } finally {
    setQueuedJobsTrigger(trigger);
  }
}

/** Drops every table and re-runs migrations and the seed (npm run db:reset). */
export async function resetDatabase(): Promise<void> {
  await sequelize.query("DROP SCHEMA public CASCADE; CREATE SCHEMA public;");
  const { migrate } = await import("../migrator");
  await migrate(sequelize);
  await seedDemoData();
}
