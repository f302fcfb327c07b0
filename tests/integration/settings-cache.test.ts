/**
 * The flags and runtime config are cached per web process and emptied by the NOTIFY a trigger sends on every change
 * (issue 19; app/modules/settings/service.server.ts). Without the listener, every call reads the database.
 */
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { FeatureFlag } from "../../db/models/index";
import { cacheSettingsWhileListening, getFeatureFlags, getRuntimeConfig } from "../../app/modules/settings/service.server";
import { captureReads } from "../support/query-capture";
import { waitFor } from "../support/wait-for";

afterAll(() => sequelize.close());

const settingsReads = (run: () => Promise<unknown>) => captureReads(run, (text) => /feature_flags|runtime_config/.test(text));

describe("the settings cache", () => {
  it("reads the database on every call while no listener runs (jobs, the CLI, tests)", async () => {
    const reads = await settingsReads(async () => {
      await getFeatureFlags();
      await getFeatureFlags();
      await getRuntimeConfig();
    });
    expect(reads).toHaveLength(3);
  });

  it("serves from memory while it listens, and sees a change made by another connection once its NOTIFY arrives", async () => {
    const stop = cacheSettingsWhileListening(process.env.DATABASE_URL);
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      // Listening: the first call reads, the next ones do not.
      await waitFor("the listener", async () => (await settingsReads(() => getFeatureFlags())).length === 0, 5_000);
      const reads = await settingsReads(async () => {
        for (let i = 0; i < 5; i++) await Promise.all([getFeatureFlags(), getRuntimeConfig()]);
      });
      expect(reads.length).toBeLessThanOrEqual(1); // the runtime config's first read
      const before = (await getFeatureFlags()).dashboardEnabled;
      // Another process (here another connection, by hand) changes a flag and a config value.
      await other.query("INSERT INTO feature_flags (name, enabled, created_at, updated_at) VALUES ('dashboardEnabled', $1, now(), now())", [!before]);
      await other.query("INSERT INTO runtime_config (name, value, created_at, updated_at) VALUES ('MAX_FEE_PERCENT', '7', now(), now())");
      await waitFor("the flag change", async () => (await getFeatureFlags()).dashboardEnabled === !before, 5_000);
      await waitFor("the config change", async () => (await getRuntimeConfig()).MAX_FEE_PERCENT === "7", 5_000);
      // A delete is a change too.
      await FeatureFlag.destroy({ where: { name: "dashboardEnabled" } });
      await waitFor("the flag delete", async () => (await getFeatureFlags()).dashboardEnabled === before, 5_000);
    } finally {
      await other.end();
      await stop();
    }
    // Stopped: back to reading every time.
    expect(await settingsReads(async () => Promise.all([getFeatureFlags(), getFeatureFlags()]))).toHaveLength(2);
  });
});
