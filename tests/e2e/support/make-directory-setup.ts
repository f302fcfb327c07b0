/** Makes a company's payment terms and GL codes in the e2e server's database (tests/e2e/support/directory-world.ts). */
import { ensureDatabase } from "../../../db/bootstrap";
import type { DirectorySetup } from "./directory-world";

process.env.JOBS_ENABLED = "false";
const setup = JSON.parse(process.argv[2] ?? "{}") as DirectorySetup;
await ensureDatabase({ quiet: true });
const { sequelize } = await import("../../../db/index");
const { makeGlAccount, makePaymentTerm } = await import("../../support/directory-factories");
const made = { terms: {} as Record<number, number>, glCodes: {} as Record<string, number> };
for (const date of setup.terms ?? []) made.terms[date] = (await makePaymentTerm(setup.companyId, { date })).id;
for (const gl of setup.glCodes ?? []) made.glCodes[gl.code] = (await makeGlAccount(setup.companyId, gl)).id;
process.stdout.write(`${JSON.stringify(made)}\n`);
await sequelize.close();
