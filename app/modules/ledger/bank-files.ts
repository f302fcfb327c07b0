/**
 * Bank payment files for withdrawals (decisions D5) and the returns of unknown deposits to their senders
 * (docs/decisions/030), as pure functions: no I/O, so every byte is unit-tested.
 *
 * - NZ: a bulk direct-credit CSV in the layout New Zealand banks import (header record 1, one transaction record 2
 *   per payment, control record 3 with the total in cents, the count and the hash total of the accounts).
 * - AU: an ABA (Direct Entry, "Cemtex") file: 120-character fixed-width records, a descriptive record 0, one detail
 *   record 1 per payment, a file total record 7 (net, credit and debit totals, record count).
 *
 * Both are written with CRLF after every record. See docs/decisions/013-withdrawals-and-bank-files.md.
 */
import type { Cents } from "../../lib/money";

export type BankFileCountry = "NZ" | "AU";

/** What a line of a bank file pays: a withdrawal (WD<id>), or an unknown deposit sent back to its sender (RT<id>). */
export type PaymentKind = "WITHDRAWAL" | "DEPOSIT_RETURN";

/** One payment to make. */
export interface PaymentItem {
  kind: PaymentKind;
  /** The withdrawal's id, or the deposit return's. */
  id: number;
  /** Positive cents. */
  amount: Cents;
  /** The name of the account credited (the bank account's name). */
  payeeName: string;
  /** Digits only: NZ 15 or 16 digits (bank, branch, account, suffix); AU up to 9 digits. */
  accountNumber: string | null;
  /** AU only: six digits. */
  bsb: string | null;
}

/** Earlybird's own account the NZ file pays from, and the name on the payees' statements. */
export interface NzPayer {
  /** 15 or 16 digits; dashes and spaces are ignored. */
  accountNumber: string;
  name: string;
}

/** What an ABA file says about Earlybird (its bank's abbreviation, APCA user id, trace account, remitter name). */
export interface AuPayer {
  /** The bank's three-letter abbreviation, e.g. WBC. */
  financialInstitution: string;
  /** The user name the bank registered (up to 26 characters). */
  userName: string;
  /** The six-digit APCA user identification number. */
  apcaUserId: string;
  /** The trace account: where a payment that cannot be credited is returned. */
  traceBsb: string;
  traceAccountNumber: string;
  /** The remitter's name on the payees' statements (up to 16 characters). */
  remitterName: string;
}

export interface BankFileBatch {
  /** The processing date, YYYY-MM-DD (today in the country's time zone). */
  date: string;
  items: PaymentItem[];
}

/** The reference a withdrawal carries on both statements: WD and its id. */
export const withdrawalReference = (withdrawalId: number) => `WD${withdrawalId}`;
/** The reference the return of an unknown deposit carries: RT and the return's id. */
export const depositReturnReference = (depositReturnId: number) => `RT${depositReturnId}`;
/** A line's reference: WD<id> or RT<id>. */
export const paymentReference = (item: Pick<PaymentItem, "kind" | "id">) =>
  item.kind === "DEPOSIT_RETURN" ? depositReturnReference(item.id) : withdrawalReference(item.id);
/** The code on both statements: what the payment is. */
const PAYMENT_CODES: Record<PaymentKind, string> = { WITHDRAWAL: "Withdrawal", DEPOSIT_RETURN: "Refund" };

/** A withdrawal or deposit-return reference found in a bank's text ("WD12", "Earlybird RT3", "wd 12"), or null. */
export function parsePaymentReference(text: string): { kind: PaymentKind; id: number } | null {
  const match = /\b(WD|RT)\s?0*(\d{1,9})\b/i.exec(text);
  if (!match) return null;
  const id = Number(match[2]);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  return { kind: match[1].toUpperCase() === "RT" ? "DEPOSIT_RETURN" : "WITHDRAWAL", id };
}

export const BANK_FILE_FORMATS = { NZ: "NZ_BULK_CSV", AU: "AU_ABA" } as const;

/** Largest amount and total each format can carry: ABA has 10 digits of cents; the NZ control record 11 (ours). */
export const MAX_FILE_TOTAL: Record<BankFileCountry, Cents> = { NZ: 99_999_999_999, AU: 9_999_999_999 };

export class BankFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BankFileError";
  }
}

// --- Text fields -------------------------------------------------------------------------------------------------

/** Accents dropped (é → e), then anything outside `allowed` becomes a space; runs of spaces collapse. */
function cleanText(value: string, allowed: RegExp): string {
  return value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split("")
    .map((char) => (allowed.test(char) ? char : " "))
    .join("")
    .replace(/ {2,}/g, " ")
    .trim();
}

/** NZ alphanumeric fields: letters, digits, space and - ' & / # ? : _ . (never a comma, so no quoting is needed). */
const NZ_CHAR = /^[A-Za-z0-9 \-'&/#?:_.]$/;
/** ABA fields: the BECS character set (printable ASCII without the characters banks reject: ^ ` { } | ~ \ and "). */
const ABA_CHAR = /^[A-Za-z0-9 &'()*+,\-./:;<=>?@[\]_!#$%]$/;

export const nzText = (value: string, length: number) => cleanText(value, NZ_CHAR).slice(0, length).trim();
export const abaText = (value: string, length: number) => cleanText(value, ABA_CHAR).slice(0, length).trim();

const digits = (value: string) => value.replace(/[\s-]/g, "");

function assertAmount(amount: Cents, max: Cents, what: string) {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new BankFileError(`${what}: the amount must be a positive number of cents`);
  if (amount > max) throw new BankFileError(`${what}: the amount is larger than the file format can carry`);
}

function assertDate(date: string): [string, string, string] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new BankFileError(`Not a date: ${date}`);
  return [match[1], match[2], match[3]];
}

// --- NZ bulk direct-credit CSV -----------------------------------------------------------------------------------

/**
 * A NZ account number as the 16 digits of bank (2), branch (4), account (7) and suffix (3). A 15-digit number has a 0
 * inserted before its 2-digit suffix (spec p1 §5). Anything else is null.
 */
export function nzAccount16(value: string | null): string | null {
  if (!value) return null;
  const plain = digits(value);
  if (!/^\d+$/.test(plain)) return null;
  if (plain.length === 16) return plain;
  if (plain.length === 15) return `${plain.slice(0, 13)}0${plain.slice(13)}`;
  return null;
}

/**
 * The hash total of the control record: the sum of each account's branch and account digits (the 11 digits after the
 * bank code, without the suffix), keeping the rightmost 11 digits, zero-filled.
 */
export function nzHashTotal(accounts: string[]): string {
  let sum = 0n;
  for (const account of accounts) {
    const normalised = nzAccount16(account);
    if (!normalised) throw new BankFileError(`Not a NZ bank account number: ${account}`);
    sum += BigInt(normalised.slice(2, 13));
  }
  return (sum % 100_000_000_000n).toString().padStart(11, "0");
}

/** Why an item cannot go in a file of `country` (null when it can). The job leaves such a payment pending. */
export function paymentItemProblem(country: BankFileCountry, item: PaymentItem): string | null {
  if (!Number.isSafeInteger(item.amount) || item.amount <= 0) return "The amount is not a positive number of cents";
  if (item.amount > MAX_FILE_TOTAL[country]) return "The amount is larger than a bank file can carry";
  if (country === "NZ") return nzAccount16(item.accountNumber) ? null : "The account number is not a 15 or 16 digit NZ account number";
  if (!item.bsb || !/^\d{6}$/.test(digits(item.bsb))) return "The account has no six-digit BSB";
  if (!item.accountNumber || !/^\d{1,9}$/.test(item.accountNumber)) return "The account number is not 1 to 9 digits";
  return null;
}

const yymmdd = (date: string) => {
  const [year, month, day] = assertDate(date);
  return `${year.slice(2)}${month}${day}`;
};

/**
 * The NZ bulk direct-credit CSV (one batch, paid on its date):
 *   1,,,,<payer account 16>,7,<due YYMMDD>,<created YYMMDD>,
 *   2,<account 16>,50,<cents>,<payee name 20>,<their reference 12>,<their code 12>,,<their particulars 12>,
 *     <payer name 20>,<our code 12>,<our reference 12>,<our particulars 12>
 *   3,<total cents>,<count>,<hash total 11>
 * Transaction code 50 is a direct credit. The payee's statement shows the payer's name (particulars), "Withdrawal"
 * (code) and WD<id> (reference); Earlybird's shows "Earlybird", "Withdrawal" and the same WD<id>.
 */
export function formatNzBulkCsv(payer: NzPayer, batch: BankFileBatch): string {
  if (batch.items.length === 0) throw new BankFileError("A bank file needs at least one payment");
  const from = nzAccount16(payer.accountNumber);
  if (!from) throw new BankFileError("The payer's account is not a NZ bank account number");
  const date = yymmdd(batch.date);
  const payerName = nzText(payer.name, 20);
  const lines = [["1", "", "", "", from, "7", date, date, ""].join(",")];
  let total = 0;
  for (const item of batch.items) {
    const reference = paymentReference(item);
    const problem = paymentItemProblem("NZ", item);
    if (problem) throw new BankFileError(`${reference}: ${problem}`);
    total += item.amount;
    lines.push(
      [
        "2",
        nzAccount16(item.accountNumber),
        "50",
        String(item.amount),
        nzText(item.payeeName, 20),
        nzText(reference, 12),
        PAYMENT_CODES[item.kind],
        "",
        nzText(payer.name, 12),
        payerName,
        PAYMENT_CODES[item.kind],
        nzText(reference, 12),
        "Earlybird",
      ].join(",")
    );
  }
  assertAmount(total as Cents, MAX_FILE_TOTAL.NZ, "The file total");
  lines.push(["3", String(total), String(batch.items.length), nzHashTotal(batch.items.map((item) => item.accountNumber ?? ""))].join(","));
  return lines.map((line) => `${line}\r\n`).join("");
}

// --- AU ABA (Direct Entry) ---------------------------------------------------------------------------------------

const left = (value: string, width: number) => value.slice(0, width).padEnd(width, " ");
const rightBlank = (value: string, width: number) => value.slice(-width).padStart(width, " ");
const zeros = (value: number | string, width: number) => {
  const text = String(value);
  if (text.length > width) throw new BankFileError(`${text} does not fit in ${width} digits`);
  return text.padStart(width, "0");
};
const blanks = (width: number) => " ".repeat(width);

function bsbField(bsb: string, what: string): string {
  const plain = digits(bsb);
  if (!/^\d{6}$/.test(plain)) throw new BankFileError(`${what}: a BSB has six digits`);
  return `${plain.slice(0, 3)}-${plain.slice(3)}`;
}

function abaRecord(fields: string[]): string {
  const record = fields.join("");
  if (record.length !== 120) throw new BankFileError(`An ABA record is 120 characters, not ${record.length}`);
  return `${record}\r\n`;
}

/** ABA transaction code 50: a general (externally initiated) credit. */
export const ABA_CREDIT_CODE = "50";

/**
 * The ABA file. Records (positions 1-based):
 * - 0 descriptive: 1 "0"; 2-18 blank; 19-20 reel "01"; 21-23 bank abbreviation; 24-30 blank; 31-56 user name;
 *   57-62 APCA user id; 63-74 description; 75-80 date DDMMYY; 81-120 blank.
 * - 1 detail: 1 "1"; 2-8 BSB ###-###; 9-17 account (right-justified, blank-filled); 18 indicator (blank);
 *   19-20 transaction code; 21-30 amount in cents (zero-filled); 31-62 account title; 63-80 lodgement reference;
 *   81-87 trace BSB; 88-96 trace account; 97-112 remitter name; 113-120 withholding tax (zeros).
 * - 7 file total: 1 "7"; 2-8 "999-999"; 9-20 blank; 21-30 net total; 31-40 credit total; 41-50 debit total;
 *   51-74 blank; 75-80 count of detail records; 81-120 blank.
 */
export function formatAbaFile(payer: AuPayer, batch: BankFileBatch): string {
  if (batch.items.length === 0) throw new BankFileError("A bank file needs at least one payment");
  const [year, month, day] = assertDate(batch.date);
  const institution = payer.financialInstitution.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(institution)) throw new BankFileError("The bank abbreviation has three letters");
  const apca = digits(payer.apcaUserId);
  if (!/^\d{1,6}$/.test(apca)) throw new BankFileError("The APCA user id has up to six digits");
  const traceBsb = bsbField(payer.traceBsb, "The trace account");
  const traceAccount = digits(payer.traceAccountNumber);
  if (!/^\d{1,9}$/.test(traceAccount)) throw new BankFileError("The trace account number has 1 to 9 digits");
  const userName = abaText(payer.userName, 26);
  if (!userName) throw new BankFileError("The user name must not be blank");

  const records = [
    abaRecord([
      "0",
      blanks(17),
      "01",
      institution,
      blanks(7),
      left(userName, 26),
      zeros(apca, 6),
      left("WITHDRAWALS", 12),
      `${day}${month}${year.slice(2)}`,
      blanks(40),
    ]),
  ];
  let credit = 0;
  for (const item of batch.items) {
    const reference = paymentReference(item);
    const problem = paymentItemProblem("AU", item);
    if (problem) throw new BankFileError(`${reference}: ${problem}`);
    credit += item.amount;
    records.push(
      abaRecord([
        "1",
        bsbField(item.bsb ?? "", reference),
        rightBlank(item.accountNumber ?? "", 9),
        " ",
        ABA_CREDIT_CODE,
        zeros(item.amount, 10),
        left(abaText(item.payeeName, 32), 32),
        left(abaText(`Earlybird ${reference}`, 18), 18),
        traceBsb,
        rightBlank(traceAccount, 9),
        left(abaText(payer.remitterName, 16), 16),
        zeros(0, 8),
      ])
    );
  }
  assertAmount(credit as Cents, MAX_FILE_TOTAL.AU, "The file total");
  const debit = 0;
  records.push(
    abaRecord([
      "7",
      "999-999",
      blanks(12),
      zeros(Math.abs(credit - debit), 10),
      zeros(credit, 10),
      zeros(debit, 10),
      blanks(24),
      zeros(batch.items.length, 6),
      blanks(40),
    ])
  );
  return records.join("");
}

/** The file a batch becomes: name, format, content, MIME type, total. The first line's reference keeps names unique. */
export function bankFileFor(
  country: BankFileCountry,
  payer: { nz: NzPayer; au: AuPayer },
  batch: BankFileBatch
): { fileName: string; format: (typeof BANK_FILE_FORMATS)[BankFileCountry]; content: string; contentType: string; totalAmount: Cents; itemCount: number } {
  // The smallest withdrawal id (as before deposit returns joined the files), else the smallest return's.
  const withdrawals = batch.items.filter((item) => item.kind === "WITHDRAWAL");
  const named = withdrawals.length > 0 ? withdrawals : batch.items;
  const first = paymentReference(named.reduce((lowest, item) => (item.id < lowest.id ? item : lowest)));
  const totalAmount = batch.items.reduce((sum, item) => sum + item.amount, 0) as Cents;
  const base = `earlybird-withdrawals-${country}-${batch.date}-${first}`;
  return country === "NZ"
    ? {
        fileName: `${base}.csv`,
        format: "NZ_BULK_CSV",
        content: formatNzBulkCsv(payer.nz, batch),
        contentType: "text/csv",
        totalAmount,
        itemCount: batch.items.length,
      }
    : {
        fileName: `${base}.aba`,
        format: "AU_ABA",
        content: formatAbaFile(payer.au, batch),
        contentType: "text/plain",
        totalAmount,
        itemCount: batch.items.length,
      };
}

/**
 * The items of one file: in the given order, as many as fit under the format's total (an item that alone is too
 * large never fits and is left out), at most `limit`.
 */
export function takeFileBatch(country: BankFileCountry, items: PaymentItem[], limit: number): PaymentItem[] {
  const taken: PaymentItem[] = [];
  let total = 0;
  for (const item of items) {
    if (taken.length >= limit) break;
    if (paymentItemProblem(country, item)) continue;
    if (total + item.amount > MAX_FILE_TOTAL[country]) continue;
    taken.push(item);
    total += item.amount;
  }
  return taken;
}
