/** Shared by the top-ups integration tests: activated companies, an admin, ledger entries of a top-up, AppErrors. */
import { QueryTypes } from "sequelize";
import { sequelize } from "../../db/index";
import { BankAccount, Invoice } from "../../db/models/index";
import { addDays, todayIn } from "../../app/lib/dates";
import type { Actor } from "../../app/lib/actor";
import { isAppError, type AppError } from "../../app/lib/errors";
import { makeCompany, makeUser } from "../support/factories";

/** A company whose account is activated (a SYSTEM working-capital account), with its user's actor. */
export async function activatedCompany(overrides: Partial<Parameters<typeof makeCompany>[0]> = {}) {
  const company = await makeCompany(overrides);
  await BankAccount.create({
    companyId: company.id,
    bankAccountName: `${company.companyName} - Earlybird working capital`,
    bankAccountNumber: company.country === "AU" ? null : `02010004${String(company.id).padStart(8, "0")}`,
    payId: company.country === "AU" ? `pay${company.id}@earlybird.test` : null,
    bankAccountStatus: "VERIFIED",
    loadedBy: "SYSTEM",
    defaultAccount: false,
  });
  const user = await makeUser({ company });
  const actor: Actor = { userId: user.id, companyId: company.id, roles: ["ROLE_USER"] };
  return { company, user, actor };
}

let adminActor: Actor | null = null;
export async function admin(): Promise<Actor> {
  if (!adminActor) {
    const user = await makeUser({ roles: ["ROLE_ADMIN"] });
    adminActor = { userId: user.id, companyId: null, roles: ["ROLE_ADMIN"] };
  }
  return adminActor;
}

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

/** A bill of `supplier` to the purchaser `companyId`, due in `dueInDays` (NZ days), for the offers tests. */
export async function purchaserBill(companyId: number, supplier: { id: number; companyName: string }, total: number, dueInDays: number, include = false) {
  const today = todayIn("NZ");
  return Invoice.create({
    type: "BILL",
    issuedBy: supplier.id,
    issuedFor: companyId,
    issuedByCompanyName: supplier.companyName,
    issuedForCompanyName: "Purchaser",
    invoiceNumber: `B-${companyId}-${Math.random().toString(36).slice(2, 10)}`,
    issueDate: addDays(today, -5),
    dueDate: addDays(today, dueInDays),
    total,
    includeInPurchaserOffer: include,
    loadedBy: "EARLYBIRD",
  } as never);
}
