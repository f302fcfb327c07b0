/**
 * The list filters both APIs take, kept simple: Xero's `where` (Field=="text", !=, Guid("..."), DateTime(y,m,d), numbers,
 * joined by AND/&& and OR/||) and `order`; MYOB's OData `$filter` (eq ne gt ge lt le, 'text', datetime'...', guid'...',
 * numbers, joined by and/or) and `$orderby`. Field paths may be dotted (Contact.ContactID) or slashed (Supplier/UID).
 */
import { parseUtc, parseXeroDate } from "./util";

type Value = string | number | boolean | null;
type Comparison = "==" | "!=" | ">" | ">=" | "<" | "<=";

/** Splits `text` on a separator pattern outside quotes and parentheses. */
function splitOutsideQuotes(text: string, separator: RegExp): string[] {
  const parts: string[] = [];
  let depthQuote: string | null = null;
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (depthQuote) {
      if (char === depthQuote) depthQuote = null;
      continue;
    }
    if (char === '"' || char === "'") {
      depthQuote = char;
      continue;
    }
    if (char === "(") depth += 1;
    if (char === ")") depth -= 1;
    const match = depth === 0 ? separator.exec(text.slice(index)) : null;
    if (match) {
      parts.push(text.slice(start, index));
      index += match[0].length - 1;
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim()).filter(Boolean);
}

function valueAt(record: unknown, path: string[]): unknown {
  let current: unknown = record;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    const object = current as Record<string, unknown>;
    const exact = key in object ? key : Object.keys(object).find((candidate) => candidate.toLowerCase() === key.toLowerCase());
    current = exact ? object[exact] : undefined;
  }
  return current;
}

function comparable(value: unknown, like: Value): Value {
  if (typeof like === "number" && typeof value === "string") {
    const date = value.startsWith("/Date(") ? parseXeroDate(value) : /^\d{4}-\d{2}-\d{2}/.test(value) ? parseUtc(value) : Number(value);
    return Number.isNaN(date) ? null : date;
  }
  if (typeof like === "string" && typeof value === "string") return value.toLowerCase();
  return (value ?? null) as Value;
}

function compare(left: Value, op: Comparison, right: Value): boolean {
  if (typeof right === "string" && typeof left === "string") right = right.toLowerCase();
  switch (op) {
    case "==":
      return left === right;
    case "!=":
      return left !== right;
    case ">":
      return left !== null && right !== null && left > right;
    case ">=":
      return left !== null && right !== null && left >= right;
    case "<":
      return left !== null && right !== null && left < right;
    case "<=":
      return left !== null && right !== null && left <= right;
  }
}

/** Drops grouping parentheses: unmatched ones left by splitting "(A OR B)", and a pair around the whole text. */
function trimParens(text: string): string {
  let value = text.trim();
  const count = (char: string) => value.replace(/"[^"]*"|'[^']*'/g, "").split(char).length - 1;
  while (value.startsWith("(") && count("(") > count(")")) value = value.slice(1).trim();
  while (value.endsWith(")") && count(")") > count("(")) value = value.slice(0, -1).trim();
  const wrapped = () => {
    let depth = 0;
    for (let index = 0; index < value.length; index += 1) {
      if (value[index] === "(") depth += 1;
      else if (value[index] === ")") depth -= 1;
      if (depth === 0 && index < value.length - 1) return false;
    }
    return true;
  };
  while (value.startsWith("(") && value.endsWith(")") && wrapped()) value = value.slice(1, -1).trim();
  return value;
}

function build(text: string, clause: (part: string) => (record: unknown) => boolean, or: RegExp, and: RegExp): (record: unknown) => boolean {
  const groups = splitOutsideQuotes(trimParens(text), or).map((group) =>
    splitOutsideQuotes(trimParens(group), and).map((part) => {
      const inner = trimParens(part);
      // A parenthesised group of its own: (A OR B) inside an AND.
      const nested = inner !== part.trim() && (splitOutsideQuotes(inner, or).length > 1 || splitOutsideQuotes(inner, and).length > 1);
      return nested ? build(inner, clause, or, and) : clause(inner);
    }),
  );
  return (record) => groups.some((group) => group.every((test) => test(record)));
}

export class QueryError extends Error {}

function parseXeroValue(raw: string): Value {
  const text = raw.trim();
  let match = /^"(.*)"$/.exec(text);
  if (match) return match[1];
  match = /^Guid\("(.*)"\)$/i.exec(text);
  if (match) return match[1];
  match = /^DateTime\((\d{4}),\s*(\d{1,2}),\s*(\d{1,2})\)$/i.exec(text);
  if (match) return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (/^(true|false)$/i.test(text)) return text.toLowerCase() === "true";
  if (/^null$/i.test(text)) return null;
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  throw new QueryError(`Unsupported value ${text}`);
}

/** Xero's `where`. */
export function xeroWhere(text: string): (record: unknown) => boolean {
  return build(
    text,
    (part) => {
      const match = /^([A-Za-z][\w.]*)\s*(==|!=|>=|<=|>|<)\s*(.+)$/.exec(part);
      if (!match) throw new QueryError(`Unsupported where clause: ${part}`);
      const path = match[1].split(".");
      const op = match[2] as Comparison;
      const value = parseXeroValue(match[3]);
      return (record) => compare(comparable(valueAt(record, path), value), op, value);
    },
    /^(\s+OR\s+|\s*\|\|\s*)/i,
    /^(\s+AND\s+|\s*&&\s*)/i,
  );
}

const ODATA_OPS: Record<string, Comparison> = { eq: "==", ne: "!=", gt: ">", ge: ">=", lt: "<", le: "<=" };

function parseODataValue(raw: string): Value {
  const text = raw.trim();
  let match = /^datetime'([^']*)'$/i.exec(text);
  if (match) return parseUtc(match[1]);
  match = /^guid'([^']*)'$/i.exec(text);
  if (match) return match[1];
  match = /^'((?:[^']|'')*)'$/.exec(text);
  if (match) return match[1].replace(/''/g, "'");
  if (/^(true|false)$/i.test(text)) return text.toLowerCase() === "true";
  if (/^null$/i.test(text)) return null;
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  throw new QueryError(`Unsupported value ${text}`);
}

/** MYOB's `$filter`; also returns the lower bound of `LastModified gt|ge datetime'...'` for a binary search. */
export function odataFilter(text: string): { test: (record: unknown) => boolean; modifiedAfter: number | null } {
  let modifiedAfter: number | null = null;
  const test = build(
    text,
    (part) => {
      const match = /^([A-Za-z][\w/]*)\s+(eq|ne|gt|ge|lt|le)\s+(.+)$/i.exec(part);
      if (!match) throw new QueryError(`Unsupported $filter clause: ${part}`);
      const path = match[1].split("/");
      const op = ODATA_OPS[match[2].toLowerCase()];
      const value = parseODataValue(match[3]);
      if (!/\bor\b/i.test(text) && path.length === 1 && path[0].toLowerCase() === "lastmodified" && (op === ">" || op === ">=") && typeof value === "number") {
        modifiedAfter = Math.max(modifiedAfter ?? -Infinity, value - 1);
      }
      return (record) => compare(comparable(valueAt(record, path), value), op, value);
    },
    /^\s+or\s+/i,
    /^\s+and\s+/i,
  );
  return { test, modifiedAfter };
}

/** `Field [ASC|DESC], ...` (both APIs): a comparator, or null for the stored order (last change, oldest first). */
export function orderBy(text: string | null, storedField: string): ((a: unknown, b: unknown) => number) | null {
  if (!text?.trim()) return null;
  const keys = text.split(",").map((part) => {
    const [field, direction] = part.trim().split(/\s+/);
    return { path: field.split(/[./]/), sign: direction?.toLowerCase() === "desc" ? -1 : 1 };
  });
  if (keys.length === 1 && keys[0].sign === 1 && keys[0].path.join(".").toLowerCase() === storedField.toLowerCase()) return null;
  return (a, b) => {
    for (const key of keys) {
      const left = sortable(valueAt(a, key.path));
      const right = sortable(valueAt(b, key.path));
      if (left < right) return -key.sign;
      if (left > right) return key.sign;
    }
    return 0;
  };
}

function sortable(value: unknown): number | string {
  if (typeof value === "number") return value;
  if (typeof value === "string") return value.startsWith("/Date(") ? parseXeroDate(value) : value.toLowerCase();
  return "";
}
