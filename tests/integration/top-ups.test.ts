/**
 * Top-ups (issue 4 part 5) against a real PostgreSQL: create (reference, 7-day expiry, the spec's messages, activation,
 * idempotency), confirm exactly once (twice, and N admins at once on separate connections), cancel (admins and owners),
 * expiry (the job, and a race with a confirm), company scoping and admin-only actions, the admin list and the Topup
 * Entry's knapsack suggestion over real bills with prompt payment requests.
 */
import { QueryTypes } from "sequelize";
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { Invoice, Job, LedgerTransaction, SupplierOffer, SupplierOfferInvoice, TopUp } from "../../db/models/index";
import { addDays, todayIn } from "../../app/lib/dates";
import type { Cents } from "../../app/lib/money";
import { runScheduledJobNow } from "../../jobs/scheduled";
import { companyFunds } from "../../app/modules/ledger/service.server";
import {
  assignmentChoices,
  bankTransferInstructions,
  cancelTopUp,
  confirmTopUp,
  createTopUp,
  expireTopUps,
  getTopUp,
  listCompanyTopUps,
  listTopUps,
} from "../../app/modules/ledger/top-ups.server";
import { topUpEntry } from "../../app/modules/offers/top-up-entry.server";
import { isGeneratedReference } from "../../app/modules/ledger/top-ups.rules";
import {
  TOPUP_ACCOUNT_NOT_ACTIVE,
  TOPUP_AMOUNT_DECIMALS,
  TOPUP_AMOUNT_NEGATIVE,
  TOPUP_AMOUNT_NOT_A_NUMBER,
  TOPUP_AMOUNT_ZERO,
  TOPUP_EXPIRED,
} from "../../app/modules/ledger/top-ups.schema";
import { makeActivatedCompany, makeAdmin, makeCompany, makeUser } from "../support/factories";
import { entriesOf, errorOf } from "./top-ups.support";

afterAll(() => sequelize.close());

describe("creating a top-up (p1 §4-§5, D5)", () => {
  it("is PENDING with a unique reference, in the company's currency, and expires 7 days later", async () => {
    const { company, actor } = await makeActivatedCompany();
    const topUp = await createTopUp(actor, { amount: "1234.50", trigger: "CUSTOM" });
    expect(topUp).toMatchObject({
      companyId: company.id,
      currency: "NZD",
      topupAmount: 123_450,
      topupStatus: "PENDING",
      trigger: "CUSTOM",
      actions: ["confirm", "cancel"],
    });
    expect(isGeneratedReference(topUp.paymentReference!)).toBe(true);
    expect(Date.parse(topUp.expiresAt!) - Date.parse(topUp.creationTime)).toBe(7 * 86_400_000);
    // Nothing moves in the ledger until the money arrives.
    expect(await entriesOf(topUp.id)).toEqual([]);
    const au = await makeActivatedCompany({ country: "AU" });
    expect((await createTopUp(au.actor, { amount: 5_000, trigger: "NO_OFFER" })).currency).toBe("AUD");
  });

  it("gives every top-up its own reference", async () => {
    const { actor } = await makeActivatedCompany();
    const created = await Promise.all(Array.from({ length: 30 }, () => createTopUp(actor, { amount: 100, trigger: "CUSTOM" })));
    expect(new Set(created.map((topUp) => topUp.paymentReference)).size).toBe(30);
  });

  it("refuses 0 with the spec's message and writes nothing", async () => {
    const { company, actor } = await makeActivatedCompany();
    for (const amount of [0, "0.00", ""]) {
      const error = await errorOf(createTopUp(actor, { amount, trigger: "CUSTOM" }));
      expect(error).toMatchObject({ status: 422, message: TOPUP_AMOUNT_ZERO, field: "amount" });
    }
    // Each other bad value has its own message (issue 13 part 19).
    for (const [amount, message] of [["abc", TOPUP_AMOUNT_NOT_A_NUMBER], ["-5", TOPUP_AMOUNT_NEGATIVE], ["10.555", TOPUP_AMOUNT_DECIMALS]]) {
      expect(await errorOf(createTopUp(actor, { amount, trigger: "CUSTOM" }))).toMatchObject({ status: 422, message, field: "amount" });
    }
    expect(await TopUp.count({ where: { companyId: company.id } })).toBe(0);
  });

  it("needs an activated account", async () => {
    const company = await makeCompany();
    const user = await makeUser({ company });
    const error = await errorOf(createTopUp({ userId: user.id, companyId: company.id, roles: ["ROLE_USER"] }, { amount: 100, trigger: "CUSTOM" }));
    expect(error).toMatchObject({ status: 409, message: TOPUP_ACCOUNT_NOT_ACTIVE });
    expect(await TopUp.count({ where: { companyId: company.id } })).toBe(0);
  });

  it("an admin tops up on behalf of a named company only", async () => {
    const { company } = await makeActivatedCompany();
    expect((await errorOf(createTopUp(await makeAdmin(), { amount: 100, trigger: "CUSTOM" }))).status).toBe(422);
    expect(await createTopUp(await makeAdmin(), { amount: 100, trigger: "CUSTOM", companyId: company.id })).toMatchObject({ companyId: company.id });
    // A company user's companyId is ignored: its top-up is always its own.
    const other = await makeActivatedCompany();
    expect(await createTopUp(other.actor, { amount: 100, trigger: "CUSTOM", companyId: company.id })).toMatchObject({ companyId: other.company.id });
  });

  it("takes the offer triggers of the offers flows, inside the caller's transaction", async () => {
    const { company, actor } = await makeActivatedCompany();
    await expect(
      sequelize.transaction(async (t) => {
        const topUp = await createTopUp(actor, { amount: 2_000, trigger: "PURCHASER_OFFER" }, { transaction: t });
        expect(topUp.trigger).toBe("PURCHASER_OFFER");
        throw new Error("the offer could not be posted");
      })
    ).rejects.toThrow("the offer could not be posted");
    expect(await TopUp.count({ where: { companyId: company.id } })).toBe(0);
  });

  it("a double click with one idempotency key creates one top-up; the key with another amount is refused", async () => {
    const { company, actor } = await makeActivatedCompany();
    const results = await Promise.all(Array.from({ length: 5 }, () => createTopUp(actor, { amount: 7_700, trigger: "CUSTOM", idempotencyKey: "entry-abc" })));
    expect(new Set(results.map((topUp) => topUp.id)).size).toBe(1);
    expect(await TopUp.count({ where: { companyId: company.id } })).toBe(1);
    expect((await errorOf(createTopUp(actor, { amount: 7_701, trigger: "CUSTOM", idempotencyKey: "entry-abc" }))).status).toBe(409);
  });
});

describe("confirming (p3 §4.3): COMPLETED, the wallet credited exactly once", () => {
  it("credits the wallet from bank clearing and links the ledger transaction", async () => {
    const { company, actor } = await makeActivatedCompany();
    const before = await companyFunds(company.id);
    const topUp = await createTopUp(actor, { amount: 250_000, trigger: "CUSTOM" });
    const { topUp: confirmed, alreadyDone } = await confirmTopUp(await makeAdmin(), topUp.id);
    expect(alreadyDone).toBe(false);
    expect(confirmed).toMatchObject({ topupStatus: "COMPLETED", actions: [] });
    expect((await companyFunds(company.id)).balance).toBe(before.balance + 250_000);
    const row = await TopUp.findByPk(topUp.id);
    expect(row).toMatchObject({ confirmedByUserId: (await makeAdmin()).userId, completedAt: expect.any(Date) });
    const ledger = await LedgerTransaction.findByPk(row!.ledgerTransactionId!);
    expect(ledger).toMatchObject({
      transactionClass: "TOPUP",
      topUpId: topUp.id,
      destinationCompanyId: company.id,
      destinationReference: topUp.paymentReference,
    });
    expect(await entriesOf(topUp.id)).toEqual([
      { kind: "BANK_CLEARING", company_id: null, amount_c: "-250000", transaction_class: "TOPUP" },
      { kind: "WALLET", company_id: company.id, amount_c: "250000", transaction_class: "TOPUP" },
    ]);
  });

  it("a second click changes nothing", async () => {
    const { company, actor } = await makeActivatedCompany();
    const topUp = await createTopUp(actor, { amount: 1_000, trigger: "CUSTOM" });
    await confirmTopUp(await makeAdmin(), topUp.id);
    expect((await confirmTopUp(await makeAdmin(), topUp.id)).alreadyDone).toBe(true);
    expect((await companyFunds(company.id)).balance).toBe(1_000);
    expect(await entriesOf(topUp.id)).toHaveLength(2);
  });

  it("N admins confirming at once, each on its own connection: one credit", async () => {
    const { company, actor } = await makeActivatedCompany();
    const topUp = await createTopUp(actor, { amount: 33_333, trigger: "CUSTOM" });
    const admins = await Promise.all(
      Array.from({ length: 8 }, async () => ({ userId: (await makeUser({ roles: ["ROLE_ADMIN"] })).id, companyId: null, roles: ["ROLE_ADMIN" as const] }))
    );
    const results = await Promise.all(admins.map((actorOfAdmin) => confirmTopUp(actorOfAdmin, topUp.id)));
    expect(results.filter((result) => !result.alreadyDone)).toHaveLength(1);
    expect((await companyFunds(company.id)).balance).toBe(33_333);
    expect(await LedgerTransaction.count({ where: { topUpId: topUp.id } })).toBe(1);
    // The cached balance is still the sum of the wallet's entries.
    const [drift] = await sequelize.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_accounts a WHERE a.company_id = :id AND a.balance <> (SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE account_id = a.id)`,
      { type: QueryTypes.SELECT, replacements: { id: company.id } }
    );
    expect(drift.n).toBe(0);
  });

  it("is for admins only", async () => {
    const { actor } = await makeActivatedCompany();
    const topUp = await createTopUp(actor, { amount: 1_000, trigger: "CUSTOM" });
    expect((await errorOf(confirmTopUp(actor, topUp.id))).status).toBe(404);
    expect((await TopUp.findByPk(topUp.id))!.topupStatus).toBe("PENDING");
  });

  it("refuses a cancelled, an expired or a missing top-up", async () => {
    const { actor } = await makeActivatedCompany();
    const cancelled = await createTopUp(actor, { amount: 1_000, trigger: "CUSTOM" });
    await cancelTopUp(actor, cancelled.id);
    expect(await errorOf(confirmTopUp(await makeAdmin(), cancelled.id))).toMatchObject({ status: 409, message: "This topup is already cancelled." });
    const old = await createTopUp(actor, { amount: 1_000, trigger: "CUSTOM" });
    await TopUp.update({ expiresAt: new Date(Date.now() - 1_000) }, { where: { id: old.id } });
    // Past its 7 days but not yet marked by the job: refused all the same.
    expect(await errorOf(confirmTopUp(await makeAdmin(), old.id))).toMatchObject({ status: 409, message: TOPUP_EXPIRED });
    expect((await errorOf(confirmTopUp(await makeAdmin(), 2_000_000_000))).status).toBe(404);
    expect(await entriesOf(cancelled.id)).toEqual([]);
    expect(await entriesOf(old.id)).toEqual([]);
  });
});

describe("cancelling (D5: admins and owners)", () => {
  it("the company's own user cancels a PENDING top-up; again changes nothing", async () => {
    const { actor } = await makeActivatedCompany();
    const topUp = await createTopUp(actor, { amount: 1_000, trigger: "CUSTOM" });
    const { topUp: cancelled, alreadyDone } = await cancelTopUp(actor, topUp.id);
    expect(alreadyDone).toBe(false);
    expect(cancelled).toMatchObject({ topupStatus: "CANCELLED", cancelledAt: expect.any(String) });
    expect((await TopUp.findByPk(topUp.id))!.cancelledByUserId).toBe(actor.userId);
    expect((await cancelTopUp(actor, topUp.id)).alreadyDone).toBe(true);
  });

  it("another company's user gets 404; an admin may cancel any", async () => {
    const { actor } = await makeActivatedCompany();
    const other = await makeActivatedCompany();
    const topUp = await createTopUp(actor, { amount: 1_000, trigger: "CUSTOM" });
    expect((await errorOf(cancelTopUp(other.actor, topUp.id))).status).toBe(404);
    expect((await TopUp.findByPk(topUp.id))!.topupStatus).toBe("PENDING");
    expect((await cancelTopUp(await makeAdmin(), topUp.id)).topUp.topupStatus).toBe("CANCELLED");
  });

  it("a completed top-up cannot be cancelled", async () => {
    const { actor } = await makeActivatedCompany();
    const topUp = await createTopUp(actor, { amount: 1_000, trigger: "CUSTOM" });
    await confirmTopUp(await makeAdmin(), topUp.id);
    expect(await errorOf(cancelTopUp(actor, topUp.id))).toMatchObject({ status: 409, message: "This topup is already completed." });
  });

  it("a confirm and a cancel at once: one wins, and money moves only if the confirm did", async () => {
    for (let round = 0; round < 5; round++) {
      const { company, actor } = await makeActivatedCompany();
      const topUp = await createTopUp(actor, { amount: 4_200, trigger: "CUSTOM" });
      const outcomes = await Promise.allSettled([confirmTopUp(await makeAdmin(), topUp.id), cancelTopUp(actor, topUp.id)]);
      const status = (await TopUp.findByPk(topUp.id))!.topupStatus;
      expect(["COMPLETED", "CANCELLED"]).toContain(status);
      expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
      expect((await companyFunds(company.id)).balance).toBe(status === "COMPLETED" ? 4_200 : 0);
    }
  });
});

describe("expiry (D5: PENDING top-ups expire after 7 days)", () => {
  it("the expire-top-ups job marks PENDING top-ups past their expiry EXPIRED, and nothing else", async () => {
    const { actor } = await makeActivatedCompany();
    const [old, fresh, done] = await Promise.all([1, 2, 3].map(() => createTopUp(actor, { amount: 1_000, trigger: "CUSTOM" })));
    await confirmTopUp(await makeAdmin(), done.id);
    await TopUp.update({ expiresAt: new Date(Date.now() - 60_000) }, { where: { id: [old.id, done.id] } });
    const job = await runScheduledJobNow("expire-top-ups");
    expect(await Job.findByPk(job.id)).toMatchObject({ type: "expire-top-ups", status: "SUCCEEDED", progress: 100 });
    expect((job.result as { expired: number }).expired).toBeGreaterThanOrEqual(1);
    const statuses = Object.fromEntries((await TopUp.findAll({ where: { id: [old.id, fresh.id, done.id] } })).map((row) => [row.id, row.topupStatus]));
    expect(statuses).toEqual({ [old.id]: "EXPIRED", [fresh.id]: "PENDING", [done.id]: "COMPLETED" });
    // Running again is harmless.
    expect(await expireTopUps()).toEqual({ expired: expect.any(Number) });
    expect((await TopUp.findByPk(old.id))!.topupStatus).toBe("EXPIRED");
  });

  it("7 days after creation, by the database's default", async () => {
    const { actor } = await makeActivatedCompany();
    const topUp = await createTopUp(actor, { amount: 1_000, trigger: "CUSTOM" });
    await expireTopUps(new Date(Date.parse(topUp.creationTime) + 7 * 86_400_000 - 1_000));
    expect((await TopUp.findByPk(topUp.id))!.topupStatus).toBe("PENDING");
    // +1 ms: the database keeps microseconds, the view milliseconds.
    await expireTopUps(new Date(Date.parse(topUp.creationTime) + 7 * 86_400_000 + 1));
    expect((await TopUp.findByPk(topUp.id))!.topupStatus).toBe("EXPIRED");
  });

  it("an expiry racing a confirm never leaves a credited top-up EXPIRED", async () => {
    const { company, actor } = await makeActivatedCompany();
    const topUps = await Promise.all(Array.from({ length: 6 }, () => createTopUp(actor, { amount: 500, trigger: "CUSTOM" })));
    // Just inside the 7 days for the confirm; the job is asked about a moment later.
    await TopUp.update({ expiresAt: new Date(Date.now() + 2_000) }, { where: { id: topUps.map((t) => t.id) } });
    const adminNow = await makeAdmin();
    await Promise.allSettled([...topUps.map((t) => confirmTopUp(adminNow, t.id)), expireTopUps(new Date(Date.now() + 5_000))]);
    const rows = await TopUp.findAll({ where: { id: topUps.map((t) => t.id) } });
    const completed = rows.filter((row) => row.topupStatus === "COMPLETED").length;
    expect(rows.every((row) => ["COMPLETED", "EXPIRED"].includes(row.topupStatus))).toBe(true);
    expect((await companyFunds(company.id)).balance).toBe(completed * 500);
    for (const row of rows) expect(row.ledgerTransactionId !== null).toBe(row.topupStatus === "COMPLETED");
  });
});

describe("company scoping and the admin list", () => {
  it("a company user sees only its own top-ups", async () => {
    const mine = await makeActivatedCompany();
    const theirs = await makeActivatedCompany();
    const own = await createTopUp(mine.actor, { amount: 100, trigger: "CUSTOM" });
    const other = await createTopUp(theirs.actor, { amount: 200, trigger: "CUSTOM" });
    expect((await getTopUp(mine.actor, own.id)).id).toBe(own.id);
    expect((await errorOf(getTopUp(mine.actor, other.id))).status).toBe(404);
    expect((await listCompanyTopUps(mine.actor)).map((topUp) => topUp.id)).toEqual([own.id]);
    expect((await getTopUp(await makeAdmin(), other.id)).companyName).toBe(theirs.company.companyName);
  });

  it("lists by tab, newest first, with the company's Funds Available; admins only", async () => {
    const { company, actor } = await makeActivatedCompany();
    const first = await createTopUp(actor, { amount: 1_500, trigger: "CUSTOM" });
    const second = await createTopUp(actor, { amount: 2_500, trigger: "CUSTOM" });
    await confirmTopUp(await makeAdmin(), first.id);
    const pending = await listTopUps(await makeAdmin(), { tab: "pending", page: 1 });
    expect(pending.rows.every((row) => row.topupStatus === "PENDING")).toBe(true);
    expect(pending.rows.some((row) => row.id === second.id)).toBe(true);
    const approved = await listTopUps(await makeAdmin(), { tab: "approved", page: 1, size: 100 });
    expect(approved.rows.find((row) => row.id === first.id)).toMatchObject({
      topupStatus: "COMPLETED",
      companyName: company.companyName,
      fundsAvailable: 1_500,
    });
    const all = await listTopUps(await makeAdmin(), { tab: "all", page: 1 });
    expect(all.size).toBe(25);
    const times = all.rows.map((row) => Date.parse(row.creationTime));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await errorOf(listTopUps(actor, { tab: "all", page: 1 }))).status).toBe(404);
    expect((await errorOf(assignmentChoices(actor, first.id))).status).toBe(404);
  });
});

describe("the Topup Entry (p1 §4)", () => {
  it("suggests, by knapsack, the Pay Now bills the funds do not cover", async () => {
    const { company, actor } = await makeActivatedCompany();
    const supplier = await makeCompany();
    const today = todayIn("NZ");
    // Three bills with prompt payment requests of $10 each: the purchaser saves s = $6 (D2, 40 % success fee).
    const totals = [60_000, 50_000, 50_000];
    for (const [i, total] of totals.entries()) {
      const bill = await Invoice.create({
        type: "BILL",
        issuedBy: supplier.id,
        issuedFor: company.id,
        issuedByCompanyName: supplier.companyName,
        issuedForCompanyName: company.companyName,
        invoiceNumber: `TOPUP-${company.id}-${i}`,
        issueDate: addDays(today, -5),
        dueDate: addDays(today, 20),
        total: total as Cents,
        loadedBy: "EARLYBIRD",
      } as never);
      const offer = await SupplierOffer.create({
        createdByCompany: supplier.id,
        cashReward: 1_000,
        expirationDate: addDays(today, 5),
        offerStatus: "CLEARING",
        topUpId: null,
      } as never);
      await SupplierOfferInvoice.create({ supplierOfferId: offer.id, invoiceId: bill.id } as never);
    }
    // Funds 100,000: paying a bill costs total − 600; the knapsack covers the two 49,400 bills (98,800).
    const topUp = await createTopUp(actor, { amount: 100_000, trigger: "CUSTOM" });
    await confirmTopUp(await makeAdmin(), topUp.id);
    const entry = await topUpEntry(actor);
    expect(entry).toMatchObject({ currency: "NZD", locale: "en-NZ", fundsAvailable: 100_000, accountActive: true });
    expect(entry.offers.map((offer) => offer.amount).sort()).toEqual([49_400, 49_400, 59_400]);
    expect(entry.covered.map((offer) => offer.amount)).toEqual([49_400, 49_400]);
    expect(entry.suggestions).toEqual([
      { kind: "UNCOVERED_OFFERS", amount: 59_400, offerIds: [entry.uncovered[0].id] },
      { kind: "ALL_OFFERS", amount: 158_200 - 100_000, offerIds: expect.any(Array) },
    ]);
    expect(entry.offers[0].label).toContain(supplier.companyName);
  });

  it("shows Earlybird's bank account in NZ and the company's PayID in AU", async () => {
    const nz = await makeActivatedCompany();
    expect(await bankTransferInstructions(nz.actor)).toEqual({
      method: "BANK_ACCOUNT",
      payId: null,
      bankName: "Earlybird Trust Bank",
      accountNumber: "02-0100-0123456-000",
      mayTakeTwoHours: true,
    });
    const au = await makeActivatedCompany({ country: "AU" });
    expect(await bankTransferInstructions(au.actor)).toMatchObject({ method: "PAYID", payId: `pay${au.company.id}@earlybird.test`, mayTakeTwoHours: false });
  });
});
