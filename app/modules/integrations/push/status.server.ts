/**
 * A company's accounting status for `earlybird accounting:status` (issue 18 part 6): its connections (B1's
 * connectionsOverview), what sync in brought (bills, invoices and contacts with an external id), sync out's pushes by
 * state, and the latest errors of both directions. Scoped by the actor's company.
 */
import { QueryTypes } from "sequelize";
import { sequelize } from "../../../../db/index";
import type { Actor } from "../../../lib/actor";
import { AppError } from "../../../lib/errors";
import { connectionsOverview, type ConnectionOverview } from "../connections.server";

export interface AccountingStatus {
  companyId: number;
  /** The live connection, if any (there is at most one per provider; Earlybird uses the one live). */
  connected: boolean;
  connections: ConnectionOverview[];
  synced: { bills: number; invoices: number; contacts: number };
  pushes: { pending: number; failed: number; done: number };
  lastErrors: { at: string; source: "PUSH" | "SYNC"; kind: string; message: string }[];
}

export async function accountingStatus(actor: Actor): Promise<AccountingStatus> {
  const companyId = actor.companyId;
  if (companyId === null) throw new AppError(403, "Forbidden", { code: "FORBIDDEN" });
  const connections = await connectionsOverview(actor);
  const [counts] = await sequelize.query<{ bills: string; invoices: string; contacts: string; pending: string; failed: string; done: string }>(
    `SELECT (SELECT count(*) FROM invoices WHERE issued_for = :companyId AND type = 'BILL' AND external_id IS NOT NULL AND deleted_at IS NULL) AS bills,
            (SELECT count(*) FROM invoices WHERE issued_by = :companyId AND type = 'INVOICE' AND external_id IS NOT NULL AND deleted_at IS NULL) AS invoices,
            (SELECT count(*) FROM counterparties WHERE company_id = :companyId AND external_account_id IS NOT NULL) AS contacts,
            (SELECT count(*) FROM accounting_pushes WHERE company_id = :companyId AND status = 'PENDING') AS pending,
            (SELECT count(*) FROM accounting_pushes WHERE company_id = :companyId AND status = 'FAILED') AS failed,
            (SELECT count(*) FROM accounting_pushes WHERE company_id = :companyId AND status = 'DONE') AS done`,
    { type: QueryTypes.SELECT, replacements: { companyId } },
  );
  const errors = await sequelize.query<{ at: Date; source: "PUSH" | "SYNC"; kind: string; message: string }>(
    `(SELECT updated_at AS at, 'PUSH' AS source, kind, coalesce(last_error, '') AS message
        FROM accounting_pushes WHERE company_id = :companyId AND last_error IS NOT NULL ORDER BY updated_at DESC LIMIT 5)
     UNION ALL
     (SELECT created_at AS at, 'SYNC' AS source, kind, coalesce(message, '') AS message
        FROM accounting_sync_events WHERE company_id = :companyId AND outcome = 'FAILED' AND direction <> 'OUT' ORDER BY created_at DESC, id DESC LIMIT 5)
     ORDER BY at DESC LIMIT 5`,
    { type: QueryTypes.SELECT, replacements: { companyId } },
  );
  return {
    companyId,
    connected: connections.some((connection) => connection.status === "CONNECTED"),
    connections,
    synced: { bills: Number(counts.bills), invoices: Number(counts.invoices), contacts: Number(counts.contacts) },
    pushes: { pending: Number(counts.pending), failed: Number(counts.failed), done: Number(counts.done) },
    lastErrors: errors.map((row) => ({ at: new Date(row.at).toISOString(), source: row.source, kind: row.kind, message: row.message })),
  };
}
