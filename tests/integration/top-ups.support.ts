/** Shared by the top-ups integration tests: ledger entries of a top-up, AppErrors. Companies and money: tests/support/factories.ts. */
import { QueryTypes } from "sequelize";
import { sequelize } from "../../db/index";
import { isAppError, type AppError } from "../../app/lib/errors";

export async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e
  );
  if (!isAppError(error)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

/** The ledger entries posted for a top-up, by account kind: what moved, from where, to where. */
export async function entriesOf(topUpId: number) {
  return sequelize.query<{ kind: string; company_id: number | null; amount_c: string; transaction_class: string }>(
    `SELECT a.kind, a.company_id, (e.amount * 100)::bigint AS amount_c, t.transaction_class
     FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id JOIN ledger_accounts a ON a.id = e.account_id
     WHERE t.top_up_id = :topUpId ORDER BY e.id`,
    { type: QueryTypes.SELECT, replacements: { topUpId } }
  );
}
