#!/usr/bin/env node
/**
 * Writes fixtures/register/companies.json: the local company register (decisions D7), a few hundred NZ and AU
 * companies with their numbers, directors and shareholders. Deterministic (seeded), so the file only changes when
 * this script does. Numbers carry valid check digits (NZBN GS1 mod 10, ABN mod 89, ACN mod 10) so a real register
 * client would accept them. Run: node scripts/generate-register-fixtures.mjs
 */
import { seededRandom, writeFixture } from "./lib/fixture-writer.mjs";

const { random, pick } = seededRandom(20261123);
const digits = (n) => Array.from({ length: n }, () => Math.floor(random() * 10)).join("");

function nzbn() {
  const body = `9429${digits(8)}`;
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return `${body}${(10 - (sum % 10)) % 10}`;
}
function acn() {
  const body = digits(8);
  const weights = [8, 7, 6, 5, 4, 3, 2, 1];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(body[i]), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}
function abnFromAcn(acnNumber) {
  // An ABN is two check digits before nine digits; the company's ABN embeds its ACN.
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  for (let check = 10; check < 100; check += 1) {
    const candidate = `${check}${acnNumber}`;
    const d = candidate.split("").map(Number);
    d[0] -= 1;
    if (d.reduce((acc, v, i) => acc + v * weights[i], 0) % 89 === 0) return candidate;
  }
  throw new Error(`no ABN check digits for ${acnNumber}`);
}

const FIRST = [
  "Aroha",
  "Ben",
  "Charlotte",
  "Daniel",
  "Emma",
  "Finn",
  "Grace",
  "Hemi",
  "Isla",
  "Jack",
  "Kiri",
  "Liam",
  "Mia",
  "Noah",
  "Olivia",
  "Priya",
  "Quinn",
  "Rawiri",
  "Sophie",
  "Tama",
  "Una",
  "Vikram",
  "Wiremu",
  "Xavier",
  "Yasmin",
  "Zoe",
  "Amelia",
  "Oscar",
  "Ruby",
  "Mei",
  "Lachlan",
  "Chloe",
  "Harper",
  "Tane",
  "Anika",
  "Jordan",
  "Leilani",
  "Marcus",
  "Nadia",
  "Samuel",
];
const MIDDLE = ["James", "Rose", "Lee", "Marie", "John", "Anne", "Ray", "Jane"];
const LAST = [
  "Anderson",
  "Brown",
  "Chen",
  "Davies",
  "Edwards",
  "Fraser",
  "Gill",
  "Harris",
  "Ioane",
  "Jones",
  "Kaur",
  "Lee",
  "Morgan",
  "Ngata",
  "O'Brien",
  "Patel",
  "Quigley",
  "Robinson",
  "Smith",
  "Taylor",
  "Tuhoe",
  "Walker",
  "Wilson",
  "Young",
  "Zhang",
  "Nguyen",
  "Kelly",
  "Murphy",
  "Wright",
  "Campbell",
];
const NZ_WORDS = [
  "Kauri",
  "Tasman",
  "Harbour",
  "Southern",
  "Alpine",
  "Rimu",
  "Totara",
  "Kowhai",
  "Pacific",
  "Waitemata",
  "Manuka",
  "Ruapehu",
  "Aoraki",
  "Coastal",
  "Kiwi",
  "Taupo",
  "Matai",
  "Pounamu",
  "Tui",
  "Kereru",
  "Hauraki",
  "Rangitoto",
  "Otago",
  "Canterbury",
  "Nelson",
  "Marlborough",
  "Hokianga",
  "Tawa",
];
const AU_WORDS = [
  "Outback",
  "Coral",
  "Banksia",
  "Wattle",
  "Eucalypt",
  "Harbourside",
  "Sunburnt",
  "Southern Cross",
  "Murray",
  "Kimberley",
  "Hunter",
  "Barossa",
  "Daintree",
  "Nullarbor",
  "Bondi",
  "Yarra",
  "Swan",
  "Kakadu",
  "Gippsland",
  "Riverina",
  "Flinders",
  "Tamar",
  "Ningaloo",
  "Bellarine",
  "Mallee",
  "Pilbara",
];
const TRADES = [
  ["Timber", "C161100", "Log Sawmilling"],
  ["Foods", "F360000", "Grocery and Liquor Goods Wholesaling"],
  ["Coffee", "H451100", "Cafes and Restaurants"],
  ["Construction", "E301100", "House Construction"],
  ["Plumbing", "E323100", "Plumbing Services"],
  ["Electrical", "E323200", "Electrical Services"],
  ["Freight", "I461000", "Road Freight Transport"],
  ["Printing", "C161100", "Printing"],
  ["Dairy", "A016000", "Dairy Cattle Farming"],
  ["Wines", "C121400", "Wine and Other Alcoholic Beverage Manufacturing"],
  ["Engineering", "M692300", "Engineering Design and Engineering Consulting Services"],
  ["Catering", "H451300", "Catering Services"],
  ["Supplies", "F349400", "Other Goods Wholesaling"],
  ["Software", "M700000", "Computer System Design and Related Services"],
  ["Hardware", "G423100", "Hardware and Building Supplies Retailing"],
  ["Logistics", "I529200", "Freight Forwarding Services"],
  ["Cleaning", "N731100", "Building and Other Industrial Cleaning Services"],
  ["Seafood", "F360400", "Fish and Seafood Wholesaling"],
];
const NZ_CITIES = [
  ["Auckland", "1010", "Queen Street"],
  ["Wellington", "6011", "Lambton Quay"],
  ["Christchurch", "8011", "Colombo Street"],
  ["Hamilton", "3204", "Victoria Street"],
  ["Tauranga", "3110", "Devonport Road"],
  ["Dunedin", "9016", "George Street"],
  ["Nelson", "7010", "Trafalgar Street"],
  ["Napier", "4110", "Emerson Street"],
  ["Whangarei", "0110", "Bank Street"],
  ["Palmerston North", "4410", "Broadway Avenue"],
];
const AU_CITIES = [
  ["Sydney", "NSW", "2000", "George Street"],
  ["Melbourne", "VIC", "3000", "Collins Street"],
  ["Brisbane", "QLD", "4000", "Queen Street"],
  ["Perth", "WA", "6000", "Hay Street"],
  ["Adelaide", "SA", "5000", "King William Street"],
  ["Hobart", "TAS", "7000", "Elizabeth Street"],
  ["Darwin", "NT", "0800", "Smith Street"],
  ["Canberra", "ACT", "2600", "Northbourne Avenue"],
  ["Newcastle", "NSW", "2300", "Hunter Street"],
  ["Geelong", "VIC", "3220", "Moorabool Street"],
];

function dateOfBirth() {
  const year = 1950 + Math.floor(random() * 50);
  const month = 1 + Math.floor(random() * 12);
  const day = 1 + Math.floor(random() * 28);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
function person(roles, ownershipPercent) {
  return {
    firstName: pick(FIRST),
    middleName: random() < 0.3 ? pick(MIDDLE) : null,
    lastName: pick(LAST),
    dateOfBirth: dateOfBirth(),
    roles,
    ownershipPercent,
  };
}
/** One to three directors; shareholders' percentages sum to 100, some of them directors, some below 25 %. */
function people() {
  const directorCount = 1 + Math.floor(random() * 3);
  const directors = Array.from({ length: directorCount }, () => person(["DIRECTOR"], null));
  const list = [...directors];
  const shares = [];
  let left = 100;
  const holders = 1 + Math.floor(random() * 4);
  for (let i = 0; i < holders; i += 1) {
    const share = i === holders - 1 ? left : Math.max(1, Math.min(left - (holders - i - 1), Math.round(random() * left * 0.8)));
    if (share <= 0) break;
    shares.push(share);
    left -= share;
  }
  shares.forEach((share, i) => {
    if (share <= 0) return;
    if (i < directors.length && random() < 0.6) {
      directors[i].roles.push("SHAREHOLDER");
      directors[i].ownershipPercent = share;
    } else list.push(person(["SHAREHOLDER"], share));
  });
  return list;
}

const used = new Set();
const companies = [];
function add(company) {
  if (used.has(`${company.country}:${company.companyName.toLowerCase()}`)) return;
  used.add(`${company.country}:${company.companyName.toLowerCase()}`);
  companies.push(company);
}

/**
 * Companies the tests and the sandbox documentation name: their people are fixed. Mudflat Logistics Limited has a
 * director whose sandbox check fails (see fixtures/register/README.md).
 */
add({
  companyName: "Mudflat Logistics Limited",
  country: "NZ",
  registrationNumber: "8812345",
  nzbn: "9429048812344",
  businessNumber: null,
  industryCode: "I529200",
  industryCodeDescription: "Freight Forwarding Services",
  website: "mudflatlogistics.co.nz",
  address: { line1: "21 Wharf Road", city: "Tauranga", postcode: "3110", country: "New Zealand", countryCode: "NZ" },
  people: [
    { firstName: "Jamie", middleName: null, lastName: "Mudflat", dateOfBirth: "1980-04-12", roles: ["DIRECTOR", "SHAREHOLDER"], ownershipPercent: 60 },
    { firstName: "Harriet", middleName: "Anne", lastName: "Kingi", dateOfBirth: "1975-09-30", roles: ["SHAREHOLDER"], ownershipPercent: 30 },
    { firstName: "Tom", middleName: null, lastName: "Small", dateOfBirth: "1990-01-15", roles: ["SHAREHOLDER"], ownershipPercent: 10 },
  ],
});
add({
  companyName: "Wombat Cycles Pty Ltd",
  country: "AU",
  registrationNumber: "612345678",
  nzbn: null,
  businessNumber: abnFromAcn("612345678"),
  industryCode: "G425200",
  industryCodeDescription: "Sport and Camping Equipment Retailing",
  website: "wombatcycles.com.au",
  address: { line1: "100 Collins Street", city: "Melbourne", region: "VIC", postcode: "3000", country: "Australia", countryCode: "AU" },
  people: [
    { firstName: "Bruce", middleName: null, lastName: "Wombat", dateOfBirth: "1970-06-01", roles: ["DIRECTOR"], ownershipPercent: null },
    { firstName: "Sheila", middleName: null, lastName: "Banks", dateOfBirth: "1982-11-23", roles: ["SHAREHOLDER"], ownershipPercent: 75 },
    { firstName: "Kylie", middleName: null, lastName: "Minor", dateOfBirth: "1995-02-28", roles: ["SHAREHOLDER"], ownershipPercent: 25 },
  ],
});

for (let i = 0; companies.length < 180; i += 1) {
  const [trade, industryCode, industryCodeDescription] = pick(TRADES);
  const name = `${pick(NZ_WORDS)} ${trade} ${pick(["Limited", "Limited", "Ltd", "Holdings Limited", "Group Limited"])}`;
  const [city, postcode, street] = pick(NZ_CITIES);
  add({
    companyName: name,
    country: "NZ",
    registrationNumber: String(1000000 + Math.floor(random() * 8999999)),
    nzbn: nzbn(),
    businessNumber: null,
    industryCode,
    industryCodeDescription,
    website: random() < 0.6 ? `${name.split(" ").slice(0, 2).join("").toLowerCase()}.co.nz` : null,
    address: { line1: `${1 + Math.floor(random() * 300)} ${street}`, city, postcode, country: "New Zealand", countryCode: "NZ" },
    people: people(),
  });
}
for (let i = 0; companies.length < 360; i += 1) {
  const [trade, industryCode, industryCodeDescription] = pick(TRADES);
  const name = `${pick(AU_WORDS)} ${trade} Pty Ltd`;
  const [city, region, postcode, street] = pick(AU_CITIES);
  const acnNumber = acn();
  add({
    companyName: name,
    country: "AU",
    registrationNumber: acnNumber,
    nzbn: null,
    businessNumber: abnFromAcn(acnNumber),
    industryCode,
    industryCodeDescription,
    website: random() < 0.6 ? `${name.split(" ").slice(0, 2).join("").toLowerCase()}.com.au` : null,
    address: { line1: `${1 + Math.floor(random() * 300)} ${street}`, city, region, postcode, country: "Australia", countryCode: "AU" },
    people: people(),
  });
}

companies.sort((a, b) => a.country.localeCompare(b.country) || a.companyName.localeCompare(b.companyName));
writeFixture("fixtures/register/companies.json", companies, 1);
console.log(`${companies.length} companies written to fixtures/register/companies.json`);
