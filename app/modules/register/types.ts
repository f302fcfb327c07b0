import type { Address } from "../../../db/models/company";

export type RegisterCountry = "NZ" | "AU";
export type RegisterPersonRole = "DIRECTOR" | "SHAREHOLDER";

/** A person the register lists for a company: a director, a shareholder (with its percentage), or both. */
export interface RegisterPerson {
  firstName: string;
  middleName: string | null;
  lastName: string;
  dateOfBirth: string | null;
  roles: RegisterPersonRole[];
  ownershipPercent: number | null;
}

/** A register search result (spec p1 §3): name, numbers (company number, NZBN for NZ, ABN for AU), industry, people. */
export interface RegisterCompany {
  companyName: string;
  country: RegisterCountry;
  /** The NZ company number, or the AU ACN. */
  registrationNumber: string;
  nzbn: string | null;
  /** The AU ABN. */
  businessNumber: string | null;
  industryCode: string | null;
  industryCodeDescription: string | null;
  website: string | null;
  address: Address | null;
  people: RegisterPerson[];
}

/** What the product asks of a company register (decisions D7); the local one reads fixtures, a real client replaces it. */
export interface CompanyRegister {
  /** Up to `limit` companies of that country whose name matches the query; nothing below the minimum query length. */
  search(query: string, country: RegisterCountry, limit?: number): Promise<RegisterCompany[]>;
  /** The company with that registration number (NZ company number or AU ACN), NZBN or ABN. */
  lookup(country: RegisterCountry, number: string): Promise<RegisterCompany | null>;
}
