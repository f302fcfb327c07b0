import { FEATURE_FLAGS, type FeatureFlagName } from "./flags";

/**
 * Feature flags' environment overrides (FLAG_<name>=true|false), pure. The stored flags (an admin's setting, which
 * overrides the environment) are read by modules/settings.
 */
export function envFlagOverride(name: FeatureFlagName, environment: Record<string, string | undefined> = process.env): boolean | undefined {
  const raw = environment[`FLAG_${name}`];
  if (raw === undefined || raw === "") return undefined;
  if (["true", "1", "on"].includes(raw.toLowerCase())) return true;
  if (["false", "0", "off"].includes(raw.toLowerCase())) return false;
  throw new Error(`FLAG_${name} must be true or false, got "${raw}"`);
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
