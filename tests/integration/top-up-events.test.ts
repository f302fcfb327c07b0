/**
 * The ledger's top-up events (issue 14 part 3): listeners run in the transaction that completes or closes a top-up, in
 * registration order after the offers' own, and one that throws rolls the whole change back.
 */
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { TopUp } from "../../db/models/index";
import { companyFunds } from "../../app/modules/ledger/service.server";
import { onTopUpClosed, onTopUpCompleted } from "../../app/modules/ledger/top-up-events.server";
import { cancelTopUp, confirmTopUp, createTopUp } from "../../app/modules/ledger/top-ups.server";
import { makeActivatedCompany as activatedCompany, makeAdmin as admin } from "../support/factories";
import { entriesOf } from "./top-ups.support";

afterAll(() => sequelize.close());

describe("top-up events", () => {
  it("a completion listener runs inside the completing transaction, seeing the top-up COMPLETED and the credit posted", async () => {
    const { actor } = await activatedCompany();
    const topUp = await createTopUp(actor, { amount: 12_345, trigger: "CUSTOM" });
    const seen: string[] = [];
    const off = onTopUpCompleted(async (t, completed) => {
      if (completed.id !== topUp.id) return;
      const row = await TopUp.findByPk(completed.id, { transaction: t });
      const funds = await companyFunds(actor.companyId!, { transaction: t });
      seen.push(`${row?.topupStatus} ${funds.fundsAvailable}`);
    });
    try {
      await confirmTopUp(await admin(), topUp.id);
    } finally {
      off();
    }
    expect(seen).toEqual(["COMPLETED 12345"]);
  });

  it("a completion listener that throws rolls the top-up back: still PENDING, nothing posted", async () => {
    const { actor } = await activatedCompany();
    const topUp = await createTopUp(actor, { amount: 5_000, trigger: "CUSTOM" });
    const off = onTopUpCompleted(async (_t, completed) => {
      if (completed.id === topUp.id) throw new Error("listener failed");
    });
    try {
      await expect(confirmTopUp(await admin(), topUp.id)).rejects.toThrow("listener failed");
    } finally {
      off();
    }
    expect((await TopUp.findByPk(topUp.id))?.topupStatus).toBe("PENDING");
    expect(await entriesOf(topUp.id)).toEqual([]);
    expect((await companyFunds(actor.companyId!)).fundsAvailable).toBe(0);
    // Unsubscribed: the same top-up now completes.
    await confirmTopUp(await admin(), topUp.id);
    expect((await TopUp.findByPk(topUp.id))?.topupStatus).toBe("COMPLETED");
  });

  it("closing listeners run in registration order, with the reason", async () => {
    const { actor } = await activatedCompany();
    const topUp = await createTopUp(actor, { amount: 1_000, trigger: "CUSTOM" });
    const calls: string[] = [];
    const offs = [
      onTopUpClosed(async (_t, closed, reason) => void (closed.id === topUp.id && calls.push(`first ${reason}`))),
      onTopUpClosed(async (_t, closed, reason) => void (closed.id === topUp.id && calls.push(`second ${reason} ${closed.topupStatus}`))),
    ];
    try {
      await cancelTopUp(actor, topUp.id);
    } finally {
      offs.forEach((off) => off());
    }
    expect(calls).toEqual(["first CANCELLED", "second CANCELLED CANCELLED"]);
  });
});
