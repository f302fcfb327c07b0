/**
 * First run (issue 20 part 3, docs/decisions/065-first-run.md): the facts of the acting company that the Get started
 * checklist and the landing page are computed from, read in one statement scoped by the actor's company.
 */
import { QueryTypes } from "sequelize";
import { sequelize } from "../../../db/index";
import type { Actor } from "../../lib/actor";
import { oncePerRequest } from "../../lib/request-scope.server";
import { findCompanyContext, requireCompanyId } from "../companies/service.server";
import { getFeatureFlags } from "../settings/service.server";
import { checklistFor, companySide, homePathFor, LANDING_COUNT_CAP, type ChecklistItem, type CompanySide, type FirstRunFacts } from "./rules";

export { GET_STARTED_PATH } from "./rules";

const FACTS_SQL = `
SELECT
  EXISTS (SELECT 1 FROM invoices WHERE issued_for = c.id AND deleted_at IS NULL) AS "hasBills",
  EXISTS (SELECT 1 FROM invoices WHERE issued_by = c.id AND deleted_at IS NULL) AS "hasInvoices",
  EXISTS (SELECT 1 FROM invoices WHERE issued_for = c.id AND type = 'BILL' AND deleted_at IS NULL)
    OR EXISTS (SELECT 1 FROM invoices WHERE issued_by = c.id AND type = 'INVOICE' AND deleted_at IS NULL) AS "hasOwnRecords",
  c.connected_to_xero OR c.connected_to_myob_essentials OR c.connected_to_myob_account_right
    OR EXISTS (SELECT 1 FROM accounting_connections WHERE company_id = c.id AND status = 'CONNECTED') AS "connectedToAccounting",
  EXISTS (SELECT 1 FROM counterparties WHERE company_id = c.id AND is_supplier) AS "hasSuppliers",
  EXISTS (SELECT 1 FROM counterparties WHERE company_id = c.id AND is_customer) AS "hasCustomers",
  EXISTS (SELECT 1 FROM bank_accounts WHERE company_id = c.id AND loaded_by <> 'SYSTEM' AND bank_account_status <> 'DELETED') AS "hasBankAccount",
  EXISTS (SELECT 1 FROM bank_accounts WHERE company_id = c.id AND loaded_by <> 'SYSTEM' AND bank_account_status = 'VERIFIED') AS "bankAccountVerified",
  EXISTS (SELECT 1 FROM bank_accounts WHERE company_id = c.id AND loaded_by = 'SYSTEM' AND bank_account_status <> 'DELETED') AS "accountActive",
  EXISTS (SELECT 1 FROM top_ups WHERE company_id = c.id AND topup_status = 'COMPLETED') AS "hasCompletedTopUp",
  EXISTS (SELECT 1 FROM top_ups WHERE company_id = c.id AND topup_status = 'PENDING') AS "hasPendingTopUp",
  EXISTS (SELECT 1 FROM purchaser_offers WHERE created_by_company = c.id) AS "hasPurchaserOffer",
  EXISTS (SELECT 1 FROM supplier_offers WHERE created_by_company = c.id) AS "hasPaymentRequest",
  (SELECT count(*) FROM (SELECT 1 FROM invoices WHERE issued_for = c.id AND deleted_at IS NULL LIMIT ${LANDING_COUNT_CAP}) b)::int AS "billCount",
  (SELECT count(*) FROM (SELECT 1 FROM invoices WHERE issued_by = c.id AND deleted_at IS NULL LIMIT ${LANDING_COUNT_CAP}) i)::int AS "invoiceCount"
FROM companies c
WHERE c.id = :companyId`;

/** The facts of one company (a company user's own: callers pass the actor's company id), once per request. */
export function firstRunFacts(companyId: number): Promise<FirstRunFacts> {
  return oncePerRequest(`firstRunFacts:${companyId}`, async () => {
    const [row] = await sequelize.query<FirstRunFacts>(FACTS_SQL, { replacements: { companyId }, type: QueryTypes.SELECT });
    if (!row) throw new Error(`Company ${companyId} not found`);
    return row;
  });
}

export interface FirstRunView {
  companyName: string;
  side: CompanySide;
  items: ChecklistItem[];
  doneCount: number;
  allDone: boolean;
}

/** The Get started checklist of the actor's company, each item ticked from its real data. */
export async function getFirstRun(actor: Actor): Promise<FirstRunView> {
  const companyId = requireCompanyId(actor);
  const [facts, company, flags] = await Promise.all([firstRunFacts(companyId), findCompanyContext(companyId), getFeatureFlags()]);
  const items = checklistFor(facts, { canConnect: flags.XERO_CONNECT || flags.MYOB_CONNECT, importBills: flags.importAddBill });
  const doneCount = items.filter((item) => item.done).length;
  return { companyName: company?.name ?? "", side: companySide(facts), items, doneCount, allDone: doneCount === items.length };
}

/** Where the actor lands: / for an admin (and a user without a company), else by what the company has (rules.ts). */
export async function homePathOf(actor: Pick<Actor, "companyId" | "roles">): Promise<string> {
  if (actor.roles[0] === "ROLE_ADMIN" || actor.companyId === null) return "/";
  return homePathFor(await firstRunFacts(actor.companyId));
}
