/**
 * A statement as a PDF document (statement facts in, pages laid out here; pdf.ts writes the bytes).
 */
import { formatMoney, type Cents } from "../../lib/money";
import { A4, renderPdf, type PdfPage, type PdfText } from "./pdf";
import { RECORD_TYPE_LABELS, monthLabel, splitExplanation, statementTotals, type StatementLineView } from "./rules";
import { dateTimeFormat } from "../../lib/intl";

export interface StatementDocumentFacts {
  companyName: string;
  accountLabel: string | null;
  month: string;
  currency: string;
  locale: "en-NZ" | "en-AU";
  timeZone: string;
  openingBalance: Cents;
  closingBalance: Cents;
  generatedAt: Date;
}

const LEFT = 40;
const RIGHT = A4.width - 40;
const ROW = 13;
const COLUMNS = { date: LEFT, type: LEFT + 62, description: LEFT + 150, amount: RIGHT - 145, extra: RIGHT - 68, balance: RIGHT } as const;

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function dayIn(iso: string, timeZone: string): string {
  return dateTimeFormat("en-NZ", { day: "2-digit", month: "short", year: "numeric", timeZone }).format(new Date(iso));
}

export function statementPdf(facts: StatementDocumentFacts, lines: readonly StatementLineView[]): Promise<Buffer> {
  const money = (cents: Cents) => formatMoney(cents, facts.locale);
  const totals = statementTotals(lines);
  const pages: PdfPage[] = [];
  let page: PdfPage = { texts: [], rules: [] };
  let y = A4.height - 50;

  const header: PdfText[] = [
    { x: LEFT, y, text: "Earlybird statement", font: "bold", size: 16 },
    { x: LEFT, y: y - 22, text: `${facts.companyName}: ${monthLabel(facts.month.slice(0, 7))} (${facts.currency})`, font: "bold", size: 11 },
    ...(facts.accountLabel ? [{ x: LEFT, y: y - 37, text: facts.accountLabel, size: 9 }] : []),
    { x: LEFT, y: y - 55, text: "Opening balance", size: 9 },
    { x: LEFT + 130, y: y - 55, text: money(facts.openingBalance), font: "mono" as const, size: 9 },
    { x: LEFT, y: y - 68, text: "Money in", size: 9 },
    { x: LEFT + 130, y: y - 68, text: money(totals.moneyIn), font: "mono" as const, size: 9 },
    { x: LEFT, y: y - 81, text: "Money out", size: 9 },
    { x: LEFT + 130, y: y - 81, text: money(totals.moneyOut), font: "mono" as const, size: 9 },
    { x: LEFT + 280, y: y - 55, text: "Service fees", size: 9 },
    { x: LEFT + 380, y: y - 55, text: money(totals.fees), font: "mono" as const, size: 9 },
    { x: LEFT + 280, y: y - 68, text: "Cashback earned", size: 9 },
    { x: LEFT + 380, y: y - 68, text: money(totals.cashback), font: "mono" as const, size: 9 },
    { x: LEFT + 280, y: y - 81, text: "Closing balance", font: "bold", size: 9 },
    { x: LEFT + 380, y: y - 81, text: money(facts.closingBalance), font: "mono" as const, size: 9 },
  ];
  page.texts.push(...header);
  y -= 110;

  const tableHeader = () => {
    page.texts.push(
      { x: COLUMNS.date, y, text: "Date", font: "bold", size: 8 },
      { x: COLUMNS.type, y, text: "Type", font: "bold", size: 8 },
      { x: COLUMNS.description, y, text: "Details", font: "bold", size: 8 },
      { x: COLUMNS.amount, y, text: "Amount", font: "bold", size: 8, alignRight: true },
      { x: COLUMNS.extra, y, text: "Fee / cashback", font: "bold", size: 8, alignRight: true },
      { x: COLUMNS.balance, y, text: "Balance", font: "bold", size: 8, alignRight: true }
    );
    page.rules!.push([LEFT, RIGHT, y - 4]);
    y -= ROW + 2;
  };
  tableHeader();
  if (lines.length === 0) {
    page.texts.push({ x: LEFT, y, text: "No transactions in this month", size: 9 });
  }
  for (const line of lines) {
    const split = splitExplanation(line, money);
    if (y < (split ? 70 : 60)) {
      pages.push(page);
      page = { texts: [], rules: [] };
      y = A4.height - 50;
      tableHeader();
    }
    const details = [line.description, line.reference ? `Ref ${line.reference}` : null].filter(Boolean).join(" · ");
    const extra = line.fee !== null ? `-${money(line.fee)}` : line.cashback !== null ? `+${money(line.cashback)}` : "";
    page.texts.push(
      { x: COLUMNS.date, y, text: dayIn(line.occurredAt, facts.timeZone), size: 8 },
      { x: COLUMNS.type, y, text: RECORD_TYPE_LABELS[line.recordType], size: 8 },
      { x: COLUMNS.description, y, text: shorten(details, 36), size: 8 },
      { x: COLUMNS.amount, y, text: money(line.amount), font: "mono", size: 8, alignRight: true },
      { x: COLUMNS.extra, y, text: extra, font: "mono", size: 8, alignRight: true },
      { x: COLUMNS.balance, y, text: line.balance === null ? "" : money(line.balance), font: "mono", size: 8, alignRight: true }
    );
    y -= ROW;
    // Who got what (decision 028), on its own row under the details.
    if (split) {
      page.texts.push({ x: COLUMNS.description, y: y + 3, text: shorten(split, 92), size: 7 });
      y -= ROW - 4;
    }
  }
  pages.push(page);
  const generated = dateTimeFormat("en-NZ", { dateStyle: "medium", timeStyle: "short", timeZone: facts.timeZone }).format(facts.generatedAt);
  pages.forEach((each, index) => {
    each.texts.push({ x: LEFT, y: 30, text: `Generated ${generated} · Page ${index + 1} of ${pages.length}`, size: 7 });
  });
  return renderPdf(pages, { title: `Earlybird statement ${facts.month.slice(0, 7)}: ${facts.companyName}` });
}
