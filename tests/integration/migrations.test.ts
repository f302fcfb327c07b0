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
    const [money] = await sequelize.query<{ table_name: string; column_name: string; numeric_precision: number; numeric_scale: number }>(
      `SELECT table_name, column_name, numeric_precision, numeric_scale FROM information_schema.columns
        WHERE table_schema = 'public' AND data_type = 'numeric' AND column_name <> 'ownership_percent'
          AND column_name NOT LIKE '%percent%' AND column_name NOT IN ('crr','units','unit_price_rate','confidence')`,
      { type: "SELECT" as never, raw: true },
    ).then((rows) => [rows as unknown as { table_name: string; column_name: string; numeric_precision: number; numeric_scale: number }[]]);
    for (const column of money) {
      expect({ column: `${column.table_name}.${column.column_name}`, precision: column.numeric_precision, scale: column.numeric_scale }).toEqual({
        column: `${column.table_name}.${column.column_name}`,
        precision: 14,
        scale: 2,
      });
    }
    const [plainTimestamps] = await sequelize.query(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND data_type = 'timestamp without time zone'`,
    );
    expect(plainTimestamps).toEqual([]);
  });
});
