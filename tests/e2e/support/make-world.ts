/**
 * Test helper for the browser tests: makes companies of their own in the e2e server's database through the shared
 * factories (tests/support/factories.ts), so a spec that changes data never touches the demo personas or another
 * spec's rows. Reads a WorldSpec as JSON (argv[2]) and prints the World as JSON. Run with tsx and EARLYBIRD_DATA_DIR
 * set to the server's data directory; tests/e2e/support/world.ts does that.
 */
import { ensureDatabase } from "../../../db/bootstrap";
import type { World, WorldSpec } from "./world";

process.env.JOBS_ENABLED = "false";
const spec = JSON.parse(process.argv[2] ?? "{}") as WorldSpec;
await ensureDatabase({ quiet: true });
const { sequelize } = await import("../../../db/index");
const { setOfferCheckDelay } = await import("../../../app/modules/offers/purchaser-offer-check.server");
const { registerOfferTopUpListeners } = await import("../../../app/modules/offers/top-up-listeners.server");
registerOfferTopUpListeners();
const factories = await import("../../support/factories");
setOfferCheckDelay(null);

const world: World = { password: factories.TEST_PASSWORD, companies: {} };
const made = new Map<string, Awaited<ReturnType<typeof factories.makeActivatedCompany>>>();
for (const [key, company] of Object.entries(spec.companies)) {
  const one = await factories.makeActivatedCompany({
    companyName: company.name,
    country: company.country ?? "NZ",
    verificationStatus: company.verified === false ? "NOT_VERIFIED" : "VERIFIED",
  });
  if (company.funds) await factories.fundWallet(one.actor, company.funds as never);
  made.set(key, one);
  world.companies[key] = { id: one.company.id, name: one.company.companyName, email: one.user.username };
}
const of = (key: string) => {
  const one = made.get(key);
  if (!one) throw new Error(`No company "${key}" in the world`);
  return one;
};
for (const [purchaser, supplier] of spec.trades ?? []) {
  await factories.makeSupplierLink(of(purchaser).company, of(supplier).company);
  await factories.makeCustomerLink(of(supplier).company, of(purchaser).company);
}
process.stdout.write(`${JSON.stringify(world)}\n`);
await sequelize.close();
