import { afterAll, afterEach, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { FeatureFlag, RuntimeConfigEntry } from "../../db/models/index";
import { getConfigNumber, getRuntimeConfig } from "../../app/modules/settings/service.server";
import { FEATURE_FLAGS, RUNTIME_CONFIG } from "../../app/lib/flags";
import { getFeatureFlags } from "../../app/modules/settings/service.server";
import { validateFlagEnvironment } from "../../app/lib/flag-environment.server";

afterAll(() => sequelize.close());
afterEach(async () => {
  delete process.env.FLAG_dashboardEnabled;
  delete process.env.FLAG_verifyWithPassport;
  delete process.env.CONFIG_MAX_FEE_PERCENT;
  await FeatureFlag.destroy({ where: { name: ["dashboardEnabled", "verifyWithPassport"] } });
  await RuntimeConfigEntry.destroy({ where: { name: "MAX_FEE_PERCENT" } });
});

// One file touches these rows, so the assertions below never race another test file.
describe("feature flags", () => {
  it("start from the spec's defaults", async () => {
    const flags = await getFeatureFlags();
    for (const [name, definition] of Object.entries(FEATURE_FLAGS)) expect(flags[name as keyof typeof FEATURE_FLAGS]).toBe(definition.default);
  });

  it("are overridden by the environment, then by an admin's stored setting", async () => {
    process.env.FLAG_dashboardEnabled = "false";
    process.env.FLAG_verifyWithPassport = "true";
    expect(await getFeatureFlags()).toMatchObject({ dashboardEnabled: false, verifyWithPassport: true });
    await FeatureFlag.create({ name: "dashboardEnabled", enabled: true, updatedBy: null });
    expect(await getFeatureFlags()).toMatchObject({ dashboardEnabled: true, verifyWithPassport: true });
  });

  it("refuse unknown names and non-boolean values in the environment", () => {
    expect(() => validateFlagEnvironment({ FLAG_noSuchFlag: "true" })).toThrow(/Unknown feature flag/);
    expect(() => validateFlagEnvironment({ FLAG_payNow: "maybe" })).toThrow(/true or false/);
    expect(() => validateFlagEnvironment({ FLAG_payNow: "off" })).not.toThrow();
  });
});

describe("runtime configuration", () => {
  it("has decisions D2's defaults", async () => {
    const config = await getRuntimeConfig();
    expect(config).toMatchObject({
      MAX_CASHBACK_PERCENT: "10",
      MAX_FEE_PERCENT: "10",
      PROVIDER_FEE_PERCENT: "20",
      SUCCESS_FEE_PERCENT: "40",
      FIXED_FEE: "0.00",
      MIN_PURCHASER_OFFER_FEE: "0",
      MIN_SUPPLIER_OFFER_FEE: "0",
    });
    expect(Object.keys(config).sort()).toEqual(Object.keys(RUNTIME_CONFIG).sort());
  });

  it("is overridden by the environment, then by an admin's stored value", async () => {
    process.env.CONFIG_MAX_FEE_PERCENT = "8";
    expect(await getConfigNumber("MAX_FEE_PERCENT")).toBe(8);
    await RuntimeConfigEntry.create({ name: "MAX_FEE_PERCENT", value: "6", updatedBy: null });
    expect(await getConfigNumber("MAX_FEE_PERCENT")).toBe(6);
  });
});
