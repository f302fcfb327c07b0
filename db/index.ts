/**
 * The Sequelize instance. DATABASE_URL must be set before this module is imported:
 * entry points call ensureDatabase() from db/bootstrap.ts first (server.ts, cli, tests, jobs inherit it).
 */
import pg from "pg";
import { Sequelize, Transaction } from "sequelize";

const url = process.env.DATABASE_URL;
if (!url) {
  throw new Error("DATABASE_URL is not set: call ensureDatabase() (db/bootstrap.ts) before importing db/index.ts");
}

// DATE columns (no time) stay "YYYY-MM-DD" strings; NUMERIC stays a string and becomes cents at the model boundary.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);

export const sequelize = new Sequelize(url, {
  dialect: "postgres",
  dialectModule: pg,
  logging: process.env.EARLYBIRD_SQL_LOG === "1" ? console.log : false,
  // DATABASE_POOL_MAX: the benchmarks raise it to their number of concurrent clients.
  pool: { max: Number(process.env.DATABASE_POOL_MAX ?? 10), min: 0, idle: 10_000 },
  define: { underscored: true, timestamps: true },
  timezone: "+00:00",
});

export { Transaction };

