import path from "node:path";
import { fileURLToPath } from "node:url";
import { SequelizeStorage, Umzug } from "umzug";
import type { QueryInterface, Sequelize } from "sequelize";

export type MigrationContext = { sequelize: Sequelize; queryInterface: QueryInterface };
export type Migration = (params: { name: string; context: MigrationContext }) => Promise<void>;

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Umzug over db/migrations/*.ts (timestamp-named, run in name order, recorded in "migrations_meta").
 * Running it again is a no-op: applied migrations are skipped.
 */
export function createMigrator(sequelize: Sequelize, logger: Pick<Console, "info" | "warn" | "error" | "debug"> | undefined = undefined) {
  return new Umzug<MigrationContext>({
    migrations: {
      glob: ["migrations/*.{ts,js}", { cwd: here, ignore: ["**/*.d.ts", "**/*.test.ts"] }],
      resolve: ({ name, path: file, context }) => ({
        name: name.replace(/\.(ts|js)$/, ""),
        up: async () => {
          const migration = (await import(file!)) as { up: Migration };
          return migration.up({ name, context });
        },
        down: async () => {
          const migration = (await import(file!)) as { down?: Migration };
          if (!migration.down) throw new Error(`Migration ${name} moves forward only`);
          return migration.down({ name, context });
        },
      }),
    },
    context: { sequelize, queryInterface: sequelize.getQueryInterface() },
    storage: new SequelizeStorage({ sequelize, tableName: "migrations_meta" }),
    logger: logger ?? { info: () => {}, warn: console.warn, error: console.error, debug: () => {} },
  });
}

/** Applies pending migrations inside an advisory lock so two processes never migrate at once. */
export async function migrate(sequelize: Sequelize): Promise<string[]> {
  const migrator = createMigrator(sequelize);
  await sequelize.query("SELECT pg_advisory_lock(727001)");
  try {
    const applied = await migrator.up();
    return applied.map((m) => m.name);
  } finally {
    await sequelize.query("SELECT pg_advisory_unlock(727001)");
  }
}
