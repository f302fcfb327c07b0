/** Text helpers for command output. */
const timestamp = new Intl.DateTimeFormat("en-NZ", {
  day: "2-digit",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** "22 Nov 2026 15:04:05" in the operator's time zone (dates as DD MMM YYYY, GUIDE). */
export function formatTimestamp(date: Date): string {
  const part = Object.fromEntries(timestamp.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.day} ${part.month} ${part.year} ${part.hour}:${part.minute}:${part.second}`;
}

/** How long a finished job took: "0.4s". */
export function jobDuration(job: { startedAt: Date | null; finishedAt: Date | null }): string {
  return job.startedAt && job.finishedAt ? `${((job.finishedAt.getTime() - job.startedAt.getTime()) / 1000).toFixed(1)}s` : "";
}

/** A job result on one line: {"expired":2} → expired 2. */
export function summarize(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value !== "object" || Array.isArray(value)) return JSON.stringify(value);
  return Object.entries(value)
    .map(([key, item]) => `${key} ${typeof item === "object" ? JSON.stringify(item) : String(item)}`)
    .join(", ");
}

export interface Column<Row> {
  header: string;
  value: (row: Row) => string;
  align?: "left" | "right";
  /** Ink colour for a cell, e.g. by status. */
  color?: (row: Row) => string | undefined;
  /** Longer values are cut with an ellipsis. */
  maxWidth?: number;
}

export const COLUMN_GAP = 2;

export function cellText<Row>(column: Column<Row>, row: Row): string {
  const text = column.value(row).replace(/\s+/g, " ");
  return column.maxWidth && text.length > column.maxWidth ? `${text.slice(0, column.maxWidth - 1)}…` : text;
}

export function columnWidths<Row>(columns: Column<Row>[], rows: Row[]): number[] {
  return columns.map((column) => Math.max(column.header.length, ...rows.map((row) => cellText(column, row).length)));
}

export const padCell = (text: string, width: number, align: "left" | "right" = "left") => (align === "right" ? text.padStart(width) : text.padEnd(width));

/** A table as plain text, for non-TTY output (cli/ui/Table.tsx renders the same columns with Ink). */
export function formatTable<Row>(columns: Column<Row>[], rows: Row[], empty = "Nothing to show."): string {
  if (rows.length === 0) return empty;
  const sizes = columnWidths(columns, rows);
  const line = (cells: string[]) =>
    cells
      .map((text, i) => padCell(text, sizes[i], columns[i].align))
      .join(" ".repeat(COLUMN_GAP))
      .trimEnd();
  return [line(columns.map((c) => c.header)), ...rows.map((row) => line(columns.map((c) => cellText(c, row))))].join("\n");
}

export type FieldList = [label: string, value: string][];

export function formatFields(fields: FieldList): string {
  const width = Math.max(...fields.map(([label]) => label.length)) + 1;
  return fields.map(([label, value]) => `${`${label}:`.padEnd(width)} ${value}`).join("\n");
}
