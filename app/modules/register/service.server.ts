import { localCompanyRegister } from "./local-register.server";
import type { CompanyRegister } from "./types";

export type { CompanyRegister, RegisterCompany, RegisterCountry, RegisterPerson } from "./types";

let current: CompanyRegister = localCompanyRegister;

/** The company register in use (decisions D7): the local one unless a real client was installed at start-up. */
export function companyRegister(): CompanyRegister {
  return current;
}

/** Installs another register (a real client, or a test double in a unit test); null restores the local one. */
export function setCompanyRegister(next: CompanyRegister | null): void {
  current = next ?? localCompanyRegister;
}
