/**
 * Field extraction from a bill's text: pure functions, one per field (issue 16 part 3, decisions D6). Each returns
 * `{ value, confidence }` or null. Confidence (0-1) is highest for a value behind a known label in a PDF's text
 * layer, lower behind a weak label ("Date:", "Total"), lower again for a guess without a label, and scaled down for
 * OCR text (textConfidenceFactor). Dates are NZ/AU day/month/year. Amounts are integer cents.
 */
import type { Cents } from "../../lib/money";

export type TextSource = "PDF_TEXT" | "OCR";
export type Field<T> = { value: T; confidence: number } | null;
export type LineItem = { description: string; amountCents: Cents };
export type ExtractedFields = {
  supplierName: Field<string>;
  invoiceNumber: Field<string>;
  orderNumber: Field<string>;
  issueDate: Field<string>;
  dueDate: Field<string>;
  amountCents: Field<Cents>;
  lineItems: Field<LineItem[]>;
};
export type FieldName = keyof ExtractedFields;

/** The confidence of a value found behind a strong label, a weak one, or guessed (before the OCR factor). */
export const LABELLED = 0.95;
export const WEAK_LABEL = 0.75;
export const GUESSED = 0.45;

/** OCR text is trusted less: by OCR's own mean confidence, and never above 0.85 of the text layer's. */
export function textConfidenceFactor(source: TextSource, ocrConfidencePercent: number | null): number {
  if (source === "PDF_TEXT") return 1;
  const ocr = ocrConfidencePercent === null ? 0.7 : Math.min(1, Math.max(0, ocrConfidencePercent / 100));
  return 0.85 * ocr;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const field = <T>(value: T, confidence: number, factor: number): Field<T> => ({ value, confidence: round2(confidence * factor) });

export function textLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => line.length > 0);
}

// ---------------------------------------------------------------------------------------------------------------
// Money

const MONEY = /(-?)\$?\s?((?:\d{1,3}(?:,\d{3})+|\d+)\.\d{2})(?!\d)/g;

/** "$1,150.00", "1150.00", "-$5.00" → cents; null when the text holds no amount with two decimals. */
export function parseMoneyToCents(text: string): Cents | null {
  const all = moneyAmounts(text);
  return all.length > 0 ? all[0] : null;
}

export function moneyAmounts(text: string): Cents[] {
  const found: Cents[] = [];
  for (const match of text.matchAll(MONEY)) {
    const [whole, fraction] = match[2].replace(/,/g, "").split(".");
    const cents = Number(whole) * 100 + Number(fraction);
    if (Number.isSafeInteger(cents)) found.push((match[1] === "-" ? -cents : cents) as Cents);
  }
  return found;
}

/**
 * The bill's total including GST. Labels in order of trust; a line naming the subtotal, the GST alone or an amount
 * excluding GST is never the total. Without a label: the largest amount on the page, guessed.
 */
const TOTAL_LABELS: { pattern: RegExp; confidence: number }[] = [
  { pattern: /\btotal\b.*\b(inc|incl|including)\b\.?\s*(of\s+)?gst\b/i, confidence: LABELLED },
  { pattern: /\b(amount|balance|total)\s+(due|payable|owing)\b/i, confidence: LABELLED },
  { pattern: /\b(invoice|grand)\s+total\b/i, confidence: LABELLED },
  { pattern: /\btotal\b/i, confidence: WEAK_LABEL },
];
const NOT_TOTAL = /\b(sub\s*-?\s*total|excl?\b|excluding|ex\.?\s+gst|gst\s+(amount|total|\d+\s*%)|^gst\b|total\s+gst|gst\s*@)/i;

export function extractAmount(lines: string[], factor = 1): Field<Cents> {
  for (const { pattern, confidence } of TOTAL_LABELS) {
    for (let i = lines.length - 1; i >= 0; i--) {
      const line = lines[i];
      if (!pattern.test(line)) continue;
      if (NOT_TOTAL.test(line) && !/\b(inc|incl|including)\b\.?\s*(of\s+)?gst\b/i.test(line)) continue;
      const after = line.slice(line.search(pattern));
      const amounts = moneyAmounts(after);
      // The amount may sit on the next line (a label above its value in a two-line layout).
      const amount = amounts.at(-1) ?? (lines[i + 1] && !/[a-z]{3}/i.test(lines[i + 1]) ? moneyAmounts(lines[i + 1])[0] : undefined);
      if (amount !== undefined && amount > 0) return field(amount, confidence, factor);
    }
  }
  const all = lines.flatMap((line) => moneyAmounts(line)).filter((cents) => cents > 0);
  if (all.length === 0) return null;
  return field(Math.max(...all) as Cents, GUESSED, factor);
}

// ---------------------------------------------------------------------------------------------------------------
// Reference numbers

/** A reference token: letters, digits and - / . with at least one digit. */
const REFERENCE = /^([A-Z0-9][A-Z0-9\-/.]*\d[A-Z0-9\-/]*|\d[A-Z0-9\-/]*)/i;

/** The reference right after a label match, skipping ":", "#", "." and spaces. */
export function referenceAfter(rest: string): string | null {
  const match = REFERENCE.exec(rest.replace(/^[\s:#.\-–]+/, "").replace(/^(no|number|num)\b\.?[\s:#]*/i, ""));
  return match ? match[1].replace(/[.\-/]+$/, "") : null;
}

function labelled(lines: string[], labels: { pattern: RegExp; confidence: number }[], factor: number): Field<string> {
  for (const { pattern, confidence } of labels) {
    for (const line of lines) {
      const match = pattern.exec(line);
      if (!match) continue;
      const value = referenceAfter(line.slice(match.index + match[0].length));
      if (value) return field(value, confidence, factor);
    }
  }
  return null;
}

const INVOICE_NUMBER_LABELS = [
  { pattern: /\b(?:tax\s+)?invoice\s*(?:number|no\b\.?|num\b\.?|#)/i, confidence: LABELLED },
  { pattern: /\binv\s*(?:no\b\.?|#|number)/i, confidence: LABELLED },
  { pattern: /\b(?:tax\s+)?invoice\s*:/i, confidence: WEAK_LABEL },
  { pattern: /\b(?:bill|document)\s*(?:number|no\b\.?|#)/i, confidence: WEAK_LABEL },
];

export function extractInvoiceNumber(lines: string[], factor = 1): Field<string> {
  return labelled(lines, INVOICE_NUMBER_LABELS, factor);
}

const ORDER_NUMBER_LABELS = [
  { pattern: /\bpurchase\s+order\s*(?:number|no\b\.?|#)?/i, confidence: LABELLED },
  { pattern: /\bp\.?\s?o\.?\s*(?:number|no\b\.?|#|ref\b\.?)/i, confidence: LABELLED },
  { pattern: /\b(?:your\s+|customer\s+)?order\s*(?:number|no\b\.?|ref\b\.?|reference|#)/i, confidence: LABELLED },
  { pattern: /\b(?:your\s+)?order\s*:/i, confidence: WEAK_LABEL },
];
/** An order number on its own, without a label: "PO-4102", "PO4102". */
const BARE_ORDER_NUMBER = /\bPO-?\d{3,}\b/i;

export function extractOrderNumber(lines: string[], factor = 1): Field<string> {
  const found = labelled(lines, ORDER_NUMBER_LABELS, factor);
  if (found) return found;
  for (const line of lines) {
    const match = BARE_ORDER_NUMBER.exec(line);
    if (match) return field(match[0].toUpperCase(), GUESSED + 0.15, factor);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Dates

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const MONTH_NAME = "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
const DATE_PATTERNS: { pattern: RegExp; parts: (m: RegExpExecArray) => [number, number, number] }[] = [
  // 2026-11-12 (ISO)
  { pattern: /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/, parts: (m) => [Number(m[3]), Number(m[2]), Number(m[1])] },
  // 12/11/2026, 12-11-26, 12.11.2026: day first (NZ/AU)
  { pattern: /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})\b/, parts: (m) => [Number(m[1]), Number(m[2]), fullYear(m[3])] },
  // 12 Nov 2026, 12-Nov-26, 12th November 2026
  { pattern: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?[\\s-]+${MONTH_NAME}\\.?,?[\\s-]+(\\d{4}|\\d{2})\\b`, "i"), parts: (m) => [Number(m[1]), monthOf(m[2]), fullYear(m[3])] },
  // November 12, 2026
  { pattern: new RegExp(`\\b${MONTH_NAME}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, "i"), parts: (m) => [Number(m[2]), monthOf(m[1]), fullYear(m[3])] },
];

function fullYear(text: string): number {
  const year = Number(text);
  return text.length === 2 ? 2000 + year : year;
}
function monthOf(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}

function isoDate(day: number, month: number, year: number): string | null {
  if (month < 1 || month > 12 || day < 1 || year < 1900 || year > 2200) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The first date in the text as yyyy-mm-dd, or null. */
export function parseDate(text: string): string | null {
  let best: { index: number; iso: string } | null = null;
  for (const { pattern, parts } of DATE_PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const iso = isoDate(...parts(match));
    if (iso && (!best || match.index < best.index)) best = { index: match.index, iso };
  }
  return best?.iso ?? null;
}

const DUE_LABELS = [
  { pattern: /\b(?:due\s+date|payment\s+due|date\s+due|due\s+by|pay\s+by|due\s+on)\b/i, confidence: LABELLED },
  { pattern: /\bdue\b\s*:/i, confidence: WEAK_LABEL },
];
const ISSUE_LABELS = [
  { pattern: /\b(?:invoice\s+date|date\s+of\s+issue|issue\s+date|date\s+issued|tax\s+date|invoice\s+dated)\b/i, confidence: LABELLED },
  { pattern: /(?:^|\s)date\b\s*:?/i, confidence: WEAK_LABEL },
];

function labelledDate(lines: string[], labels: typeof DUE_LABELS, factor: number, skip?: RegExp): Field<string> {
  for (const { pattern, confidence } of labels) {
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      const match = pattern.exec(line);
      if (!match || (skip && skip.test(line))) continue;
      const value = parseDate(line.slice(match.index + match[0].length)) ?? (lines[i + 1] ? parseDate(lines[i + 1]) : null);
      if (value) return field(value, confidence, factor);
    }
  }
  return null;
}

export function extractDueDate(lines: string[], factor = 1): Field<string> {
  return labelledDate(lines, DUE_LABELS, factor);
}

/** The issue date behind its label; else the first date on the page that is not the due date, guessed. */
export function extractIssueDate(lines: string[], factor = 1): Field<string> {
  const found = labelledDate(lines, ISSUE_LABELS, factor, /\bdue\b|\border\s+date\b/i);
  if (found) return found;
  for (const line of lines) {
    if (DUE_LABELS.some(({ pattern }) => pattern.test(line))) continue;
    const value = parseDate(line);
    if (value) return field(value, GUESSED, factor);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Supplier

const COMPANY_SUFFIX = /\b(ltd|limited|pty|co|company|inc|llc|group|trust|partners)\.?$/i;
const NOT_A_NAME = /^(tax\s+invoice|invoice|bill|statement|receipt|page\s+\d|gst|abn|nzbn|ph|phone|tel|email|www\.|http)/i;
const BUYER_LABEL = /^(bill(ed)?\s+to|invoice\s+to|to|customer|deliver(y)?\s+to|ship\s+to|sold\s+to)\b\s*:?/i;

/** Lower-case, punctuation out, legal suffixes off, spaces collapsed: the key learnt anchors are stored under. */
export function supplierKeyOf(name: string): string {
  let key = name
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
  for (;;) {
    const shorter = key.replace(/\s+(ltd|limited|pty|co|company|inc|llc)$/, "");
    if (shorter === key) break;
    key = shorter;
  }
  return key;
}

/**
 * The supplier: a known counterparty's name found in the text (most trusted); else the "From:" line; else the first
 * line near the top that reads as a company name ("... Ltd"); else the first prominent line, guessed. The buyer's own
 * name and the lines of its "Bill To" block are never the supplier.
 */
export function extractSupplier(lines: string[], factor = 1, options: { knownSuppliers?: string[]; buyerName?: string | null } = {}): Field<string> {
  const buyerKey = options.buyerName ? supplierKeyOf(options.buyerName) : null;
  const isBuyer = (line: string) => buyerKey !== null && supplierKeyOf(line).includes(buyerKey);
  const textKey = ` ${supplierKeyOf(lines.join(" "))} `;
  const known = (options.knownSuppliers ?? [])
    .filter((name) => supplierKeyOf(name).length >= 3 && supplierKeyOf(name) !== buyerKey)
    .sort((a, b) => b.length - a.length)
    .find((name) => textKey.includes(` ${supplierKeyOf(name)} `));
  if (known) return field(known, LABELLED, factor);

  for (const line of lines) {
    const from = /^(?:from|supplier|vendor)\s*:\s*(.+)$/i.exec(line);
    if (from && !isBuyer(from[1])) return field(from[1].trim(), LABELLED - 0.05, factor);
  }
  const top = topLines(lines).filter((line) => !isBuyer(line));
  const company = top.find((line) => COMPANY_SUFFIX.test(line));
  if (company) return field(company, WEAK_LABEL, factor);
  const first = top.find((line) => /[a-z]{3}/i.test(line) && !/\d{3}/.test(line));
  return first ? field(first, GUESSED, factor) : null;
}

/**
 * What a supplier's name could be, for looking it up among the buyer's counterparties: every run of 2 to 6 words on
 * the first lines (OCR runs a name into what stands beside it: ": Otago Bakery Supplies Ltd TAX INVOICE"), lower case.
 */
export function supplierNameCandidates(lines: string[], firstLines = 15): string[] {
  const candidates = new Set<string>();
  for (const line of lines.slice(0, firstLines)) {
    const words = line
      .toLowerCase()
      .split(/\s+/)
      .map((word) => word.replace(/^[^\p{L}\p{N}&(]+|[^\p{L}\p{N}.)]+$/gu, ""))
      .filter(Boolean);
    for (let start = 0; start < words.length; start++) {
      for (let length = 1; length <= 6 && start + length <= words.length; length++) candidates.add(words.slice(start, start + length).join(" "));
    }
  }
  return [...candidates];
}

/** The first lines of the page that could be a name: no label, no buyer block. */
function topLines(lines: string[]): string[] {
  const top: string[] = [];
  let inBuyerBlock = false;
  for (const raw of lines.slice(0, 12)) {
    const line = raw.replace(/^[^\p{L}\p{N}]+/u, "");
    const buyerLabel = BUYER_LABEL.exec(line);
    if (buyerLabel) {
      // "Bill To:" alone opens the buyer's block; "Bill To: Harbour Foods Ltd" is the whole of it.
      inBuyerBlock = line.slice(buyerLabel[0].length).trim() === "";
      continue;
    }
    if (inBuyerBlock) {
      if (/:/.test(line) || line.length < 3) inBuyerBlock = false;
      else continue;
    }
    if (NOT_A_NAME.test(line) || /:/.test(line) || moneyAmounts(line).length > 0) continue;
    // OCR joins a heading printed on the same row ("Nelson Fresh Fruit Ltd TAX INVOICE").
    const name = line
      .replace(/\s*\|.*$/, "")
      .replace(/\s+(tax\s+)?invoice\s*$/i, "")
      .trim();
    if (name) top.push(name);
  }
  return top;
}

// ---------------------------------------------------------------------------------------------------------------
// Line items

const ITEMS_HEADER = /\bdescription\b.*\b(amount|total|price)\b/i;
const ITEMS_END = /\b(sub\s*-?\s*total|total|gst)\b/i;

/**
 * Rows between a header naming Description and Amount/Total and the first subtotal/total line; each row's last amount
 * is its line amount. Null when the bill has no such table.
 */
export function extractLineItems(lines: string[], factor = 1): Field<LineItem[]> {
  const start = lines.findIndex((line) => ITEMS_HEADER.test(line));
  if (start < 0) return null;
  const items: LineItem[] = [];
  for (const line of lines.slice(start + 1)) {
    if (ITEMS_END.test(line)) break;
    const amounts = moneyAmounts(line);
    const description = line
      .replace(MONEY, " ")
      .replace(/\s+\d+(\.\d+)?\s*$/, "")
      .replace(/\s+/g, " ")
      .trim();
    if (amounts.length === 0 || !/[a-z]{2}/i.test(description)) continue;
    items.push({ description, amountCents: amounts.at(-1)! });
  }
  return items.length > 0 ? field(items, WEAK_LABEL + 0.05, factor) : null;
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * OCR reads a letter prefix's O as 0 (and I as 1, S as 5): "0B-7731". In a reference whose prefix before the first
 * - or / also has letters, those digits are letters.
 */
export function repairOcrReference(reference: string): string {
  const match = /^([A-Z0-9]+)([-/].*)$/i.exec(reference);
  if (!match || !/[A-Z]/i.test(match[1]) || !/\d/.test(match[2])) return reference;
  const prefix = match[1].replace(/0/g, "O").replace(/1/g, "I").replace(/5/g, "S");
  return prefix + match[2];
}

const repaired = (found: Field<string>, source: TextSource): Field<string> => (found && source === "OCR" ? { ...found, value: repairOcrReference(found.value) } : found);

export function extractFields(
  text: string,
  source: TextSource,
  ocrConfidencePercent: number | null,
  options: { knownSuppliers?: string[]; buyerName?: string | null } = {},
): ExtractedFields {
  const lines = textLines(text);
  const factor = textConfidenceFactor(source, ocrConfidencePercent);
  return {
    supplierName: extractSupplier(lines, factor, options),
    invoiceNumber: repaired(extractInvoiceNumber(lines, factor), source),
    orderNumber: repaired(extractOrderNumber(lines, factor), source),
    issueDate: extractIssueDate(lines, factor),
    dueDate: extractDueDate(lines, factor),
    amountCents: extractAmount(lines, factor),
    lineItems: extractLineItems(lines, factor),
  };
}
