/**
 * The company an admin's URL names (/companies/{id}/…): admins only (404 to anyone else, as every admin page answers),
 * 404 "Company not found" when there is none. Read once per request (findCompanyContext), so a page whose services
 * each ask costs one query.
 */
import type { Actor } from "../../lib/actor";
import { notFound } from "../../lib/errors";
import { findCompanyContext, requireAdmin, type CompanyContext } from "./service.server";

export async function companyForAdmin(actor: Actor, companyId: number): Promise<CompanyContext> {
  requireAdmin(actor);
  const company = await findCompanyContext(companyId);
  if (!company) throw notFound("Company not found");
  return company;
}
