import type { Address } from "../../../db/models/company";

export type AddressCountry = "NZ" | "AU";

/** One address suggestion: a stable id the form posts back, the text shown, and the structured address stored. */
export interface AddressSuggestion {
  id: string;
  label: string;
  address: Address;
}

/**
 * What the product asks of an address service (spec p1 §7 "Places autocomplete and geocode", decisions D7): the
 * local one reads fixtures, a real maps client replaces it. A chosen address is always resolved again on the server
 * by its id, so a posted address is one the service knows.
 */
export interface AddressSearch {
  /** Up to 5 suggestions for the query in that country; nothing below the minimum query length. */
  suggest(query: string, country: AddressCountry): Promise<AddressSuggestion[]>;
  /** The suggestion with that id, or null. */
  resolve(id: string, country: AddressCountry): Promise<AddressSuggestion | null>;
}
