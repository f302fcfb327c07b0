#!/usr/bin/env node
/**
 * Writes fixtures/addresses/au.json: the local address search's data (decisions D7, issue 6 part 5), a few hundred
 * Australian street addresses with suburb, state and postcode. Deterministic (seeded), so the file only changes when
 * this script does. Run: node scripts/generate-address-fixtures.mjs
 */
import { seededRandom, writeFixture } from "./lib/fixture-writer.mjs";

const { random, pick } = seededRandom(20261124);

// Real suburbs with their state and postcode; street names common across Australia.
const SUBURBS = [
  ["Sydney", "NSW", "2000"],
  ["Surry Hills", "NSW", "2010"],
  ["Parramatta", "NSW", "2150"],
  ["Newcastle", "NSW", "2300"],
  ["Wollongong", "NSW", "2500"],
  ["Melbourne", "VIC", "3000"],
  ["Fitzroy", "VIC", "3065"],
  ["Geelong", "VIC", "3220"],
  ["Ballarat", "VIC", "3350"],
  ["Brisbane City", "QLD", "4000"],
  ["Fortitude Valley", "QLD", "4006"],
  ["Southport", "QLD", "4215"],
  ["Cairns", "QLD", "4870"],
  ["Adelaide", "SA", "5000"],
  ["Glenelg", "SA", "5045"],
  ["Perth", "WA", "6000"],
  ["Fremantle", "WA", "6160"],
  ["Hobart", "TAS", "7000"],
  ["Launceston", "TAS", "7250"],
  ["Canberra", "ACT", "2601"],
  ["Darwin City", "NT", "0800"],
  ["Alice Springs", "NT", "0870"],
];
const STREETS = [
  "George Street",
  "Pitt Street",
  "King Street",
  "Queen Street",
  "Elizabeth Street",
  "Collins Street",
  "Bourke Street",
  "Flinders Street",
  "Chapel Street",
  "Church Street",
  "High Street",
  "Station Street",
  "Victoria Road",
  "Albert Road",
  "Beach Road",
  "Park Avenue",
  "Wattle Avenue",
  "Banksia Crescent",
  "Ocean Parade",
  "Hill Street",
];

const seen = new Set();
const addresses = [];
// Fixed first: the addresses the tests and the demo pick.
const fixed = [
  ["1", "George Street", "Sydney", "NSW", "2000"],
  ["21", "Collins Street", "Melbourne", "VIC", "3000"],
  ["7", "Queen Street", "Brisbane City", "QLD", "4000"],
];
for (const [number, street, suburb, state, postcode] of fixed) {
  seen.add(`${number} ${street} ${suburb}`);
  addresses.push({ number, street, suburb, state, postcode });
}
while (addresses.length < 300) {
  const [suburb, state, postcode] = pick(SUBURBS);
  const street = pick(STREETS);
  const number = String(1 + Math.floor(random() * 240));
  const key = `${number} ${street} ${suburb}`;
  if (seen.has(key)) continue;
  seen.add(key);
  addresses.push({ number, street, suburb, state, postcode });
}

const rows = addresses.map((a, index) => ({
  id: `au-${String(index + 1).padStart(4, "0")}`,
  label: `${a.number} ${a.street}, ${a.suburb} ${a.state} ${a.postcode}`,
  address: {
    line1: `${a.number} ${a.street}`,
    suburb: a.suburb,
    city: a.suburb,
    region: a.state,
    postcode: a.postcode,
    country: "Australia",
    countryCode: "AU",
  },
}));
writeFixture("fixtures/addresses/au.json", rows, 1);
console.log(`wrote ${rows.length} addresses to fixtures/addresses/au.json`);
