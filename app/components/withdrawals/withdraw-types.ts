/** What the Withdraw dialog's loader and action hand to the screen (formatted on the server; no money math here). */
import type { FormErrorData } from "~/lib/form-errors";
import type { WithdrawBlock } from "~/modules/ledger/withdrawals.schema";

export type WithdrawMode = "company" | "admin";

export interface AccountOption {
  id: number;
  name: string;
  details: string;
  status: string;
  /** "VERIFIED" or "Verification Pending" (p1 §4 badge), else null. */
  badge: string | null;
  isDefault: boolean;
}

export interface ContextView {
  companyName: string;
  balance: string;
  cashReserve: string;
  fundsAvailable: string;
  source: { id: number; name: string; details: string } | null;
  destination: AccountOption | null;
  destinations: AccountOption[];
  accountCount: number;
  block: WithdrawBlock | null;
  blockMessage: string | null;
  verificationPending: boolean;
  pendingWithdrawal: { amount: string; date: string } | null;
}

export interface PlacedView {
  id: number;
  title: string;
  amount: string;
  accountName: string;
  details: string;
  note: string;
}

export interface WithdrawLoaderData {
  mode: WithdrawMode;
  closeTo: string;
  actionPath: string;
  placed: PlacedView | null;
  context: ContextView;
}

export interface WithdrawValues {
  amount: string;
  bankAccountId: string;
  sourceAccountId: string;
}

export type WithdrawStep =
  /** The form, and on a refusal the one shape of form errors (fieldErrors on amount, bankAccountId, sourceAccountId). */
  | ({ step: "enter"; values: WithdrawValues } & Partial<Pick<FormErrorData, "fieldErrors" | "formError">>)
  | { step: "confirm"; values: WithdrawValues; idempotencyKey: string; summary: { label: string; value: string }[]; note: string };
