/**
 * The toasts of the bulk actions (p2 §8, p3 §8), from the services' counts. Pure, shared by the list routes.
 */
import type { ToastMessage } from "~/components/ui/toast";
import type { ListKind } from "~/modules/invoices/filters";

export const DELETE_FAILED = "Could not perform deletion";
export const NOTHING_TO_INCLUDE = "No bills to include/exclude";

type Toast = Omit<ToastMessage, "id">;

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

/**
 * "Deleted N bills" when all went; "Deleted X out of N bills" when some did not (info), or none did (an error: the
 * product has no warning toast). The first refusal's reason follows, so the user knows why.
 */
export function deleteToast(kind: ListKind, result: { deleted: number; results: { status: string; message: string }[] }): Toast {
  const noun = kind === "BILL" ? "bill" : "invoice";
  const total = result.results.length;
  if (result.deleted === total) return { type: "success", message: `Deleted ${plural(total, noun)}` };
  const reason = result.results.find((r) => r.status !== "SUCCESS")?.message;
  const message = `Deleted ${result.deleted} out of ${total} ${noun}s${reason ? `. ${reason}` : ""}`;
  return { type: result.deleted === 0 ? "error" : "info", message };
}

/**
 * Include/exclude (p2 §8): a failure says "Could not include N bill(s) in your offer. {reason}"; nothing to do says
 * "No bills to include/exclude"; otherwise "Included N bill(s) in your offer" / "Excluded N bill(s) from your offer".
 */
export function includeToast(include: boolean, result: { updated: number; failed: number; results: { reason: string | null; message: string }[] }): Toast {
  if (result.failed > 0) {
    const reason = result.results.find((r) => r.reason === "FAILED")?.message ?? "";
    const what = include ? `include ${result.failed} bill(s) in` : `exclude ${result.failed} bill(s) from`;
    return { type: "error", message: `Could not ${what} your offer. ${reason}`.trim() };
  }
  if (result.updated === 0) return { type: "info", message: NOTHING_TO_INCLUDE };
  return { type: "success", message: include ? `Included ${result.updated} bill(s) in your offer` : `Excluded ${result.updated} bill(s) from your offer` };
}
