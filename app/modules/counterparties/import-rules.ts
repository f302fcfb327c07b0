/**
 * Counterparty import file rows (spec p3 §3 "Counterparty import row", §5 "Counterparty import file rows", §5 external
 * bank account and GL code), pure and row by row so a stream never needs the whole file (decision 036).
 *
 * A row is checked in full: every reason it fails is reported, in column order. Cells are trimmed; a company name's
 * repeated spaces collapse; the GST number's dashes and spaces (the spec's own example is "123-456-789") are removed
 * before the digits are checked, and an 8-digit number is padded with a leading 0; payment term values are
 * uppercased. An empty optional cell means "not given" (an upsert keeps what the counterparty already has).
 */

/** The template's columns, in order (import_counterparties.csv). */
export const COUNTERPARTY_IMPORT_COLUMNS = [
  "Company Name",
  "External Account ID",
  "Bank Account Number",
  "GST Number",
  "GL Code",
  "Payment Term Frequency",
  "Payment Term Day",
] as const;

export const COUNTERPARTY_IMPORT_TEMPLATE = "import_counterparties.csv";
export const COUNTERPARTY_IMPORT_JOB_TYPE = "IMPORT_COUNTERPARTIES";

/** The spec's row messages (p3 §5), verbatim, and ours in its voice where it gives none. */
export const COUNTERPARTY_ROW_MESSAGES = {
  mandatory: "Company name and external account ID number are mandatory fields",
  gstDigits: "GST Number must only contain numbers e.g. 123-456-789 or 123456789",
  gstLength: "Invalid GST Number length (min: 8, max: 9).",
  termBoth: "Invalid payment term, both payment term fields must be filled to be valid",
  // Ours: the spec says only that the frequency must be Monthly or Weekly.
  termFrequency: "Payment term frequency must be Monthly or Weekly",
  monthlyDate: "Monthly payment term frequency must have date of 1-31",
  weeklyDay: "Weekly payment term frequency must have day of week e.g. Monday",
  bankAccountLength: "Bank account is invalid length",
  glCode: "Invalid GL Code, please try again",
  // Ours: limits that keep a row inside what the database stores.
  nameTooLong: `Company name must be at most 200 characters`,
  externalIdTooLong: `External account ID must be at most 100 characters`,
  nulCharacter: "The row contains a NUL character, which is not allowed",
} as const;

/** Ours, in the voice of the invoice import's template message (p2 §5). */
export const COUNTERPARTY_TEMPLATE_MESSAGE = "Incorrect template. Please check you are using the correct template to import counterparties.";

export const NAME_MAX = 200;
export const EXTERNAL_ID_MAX = 100;
/** p3 §5 / §9: an external counterparty bank account has at least 16 characters. The upper bound (an IBAN's 34) is ours. */
export const BANK_ACCOUNT_MIN = 16;
export const BANK_ACCOUNT_MAX = 34;

export const PAYMENT_TERM_FREQUENCIES = ["MONTHLY", "WEEKLY"] as const;
export type PaymentTermFrequency = (typeof PAYMENT_TERM_FREQUENCIES)[number];
export const DAYS_OF_WEEK = ["SUNDAY", "MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY"] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

export interface ImportPaymentTerm {
  frequency: PaymentTermFrequency;
  date: number | null;
  dayOfWeek: DayOfWeek | null;
}

/** A valid row (p3 §3 "Counterparty import row"). */
export interface CounterpartyImportRow {
  entityName: string;
  externalAccountId: string;
  externalBankAccountNumber: string | null;
  gstNumber: string | null;
  /** The GL code as written (trimmed); the service maps it to the company's GL account. */
  glCode: string | null;
  paymentTerm: ImportPaymentTerm | null;
}

/** The cells of one row, in template order (missing trailing cells are empty). */
export type CounterpartyImportCells = readonly string[];

export type ParsedCounterpartyRow = { ok: true; row: CounterpartyImportRow } | { ok: false; reasons: string[] };

export interface RowContext {
  /** Whether the company has a visible GL account with this code (an empty code is never asked). */
  glCodeExists: (code: string) => boolean;
}

/** A header cell as compared: BOM and surrounding spaces removed, case and inner spacing ignored. */
export const headerKey = (name: string) => name.replace(/^\uFEFF/, "").trim().replace(/\s+/g, " ").toLowerCase();

/** True when the header line is the template's, column for column. */
export function isTemplateHeader(header: readonly string[]): boolean {
  const cells = header.map(headerKey);
  while (cells.length > COUNTERPARTY_IMPORT_COLUMNS.length && cells[cells.length - 1] === "") cells.pop();
  return cells.length === COUNTERPARTY_IMPORT_COLUMNS.length && COUNTERPARTY_IMPORT_COLUMNS.every((column, i) => headerKey(column) === cells[i]);
}

export const isBlankCells = (cells: CounterpartyImportCells) => cells.every((value) => (value ?? "").trim() === "");

/** "  Acme   Trading  Ltd " -> "Acme Trading Ltd". */
export const collapseSpaces = (value: string) => value.trim().replace(/\s+/g, " ");

/** The key a company name is matched on: spaces collapsed, case ignored. */
export const nameKey = (name: string) => collapseSpaces(name).toLowerCase();

/** A GST number as stored (9 digits), or the reason it is not one. Dashes and spaces are separators. */
export function normaliseGst(value: string): { ok: true; gst: string } | { ok: false; reason: string } {
  const digits = value.replace(/[-\s]/g, "");
  if (!/^[0-9]+$/.test(digits)) return { ok: false, reason: COUNTERPARTY_ROW_MESSAGES.gstDigits };
  if (digits.length < 8 || digits.length > 9) return { ok: false, reason: COUNTERPARTY_ROW_MESSAGES.gstLength };
  return { ok: true, gst: digits.padStart(9, "0") };
}

/** The payment term of a row: none when both cells are empty, else both must be filled and agree. */
export function parsePaymentTerm(frequencyCell: string, dayCell: string): { ok: true; term: ImportPaymentTerm | null } | { ok: false; reason: string } {
  const frequency = frequencyCell.trim().toUpperCase();
  const day = dayCell.trim().toUpperCase();
  if (!frequency && !day) return { ok: true, term: null };
  if (!frequency || !day) return { ok: false, reason: COUNTERPARTY_ROW_MESSAGES.termBoth };
  if (frequency === "MONTHLY") {
    if (!/^[0-9]{1,2}$/.test(day) || Number(day) < 1 || Number(day) > 31) return { ok: false, reason: COUNTERPARTY_ROW_MESSAGES.monthlyDate };
    return { ok: true, term: { frequency, date: Number(day), dayOfWeek: null } };
  }
  if (frequency === "WEEKLY") {
    if (!(DAYS_OF_WEEK as readonly string[]).includes(day)) return { ok: false, reason: COUNTERPARTY_ROW_MESSAGES.weeklyDay };
    return { ok: true, term: { frequency, date: null, dayOfWeek: day as DayOfWeek } };
  }
  return { ok: false, reason: COUNTERPARTY_ROW_MESSAGES.termFrequency };
}

/** One data row of the file, checked against every rule; all the reasons it fails, in column order. */
export function parseCounterpartyRow(cells: CounterpartyImportCells, context: RowContext): ParsedCounterpartyRow {
  const cell = (i: number) => (cells[i] ?? "").trim();
  const reasons: string[] = [];
  if (cells.some((value) => (value ?? "").includes("\u0000"))) return { ok: false, reasons: [COUNTERPARTY_ROW_MESSAGES.nulCharacter] };

  const entityName = collapseSpaces(cell(0));
  const externalAccountId = cell(1);
  if (!entityName || !externalAccountId) reasons.push(COUNTERPARTY_ROW_MESSAGES.mandatory);
  if (entityName.length > NAME_MAX) reasons.push(COUNTERPARTY_ROW_MESSAGES.nameTooLong);
  if (externalAccountId.length > EXTERNAL_ID_MAX) reasons.push(COUNTERPARTY_ROW_MESSAGES.externalIdTooLong);

  const bank = cell(2);
  if (bank && (bank.length < BANK_ACCOUNT_MIN || bank.length > BANK_ACCOUNT_MAX)) reasons.push(COUNTERPARTY_ROW_MESSAGES.bankAccountLength);

  let gstNumber: string | null = null;
  if (cell(3)) {
    const gst = normaliseGst(cell(3));
    if (gst.ok) gstNumber = gst.gst;
    else reasons.push(gst.reason);
  }

  const glCode = cell(4) || null;
  if (glCode && !context.glCodeExists(glCode)) reasons.push(COUNTERPARTY_ROW_MESSAGES.glCode);

  const term = parsePaymentTerm(cell(5), cell(6));
  if (!term.ok) reasons.push(term.reason);

  if (reasons.length > 0 || !term.ok) return { ok: false, reasons };
  return {
    ok: true,
    row: { entityName, externalAccountId, externalBankAccountNumber: bank || null, gstNumber, glCode, paymentTerm: term.term },
  };
}

/** The key a payment term is matched on within a company: "MONTHLY:15", "WEEKLY:MONDAY". */
export const paymentTermKey = (term: ImportPaymentTerm) => `${term.frequency}:${term.frequency === "MONTHLY" ? term.date : term.dayOfWeek}`;

/** The key a GL code is matched on (codes compare without case). */
export const glCodeKey = (code: string) => code.trim().toUpperCase();
