/** Shapes shared by the Add dialog's server half and its form. */
import type { FormErrorData } from "~/lib/form-errors";
import type { NewCounterpartyValues } from "~/modules/counterparties/new-counterparty";

export type AddKind = "INVOICE" | "BILL" | "CREDIT_NOTE";

export const ADD_FIELDS = [
  "counterpartyId",
  "counterpartyName",
  "invoiceNumber",
  "creditNumber",
  "dueDate",
  "issueDate",
  "amount",
  "total",
  "orderNumber",
  "billGlCode",
  "createInXero",
  "poNotRequired",
] as const;
export type AddField = (typeof ADD_FIELDS)[number];
export type AddValues = Record<AddField, string>;

export interface SummaryRow {
  label: string;
  value: string;
}

export interface AddStepData {
  step: "enter" | "confirm";
  kind: AddKind;
  values: AddValues;
  summary: SummaryRow[];
  /** The new-counterparty fields as typed (issue 20 part 3), kept open after a refusal. */
  newCounterparty?: NewCounterpartyValues;
  addingCounterparty?: boolean;
  /** Said once the new counterparty is chosen. */
  notice?: string;
}

/** What the Add dialog's action answers: a step, and on a refusal the one shape of form errors (FormErrorData). */
export type AddActionData = AddStepData & Partial<FormErrorData>;

/** YYYY-MM-DD -> DD/MM/YYYY (the forms' date format, p3 §5). */
export function toDisplayDate(iso: string | null | undefined): string {
  if (!iso || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) return "";
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

export const emptyAddValues = (): AddValues => Object.fromEntries(ADD_FIELDS.map((key) => [key, ""])) as AddValues;
