/**
 * The per-company accounting sync log (issue 18 parts 4-6): what each sync in or out did, for Settings → Connected
 * apps and `earlybird accounting:status`. Written by the sync jobs and the payment push; read scoped by the actor.
 */
import type { Transaction } from "sequelize";
import { AccountingSyncEvent, type AccountingProvider, type SyncEventDirection, type SyncEventKind, type SyncEventOutcome } from "../../../db/models";
import type { Actor } from "../../lib/actor";
import { AppError } from "../../lib/errors";

export interface SyncEventInput {
  companyId: number;
  connectionId?: number | null;
  provider: AccountingProvider;
  direction: SyncEventDirection;
  kind: SyncEventKind;
  outcome: SyncEventOutcome;
  externalId?: string | null;
  invoiceId?: number | null;
  message?: string | null;
  details?: Record<string, unknown> | null;
}

export async function recordSyncEvent(event: SyncEventInput, options: { transaction?: Transaction } = {}): Promise<void> {
  await AccountingSyncEvent.create(
    {
      companyId: event.companyId,
      connectionId: event.connectionId ?? null,
      provider: event.provider,
      direction: event.direction,
      kind: event.kind,
      outcome: event.outcome,
      externalId: event.externalId ?? null,
      invoiceId: event.invoiceId ?? null,
      message: event.message ? event.message.slice(0, 2000) : null,
      details: event.details ?? null,
    },
    { transaction: options.transaction },
  );
}

export interface SyncEventView {
  id: string;
  provider: AccountingProvider;
  direction: SyncEventDirection;
  kind: SyncEventKind;
  outcome: SyncEventOutcome;
  externalId: string | null;
  invoiceId: number | null;
  message: string | null;
  createdAt: string;
}

/** The newest events of the actor's company (or, for an operator acting for one, that company), paged. */
export async function listSyncEvents(actor: Actor, options: { page?: number; size?: number } = {}): Promise<{ events: SyncEventView[]; hasMore: boolean }> {
  if (actor.companyId === null) throw new AppError(403, "Forbidden", { code: "FORBIDDEN" });
  const size = Math.min(Math.max(options.size ?? 20, 1), 200);
  const page = Math.max(options.page ?? 0, 0);
  const rows = await AccountingSyncEvent.findAll({
    where: { companyId: actor.companyId },
    order: [["createdAt", "DESC"], ["id", "DESC"]],
    limit: size + 1,
    offset: page * size,
  });
  return {
    hasMore: rows.length > size,
    events: rows.slice(0, size).map((row) => ({
      id: String(row.id),
      provider: row.provider,
      direction: row.direction,
      kind: row.kind,
      outcome: row.outcome,
      externalId: row.externalId,
      invoiceId: row.invoiceId,
      message: row.message,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
