import type { RegisterCompany, RegisterPerson } from "./types";

/** Company search runs from this many characters (spec p1 §5: a minimum, not shown) and shows up to 5 suggestions. */
export const REGISTER_SEARCH_MIN_LENGTH = 3;
export const REGISTER_SEARCH_LIMIT = 5;
/** Owners of this share or more are beneficial owners (spec p1 §1, §9). */
export const BENEFICIAL_OWNER_THRESHOLD = 25;

export const normaliseCompanyName = (name: string) =>
  name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/**
 * How well a company name matches a query: 3 the whole name starts with it, 2 a word starts with it, 1 it appears
 * inside, 0 no match. Every word of the query must appear for a match.
 */
export function nameMatchScore(companyName: string, query: string): number {
  const name = normaliseCompanyName(companyName);
  const wanted = normaliseCompanyName(query);
  if (!wanted) return 0;
  const words = wanted.split(" ");
  if (!words.every((word) => name.includes(word))) return 0;
  if (name.startsWith(wanted)) return 3;
  if (` ${name}`.includes(` ${wanted}`)) return 2;
  return 1;
}

/** Only digits, for comparing numbers typed with spaces or dashes. */
export const registerNumberKey = (number: string) => number.replace(/\D/g, "");

/** The people to verify (spec p1 §1): every director, and every shareholder with 25 % or more. */
export function beneficialOwnersOf(company: Pick<RegisterCompany, "people">): RegisterPerson[] {
  return company.people.filter((person) => person.roles.includes("DIRECTOR") || (person.ownershipPercent ?? 0) >= BENEFICIAL_OWNER_THRESHOLD);
}

/** The designation shown beside an owner (spec p1 §2): Director, Owner, or "Director, Owner". */
export function designationOf(person: Pick<RegisterPerson, "roles" | "ownershipPercent">): string {
  const director = person.roles.includes("DIRECTOR");
  const owner = (person.ownershipPercent ?? 0) >= BENEFICIAL_OWNER_THRESHOLD;
  return [director ? "Director" : null, owner ? "Owner" : null].filter(Boolean).join(", ");
}
