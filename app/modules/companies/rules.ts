/**
 * Who may act for which company: pure guards over the actor (GUIDE rules 2 and 19). Every module asks these instead
 * of writing its own actor -> company check.
 */
import { isAdminActor, type Actor } from "../../lib/actor";
import { AppError } from "../../lib/errors";

/** The most common words of the old guards; a module whose screen words differ passes its own. */
export const SELECT_A_COMPANY = "Select a company first";

/** The actor's company id, or 403 (an admin or the operator without a company, a user not yet in one). */
export function requireCompanyId(actor: Pick<Actor, "companyId">, message: string = SELECT_A_COMPANY): number {
  if (!actor.companyId) throw new AppError(403, message, { code: "FORBIDDEN" });
  return actor.companyId;
}

/**
 * Admin-only services: anyone else gets the 404 an unknown page gets (issue 14 part 4: one behaviour, so a user cannot
 * tell an admin page exists). The operator (CLI, jobs) passes.
 */
export function requireAdmin(actor: Pick<Actor, "roles" | "kind">): void {
  if (!isAdminActor(actor)) throw new AppError(404, "Not found", { code: "NOT_FOUND" });
}
