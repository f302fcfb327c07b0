/**
 * Pure rules of bank accounts (spec p1 §3-5, p3 §4.4-4.5): number formats, statement file types by content, the
 * withdrawal account card and when an admin may review a statement. No I/O. The SMS code's rules are the
 * one-time-codes module's.
 */
import type { Country } from "../../lib/dates";
import { labelsOf } from "../../lib/status-labels";

export type BankAccountStatus = "UNVERIFIED" | "VERIFICATION_PENDING" | "VERIFIED" | "VERIFICATION_FAILED" | "DELETED";
export type BankAccountLoadedBy = "SYSTEM" | "EARLYBIRD" | "XERO" | "MYOB_ACCOUNTRIGHT";
export type StatementMimeType = "application/pdf" | "image/jpeg" | "image/png";

/** "12-3456-1234567-123" → "123456 1234567123": the spec strips every non-digit (p1 §5). */
export function digitsOnly(value: string | null | undefined): string {
  return (value ?? "").replace(/\D/g, "");
}

/** Non-AU: a 15-digit number gets a 0 after its first 13 digits, making 16 (p1 §5: 2-digit suffix → 3). */
export function normaliseAccountNumber(digits: string, country: Country): string {
  if (country !== "AU" && digits.length === 15) return `${digits.slice(0, 13)}0${digits.slice(13)}`;
  return digits;
}

/** Cuts `digits` into groups of the given sizes, joined by `separator`; extra digits stay in the last group. */
function group(digits: string, sizes: number[], separator: string): string {
  const parts: string[] = [];
  let at = 0;
  for (let i = 0; i < sizes.length && at < digits.length; i++) {
    const end = i === sizes.length - 1 ? digits.length : at + sizes[i];
    parts.push(digits.slice(at, end));
    at = end;
  }
  return parts.join(separator);
}

const NZ_GROUPS = [2, 4, 7, 3];
const AU_GROUPS = [3, 3, 3, 1];

/**
 * An account number for display (p1 §5 "Display formats by length are 15, 11 and up to 10 digits"):
 * 16 digits ##-####-#######-###, 15 digits ##-####-#######-##, 11 digits ### ### ### ##, up to 10 digits
 * ### ### ### # (the AU format); any other length as plain digits.
 */
export function formatAccountNumber(value: string | null | undefined): string {
  const digits = digitsOnly(value);
  if (digits.length === 16) return group(digits, NZ_GROUPS, "-");
  if (digits.length === 15) return group(digits, [2, 4, 7, 2], "-");
  if (digits.length === 11) return group(digits, [3, 3, 3, 2], " ");
  if (digits.length <= 10) return group(digits, AU_GROUPS, " ");
  return digits;
}

/** BSB ###-### (p1 §5). */
export function formatBsb(value: string | null | undefined): string {
  const digits = digitsOnly(value);
  return digits.length > 3 ? `${digits.slice(0, 3)}-${digits.slice(3)}` : digits;
}

/**
 * What the account number input shows while typing (p1 §5 wizard formats): NZ ##-####-#######-### (up to 16 digits),
 * AU ### ### ### # (up to 10 digits). Digits past the format's length are dropped; the server checks again.
 */
export function maskAccountNumberInput(value: string, country: Country): string {
  const max = country === "AU" ? 10 : 16;
  const digits = digitsOnly(value).slice(0, max);
  return country === "AU" ? group(digits, AU_GROUPS, " ") : group(digits, NZ_GROUPS, "-");
}

/** What the BSB input shows while typing: ###-###. */
export function maskBsbInput(value: string): string {
  return formatBsb(digitsOnly(value).slice(0, 6));
}

export interface AccountDetailsLike {
  bankAccountNumber: string | null;
  bsb: string | null;
  payId: string | null;
}

/** AU accounts are kept in lists only with (number and BSB) or a PayID; other countries only with a number (p1 §3). */
export function isListedAccount(country: Country, account: AccountDetailsLike): boolean {
  if (country === "AU") return Boolean(account.payId) || (Boolean(account.bankAccountNumber) && Boolean(account.bsb));
  return Boolean(account.bankAccountNumber);
}

/** One line naming the account's details: "PayID ...", "BSB 062-000 · 123 456 78", or the number. */
export function describeAccountDetails(account: AccountDetailsLike): string {
  if (account.payId) return `PayID ${account.payId}`;
  const number = formatAccountNumber(account.bankAccountNumber);
  return account.bsb ? `BSB ${formatBsb(account.bsb)} · ${number}` : number;
}

// --- Statement files ---------------------------------------------------------------------------------------------

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (value: string) => [...value].map((char) => char.charCodeAt(0));

/**
 * The statement's type from its first bytes, whatever its name or the browser says (p1 §5: JPG, PNG or PDF):
 * PDF "%PDF-"; PNG its 8-byte signature followed by the IHDR chunk; JPEG FF D8 FF. Anything else is null.
 */
export function sniffStatementType(head: Uint8Array): StatementMimeType | null {
  if (startsWith(head, ascii("%PDF-"))) return "application/pdf";
  if (startsWith(head, PNG_SIGNATURE) && startsWith(head, ascii("IHDR"), 12)) return "image/png";
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "image/jpeg";
  return null;
}

export const STATEMENT_EXTENSIONS: Record<StatementMimeType, string> = { "application/pdf": "pdf", "image/jpeg": "jpg", "image/png": "png" };

/**
 * A safe name to store and offer for download: the last path segment, control characters and quotes removed,
 * at most 120 characters, with the extension of its real type when it has none of that type.
 */
export function statementFileName(name: string | null | undefined, type: StatementMimeType): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  let clean = base.replace(/[\u0000-\u001f\u007f"<>|*?:]/g, "").trim();
  if (!clean || clean === "." || clean === "..") clean = "statement";
  const extension = STATEMENT_EXTENSIONS[type];
  const has = type === "image/jpeg" ? /\.(jpe?g)$/i.test(clean) : new RegExp(`\\.${extension}$`, "i").test(clean);
  if (!has) clean = `${clean}.${extension}`;
  if (clean.length > 120) clean = `${clean.slice(0, 120 - extension.length - 1)}.${extension}`;
  return clean;
}

// --- SMS code -------------------------------------------------------------------------------------------------

/** "+64211234567" → "+64 •••• ••567": enough to recognise one's phone, not enough to read it. */
export function maskPhoneNumber(phone: string | null | undefined): string {
  if (!phone) return "";
  const match = /^(\+\d{2})(\d*)(\d{3})$/.exec(phone.replace(/\s+/g, ""));
  if (!match) return "your phone";
  return `${match[1]} ${"•".repeat(Math.max(match[2].length, 1))}${match[3]}`;
}

// --- Verification and the withdrawal account card -------------------------------------------------------------------

/** An admin may approve or reject only a VERIFICATION_PENDING account with an uploaded statement (p3 §4.4). */
export function canReviewStatement(status: BankAccountStatus, hasStatement: boolean): boolean {
  return status === "VERIFICATION_PENDING" && hasStatement;
}

/** A statement is uploaded to verify an unverified account, or to try again after a failed verification (p1 §4). */
export function canUploadStatement(status: BankAccountStatus): boolean {
  return status === "UNVERIFIED" || status === "VERIFICATION_FAILED";
}

export type CardAction = "ADD" | "SELECT" | "VERIFY" | "DELETE" | "RESET";

export interface WithdrawalCard {
  state: "NO_ACCOUNTS" | "NO_DEFAULT" | "DEFAULT";
  actions: CardAction[];
  /** "VERIFIED" or "Verification Pending" (p1 §4); none for other states. */
  badge: "VERIFIED" | "Verification Pending" | null;
  /** p1 §4: after a failed verification. */
  failed: boolean;
}

/**
 * The withdrawal account card of the settings Withdrawals tab (p1 §4, p3 §4.5):
 * no accounts → Add Bank Account; accounts but no default → Select Account; a VERIFIED default → Delete;
 * an UNVERIFIED or VERIFICATION_FAILED default → Verify and Delete, or Verify and Reset (which does nothing) when the
 * company is connected to Xero; a default pending verification → Delete (the spec lists no action; a user can
 * still remove an account they no longer want).
 */
export function withdrawalCard(input: { accountCount: number; defaultStatus: BankAccountStatus | null; connectedToXero: boolean }): WithdrawalCard {
  if (input.accountCount === 0) return { state: "NO_ACCOUNTS", actions: ["ADD"], badge: null, failed: false };
  if (!input.defaultStatus) return { state: "NO_DEFAULT", actions: ["SELECT"], badge: null, failed: false };
  const status = input.defaultStatus;
  const badge = status === "VERIFIED" ? "VERIFIED" : status === "VERIFICATION_PENDING" ? "Verification Pending" : null;
  if (status === "UNVERIFIED" || status === "VERIFICATION_FAILED") {
    return { state: "DEFAULT", actions: ["VERIFY", input.connectedToXero ? "RESET" : "DELETE"], badge, failed: status === "VERIFICATION_FAILED" };
  }
  return { state: "DEFAULT", actions: ["DELETE"], badge, failed: false };
}

/** The statuses each admin tab lists (p3 §2.3, §7.3); "all" is every account a company can withdraw to or verify. */
export const ADMIN_TAB_STATUSES: Record<"all" | "pending" | "approved" | "cancelled", BankAccountStatus[]> = {
  all: ["UNVERIFIED", "VERIFICATION_PENDING", "VERIFIED", "VERIFICATION_FAILED"],
  pending: ["VERIFICATION_PENDING"],
  approved: ["VERIFIED"],
  cancelled: ["VERIFICATION_FAILED"],
};

/** Bank account status labels, from the one table (lib/status-labels BANK_ACCOUNT_STATUS). */
export const STATUS_LABELS: Record<BankAccountStatus, string> = labelsOf("bankAccount");
