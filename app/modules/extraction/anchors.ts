/**
 * Learning per supplier (issue 16 part 3): when a reviewer corrects a field of a supplier's bill, where the right
 * value sat in that bill's text is remembered as an anchor: the label just before it on its line ("Ref No."), or,
 * when nothing stands before it, the line's index. The supplier's next bills are read at that anchor first.
 * Pure functions; the anchors are stored by learning.server.ts.
 */
import type { Cents } from "../../lib/money";
import { moneyAmounts, parseDate, referenceAfter, textLines } from "./fields";

export const LEARNABLE_FIELDS = ["invoiceNumber", "orderNumber", "issueDate", "dueDate", "amountCents"] as const;
export type LearnableField = (typeof LEARNABLE_FIELDS)[number];
export type LearnableValue = string | Cents;
export type Anchor = { label: string | null; lineIndex: number };

const normalise = (s: string) => s.replace(/\s+/g, "").toUpperCase();

/** Where a value of this field starts on a line, and how long it is, if the line holds the corrected value. */
function locate(line: string, field: LearnableField, value: LearnableValue): { start: number; length: number } | null {
  if (field === "amountCents") {
    for (const match of line.matchAll(/-?\$?\s?(?:\d{1,3}(?:,\d{3})+|\d+)\.\d{2}(?!\d)/g)) {
      if (moneyAmounts(match[0])[0] === value) return { start: match.index, length: match[0].length };
    }
    return null;
  }
  if (field === "issueDate" || field === "dueDate") {
    // The date starts where the line's first date is the corrected one and stops being it one character later.
    for (let start = 0; start < line.length; start++) {
      if (/\s/.test(line[start]) || (start > 0 && /\w/.test(line[start - 1]))) continue;
      if (parseDate(line.slice(start)) === value && parseDate(line.slice(start + 1)) !== value) return { start, length: line.length - start };
    }
    return null;
  }
  const wanted = normalise(String(value));
  if (!wanted) return null;
  const upper = line.toUpperCase();
  const index = upper.indexOf(String(value).toUpperCase().trim());
  if (index >= 0) return { start: index, length: String(value).trim().length };
  // OCR may have spaced the reference out: compare without spaces.
  return normalise(line).includes(wanted) ? { start: Math.max(0, line.search(/\S/)), length: line.length } : null;
}

/** The label a value follows: the text before it on its line, trimmed of separators; null when there is none. */
function labelBefore(line: string, start: number): string | null {
  const label = line
    .slice(0, start)
    .replace(/[\s:#\-–]+$/, "")
    .trim();
  // Only the nearest words count: a line may carry two label/value pairs ("Date: 1/2/26 Ref No. 123").
  const words = label.split(" ");
  const nearest = words.slice(-4).join(" ");
  return /[a-z]/i.test(nearest) ? nearest : null;
}

/** Where the corrected value sits in the document's text; null when it is not there (nothing can be learnt). */
export function learnAnchor(documentText: string, field: LearnableField, correctedValue: LearnableValue): Anchor | null {
  const lines = textLines(documentText);
  for (let lineIndex = 0; lineIndex < lines.length; lineIndex++) {
    const found = locate(lines[lineIndex], field, correctedValue);
    if (found) return { label: labelBefore(lines[lineIndex], found.start), lineIndex };
  }
  return null;
}

function valueOf(text: string, field: LearnableField): LearnableValue | null {
  if (field === "amountCents") return moneyAmounts(text)[0] ?? null;
  if (field === "issueDate" || field === "dueDate") return parseDate(text);
  return referenceAfter(text);
}

/** The field's value read at a learnt anchor: after the label on the line that has it, else on the learnt line. */
export function readAtAnchor(documentText: string, field: LearnableField, anchor: Anchor): LearnableValue | null {
  const lines = textLines(documentText);
  if (anchor.label) {
    const label = anchor.label.toLowerCase();
    for (let i = 0; i < lines.length; i++) {
      const at = lines[i].toLowerCase().indexOf(label);
      if (at < 0) continue;
      const value = valueOf(lines[i].slice(at + label.length), field) ?? (lines[i + 1] ? valueOf(lines[i + 1], field) : null);
      if (value !== null) return value;
    }
    return null;
  }
  const line = lines[anchor.lineIndex];
  return line ? valueOf(line, field) : null;
}
