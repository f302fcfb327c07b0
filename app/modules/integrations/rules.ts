/**
 * Pure rules of the accounting connections (spec p1 §3 "Earlybird account mapping", §8 Mapping): the accounts
 * Earlybird suggests creating in the company's books, and the codes incremented while taken.
 */
import type { AccountingProvider } from "../../../db/models/accounting-connection";
import type { RelayAccountType } from "../../../db/models/relay-account";

export type MappingStep = 0 | 1 | 2;

/** Wizard step → the Earlybird account it maps. */
export const MAPPING_STEPS: readonly RelayAccountType[] = ["EARLYBIRD_FEES", "EARLYBIRD_REWARDS", "EARLYBIRD_BANK_ACCOUNT"];

export const RELAY_ACCOUNT_NAMES: Record<RelayAccountType, string> = {
  EARLYBIRD_FEES: "Earlybird Fees",
  EARLYBIRD_REWARDS: "Earlybird Cashback Income",
  EARLYBIRD_BANK_ACCOUNT: "Earlybird Bank Account",
};

export interface SuggestedAccount {
  code: string;
  name: string;
  /** Xero: the account Type; MYOB: the account Type. */
  type: string;
  /** Xero: the Class; MYOB: the Classification. */
  classification: string;
  /** MYOB only: the Classification digit of DisplayID ("6-1900"). */
  myobPrefix?: string;
}

const XERO_SUGGESTIONS: Record<RelayAccountType, Omit<SuggestedAccount, "name">> = {
  EARLYBIRD_FEES: { code: "480", type: "EXPENSE", classification: "EXPENSE" },
  EARLYBIRD_REWARDS: { code: "280", type: "OTHERINCOME", classification: "REVENUE" },
  EARLYBIRD_BANK_ACCOUNT: { code: "088", type: "BANK", classification: "ASSET" },
};

const MYOB_SUGGESTIONS: Record<RelayAccountType, Omit<SuggestedAccount, "name">> = {
  EARLYBIRD_FEES: { code: "1900", type: "Expense", classification: "Expense", myobPrefix: "6" },
  EARLYBIRD_REWARDS: { code: "1500", type: "OtherIncome", classification: "OtherIncome", myobPrefix: "8" },
  EARLYBIRD_BANK_ACCOUNT: { code: "1245", type: "Bank", classification: "Asset", myobPrefix: "1" },
};

export const isMyob = (provider: AccountingProvider): boolean => provider !== "XERO";

/** The number part of a MYOB DisplayID ("6-1900" → "1900"), or a code as is. */
export function codeNumber(code: string): string {
  const match = /^\d-(\d+)$/.exec(code.trim());
  return match ? match[1]! : code.trim();
}

/** The next code after `code`, keeping its width ("088" → "089", "999" → "1000"). */
export function nextCode(code: string): string {
  const next = String(Number(code) + 1);
  return next.length >= code.length ? next : next.padStart(code.length, "0");
}

/**
 * The account Earlybird suggests for a mapping step: the provider's default code (Xero 480 / 280 / 088, MYOB 1900 /
 * 1500 / 1245), incremented while taken. `takenCodes` are the codes in the books (MYOB DisplayIDs like "6-1900" or
 * bare numbers both count).
 */
export function suggestedAccount(provider: AccountingProvider, type: RelayAccountType, takenCodes: Iterable<string>): SuggestedAccount {
  const base = isMyob(provider) ? MYOB_SUGGESTIONS[type] : XERO_SUGGESTIONS[type];
  const taken = new Set<string>();
  // MYOB: the number of any DisplayID counts ("1-1500" takes 1500 for cashback income too), so the code users see
  // (the spec's 1900 / 1500 / 1245) is never one they already have under another classification.
  for (const code of takenCodes) if (code) taken.add(isMyob(provider) ? codeNumber(code) : code.trim().toUpperCase());
  const isTaken = (code: string) => taken.has(code);
  let code = base.code;
  for (let guard = 0; isTaken(code) && guard < 100_000; guard += 1) code = nextCode(code);
  return { ...base, code, name: RELAY_ACCOUNT_NAMES[type] };
}

/** MYOB's DisplayID of a suggestion ("6-1900"). */
export const myobDisplayId = (suggestion: SuggestedAccount): string => `${suggestion.myobPrefix ?? "6"}-${suggestion.code}`;

/** Where the Xero callback sends the browser (p1 §2). */
export function xeroSuccessRedirect(returnTo: "settings" | "signup", accountsMapped: boolean): string {
  if (accountsMapped) return "/settings?tab=connected-apps";
  return returnTo === "signup" ? "/signup?step=map-accounts" : "/settings/connect-business-account?config=map-accounts";
}

/** Where the MYOB AccountRight callback sends the browser (p1 §2 "MYOB callback"). */
export function myobAccountRightRedirect(returnTo: "settings" | "signup", accountsConfigured: boolean): string {
  if (accountsConfigured) return "/settings";
  return returnTo === "signup" ? "/signup?step=myob-company-file" : "/settings/connect-business-account?config=myob-company-file";
}

/** Where MYOB Essentials (done at once) sends the browser. */
export function myobEssentialsRedirect(returnTo: "settings" | "signup", accountsConfigured: boolean): string {
  if (accountsConfigured) return "/settings?tab=connected-apps";
  return returnTo === "signup" ? "/signup?step=map-accounts" : "/settings/connect-business-account?config=map-accounts";
}
