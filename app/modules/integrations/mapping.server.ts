/**
 * The Earlybird account mapping wizard (decision 055). STUB: signatures first; bodies follow.
 */
import type { AccountingProvider } from "../../../db/models/accounting-connection";
import type { RelayAccountType } from "../../../db/models/relay-account";
import type { Actor } from "../../lib/actor";
import { AppError } from "../../lib/errors";
import type { MappingStep, SuggestedAccount } from "./rules";

export interface ProviderAccountOption {
  /** The account's id in the provider (Xero AccountID, MYOB UID). */
  id: string;
  code: string;
  name: string;
  type: string;
  classification: string | null;
}

export interface MappingStepView {
  provider: AccountingProvider;
  step: MappingStep;
  earlybirdAccountType: RelayAccountType;
  accounts: ProviderAccountOption[];
  suggestion: SuggestedAccount;
  /** The account already mapped for this step, if any. */
  current: { code: string; accountName: string; externalAccountId: string | null } | null;
}

export interface SaveMappingResult {
  /** The next step, or "final" after the bank account. */
  next: MappingStep | "final";
  account: { code: string; accountName: string; externalAccountId: string | null };
  /** Set when the mapping already existed (p1 §8 "already exist"). */
  notice: string | null;
}

export async function mappingStep(actor: Actor, step: MappingStep): Promise<MappingStepView> {
  void actor;
  void step;
  throw new AppError(501, "Not implemented yet", { code: "NOT_IMPLEMENTED" });
}

export async function saveMapping(actor: Actor, input: { step: MappingStep; accountId?: string | null; create?: boolean }): Promise<SaveMappingResult> {
  void actor;
  void input;
  throw new AppError(501, "Not implemented yet", { code: "NOT_IMPLEMENTED" });
}
