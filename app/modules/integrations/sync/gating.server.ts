/**
 * Fetch gating of p1 §4 / p2 §4: a company's invoices and offers are fetched only when it is connected to an
 * accounting system or its status is PENDING, ACTIVE or INVITED (an INACTIVE company, one Earlybird made as somebody's
 * counterparty, has no lists of its own to show until it joins or connects).
 */
import { QueryTypes } from "sequelize";
import { sequelize } from "../../../../db/index";
import { mayFetchInvoices } from "./rules";

export async function mayFetchRecords(companyId: number): Promise<boolean> {
  const [row] = await sequelize.query<{ status: string; connected: boolean }>(
    `SELECT c.status,
            (c.connected_to_xero OR c.connected_to_myob_essentials OR c.connected_to_myob_account_right
             OR EXISTS (SELECT 1 FROM accounting_connections a WHERE a.company_id = c.id AND a.status = 'CONNECTED')) AS connected
       FROM companies c WHERE c.id = $1`,
    { bind: [companyId], type: QueryTypes.SELECT }
  );
  return row ? mayFetchInvoices(row) : false;
}
