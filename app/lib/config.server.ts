import { RuntimeConfigEntry } from "../../db/models/index";
import { RUNTIME_CONFIG, RUNTIME_CONFIG_NAMES, type RuntimeConfig, type RuntimeConfigName } from "./flags";

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
