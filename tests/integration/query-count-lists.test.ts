/**
 * No N+1 queries (issue 19 parts 4 and 6; docs/decisions/060-query-counts.md): every page that lists rows has its real
 * route loader called as the browser's request would call it (a session cookie of a user of the company, or of an
 * admin for the admin lists), with every statement its pg clients send counted (SELECT, BEGIN, SET, INSERT, ...: the
 * pg Client.query patch of tests/support/query-capture.ts). Each list is seeded with 2 rows, then with 25 (a full
 * page; a different counterparty, status or user on each row, so a lookup per row would show), and must send the same
 * number of statements both times, and no more than its ceiling. A loader that starts to ask PostgreSQL something per
 * row fails here.
 *
 * The root and _app layout loaders are counted on their own and together with a page (a document request runs all
 * three); their ceilings are today's counts, for the lead to lower once the root's flags and config are cached per
 * process and the session is read once per request (docs/decisions/060).
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QueryTypes } from "sequelize";
import { sequelize } from "../../db/index";
import { BillDocument, Statement } from "../../db/models/index";
import type { Actor } from "../../app/lib/actor";
import { addDays, todayIn } from "../../app/lib/dates";
import type { Cents } from "../../app/lib/money";
import { commitSessionToken } from "../../app/lib/session.server";
import { createSession } from "../../app/modules/auth/service.server";
import { companiesFunds, companyFunds } from "../../app/modules/ledger/service.server";
import { createTopUp } from "../../app/modules/ledger/top-ups.server";
import { processPendingWithdrawals } from "../../app/modules/ledger/bank-files.server";
import { placeWithdrawal } from "../../app/modules/ledger/withdrawals.server";
import { lockDocument } from "../../app/modules/review/locking.server";
import { runInRequestScope } from "../../app/lib/request-scope.server";
import { loader as rootLoader } from "../../app/root";
import { loader as appLoader } from "../../app/routes/_app";
import { loader as topUpsLoader } from "../../app/routes/_app._index";
import { loader as accountLoader } from "../../app/routes/_app.account";
import { loader as statementsLoader } from "../../app/routes/_app.account_.statements";
import { loader as statementLoader } from "../../app/routes/_app.account_.statements_.$statementId";
import { loader as bankAccountsLoader } from "../../app/routes/_app.bank-accounts";
import { loader as billsLoader } from "../../app/routes/_app.bills";
import { loader as blockedLoader } from "../../app/routes/_app.bills_.blocked";
import { loader as pendingApprovalLoader } from "../../app/routes/_app.bills_.pending-approval";
import { loader as pendingReviewLoader } from "../../app/routes/_app.bills_.pending-review";
import { loader as processingLoader } from "../../app/routes/_app.bills_.processing";
import { loader as unmatchedLoader } from "../../app/routes/_app.bills_.unmatched";
import { loader as variancesLoader } from "../../app/routes/_app.bills_.variances";
import { loader as companyBankAccountsLoader } from "../../app/routes/_app.companies.$companyId.bank-accounts";
import { loader as directoryLoader } from "../../app/routes/_app.companies.$companyId.directory";
import { loader as kycLoader } from "../../app/routes/_app.companies.$companyId.kyc";
import { loader as companySettingsLoader } from "../../app/routes/_app.companies.$companyId.settings";
import { loader as summaryLoader } from "../../app/routes/_app.companies.$companyId.summary";
import { loader as companiesLoader } from "../../app/routes/_app.companies._index";
import { loader as invoicesLoader } from "../../app/routes/_app.invoices";
import { loader as settingsLoader } from "../../app/routes/_app.settings/route";
import { loader as systemLoader } from "../../app/routes/_app.system";
import { loader as supplierLoader } from "../../app/routes/_app.suppliers.$supplierId";
import { loader as counterpartiesLoader } from "../../app/routes/resources.counterparties";
import { makeGlAccount, makePaymentTerm } from "../support/directory-factories";
import {
  actorOf,
  fundWallet,
  makeActivatedCompany,
  makeAdmin,
  makeBankAccount,
  makeCompany,
  makeCounterparty,
  makeCreditNote,
  makeOffer,
  makeUser,
} from "../support/factories";
import { makeReadDocument } from "../support/matching-factories";
import { captureStatements } from "../support/query-capture";
import { settle } from "../support/routes";

afterAll(() => sequelize.close());

const FEW = 2;
const PAGE = 25;
const PARTIES = 30;

type Loader = (args: never) => unknown;

let acme: { id: number; companyName: string };
let acmeActor: Actor;
let acmeCookie: string;
let adminCookie: string;
let directoryCo: { id: number };
let directoryCookie: string;
let kycCo: { id: number };
let statementsCo: { id: number };
let statementsCookie: string;
const parties: { id: number; companyName: string }[] = [];

async function cookieOf(userId: number) {
  return (await commitSessionToken(await createSession(userId), 3600)).split(";")[0];
}

const argsOf = (cookie: string, url: string, params: Record<string, string> = {}) =>
  ({
    request: new Request(`http://localhost${url}`, { headers: { cookie } }),
    params,
    context: { requestId: "query-count", cspNonce: "", ip: "127.0.0.1" },
  } as never);

/** Calls a loader as the page would be loaded: the statements it sent, and its JSON (200 expected). */
async function loadCounted(loader: Loader, cookie: string, url: string, params: Record<string, string> = {}) {
  let response: Response | undefined;
  const sent = await countStatements(async () => {
    response = await settle(() => loader(argsOf(cookie, url, params)));
  });
  expect(response?.status, `${url}: ${sent.map((q) => q.text.slice(0, 120)).join("\n")}`).toBe(200);
  return { sent, body: await response!.text() };
}

const statementsOf = async (loader: Loader, cookie: string, url: string, params: Record<string, string> = {}) =>
  (await loadCounted(loader, cookie, url, params)).sent;

/** What Sequelize sends once on each new pooled connection: the pool's, not the loader's (a loader never asks for it). */
const CONNECTION_SETUP = /^SET client_min_messages TO warning;/;

/** The statements `run` sends itself, less the pool's connection setup. */
const countStatements = async (run: () => Promise<unknown>) => (await captureStatements(run)).filter((statement) => !CONNECTION_SETUP.test(statement.text));

const describeSent = (sent: { text: string }[]) => sent.map((q, i) => `${i + 1}. ${q.text.replace(/\s+/g, " ").slice(0, 160)}`).join("\n");

/** Bring a seeded kind of row up to `count` (each seeder remembers how many it made). */
function seeder(make: (index: number) => Promise<unknown>) {
  let made = 0;
  return async (count: number) => {
    while (made < count) {
      made += 1;
      await make(made);
    }
  };
}

const today = () => todayIn("NZ");

// ---- The rows each list shows -----------------------------------------------------------------------------------------

/** A supplier's open prompt payment request (CLEARING, expiring in 3 days) on one invoice. */
async function openPromptPaymentRequest(supplierId: number, invoiceId: number, reward: string) {
  await sequelize.query(
    `WITH offer AS (INSERT INTO supplier_offers (created_by_company, cash_reward, expiration_date, offer_status)
                    VALUES (:supplierId, :reward, CAST(:expires AS date), 'CLEARING') RETURNING id)
     INSERT INTO supplier_offer_invoices (supplier_offer_id, invoice_id) SELECT id, :invoiceId FROM offer`,
    { replacements: { supplierId, reward, expires: addDays(today(), 3), invoiceId } }
  );
}

/** An invoice of ours to party i (a different customer on each row), with a status mix and some open payment requests. */
const invoices = seeder(async (i) => {
  const party = parties[(i - 1) % PARTIES];
  const [[row]] = (await sequelize.query(
    `INSERT INTO invoices (type, issued_by, issued_for, issued_by_company_name, issued_for_company_name, invoice_number, issue_date, due_date, total,
       invoice_status, paid_date, total_paid, include_in_purchaser_offer, loaded_by)
     VALUES ('INVOICE', :acme, :party, :acmeName, :partyName, :number, CAST(:due AS date) - 30, :due, :total,
       :status, CASE WHEN :status::text IN ('PAYMENT_RECEIVED', 'PAID') THEN CAST(:due AS date) - 1 END,
       CASE WHEN :status::text IN ('PAYMENT_RECEIVED', 'PAID') THEN :total ELSE 0 END, :include, :loadedBy)
     RETURNING id`,
    {
      replacements: {
        acme: acme.id,
        party: party.id,
        acmeName: acme.companyName,
        partyName: party.companyName,
        number: `QC-INV-${i}`,
        due: addDays(today(), 10 + i),
        total: 1000 + i * 37,
        status: [null, null, "PAYMENT_RECEIVED", "PAID", "EXPIRED"][i % 5],
        include: i % 2 === 0,
        loadedBy: i % 3 === 0 ? "XERO" : "EARLYBIRD",
      },
    }
  )) as unknown as [{ id: number }[]];
  // An open prompt payment request on it.
  if (i % 5 === 1) await openPromptPaymentRequest(acme.id, row.id, "25.00");
});

/** A bill to us from party i (a different supplier on each row: the Suppliers tab gets a row each too), a status mix. */
const bills = seeder(async (i) => {
  const party = parties[(i - 1) % PARTIES];
  const [[row]] = (await sequelize.query(
    `INSERT INTO invoices (type, issued_by, issued_for, issued_by_company_name, issued_for_company_name, invoice_number, issue_date, due_date, total,
       bill_status, paid_date, total_paid, include_in_purchaser_offer, loaded_by)
     VALUES ('BILL', :party, :acme, :partyName, :acmeName, :number, CAST(:due AS date) - 30, :due, :total,
       :status, CASE WHEN :status::text = 'PAID' THEN CAST(:due AS date) - 1 END, CASE WHEN :status::text = 'PAID' THEN :total ELSE 0 END, :include, 'EARLYBIRD')
     RETURNING id`,
    {
      replacements: {
        acme: acme.id,
        party: party.id,
        acmeName: acme.companyName,
        partyName: party.companyName,
        number: `QC-BILL-${i}`,
        due: addDays(today(), i % 4 === 0 ? -3 : 5 + i),
        total: 2000 + i * 53,
        status: i % 6 === 0 ? "PAID" : null,
        include: i % 3 !== 0,
      },
    }
  )) as unknown as [{ id: number }[]];
  // The supplier's open prompt payment request on it (Payment Offered).
  if (i % 5 === 2) await openPromptPaymentRequest(party.id, row.id, "30.00");
});

/** A bill to us from the first party, due this month (the supplier page lists one supplier's bills of a month). */
const supplierBills = seeder(async (i) => {
  const party = parties[0];
  const monthStart = `${today().slice(0, 8)}01`;
  await sequelize.query(
    `INSERT INTO invoices (type, issued_by, issued_for, issued_by_company_name, issued_for_company_name, invoice_number, issue_date, due_date, total,
       bill_status, include_in_purchaser_offer, loaded_by)
     VALUES ('BILL', :party, :acme, :partyName, :acmeName, :number, CAST(:due AS date) - 30, :due, :total, :status, :include, :loadedBy)`,
    {
      replacements: {
        acme: acme.id,
        party: party.id,
        acmeName: acme.companyName,
        partyName: party.companyName,
        number: `QC-SUP-${i}`,
        due: addDays(monthStart, i % 20),
        total: 3000 + i * 11,
        status: i % 4 === 0 ? "PAID" : null,
        include: i % 2 === 0,
        loadedBy: i % 3 === 0 ? "XERO" : "EARLYBIRD",
      },
    }
  );
  // Every third row a credit note of the supplier's too (the page lists them under its bills).
  if (i % 3 === 0) await makeCreditNote(acmeActor, party, { number: `QC-SUP-CN-${i}`, total: (500 + i) as Cents });
});

/** Our wallet topped up (a confirmed top-up: a transaction on /account and a line of this month's statement). */
const topUps = seeder((i) => fundWallet(acmeActor, (10_000 + i * 100) as Cents));

/** A withdrawal of ours (the admin company summary lists them). */
const withdrawals = seeder(async (i) => {
  await placeWithdrawal(acmeActor, { amount: `${i}.00`, idempotencyKey: crypto.randomUUID() } as never);
  // The process-withdrawals job pays it (a bank payment file each: the admin System page lists them), so the next may be placed.
  await processPendingWithdrawals();
});

/** A statement of an ended month (i months back), a status mix; the company dates from then (the list shows every month since). */
const statements = seeder(async (i) => {
  await sequelize.query(`UPDATE companies SET created_at = date_trunc('month', now()) - make_interval(months => :i) WHERE id = :id`, {
    replacements: { i, id: statementsCo.id },
  });
  const month = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - i, 1));
  const next = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));
  const status = (["GENERATED", "GENERATED", "FAILED", "PENDING"] as const)[i % 4];
  await Statement.create({
    companyId: statementsCo.id,
    month: month.toISOString().slice(0, 10),
    startAt: month,
    endAt: next,
    status,
    openingBalance: status === "GENERATED" ? ((i * 100) as Cents) : null,
    closingBalance: status === "GENERATED" ? ((i * 150) as Cents) : null,
    generatedAt: status === "GENERATED" ? next : null,
  });
});

/** A pending top-up of another company (a different company on each row of the admin Topups page). */
const pendingTopUps = seeder(async (i) => {
  const { actor } = await makeActivatedCompany({ companyName: `QC TopUp Co ${i} ${crypto.randomBytes(3).toString("hex")}`, verificationStatus: "VERIFIED" });
  await createTopUp(actor, { amount: 5_000 + i, trigger: "CUSTOM" } as never);
});

/** A company named "QC Listed ..." (the admin Companies page, filtered by that name), a verification status mix. */
const listedCompanies = seeder((i) =>
  makeCompany({
    companyName: `QC Listed ${String(i).padStart(2, "0")}`,
    verificationStatus: (["VERIFIED", "NOT_VERIFIED", "VERIFICATION_PENDING", "PARTIALLY_VERIFIED"] as const)[i % 4],
  } as never)
);

/** A bank account waiting for verification, of a different company each (the admin Bank accounts page's Pending tab). */
const pendingBankAccounts = seeder(async (i) => {
  const company = await makeCompany({ companyName: `QC Bank Co ${i}` });
  await makeBankAccount(company, {
    name: `QC Pending ${i}`,
    number: `120233${String(1000000000 + i)}`,
    status: "VERIFICATION_PENDING",
    defaultAccount: i % 2 === 0,
  });
});

/** More withdrawal accounts of ours (the admin company bank accounts page). */
const acmeBankAccounts = seeder((i) =>
  makeBankAccount(acme, {
    name: `QC Acme ${i}`,
    number: `120233${String(2000000000 + i)}`,
    status: (["VERIFIED", "VERIFICATION_PENDING", "UNVERIFIED"] as const)[i % 3],
    defaultAccount: false,
  })
);

/** A user of the KYC company (the admin KYC page lists its users). */
const kycUsers = seeder((i) => makeUser({ company: kycCo as never, firstName: `Kyc${i}`, lastName: `Person${i}` }));

/** A counterparty of the directory company: a different company each, supplier or customer, some with a payment term and GL code. */
const directoryTerms: { id: number }[] = [];
const directoryGl: { id: number }[] = [];
const directoryRows = seeder(async (i) => {
  const other = await makeCompany({ companyName: `QC Dir Party ${String(i).padStart(2, "0")}`, status: i % 3 === 0 ? "INVITED" : "ACTIVE" } as never);
  const row = await makeCounterparty(directoryCo, other, { supplier: i % 2 === 0, customer: i % 2 === 1 || i % 5 === 0, contactEmail: `qc${i}@example.test` });
  await row.update({
    paymentTermId: i % 2 === 0 ? directoryTerms[i % directoryTerms.length].id : null,
    glAccountId: i % 3 === 0 ? directoryGl[i % directoryGl.length].id : null,
  });
});

/** GL codes and payment terms of the directory company (the admin company settings page lists them). */
const settingsRows = seeder(async (i) => {
  directoryGl.push(await makeGlAccount(directoryCo.id, { code: `QC${100 + i}`, name: `QC account ${i}`, visible: i % 2 === 0 }));
  directoryTerms.push(await makePaymentTerm(directoryCo.id, { date: (i % 28) + 1 }));
});

/** A bill document in each review list: a different supplier name on each, some locked by different users. */
const REVIEW_STATUSES = {
  "pending-review": ["PENDING_REVIEW", "ORDER_NOT_FOUND_OCR"],
  "pending-approval": ["PENDING_APPROVAL", null],
  processing: ["PROCESSING", null],
  variances: ["VARIANCE", "AMOUNT_OVER"],
  blocked: ["BLOCKED", null],
  unmatched: ["UNMATCHED", "CONTACT_NOT_FOUND"],
} as const;
const REVIEW_LOADERS: Record<keyof typeof REVIEW_STATUSES, Loader> = {
  "pending-review": pendingReviewLoader,
  "pending-approval": pendingApprovalLoader,
  processing: processingLoader,
  variances: variancesLoader,
  blocked: blockedLoader,
  unmatched: unmatchedLoader,
};
/** The lists with a reason statistics card (pending review, processing, variances) read it too. */
const REVIEW_CEILINGS: Record<keyof typeof REVIEW_STATUSES, number> = {
  "pending-review": 7,
  "pending-approval": 6,
  processing: 7,
  variances: 7,
  blocked: 6,
  unmatched: 6,
};
let reviewers: Actor[] = [];
const reviewSeeders = Object.fromEntries(
  Object.entries(REVIEW_STATUSES).map(([list, [status, match]]) => [
    list,
    seeder(async (i) => {
      const document = await makeReadDocument(acme.id, {
        supplierName: `${parties[(i - 1) % PARTIES].companyName}`,
        invoiceNumber: `QC-${list}-${i}`,
        orderNumber: `PO-${i}`,
        amount: (5_000 + i) as Cents,
        issueDate: addDays(today(), -i),
        dueDate: addDays(today(), 20 + i),
      });
      await BillDocument.update(
        { processingStatus: status as never, matchStatus: match as never, supplierCompanyId: i % 2 === 0 ? parties[(i - 1) % PARTIES].id : null } as never,
        { where: { id: document.id } }
      );
      if (i % 3 === 0) await lockDocument(reviewers[i % reviewers.length], document.id);
    }),
  ])
) as Record<keyof typeof REVIEW_STATUSES, (count: number) => Promise<void>>;

// ---- The world ---------------------------------------------------------------------------------------------------------

beforeAll(async () => {
  const tag = crypto.randomBytes(3).toString("hex");
  const made = await makeActivatedCompany({ companyName: `QC Acme ${tag}`, verificationStatus: "VERIFIED" }, { firstName: "Ada", lastName: "Acme" });
  acme = made.company;
  acmeActor = made.actor;
  acmeCookie = await cookieOf(made.user.id);
  reviewers = [
    acmeActor,
    ...(await Promise.all([1, 2, 3].map(async (n) => actorOf(await makeUser({ company: made.company, firstName: `Rev${n}`, lastName: "Iewer" }))))),
  ];
  adminCookie = await cookieOf((await makeAdmin()).userId);
  // Counterparties on both sides: each is our supplier and our customer, and we are theirs.
  for (let i = 1; i <= PARTIES; i++) {
    const party = await makeCompany({
      companyName: `QC Party ${String(i).padStart(2, "0")} ${tag}`,
      verificationStatus: "VERIFIED",
      status: i % 4 === 0 ? "INVITED" : "ACTIVE",
    } as never);
    await makeCounterparty(acme, party, { supplier: true, customer: true, offersEnabled: i % 5 !== 0 });
    await makeCounterparty(party, acme, { supplier: true, customer: true });
    parties.push(party);
  }
  // Our own withdrawal account (withdrawals go to it) and a live purchaser offer (the bills pages show its panel).
  await makeBankAccount(acme, { name: "QC Acme main", number: "1202330123456000" });
  await makeOffer(acmeActor, { cashpool: 5_000_000 as Cents, crr: "8" });
  const directory = await makeActivatedCompany({ companyName: `QC Directory ${tag}`, verificationStatus: "VERIFIED" });
  directoryCo = directory.company;
  directoryCookie = await cookieOf(directory.user.id);
  kycCo = await makeCompany({ companyName: `QC KYC ${tag}` });
  const statementsOwner = await makeActivatedCompany({ companyName: `QC Statements ${tag}`, verificationStatus: "VERIFIED" });
  statementsCo = statementsOwner.company;
  statementsCookie = await cookieOf(statementsOwner.user.id);
  await settingsRows(1);
}, 120_000);

// ---- The lists -------------------------------------------------------------------------------------------------------

/** One page that lists rows: its route (its file under app/routes, and which view of it), the URL and who loads it. */
interface ListView {
  route: string;
  url: () => string;
  params?: () => Record<string, string>;
  loader: Loader;
  cookie: () => string;
  /** The most statements the loader may send: today's count (docs/decisions/060). */
  ceiling: number;
  /** What marks a seeded row in the loader's JSON: the page must show more of them at 25 rows than at 2. */
  row: RegExp;
}

/** Pages that list the same rows, measured together: seeded to 2 rows, counted, seeded to 25, counted again. */
interface ListGroup {
  rows: string;
  grow: (count: number) => Promise<void>;
  views: ListView[];
}

const company = (view: Omit<ListView, "cookie">): ListView => ({ ...view, cookie: () => acmeCookie });
const admin = (view: Omit<ListView, "cookie">): ListView => ({ ...view, cookie: () => adminCookie });
const ofCompany = (id: () => number) => () => ({ companyId: String(id()) });

const GROUPS: ListGroup[] = [
  {
    rows: "invoices (a different customer each, a status mix, some with payment requests)",
    grow: invoices,
    views: [
      // 10: the payments-available dialog asks for the session state (decision 063): a second session read here, where
      // the loader runs outside a request scope; one read on a server (the document-request test below counts that).
      company({ route: "_app.invoices", url: () => "/invoices", loader: invoicesLoader, ceiling: 10, row: /QC-INV-\d+/ }),
      company({
        route: "_app.invoices (Payment Requested tab)",
        url: () => "/invoices?status=CASHBACK_OFFERED",
        loader: invoicesLoader,
        ceiling: 10,
        row: /QC-INV-\d+/,
      }),
    ],
  },
  {
    rows: "bills (a different supplier each, a status mix) with a live purchaser offer",
    grow: bills,
    views: [
      company({ route: "_app.bills (Bills tab)", url: () => "/bills?tab=bills", loader: billsLoader, ceiling: 20, row: /QC-BILL-\d+/ }),
      company({ route: "_app.bills (Suppliers tab)", url: () => "/bills?tab=suppliers", loader: billsLoader, ceiling: 18, row: /QC Party \d\d/ }),
    ],
  },
  {
    rows: "one supplier's bills of this month",
    grow: supplierBills,
    views: [
      company({
        route: "_app.suppliers.$supplierId",
        url: () => `/suppliers/${parties[0].id}`,
        params: () => ({ supplierId: String(parties[0].id) }),
        loader: supplierLoader,
        ceiling: 12,
        row: /QC-SUP-\d+/,
      }),
    ],
  },
  ...(Object.entries(REVIEW_LOADERS) as [keyof typeof REVIEW_STATUSES, Loader][]).map(([list, loader]) => ({
    rows: `bill documents in the ${list} list (a different supplier each, some locked by different users)`,
    grow: reviewSeeders[list],
    views: [company({ route: `_app.bills_.${list}`, url: () => `/bills/${list}`, loader, ceiling: REVIEW_CEILINGS[list], row: new RegExp(`QC-${list}-\\d+`) })],
  })),
  {
    rows: "our wallet's top-ups and withdrawals (each withdrawal paid in a bank payment file of its own)",
    grow: async (count) => {
      await topUps(count);
      await withdrawals(count);
    },
    views: [
      company({ route: "_app.account", url: () => "/account", loader: accountLoader, ceiling: 12, row: /"occurredAt":/ }),
      company({
        route: "_app.account_.statements_.$statementId (current month)",
        url: () => "/account/statements/current",
        params: () => ({ statementId: "current" }),
        loader: statementLoader,
        ceiling: 7,
        row: /Top-?up|Withdrawal/i,
      }),
      admin({
        route: "_app.companies.$companyId.summary (withdrawals)",
        url: () => `/companies/${acme.id}/summary`,
        params: ofCompany(() => acme.id),
        loader: summaryLoader,
        ceiling: 11,
        row: /"requestedBy"/,
      }),
      admin({ route: "_app.system (bank payment files)", url: () => "/system", loader: systemLoader, ceiling: 4, row: /"fileName"/ }),
    ],
  },
  {
    rows: "ended months with statements (a status mix)",
    grow: statements,
    views: [
      {
        route: "_app.account_.statements",
        url: () => "/account/statements",
        loader: statementsLoader,
        cookie: () => statementsCookie,
        ceiling: 4,
        row: /"month":/,
      },
    ],
  },
  {
    rows: "the directory company's counterparties (a different company each, supplier or customer, terms and GL codes)",
    grow: directoryRows,
    views: [
      {
        route: "_app.settings (Customers tab)",
        url: () => "/settings?tab=customers",
        loader: settingsLoader,
        cookie: () => directoryCookie,
        ceiling: 7,
        row: /QC Dir Party \d\d/,
      },
      {
        route: "_app.settings (Suppliers tab)",
        url: () => "/settings?tab=suppliers",
        loader: settingsLoader,
        cookie: () => directoryCookie,
        ceiling: 7,
        row: /QC Dir Party \d\d/,
      },
      {
        route: "resources.counterparties (counterparty picker)",
        url: () => "/resources/counterparties?counterPartyName=QC",
        loader: counterpartiesLoader,
        cookie: () => directoryCookie,
        ceiling: 2,
        row: /QC Dir Party \d\d/,
      },
      admin({
        route: "_app.companies.$companyId.directory",
        url: () => `/companies/${directoryCo.id}/directory`,
        params: ofCompany(() => directoryCo.id),
        loader: directoryLoader,
        ceiling: 7,
        row: /QC Dir Party \d\d/,
      }),
    ],
  },
  {
    rows: "the directory company's GL codes and payment terms",
    grow: settingsRows,
    views: [
      admin({
        route: "_app.companies.$companyId.settings (GL codes, payment terms)",
        url: () => `/companies/${directoryCo.id}/settings`,
        params: ofCompany(() => directoryCo.id),
        loader: companySettingsLoader,
        ceiling: 10,
        row: /QC\d{3}/,
      }),
    ],
  },
  {
    rows: "pending top-ups of different companies",
    grow: pendingTopUps,
    views: [
      admin({ route: "_app._index (admin Topups, Pending tab)", url: () => "/?tab=pending", loader: topUpsLoader, ceiling: 7, row: /QC TopUp Co \d+/ }),
      admin({ route: "_app._index (admin Topups, All tab)", url: () => "/", loader: topUpsLoader, ceiling: 7, row: /QC TopUp Co \d+/ }),
    ],
  },
  {
    rows: "companies named QC Listed (a verification status mix)",
    grow: listedCompanies,
    views: [
      admin({ route: "_app.companies._index", url: () => "/companies?companyName=QC%20Listed", loader: companiesLoader, ceiling: 4, row: /QC Listed \d\d/ }),
    ],
  },
  {
    rows: "bank accounts waiting for verification, of different companies",
    grow: pendingBankAccounts,
    views: [
      admin({
        route: "_app.bank-accounts (Pending tab)",
        url: () => "/bank-accounts?tab=pending",
        loader: bankAccountsLoader,
        ceiling: 3,
        row: /QC Pending \d+/,
      }),
    ],
  },
  {
    rows: "our withdrawal accounts (a status mix)",
    grow: acmeBankAccounts,
    views: [
      admin({
        route: "_app.companies.$companyId.bank-accounts",
        url: () => `/companies/${acme.id}/bank-accounts`,
        params: ofCompany(() => acme.id),
        loader: companyBankAccountsLoader,
        ceiling: 4,
        row: /QC Acme \d+/,
      }),
    ],
  },
  {
    rows: "the KYC company's users",
    grow: kycUsers,
    views: [
      admin({
        route: "_app.companies.$companyId.kyc",
        url: () => `/companies/${kycCo.id}/kyc`,
        params: ofCompany(() => kycCo.id),
        loader: kycLoader,
        ceiling: 5,
        row: /Kyc\d+/,
      }),
    ],
  },
];

/** The counts, printed after the run (docs/decisions/060); `few` is null for a loader that lists nothing. */
const measured: { route: string; few: number | null; page: number; ceiling: number }[] = [];

describe("every list loader sends the same number of statements for 2 rows and for a page of 25 (issue 19 part 4)", () => {
  for (const group of GROUPS) {
    it(`${group.views.map((view) => view.route).join(", ")}: ${
      group.rows
    }, ${FEW} rows and ${PAGE} rows, the same statements, at most the ceiling`, async () => {
      const load = (view: ListView) => loadCounted(view.loader, view.cookie(), view.url(), view.params?.() ?? {});
      /** Each view counted after a warming load (per-process caches filled, as on a running server; a cache that new
       * rows rightly invalidate, like the offer suggestions keyed by a version the rows bump, is filled again). */
      const measure = async () => {
        const counted = [];
        for (const view of group.views) {
          await load(view);
          counted.push(await load(view));
        }
        return counted;
      };
      await group.grow(FEW);
      const few = await measure();
      await group.grow(PAGE);
      const page = await measure();
      group.views.forEach((view, index) => {
        const shown = (body: string) => body.match(new RegExp(view.row.source, `g${view.row.flags}`))?.length ?? 0;
        // The rows are on the page (a list that showed none of them would prove nothing).
        expect(shown(few[index].body), `${view.route}: rows shown at ${FEW}`).toBeGreaterThan(0);
        expect(shown(page[index].body), `${view.route}: rows shown at ${PAGE}`).toBeGreaterThan(shown(few[index].body));
        const [a, b] = [few[index].sent, page[index].sent];
        measured.push({ route: view.route, few: a.length, page: b.length, ceiling: view.ceiling });
        expect(b.length, `${view.route}: ${FEW} rows sent ${a.length}:\n${describeSent(a)}\n${PAGE} rows sent ${b.length}:\n${describeSent(b)}`).toBe(a.length);
        expect(b.length, `${view.route} over its ceiling:\n${describeSent(b)}`).toBeLessThanOrEqual(view.ceiling);
      });
    }, 180_000);
  }
});

describe("the batched reads give what the per-row reads gave", () => {
  it("companiesFunds (the admin Topups page) equals companyFunds for each company: balance, cash reserve, Funds Available", async () => {
    await topUps(FEW);
    await pendingTopUps(FEW);
    const [{ ids }] = await sequelize.query<{ ids: number[] }>(`SELECT array_agg(DISTINCT company_id) AS ids FROM top_ups WHERE company_id IS NOT NULL`, {
      type: QueryTypes.SELECT,
    });
    const batched = await companiesFunds([...ids, acme.id, 2_000_000_000]);
    expect(batched.get(acme.id)?.cashReserve).toBeGreaterThan(0); // the live offer's reserve is in it
    expect(batched.has(2_000_000_000)).toBe(false);
    for (const id of ids) expect(batched.get(id), `company ${id}`).toEqual(await companyFunds(id));
  });
});

describe("a document request: the root and _app layout loaders with a page (issue 19 part 4)", () => {
  /** Today's counts, measured per loader: the lead lowers them once flags/config are cached and the session read once. */
  const ROOT_CEILING = 3;
  const LAYOUT_CEILING = 2;
  /** The layout at "/" (an admin's home, the Topups page): requireAppUser reads the flags and the session for the
   * marketing-site redirect, then requireUser the session again (once per request inside a request scope). */
  const HOME_LAYOUT_CEILING = 4;

  it(`the root loader sends at most ${ROOT_CEILING} statements and the _app layout loader at most ${LAYOUT_CEILING} (${HOME_LAYOUT_CEILING} at /), whatever the rows`, async () => {
    await invoices(PAGE);
    await statementsOf(rootLoader as Loader, acmeCookie, "/invoices");
    await statementsOf(appLoader as Loader, acmeCookie, "/invoices");
    await new Promise((resolve) => setTimeout(resolve, 200)); // the layout's unawaited automatic-load check settles
    const root = await statementsOf(rootLoader as Loader, acmeCookie, "/invoices");
    const layout = await statementsOf(appLoader as Loader, acmeCookie, "/invoices");
    await statementsOf(appLoader as Loader, adminCookie, "/");
    const admin = await statementsOf(appLoader as Loader, adminCookie, "/");
    measured.push({ route: "root", few: null, page: root.length, ceiling: ROOT_CEILING });
    measured.push({ route: "_app (layout)", few: null, page: layout.length, ceiling: LAYOUT_CEILING });
    measured.push({ route: "_app (layout at /, an admin)", few: null, page: admin.length, ceiling: HOME_LAYOUT_CEILING });
    expect(root.length, describeSent(root)).toBeLessThanOrEqual(ROOT_CEILING);
    expect(layout.length, describeSent(layout)).toBeLessThanOrEqual(LAYOUT_CEILING);
    expect(admin.length, describeSent(admin)).toBeLessThanOrEqual(HOME_LAYOUT_CEILING);
  });

  /** A document request's loaders, concurrently in one request scope as server.ts runs them: their statements. */
  async function documentRequest(url: string, page: Loader) {
    const once = async () => {
      let sent: { text: string }[] = [];
      await runInRequestScope("GET", async () => {
        sent = await countStatements(async () => {
          const responses = await Promise.all([rootLoader as Loader, appLoader as Loader, page].map((loader) => settle(() => loader(argsOf(acmeCookie, url)))));
          for (const response of responses) expect(response.status).toBe(200);
        });
      });
      return sent;
    };
    await once();
    return once();
  }
  const pageCeiling = (route: string) => GROUPS.flatMap((group) => group.views).find((view) => view.route === route)!.ceiling;
  const COMPANY_CONTEXT_READ = /FROM "companies" AS "Company" WHERE "Company"."id" = /;

  for (const [url, route, loader, saved] of [
    // Saved in one request: the session read of two of the three loaders, and the acting company's row read once (a
    // page that reads it several times through its services: companies/service.server.ts findCompanyContext).
    ["/invoices", "_app.invoices", invoicesLoader, 2],
    ["/bills?tab=bills", "_app.bills (Bills tab)", billsLoader, 2 + 4],
  ] as const) {
    it(`root + _app + ${url} in one request scope: the session and the company's row read once, at most the three ceilings less the reads saved (${saved})`, async () => {
      await invoices(PAGE);
      await bills(PAGE);
      const sent = await documentRequest(url, loader as Loader);
      const ceiling = ROOT_CEILING + LAYOUT_CEILING + pageCeiling(route) - saved;
      measured.push({ route: `document request ${url} (root + _app + page)`, few: null, page: sent.length, ceiling });
      expect(
        sent.filter((statement) => /FROM "?sessions"?\b/.test(statement.text)),
        describeSent(sent)
      ).toHaveLength(1);
      expect(sent.filter((statement) => COMPANY_CONTEXT_READ.test(statement.text)).length, describeSent(sent)).toBeLessThanOrEqual(1);
      expect(sent.length, describeSent(sent)).toBeLessThanOrEqual(ceiling);
    });
  }

  afterAll(() => {
    // The counts, for the decision record and the lead's ceilings.
    console.log(
      measured
        .map((row) =>
          row.few === null
            ? `${row.route}: ${row.page} (ceiling ${row.ceiling})`
            : `${row.route}: ${row.few} at ${FEW} rows, ${row.page} at ${PAGE} rows (ceiling ${row.ceiling})`
        )
        .join("\n")
    );
  });
});
