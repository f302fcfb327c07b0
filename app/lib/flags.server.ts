import { FeatureFlag } from "../../db/models/index";
import { FEATURE_FLAGS, FEATURE_FLAG_NAMES, type FeatureFlagName, type FeatureFlags } from "./flags";

/**
 * Feature flags: the spec's names with their defaults (app/lib/flags.ts), overridden by the environment
 * (FLAG_<name>=true|false), overridden in turn by an admin's setting stored in feature_flags.
 */
export function envFlagOverride(name: FeatureFlagName, environment: Record<string, string | undefined> = process.env): boolean | undefined {
  const raw = environment[`FLAG_${name}`];
  if (raw === undefined || raw === "") return undefined;
  if (["true", "1", "on"].includes(raw.toLowerCase())) return true;
  if (["false", "0", "off"].includes(raw.toLowerCase())) return false;
  throw new Error(`FLAG_${name} must be true or false, got "${raw}"`);
}

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

/** Validates every FLAG_* variable at start-up so a typo fails loudly. */
export function validateFlagEnvironment(environment: Record<string, string | undefined> = process.env) {
  for (const key of Object.keys(environment)) {
    if (!key.startsWith("FLAG_")) continue;
    const name = key.slice(5) as FeatureFlagName;
    if (!(name in FEATURE_FLAGS)) throw new Error(`Unknown feature flag in environment: ${key}`);
    envFlagOverride(name, environment);
  }
}
