/**
 * The toasts of the bulk actions (p2 §8, p3 §8), from the services' counts. Pure, shared by the list routes.
 */
import type { ToastMessage } from "~/components/ui/toast";
import type { ListKind } from "~/modules/invoices/filters";
import { deleteToast as recordsDeleteToast } from "~/modules/payables/query";

export const DELETE_FAILED = "Could not perform deletion";
export const NOTHING_TO_INCLUDE = "No bills to include/exclude";

type Toast = Omit<ToastMessage, "id">;

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

/** "Deleted N bills" / "Deleted X out of N bills. {first reason}" / "Could not perform deletion" (p2 §8, p3 §8). */
export function deleteToast(kind: ListKind, result: { deleted: number; results: { status: string; message: string }[] }): Toast {
  const total = result.results.length;
  const firstError = result.results.find((r) => r.status !== "SUCCESS")?.message ?? null;
  if (kind === "BILL") return recordsDeleteToast({ bills: total, creditNotes: 0, deleted: result.deleted, firstError });
  const reason = firstError ? `. ${firstError}` : "";
  if (result.deleted === total) return { type: "success", message: `Deleted ${plural(total, "invoice")}` };
  if (result.deleted === 0) return { type: "warning", message: `${DELETE_FAILED}${reason}` };
  return { type: "info", message: `Deleted ${result.deleted} out of ${total} invoices${reason}` };
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
