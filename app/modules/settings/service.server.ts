/**
 * Feature flags and runtime configuration as stored by admins (GUIDE rule 12). The names, defaults and environment
 * overrides are pure and live in lib (lib/flags.ts, lib/flags.server.ts); what needs the database lives here, so lib
 * imports no model.
 */
import pg from "pg";
import { FeatureFlag, RuntimeConfigEntry } from "../../../db/models/index";
import { logger } from "../../lib/logger.server";
import { envFlagOverride } from "../../lib/flag-environment.server";
import {
  FEATURE_FLAGS,
  FEATURE_FLAG_NAMES,
  RUNTIME_CONFIG,
  RUNTIME_CONFIG_NAMES,
  type FeatureFlagName,
  type FeatureFlags,
  type RuntimeConfig,
  type RuntimeConfigName,
} from "../../lib/flags";

/** Feature flags: the spec's defaults, overridden by the environment (FLAG_<name>), overridden by an admin's setting. */
export function getFeatureFlags(): Promise<FeatureFlags> {
  if (!cache.listening) return readFeatureFlags();
  return (cache.flags ??= readFeatureFlags().catch((error: unknown) => {
    cache.flags = undefined;
    throw error;
  }));
}

async function readFeatureFlags(): Promise<FeatureFlags> {
  const stored = await FeatureFlag.findAll();
  const byName = new Map(stored.map((row) => [row.name, row.enabled]));
  const flags = {} as FeatureFlags;
  for (const name of FEATURE_FLAG_NAMES) {
    flags[name] = byName.get(name) ?? envFlagOverride(name) ?? FEATURE_FLAGS[name].default;
  }
  return flags;
}

export async function isFeatureEnabled(name: FeatureFlagName): Promise<boolean> {
  return (await getFeatureFlags())[name];
}

/**
 * Runtime configuration (decisions D2 and the spec's constants): code defaults, overridden by the
 * environment (CONFIG_<NAME>), overridden by an admin's value stored in runtime_config.
 */
export function getRuntimeConfig(): Promise<RuntimeConfig> {
  if (!cache.listening) return readRuntimeConfig();
  return (cache.config ??= readRuntimeConfig().catch((error: unknown) => {
    cache.config = undefined;
    throw error;
  }));
}

async function readRuntimeConfig(): Promise<RuntimeConfig> {
  const stored = await RuntimeConfigEntry.findAll();
  const byName = new Map(stored.map((row) => [row.name, row.value]));
  const config = {} as RuntimeConfig;
  for (const name of RUNTIME_CONFIG_NAMES) {
    const fromEnv = process.env[`CONFIG_${name}`];
    config[name] = byName.get(name) ?? (fromEnv !== undefined && fromEnv !== "" ? fromEnv : RUNTIME_CONFIG[name].default);
  }
  return config;
}

export async function getConfigValue(name: RuntimeConfigName): Promise<string> {
  return (await getRuntimeConfig())[name];
}

export async function getConfigNumber(name: RuntimeConfigName): Promise<number> {
  const value = Number(await getConfigValue(name));
  if (!Number.isFinite(value)) throw new Error(`Runtime config ${name} is not a number`);
  return value;
}

/**
 * The flags and the runtime configuration cached per process (issue 19: the root loader no longer reads them on every
 * request; docs/decisions/061-page-speed.md). The cache is on only while this process LISTENs on the channel a trigger
 * on feature_flags and runtime_config notifies (migration 2026.11.30T00.00.00), so a change by anyone (an admin on
 * another web process, the CLI, SQL by hand) empties every process's cache as it commits. Without the listener (jobs,
 * the CLI, tests that call loaders, or while the listener reconnects) every call reads the database as before.
 * A change is seen by the other processes once its NOTIFY arrives (a few milliseconds after the commit).
 */
export const SETTINGS_CHANNEL = "earlybird_settings";
const RECONNECT_MS = 5_000;
type SettingsCache = { listening: boolean; flags?: Promise<FeatureFlags>; config?: Promise<RuntimeConfig> };
// On globalThis: server.ts starts the listener with its copy of this module, the Remix bundle reads through its own.
const CACHE_KEY = Symbol.for("earlybird.settingsCache");
const cache: SettingsCache = ((globalThis as unknown as { [CACHE_KEY]?: SettingsCache })[CACHE_KEY] ??= { listening: false });

export function forgetCachedSettings() {
  cache.flags = undefined;
  cache.config = undefined;
}

/** Starts the cache and its listener (a web process, once: server.ts). Returns a stop function. */
export function cacheSettingsWhileListening(databaseUrl = process.env.DATABASE_URL): () => Promise<void> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const off = () => {
    cache.listening = false;
    forgetCachedSettings();
  };
  const listen = async () => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on("notification", forgetCachedSettings);
    next.on("error", (error) => {
      logger.warn({ err: error }, "settings cache: lost its listener; reading settings from the database until it is back");
      off();
      client = null;
      next.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void listen().catch(later), RECONNECT_MS);
    });
    await next.connect();
    await next.query(`LISTEN ${SETTINGS_CHANNEL}`);
    if (stopped) return void (await next.end());
    client = next;
    forgetCachedSettings();
    cache.listening = true;
  };
  const later = (error: unknown) => {
    logger.warn({ err: error }, "settings cache: could not listen; retrying");
    off();
    if (!stopped) retry = setTimeout(() => void listen().catch(later), RECONNECT_MS);
  };
  if (databaseUrl) void listen().catch(later);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    off();
    await client?.end().catch(() => {});
  };
}
