/**
 * Issue 13 part 1: one source for every figure. A random workload (fast-check) of the product's own services over a
 * few companies: invoices, credit notes allocated to them (changing the discounted total T), Get Paid through purchaser
 * offers, prompt payment requests paid with Pay Now, and invoices marked paid outside Earlybird (history loaded from an
 * accounting system: no money moves). Then, for every company and the month (to date), every money figure of every
 * screen's service agrees to the cent:
 *   the invoices cards and GET /analytics/invoices (received count, amount paid promptly, service fees),
 *   the bills cashback card, the offer panel's card and GET /analytics/bills (bills paid early, cashback),
 *   the statement's totals, the sum of its lines, its CSV and PDF,
 *   the account screen's rows, transactions.csv and the balance,
 * and all of them equal the ledger's entries (the split parts of decision 027) and the D2 amounts of the payments made.
 */
import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { QueryTypes } from "sequelize";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { Invoice, PurchaserOffer, type Company } from "../../db/models/index";
import { fundWallet, makeActivatedCompany, makeSupplierLink } from "../support/factories";
import type { Actor } from "../../app/lib/actor";
import { getRuntimeConfig } from "../../app/modules/settings/service.server";
import { addDays, daysBetween, todayIn } from "../../app/lib/dates";
import { isAppError } from "../../app/lib/errors";
import { formatMoney, type Cents } from "../../app/lib/money";
import { companyAnalytics, type BillAnalytics, type InvoiceAnalytics } from "../../app/modules/analytics/service.server";
import { parseListQuery } from "../../app/modules/invoices/filters";
import { allocateCreditNote, createCreditNote } from "../../app/modules/invoices/credit-notes.server";
import { listBills, listInvoices } from "../../app/modules/invoices/list.server";
import { setQueuedJobsTrigger } from "../../app/modules/jobs/queue-trigger.server";
import { exportAccountTransactions, listAccountTransactions } from "../../app/modules/ledger/account.server";
import { companyFunds } from "../../app/modules/ledger/service.server";
import { purchaserOfferExecutionStatus, requestPurchaserOfferExecution, runPurchaserOfferExecution } from "../../app/modules/offers/execution.server";
import { payNow } from "../../app/modules/offers/pay-now.server";
import { cashbackThisMonth } from "../../app/modules/offers/purchaser-offers.server";
import { offerConfigFrom, payNowAmounts, purchaserOfferAmounts } from "../../app/modules/offers/rules";
import { requestPayment } from "../../app/modules/offers/supplier-offers.server";
import { monthOf, monthPeriod } from "../../app/modules/statements/rules";
import { getStatementDetails, statementCsv, statementPdfFile } from "../../app/modules/statements/service.server";
import { pdfText } from "../support/pdf-text";

// Jobs run where the test says, not in a background runner of this process.
beforeAll(() => setQueuedJobsTrigger(() => {}));
afterAll(async () => {
  setQueuedJobsTrigger(null);
  await sequelize.close();
});

const today = todayIn("NZ");
const CRR = "8.00";
let runNumber = 0;
/** What the runs did, so a workload that paid nothing cannot pass unnoticed. */
const made = { getPaid: 0, payNow: 0, paidAfterCredit: 0, paidOutside: 0 };

// ---- The world: purchasers P (offer) and Q (no offer), supplier S, and X (S's customer with an offer, P's supplier) ---

interface Party {
  company: Company;
  actor: Actor & { companyId: number };
}

interface Record {
  id: number;
  number: string;
  supplier: number;
  purchaser: number;
  /** What the test expects the discounted total to be (total less the credit it allocated). */
  discountedTotal: Cents;
  dueDate: string;
  paid: boolean;
  credited: boolean;
}

/** What the payments made should add up to, per company, from D2's formulas (the model). */
interface Expected {
  receivedCount: number;
  receivedPrincipal: number;
  serviceFees: number;
  paidCount: number;
  cashback: number;
  earlybirdFees: number[];
}

const emptyExpected = (): Expected => ({ receivedCount: 0, receivedPrincipal: 0, serviceFees: 0, paidCount: 0, cashback: 0, earlybirdFees: [] });


const supplies = (purchaser: Company, supplier: Company) => makeSupplierLink(purchaser, supplier);

async function world() {
  const make = async (): Promise<Party> => {
    const { company, actor } = await makeActivatedCompany({ verificationStatus: "VERIFIED" });
    return { company, actor: { ...actor, companyId: company.id } };
  };
  const [P, Q, S, X] = [await make(), await make(), await make(), await make()];
  await supplies(P.company, S.company);
  await supplies(P.company, X.company);
  await supplies(Q.company, S.company);
  await supplies(X.company, S.company);
  for (const purchaser of [P, Q, X]) await fundWallet(purchaser.actor, 2_000_000_00 as Cents);
  const offers = new Map<number, number>();
  for (const purchaser of [P, X]) {
    const offer = await PurchaserOffer.create({
      createdByCompany: purchaser.company.id,
      cashpool: 1_500_000_00 as Cents,
      pendingCashpool: 0 as Cents,
      crr: CRR,
      offerStatus: "ACTIVE",
      topUpId: null,
      cancelledAt: null,
    });
    offers.set(purchaser.company.id, offer.id);
  }
  return {
    parties: [P, Q, S, X],
    pairs: [
      [S, P],
      [S, Q],
      [S, X],
      [X, P],
    ] as const,
    offers,
  };
}

// ---- The workload -----------------------------------------------------------------------------------------------

type Operation =
  | { kind: "invoice"; pair: number; total: number; dueIn: number }
  | { kind: "credit"; record: number; share: number }
  | { kind: "getPaid"; record: number }
  | { kind: "payNow"; record: number; share: number }
  | { kind: "paidOutside"; record: number; received: boolean; fee: number; cashback: number };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("invoice" as const),
      pair: fc.nat(3),
      total: fc.integer({ min: 20_00, max: 30_000_00 }),
      dueIn: fc.integer({ min: 2, max: 120 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("credit" as const), record: fc.nat(40), share: fc.integer({ min: 1, max: 60 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("getPaid" as const), record: fc.nat(40) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("payNow" as const), record: fc.nat(40), share: fc.integer({ min: 1, max: 10 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("paidOutside" as const),
      record: fc.nat(40),
      received: fc.boolean(),
      fee: fc.integer({ min: 1, max: 50_00 }),
      cashback: fc.integer({ min: 1, max: 50_00 }),
    }),
  }
);

/** A refusal the service explains (not eligible, over the limits...) skips the step; anything else is a failure. */
const refused = (error: unknown) => {
  if (isAppError(error)) return null;
  throw error;
};

const dollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

async function runWorkload(operations: Operation[]) {
  const run = ++runNumber;
  const { parties, pairs, offers } = await world();
  const config = offerConfigFrom(await getRuntimeConfig());
  const records: Record[] = [];
  const expected = new Map(parties.map((party) => [party.company.id, emptyExpected()]));
  const actorOf = (companyId: number) => parties.find((party) => party.company.id === companyId)!.actor;
  const unpaid = (index: number) => {
    const open = records.filter((record) => !record.paid);
    return open.length ? open[index % open.length] : null;
  };
  const recordPayment = (record: Record, fee: number, cashback: number) => {
    record.paid = true;
    if (record.credited) made.paidAfterCredit++;
    const supplier = expected.get(record.supplier)!;
    supplier.receivedCount++;
    supplier.receivedPrincipal += record.discountedTotal;
    supplier.serviceFees += fee;
    supplier.earlybirdFees.push(fee - cashback);
    const purchaser = expected.get(record.purchaser)!;
    purchaser.paidCount++;
    purchaser.cashback += cashback;
    purchaser.earlybirdFees.push(fee - cashback);
  };

  for (const [index, op] of operations.entries()) {
    if (op.kind === "invoice") {
      const [supplier, purchaser] = pairs[op.pair];
      const dueDate = addDays(today, op.dueIn);
      const number = `FIG-${process.pid}-${run}-${index}`;
      const invoice = await Invoice.create({
        type: "INVOICE",
        issuedBy: supplier.company.id,
        issuedFor: purchaser.company.id,
        issuedByCompanyName: supplier.company.companyName,
        issuedForCompanyName: purchaser.company.companyName,
        invoiceNumber: number,
        dueDate,
        issueDate: addDays(today, -5),
        total: op.total as Cents,
        currency: "NZD",
        invoiceStatus: "PAYMENT_READY",
        billStatus: "PAYMENT_OFFERED",
        includeInPurchaserOffer: true,
      });
      records.push({
        id: invoice.id,
        number,
        supplier: supplier.company.id,
        purchaser: purchaser.company.id,
        discountedTotal: op.total as Cents,
        dueDate,
        paid: false,
        credited: false,
      });
    } else if (op.kind === "credit") {
      // The purchaser records a credit note from the supplier and allocates part of the bill's amount due to it.
      const record = unpaid(op.record);
      if (!record) continue;
      // A credit note is at least $1 (the service says so).
      const amount = Math.max(1_00, Math.floor((record.discountedTotal * op.share) / 100));
      if (amount >= record.discountedTotal) continue;
      const purchaser = actorOf(record.purchaser);
      const note = await createCreditNote(purchaser, {
        counterpartyId: record.supplier,
        creditNumber: `CN-${process.pid}-${run}-${index}`,
        issueDate: today,
        total: dollars(amount),
      });
      await allocateCreditNote(purchaser, note.id, [{ invoiceId: record.id, allocatedAmount: amount as Cents }]);
      record.discountedTotal = (record.discountedTotal - amount) as Cents;
      record.credited = true;
    } else if (op.kind === "getPaid") {
      const record = unpaid(op.record);
      const offerId = record ? offers.get(record.purchaser) : undefined;
      if (!record || offerId === undefined) continue;
      const supplier = actorOf(record.supplier);
      const requested = await requestPurchaserOfferExecution(supplier, { offerId, invoiceIds: [record.id] }).catch(refused);
      if (!requested) continue;
      await runPurchaserOfferExecution(requested.jobId);
      const status = await purchaserOfferExecutionStatus(supplier, { offerId, executionId: requested.executionId });
      if (status.success !== 1) continue;
      const amounts = purchaserOfferAmounts({ crrBp: 800, discountedTotal: record.discountedTotal, daysEarly: daysBetween(today, record.dueDate) }, config);
      recordPayment(record, amounts.fee, amounts.cashback);
      made.getPaid++;
    } else if (op.kind === "payNow") {
      // The supplier asks for prompt payment (A between $5 and 10 % of the amount due), the purchaser pays now.
      const record = unpaid(op.record);
      if (!record) continue;
      const amount = Math.max(5_00, Math.floor((record.discountedTotal * op.share) / 100));
      const requested = await requestPayment(actorOf(record.supplier), { invoiceId: record.id, amount: dollars(amount), expirationDate: today }).catch(refused);
      if (!requested) continue;
      const paid = await payNow(actorOf(record.purchaser), { supplierOfferId: requested.offerId, invoiceIds: [record.id], expectedCashReward: amount });
      expect(paid.status).toBe("SUCCESS");
      const amounts = payNowAmounts({ discountedTotal: record.discountedTotal, cashReward: amount as Cents }, config);
      recordPayment(record, amount, amounts.savings);
      made.payNow++;
    } else {
      // History loaded from an accounting system: marked paid, with figures of its own, and no money through Earlybird.
      const record = unpaid(op.record);
      if (!record) continue;
      record.paid = true;
      made.paidOutside++;
      await Invoice.update(
        {
          invoiceStatus: op.received ? "PAYMENT_RECEIVED" : "PAID",
          billStatus: "PAID",
          paidDate: today,
          totalPaid: record.discountedTotal,
          // Within the database's ranges (at most the total).
          serviceFee: Math.min(op.fee, Math.floor(record.discountedTotal / 10)) as Cents,
          cashReward: Math.min(op.cashback, Math.floor(record.discountedTotal / 10)) as Cents,
        },
        { where: { id: record.id } }
      );
    }
  }
  return { parties, expected };
}

// ---- The figures ------------------------------------------------------------------------------------------------

const sum = (values: readonly (number | null)[]) => values.reduce<number>((total, value) => total + (value ?? 0), 0);
const cents = (text: string) => (text === "" ? 0 : Math.round(Number(text) * 100));

async function statementOf(actor: Actor) {
  const first = await getStatementDetails(actor, "current", { startAt: 0, endAt: 100 });
  const lines = [...first.lines];
  while (lines.length < first.totalLines) {
    lines.push(...(await getStatementDetails(actor, "current", { startAt: lines.length, endAt: lines.length + 100 })).lines);
  }
  return { ...first, lines };
}

async function accountRows(actor: Actor) {
  const rows = [];
  for (let page = 1; ; page++) {
    const result = await listAccountTransactions(actor, { page, size: 100 });
    rows.push(...result.rows);
    if (rows.length >= result.total) return rows;
  }
}

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

/** The company's wallet entries this month, by role (decision 027): the ledger's own answer. */
async function ledgerOf(companyId: number, startAt: Date) {
  const [row] = await sequelize.query<{
    amount_c: string;
    balance_c: string;
    fees_c: string;
    cashback_c: string;
    received_c: string;
    received: string;
    paid: string;
  }>(
    `SELECT (coalesce(sum(e.amount) FILTER (WHERE e.created_at >= :startAt), 0) * 100)::bigint AS amount_c,
            (coalesce(sum(e.amount), 0) * 100)::bigint AS balance_c,
            (coalesce(-sum(e.service_fee_amount) FILTER (WHERE e.created_at >= :startAt), 0) * 100)::bigint AS fees_c,
            (coalesce(sum(e.cashback_amount) FILTER (WHERE e.created_at >= :startAt), 0) * 100)::bigint AS cashback_c,
            (coalesce(sum(e.amount - e.service_fee_amount - e.cashback_amount)
               FILTER (WHERE e.created_at >= :startAt AND e.amount - e.service_fee_amount - e.cashback_amount > 0), 0) * 100)::bigint AS received_c,
            count(*) FILTER (WHERE e.created_at >= :startAt AND e.amount - e.service_fee_amount - e.cashback_amount > 0) AS received,
            count(*) FILTER (WHERE e.created_at >= :startAt AND e.amount - e.service_fee_amount - e.cashback_amount < 0) AS paid
       FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id
      WHERE a.company_id = :companyId AND a.kind = 'WALLET'`,
    { type: QueryTypes.SELECT, replacements: { companyId, startAt } }
  );
  return {
    monthAmount: Number(row.amount_c),
    balance: Number(row.balance_c),
    serviceFees: Number(row.fees_c),
    cashback: Number(row.cashback_c),
    receivedPrincipal: Number(row.received_c),
    receivedCount: Number(row.received),
    paidCount: Number(row.paid),
  };
}

async function checkFigures(party: Party, expected: Expected) {
  const actor = party.actor;
  const invoices = (await companyAnalytics(actor, "invoices")) as InvoiceAnalytics;
  const bills = (await companyAnalytics(actor, "bills")) as BillAnalytics;
  const invoiceCards = (await listInvoices(actor, parseListQuery(new URLSearchParams(), { type: "INVOICE" }).query)).cards.receivedThisMonth;
  const billCards = (await listBills(actor, parseListQuery(new URLSearchParams(), { type: "BILL" }).query)).cards.cashbackThisMonth;
  const panel = await cashbackThisMonth(actor);
  const statement = await statementOf(actor);
  const label = `company ${party.company.id}`;

  // 1. Every card says the same as the statement, and the statement's totals are the sums of its lines.
  const early = {
    invoice: statement.lines.filter((line) => line.recordType === "INVOICE"),
    bill: statement.lines.filter((line) => line.recordType === "BILL"),
  };
  const statementFigures = {
    serviceFees: statement.totals.fees,
    amountPaid: sum(early.invoice.map((line) => line.amount + (line.fee ?? 0))),
    receivedCount: early.invoice.length,
    cashback: statement.totals.cashback,
    paidEarlyCount: early.bill.length,
  };
  expect({ serviceFees: sum(statement.lines.map((line) => line.fee)), cashback: sum(statement.lines.map((line) => line.cashback)) }, label).toEqual({
    serviceFees: statement.totals.fees,
    cashback: statement.totals.cashback,
  });
  const cards = {
    analytics: {
      serviceFees: invoices.maxServiceFeesReceived,
      amountPaid: invoices.totalAmountPaid,
      receivedCount: invoices.receivedCount,
      cashback: bills.cashbackReceived,
      paidEarlyCount: bills.paidEarlyCount,
    },
    lists: {
      serviceFees: invoiceCards.serviceFees,
      amountPaid: invoiceCards.amountPaid,
      receivedCount: invoiceCards.count,
      cashback: billCards.cashback,
      paidEarlyCount: billCards.count,
    },
    offerPanel: { cashback: panel.cashback, paidEarlyCount: panel.count },
  };
  expect(cards, label).toEqual({
    analytics: statementFigures,
    lists: statementFigures,
    offerPanel: { cashback: statementFigures.cashback, paidEarlyCount: statementFigures.paidEarlyCount },
  });

  // 2. The statement's money: opening + lines = closing = the balance the account screen shows.
  expect(statement.openingBalance! + sum(statement.lines.map((line) => line.amount)), label).toBe(statement.closingBalance);
  const funds = await companyFunds(party.company.id);
  expect(statement.closingBalance, label).toBe(funds.balance);

  // 3. The account screen and transactions.csv: one row per ledger transaction, the same amounts as the statement.
  const rows = (await accountRows(actor)).filter((row) => row.status === "COMPLETED");
  expect(rows.map((row) => row.amount).reverse(), label).toEqual(statement.lines.map((line) => line.amount));
  expect(rows[0]?.balanceAfter ?? 0, label).toBe(funds.balance);
  const exported = parse(await streamText((await exportAccountTransactions(actor)).stream), { bom: true, columns: true }) as {
    Amount: string;
    Status: string;
  }[];
  expect(sum(exported.filter((row) => row.Status === "Completed").map((row) => cents(row.Amount))), label).toBe(
    sum(statement.lines.map((line) => line.amount))
  );

  // 4. The statement's CSV and PDF carry the same lines and totals.
  const csv = parse((await statementCsv(actor, "current")).body, { columns: true }) as { [column: string]: string }[];
  const csvLines = csv.filter((row) => row.Line !== "");
  expect(
    csvLines.map((row) => [cents(row.Amount), row.Fee === "" ? null : cents(row.Fee), row.Cashback === "" ? null : cents(row.Cashback)]),
    label
  ).toEqual(statement.lines.map((line) => [line.amount, line.fee, line.cashback]));
  const pdf = await pdfText((await statementPdfFile(actor, "current")).body);
  expect(pdf, label).toContain(formatMoney(statement.totals.fees as Cents, "en-NZ"));
  expect(pdf, label).toContain(formatMoney(statement.totals.cashback as Cents, "en-NZ"));

  // 5. ...and all of them are the ledger's entries (the split parts of decision 027) and D2's amounts of the payments.
  const ledger = await ledgerOf(party.company.id, monthPeriod(monthOf(today), "Pacific/Auckland").startAt);
  expect(
    {
      monthAmount: sum(statement.lines.map((line) => line.amount)),
      balance: funds.balance,
      serviceFees: statementFigures.serviceFees,
      cashback: statementFigures.cashback,
      receivedPrincipal: statementFigures.amountPaid,
      receivedCount: statementFigures.receivedCount,
      paidCount: statementFigures.paidEarlyCount,
    },
    label
  ).toEqual(ledger);
  expect(
    {
      serviceFees: statementFigures.serviceFees,
      cashback: statementFigures.cashback,
      amountPaid: statementFigures.amountPaid,
      receivedCount: statementFigures.receivedCount,
      paidEarlyCount: statementFigures.paidEarlyCount,
    },
    label
  ).toEqual({
    serviceFees: expected.serviceFees,
    cashback: expected.cashback,
    amountPaid: expected.receivedPrincipal,
    receivedCount: expected.receivedCount,
    paidEarlyCount: expected.paidCount,
  });
  // Part 2: each early payment's line says what Earlybird kept of it (fee − cashback, D2).
  expect(
    [...early.invoice, ...early.bill].map((line) => line.earlybirdFee).sort((a, b) => (a ?? 0) - (b ?? 0)),
    label
  ).toEqual([...expected.earlybirdFees].sort((a, b) => a - b));
}

describe("one source for every figure", () => {
  it(
    "after a random workload of offers, executions, Pay Nows, credit notes and history, every screen's figures equal the ledger's",
    { timeout: 600_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(operation, { minLength: 8, maxLength: 28 }), async (operations) => {
          const { parties, expected } = await runWorkload(operations);
          for (const party of parties) await checkFigures(party, expected.get(party.company.id)!);
        }),
        { numRuns: Number(process.env.FIGURES_RUNS ?? 6), seed: process.env.FIGURES_SEED ? Number(process.env.FIGURES_SEED) : undefined, endOnFailure: true }
      );
      console.log("figures workload:", JSON.stringify(made));
      expect(made.getPaid, JSON.stringify(made)).toBeGreaterThan(0);
      expect(made.payNow, JSON.stringify(made)).toBeGreaterThan(0);
    }
  );
});
