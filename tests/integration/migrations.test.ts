import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { createMigrator, migrate } from "../../db/migrator";

afterAll(() => sequelize.close());

describe("migrations", () => {
  it("have all run and running them again changes nothing", async () => {
    const migrator = createMigrator(sequelize);
    expect(await migrator.pending()).toEqual([]);
    const executedBefore = (await migrator.executed()).map((m) => m.name);
    expect(executedBefore.length).toBeGreaterThan(0);
    expect(await migrate(sequelize)).toEqual([]);
    expect((await migrator.executed()).map((m) => m.name)).toEqual(executedBefore);
  });

  it("stores money as NUMERIC(14,2) and times as timestamptz everywhere", async () => {
    // Rates, percentages and units are not money; every other numeric column is an amount.
    const [numericColumns] = await sequelize.query(
      `SELECT table_name || '.' || column_name AS name, numeric_precision AS precision, numeric_scale AS scale
         FROM information_schema.columns
        WHERE table_schema = 'public' AND data_type = 'numeric'
          AND column_name NOT LIKE '%percent%' AND column_name NOT IN ('crr', 'units')
        ORDER BY 1`,
    );
    const amounts = numericColumns as { name: string; precision: number; scale: number }[];
    expect(amounts.length).toBeGreaterThan(20);
    const notMoneyShaped = amounts.filter((column) => column.precision !== 14 || column.scale !== 2);
    expect(notMoneyShaped).toEqual([]);
    const [plainTimestamps] = await sequelize.query(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND data_type = 'timestamp without time zone'`,
    );
    expect(plainTimestamps).toEqual([]);
  });
});
