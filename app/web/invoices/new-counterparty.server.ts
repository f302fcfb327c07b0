/** The web half of adding a counterparty on the spot (issue 20 part 3), shared by /create-new-invoice and the Add dialog. */
import { emptyNewCounterparty, NEW_COUNTERPARTY_FIELDS, type NewCounterpartyValues } from "~/modules/counterparties/new-counterparty";

/** The new-counterparty fields of a posted form, as typed. */
export function readNewCounterparty(form: FormData): NewCounterpartyValues {
  const values = emptyNewCounterparty();
  for (const key of Object.values(NEW_COUNTERPARTY_FIELDS)) {
    const value = form.get(key);
    values[key] = typeof value === "string" ? value : "";
  }
  return values;
}

/** What the form says once the counterparty is chosen. */
export function addedNotice(companyName: string, role: "SUPPLIER" | "CUSTOMER", created: boolean): string {
  const noun = role === "SUPPLIER" ? "supplier" : "customer";
  return created ? `${companyName} added as a new ${noun}` : `${companyName} is already one of your companies: chosen as the ${noun}`;
}
