/** The test run's databases: one migrated template per run, one copy of it per test file (tests/support/setup-env.ts). */
import pg from "pg";

const NAME = /^[a-z_][a-z0-9_]*$/;

export function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(url, "postgres") });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new database `name`, a copy of the template database that `templateUrl` names (nothing may be connected to it). */
export async function cloneDatabase(templateUrl: string, name: string) {
  const template = new URL(templateUrl).pathname.slice(1);
  if (!NAME.test(template) || !NAME.test(name)) throw new Error(`Bad database name ${template} or ${name}`);
  await onServer(templateUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
}

/** Drops every copy of the template (`<template>_*`), whatever is still connected to them. */
export async function dropClones(templateUrl: string) {
  const template = new URL(templateUrl).pathname.slice(1);
  await onServer(templateUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [`${template}_`]);
    for (const { datname } of rows) {
      if (NAME.test(datname)) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  });
}
