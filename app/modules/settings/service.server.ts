/**
 * Feature flags and runtime configuration as stored by admins (GUIDE rule 12). The names, defaults and environment
 * overrides are pure and live in lib (lib/flags.ts, lib/flags.server.ts); what needs the database lives here, so lib
 * imports no model.
 */
import { FeatureFlag, RuntimeConfigEntry } from "../../../db/models/index";
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
export async function getFeatureFlags(): Promise<FeatureFlags> {
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
export async function getRuntimeConfig(): Promise<RuntimeConfig> {
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
