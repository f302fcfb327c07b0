import { describe, expect, it } from "vitest";
import { localAddressSearch } from "./local-address-search.server";
import { addressMatchScore } from "./rules";

describe("the local address search", () => {
  it("suggests at most 5 AU addresses from 3 characters, and resolves them by id", async () => {
    expect(await localAddressSearch.suggest("ge", "AU")).toEqual([]);
    const george = await localAddressSearch.suggest("1 George", "AU");
    expect(george[0].label).toBe("1 George Street, Sydney NSW 2000");
    const street = await localAddressSearch.suggest("street", "AU");
    expect(street).toHaveLength(5);
    expect(await localAddressSearch.suggest("George Street", "NZ")).toEqual([]);
    const resolved = await localAddressSearch.resolve(george[0].id, "AU");
    expect(resolved?.address).toMatchObject({ line1: "1 George Street", region: "NSW", postcode: "2000", countryCode: "AU" });
    expect(await localAddressSearch.resolve("nope", "AU")).toBeNull();
  });
  it("matches the start of the label, or every word at a word start", () => {
    expect(addressMatchScore("21 Collins Street, Melbourne VIC 3000", "21 coll")).toBe(2);
    expect(addressMatchScore("21 Collins Street, Melbourne VIC 3000", "collins melb")).toBe(1);
    expect(addressMatchScore("21 Collins Street, Melbourne VIC 3000", "ollins")).toBe(0);
  });
});
