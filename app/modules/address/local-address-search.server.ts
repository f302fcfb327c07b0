import fs from "node:fs/promises";
import path from "node:path";
import { addressMatchScore, ADDRESS_SEARCH_LIMIT, ADDRESS_SEARCH_MIN_LENGTH } from "./rules";
import type { AddressSearch, AddressSuggestion } from "./types";

/** The data file, written by scripts/generate-address-fixtures.mjs (AU only: NZ verification asks no address). */
const fixtureFile = () => path.resolve(process.cwd(), "fixtures/addresses/au.json");

let loaded: Promise<AddressSuggestion[]> | null = null;
const addresses = () => (loaded ??= fs.readFile(fixtureFile(), "utf8").then((text) => JSON.parse(text) as AddressSuggestion[]));

/** The built-in address search over fixtures (decisions D7): the default, so the product runs complete on one machine. */
export const localAddressSearch: AddressSearch = {
  async suggest(query, country) {
    if (country !== "AU" || query.trim().length < ADDRESS_SEARCH_MIN_LENGTH) return [];
    const scored = (await addresses())
      .map((suggestion) => ({ suggestion, score: addressMatchScore(suggestion.label, query) }))
      .filter(({ score }) => score > 0);
    scored.sort((a, b) => b.score - a.score || a.suggestion.label.localeCompare(b.suggestion.label, "en", { numeric: true }));
    return scored.slice(0, ADDRESS_SEARCH_LIMIT).map(({ suggestion }) => structuredClone(suggestion));
  },
  async resolve(id, country) {
    if (country !== "AU") return null;
    const found = (await addresses()).find((suggestion) => suggestion.id === id);
    return found ? structuredClone(found) : null;
  },
};
