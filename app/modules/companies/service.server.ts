/**
 * The actor's company context (GUIDE rule 19, issue 14 part 4): id, country, currency, time zone, today and
 * verification, read once by one function instead of a Company.findByPk in every module. A read that must lock the
 * company row inside a money transaction stays a locked read where it happens (see the report of issue 14).
 */
import type { Transaction } from "sequelize";
import { Company, type CompanyVerificationStatus } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { CURRENCIES, LOCALES, TIME_ZONES, todayIn, type Country } from "../../lib/dates";
import { AppError } from "../../lib/errors";
import { oncePerRequest } from "../../lib/request-scope.server";
import { requireCompanyId } from "./rules";

export { requireAdmin, requireCompanyId, SELECT_A_COMPANY } from "./rules";

export interface CompanyContext {
  id: number;
  name: string;
  country: Country;
  currency: "NZD" | "AUD";
  locale: "en-NZ" | "en-AU";
  timeZone: string;
  /** YYYY-MM-DD in the company's time zone (decisions D1), at `now`. */
  today: string;
  verificationStatus: CompanyVerificationStatus;
  verified: boolean;
  connectedToXero: boolean;
  createdAt: Date;
}

export interface CompanyContextOptions {
  transaction?: Transaction;
  /** The instant "today" is taken at (tests and jobs pass their clock). */
  now?: Date;
}

const CONTEXT_ATTRIBUTES = ["id", "companyName", "country", "verificationStatus", "connectedToXero", "createdAt"] as const;

export function contextOf(company: Pick<Company, (typeof CONTEXT_ATTRIBUTES)[number]>, now: Date = new Date()): CompanyContext {
  const country: Country = company.country as Country;
  return {
    id: company.id,
    name: company.companyName,
    country,
    currency: CURRENCIES[country],
    locale: LOCALES[country],
    timeZone: TIME_ZONES[country],
    today: todayIn(country, now),
    verificationStatus: company.verificationStatus,
    verified: company.verificationStatus === "VERIFIED",
    connectedToXero: company.connectedToXero,
    createdAt: company.createdAt,
  };
}

/** A company's context by id (a job, an admin, a record's other party), or 404 "Company not found". */
export async function companyContextOf(companyId: number, options: CompanyContextOptions = {}): Promise<CompanyContext> {
  const company = await findCompanyContext(companyId, options);
  if (!company) throw companyNotFound();
  return company;
}

/**
 * Like companyContextOf, null when there is no such company. Outside a transaction the row is read once per request
 * (issue 19 part 4, docs/decisions/060: a page's services each ask for the acting company; app/lib/request-scope.server.ts
 * memoises GET and HEAD requests only, so an action's later reads see its writes); a read in a transaction always reads.
 */
export async function findCompanyContext(companyId: number, options: CompanyContextOptions = {}): Promise<CompanyContext | null> {
  const read = () => Company.findByPk(companyId, { attributes: [...CONTEXT_ATTRIBUTES], transaction: options.transaction });
  const company = options.transaction ? await read() : await oncePerRequest(`companyContext:${companyId}`, read);
  return company ? contextOf(company, options.now) : null;
}

/** The acting company's context: 403 (requireCompanyId's words, or `message`) without a company. */
export async function companyContext(actor: Pick<Actor, "companyId">, options: CompanyContextOptions & { message?: string } = {}): Promise<CompanyContext> {
  return companyContextOf(requireCompanyId(actor, options.message), options);
}

// ---- Another company's row ----------------------------------------------------------------------------------------

/** The one "Company not found" (404) of a lookup by id. */
const companyNotFound = () => new AppError(404, "Company not found", { code: "NOT_FOUND" });

export interface CompanyLookupOptions {
  transaction?: Transaction;
  /**
   * Read the row FOR UPDATE in `transaction` (a money path's company lock; take it in the order of
   * docs/decisions/031-one-lock-order.md).
   */
  lock?: boolean;
  /** The columns to read (default: every column). */
  attributes?: readonly (keyof Company & string)[];
}

/**
 * A company's row by id, for a row's company or a record's other party (the acting company's facts are
 * companyContext's): null when there is none. The only Company.findByPk outside db/ (issue 14 part 4).
 */
export async function findCompany(companyId: number, options: CompanyLookupOptions = {}): Promise<Company | null> {
  const { transaction, lock, attributes } = options;
  if (lock && !transaction) throw new Error("findCompany: a lock needs a transaction");
  return Company.findByPk(companyId, {
    transaction,
    ...(lock && transaction ? { lock: transaction.LOCK.UPDATE } : {}),
    ...(attributes ? { attributes: [...attributes] } : {}),
  });
}

/** Like findCompany, or 404 "Company not found". */
export async function getCompany(companyId: number, options: CompanyLookupOptions = {}): Promise<Company> {
  const company = await findCompany(companyId, options);
  if (!company) throw companyNotFound();
  return company;
}

// ---- Verification -----------------------------------------------------------------------------------------------

/** The 403 debug message the client recognises (p2 §6, p2 §8): it opens the get-verified dialog, or closes an invite form. */
export const COMPANY_NOT_VERIFIED = "company not verified";

export const companyNotVerified = () =>
  new AppError(403, "Your company needs to be verified to do this.", { code: "COMPANY_NOT_VERIFIED", details: { debugMessage: COMPANY_NOT_VERIFIED } });

/**
 * Sensitive actions (offers, withdrawals, invites; issue 6 part 6) need a VERIFIED company: anything else gets 403 with
 * debugMessage "company not verified".
 */
export async function requireVerifiedCompany(companyId: number, options: { transaction?: Transaction } = {}): Promise<void> {
  const company = await Company.findByPk(companyId, { attributes: ["id", "verificationStatus"], transaction: options.transaction });
  if (!company || company.verificationStatus !== "VERIFIED") throw companyNotVerified();
}
