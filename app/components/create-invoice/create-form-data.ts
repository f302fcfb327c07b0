/** The Create Invoice / Create Bill form as plain values: read from FormData on the server, held in state on the client. */
export interface ItemValues {
  description: string;
  unitType: "HOURS" | "QUANTITY";
  units: string;
  unitPrice: string;
}

export interface CreateValues {
  counterpartyId: string;
  counterpartyName: string;
  invoiceNumber: string;
  issueDate: string;
  dueDate: string;
  orderNumber: string;
  items: ItemValues[];
}

export const emptyItem = (): ItemValues => ({ description: "", unitType: "HOURS", units: "", unitPrice: "" });

/** The longest items list a form may post (a guard against a huge body, not a business rule). */
export const MAX_ITEMS = 200;

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** items[0].description, items[0].units, ... -> values (rows in index order, gaps dropped). */
export function readCreateForm(form: FormData): CreateValues {
  const indexes = new Set<number>();
  for (const key of form.keys()) {
    const match = /^items\[(\d{1,3})\]\./.exec(key);
    if (match && Number(match[1]) < MAX_ITEMS) indexes.add(Number(match[1]));
  }
  const items = [...indexes]
    .sort((a, b) => a - b)
    .map((index) => ({
      description: text(form, `items[${index}].description`),
      unitType: text(form, `items[${index}].unitType`) === "QUANTITY" ? ("QUANTITY" as const) : ("HOURS" as const),
      units: text(form, `items[${index}].units`),
      unitPrice: text(form, `items[${index}].unitPrice`),
    }));
  return {
    counterpartyId: text(form, "counterpartyId"),
    counterpartyName: text(form, "counterpartyName"),
    invoiceNumber: text(form, "invoiceNumber"),
    issueDate: text(form, "issueDate"),
    dueDate: text(form, "dueDate"),
    orderNumber: text(form, "orderNumber"),
    items,
  };
}
