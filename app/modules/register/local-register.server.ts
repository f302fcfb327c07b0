import fs from "node:fs/promises";
import path from "node:path";
import { nameMatchScore, registerNumberKey, REGISTER_SEARCH_LIMIT, REGISTER_SEARCH_MIN_LENGTH } from "./rules";
import type { CompanyRegister, RegisterCompany, RegisterCountry } from "./types";

/** The register's data file, written by scripts/generate-register-fixtures.mjs. */
const fixtureFile = () => path.resolve(process.cwd(), "fixtures/register/companies.json");

let loaded: Promise<RegisterCompany[]> | null = null;
const companies = () => (loaded ??= fs.readFile(fixtureFile(), "utf8").then((text) => JSON.parse(text) as RegisterCompany[]));

/** The built-in register over fixtures (decisions D7): the default, so the product runs complete on one machine. */
export const localCompanyRegister: CompanyRegister = {
  async search(query, country, limit = REGISTER_SEARCH_LIMIT) {
    if (query.trim().length < REGISTER_SEARCH_MIN_LENGTH) return [];
    const scored = (await companies())
      .filter((company) => company.country === country)
      .map((company) => ({ company, score: nameMatchScore(company.companyName, query) }))
      .filter(({ score }) => score > 0);
    scored.sort((a, b) => b.score - a.score || a.company.companyName.localeCompare(b.company.companyName));
    return scored.slice(0, Math.max(0, Math.min(limit, REGISTER_SEARCH_LIMIT))).map(({ company }) => structuredClone(company));
  },
  async lookup(country: RegisterCountry, number: string) {
    const key = registerNumberKey(number);
    if (!key) return null;
    const found = (await companies()).find(
      (company) =>
        company.country === country &&
        [company.registrationNumber, company.nzbn, company.businessNumber].some((value) => value !== null && registerNumberKey(value) === key)
    );
    return found ? structuredClone(found) : null;
  },
};
