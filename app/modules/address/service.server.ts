import { localAddressSearch } from "./local-address-search.server";
import type { AddressSearch } from "./types";

export type { AddressCountry, AddressSearch, AddressSuggestion } from "./types";

let current: AddressSearch = localAddressSearch;

/** The address search in use (decisions D7): the local one unless a real client was installed at start-up. */
export function addressSearch(): AddressSearch {
  return current;
}

/** Installs another address search (a real client, or a test double in a unit test); null restores the local one. */
export function setAddressSearch(next: AddressSearch | null): void {
  current = next ?? localAddressSearch;
}
