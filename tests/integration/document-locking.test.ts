/**
 * Locking of bill documents against PostgreSQL (issue 17 part 3; spec part 3 §4.2; decision 045): two users of one
 * company, renewal, unlock by a non-holder, lease expiry and takeover, the guard of every change, scoping, and two
 * users racing for one document.
 */
import { QueryTypes } from "sequelize";
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { AuditLogEntry, BillDocument } from "../../db/models/index";
import { AppError } from "../../app/lib/errors";
import { OPERATOR, operatorFor } from "../../app/lib/actor";
import { DOCUMENT_NOT_LOCKED, liveLockSql, lockDocument, requireDocumentLock, unlockDocument } from "../../app/modules/review/locking.server";
import { DOCUMENT_LOCK_LEASE_MS, REVIEW_MESSAGES } from "../../app/modules/review/rules";
import { actorOf, makeAdmin, makeCompany, makeUser } from "../support/factories";
import { makeReadDocument } from "../support/matching-factories";

afterAll(() => sequelize.close());

/** A company with two users (Alice Holder and Bob Second) and one document waiting for review. */
async function world() {
  const company = await makeCompany();
  const alice = await makeUser({ company, firstName: "Alice", lastName: "Holder" });
  const bob = await makeUser({ company, firstName: "Bob", lastName: "Second" });
  const document = await makeReadDocument(company.id, { supplierName: "Kiwi Supplies Ltd" }, "PENDING_REVIEW");
  return { company, alice: actorOf(alice), bob: actorOf(bob), document };
}

/** Moves the document's lock back in time by `ms` (the lease expiry without waiting). */
async function ageLock(documentId: number, ms: number) {
  await sequelize.query(`UPDATE bill_documents SET locked_at = locked_at - ($ms::integer * interval '1 millisecond') WHERE id = $id`, {
    bind: { id: documentId, ms },
  });
}

async function lockOf(documentId: number) {
  const row = await BillDocument.findByPk(documentId, { attributes: ["id", "lockedByUserId", "lockedAt"] });
  return { userId: row!.lockedByUserId, at: row!.lockedAt };
}

async function rejection(run: () => Promise<unknown>): Promise<AppError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error("expected a rejection");
}

describe("lockDocument", () => {
  it("locks a free document for the opener; a second user of the company gets locked:false with the holder's name", async () => {
    const { alice, bob, document } = await world();
    const first = await lockDocument(alice, document.id);
    expect(first.locked).toBe(true);
    if (!first.locked) throw new Error("unreachable");
    expect(new Date(first.expiresAt).getTime() - new Date(first.lockedAt).getTime()).toBe(DOCUMENT_LOCK_LEASE_MS);
    expect(await lockOf(document.id)).toMatchObject({ userId: alice.userId });

    const second = await lockDocument(bob, document.id);
    expect(second).toMatchObject({ locked: false, lockedBy: { userId: alice.userId, name: "Alice Holder" } });
    if (second.locked) throw new Error("unreachable");
    expect(REVIEW_MESSAGES.lockedBy(second.lockedBy.name)).toBe("This document is locked for editing by Alice Holder");
    expect(second.lockedAt).toBe(first.lockedAt);
    // The refused opener changed nothing.
    expect(await lockOf(document.id)).toMatchObject({ userId: alice.userId });
  });

  it("renews the holder's own lock (the heartbeat) and moves its expiry on", async () => {
    const { alice, document } = await world();
    await lockDocument(alice, document.id);
    await ageLock(document.id, 60_000);
    const aged = await lockOf(document.id);
    const renewed = await lockDocument(alice, document.id);
    expect(renewed.locked).toBe(true);
    const after = await lockOf(document.id);
    expect(after.userId).toBe(alice.userId);
    expect(after.at!.getTime()).toBeGreaterThan(aged.at!.getTime() + 50_000);
  });

  it("lets a second user take over once the lease has expired, and audits the takeover", async () => {
    const { company, alice, bob, document } = await world();
    await lockDocument(alice, document.id);
    await ageLock(document.id, DOCUMENT_LOCK_LEASE_MS - 5_000);
    expect((await lockDocument(bob, document.id)).locked).toBe(false);

    await ageLock(document.id, 10_000);
    const taken = await lockDocument(bob, document.id);
    expect(taken.locked).toBe(true);
    expect(await lockOf(document.id)).toMatchObject({ userId: bob.userId });
    const entries = await AuditLogEntry.findAll({ where: { action: "DOCUMENT_LOCK_TAKEN_OVER", entityId: String(document.id) } });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorUserId: bob.userId, companyId: company.id, entityType: "bill_document" });
    expect(entries[0].details).toMatchObject({ previousUserId: alice.userId, leaseMs: DOCUMENT_LOCK_LEASE_MS });

    // The former holder is now the one told to move on.
    expect(await lockDocument(alice, document.id)).toMatchObject({ locked: false, lockedBy: { userId: bob.userId, name: "Bob Second" } });
  });

  it("does not audit opening a free document or renewing one's own", async () => {
    const { alice, document } = await world();
    await lockDocument(alice, document.id);
    await lockDocument(alice, document.id);
    await ageLock(document.id, DOCUMENT_LOCK_LEASE_MS + 1_000);
    await lockDocument(alice, document.id);
    expect(await AuditLogEntry.count({ where: { action: "DOCUMENT_LOCK_TAKEN_OVER", entityId: String(document.id) } })).toBe(0);
  });

  it("gives exactly one of two users opening a free document at once the lock", async () => {
    for (let round = 0; round < 5; round++) {
      const { alice, bob, document } = await world();
      const results = await Promise.all([lockDocument(alice, document.id), lockDocument(bob, document.id)]);
      expect(results.filter((result) => result.locked)).toHaveLength(1);
      const winner = results[0].locked ? alice : bob;
      const loser = results.find((result) => !result.locked)!;
      if (loser.locked) throw new Error("unreachable");
      expect(loser.lockedBy.userId).toBe(winner.userId);
      expect(await lockOf(document.id)).toMatchObject({ userId: winner.userId });
    }
  });

  it("answers 404 'Document not found' for another company's document and for ids that cannot exist", async () => {
    const { document } = await world();
    const stranger = actorOf(await makeUser());
    for (const id of [document.id, 2_147_483_647, 0, -1, 1.5, Number.NaN]) {
      const error = await rejection(() => lockDocument(stranger, id));
      expect([error.status, error.message]).toEqual([404, "Document not found"]);
    }
    expect((await rejection(() => unlockDocument(stranger, document.id))).status).toBe(404);
    expect(await lockOf(document.id)).toMatchObject({ userId: null });
  });

  it("refuses an admin acting for no company and the operator, but lets an admin acting for the company lock", async () => {
    const { company, document } = await world();
    const admin = await makeAdmin();
    expect((await rejection(() => lockDocument(admin, document.id))).status).toBe(403);
    expect((await rejection(() => lockDocument(OPERATOR, document.id))).status).toBe(403);
    expect((await rejection(() => lockDocument(operatorFor(company.id), document.id))).status).toBe(403);
    expect((await lockDocument({ ...admin, companyId: company.id }, document.id)).locked).toBe(true);
  });
});

describe("unlockDocument", () => {
  it("releases the holder's lock; a non-holder's unlock changes nothing; unlocking twice is no error", async () => {
    const { alice, bob, document } = await world();
    await lockDocument(alice, document.id);
    expect(await unlockDocument(bob, document.id)).toEqual({ unlocked: false });
    expect(await lockOf(document.id)).toMatchObject({ userId: alice.userId });

    expect(await unlockDocument(alice, document.id)).toEqual({ unlocked: true });
    expect(await lockOf(document.id)).toEqual({ userId: null, at: null });
    expect(await unlockDocument(alice, document.id)).toEqual({ unlocked: false });
    expect((await lockDocument(bob, document.id)).locked).toBe(true);
  });
});

describe("requireDocumentLock", () => {
  const needsLock = "Document needs to be locked, before any changes are permitted";

  it("refuses a change without the lock with 400 and the spec's message", async () => {
    const { alice, bob, document } = await world();
    expect(REVIEW_MESSAGES.needsLock).toBe(needsLock);
    // Nobody holds it.
    let error = await rejection(() => sequelize.transaction((transaction) => requireDocumentLock(alice, document.id, { transaction })));
    expect([error.status, error.message, error.code]).toEqual([400, needsLock, DOCUMENT_NOT_LOCKED]);
    // Someone else holds it.
    await lockDocument(bob, document.id);
    error = await rejection(() => sequelize.transaction((transaction) => requireDocumentLock(alice, document.id, { transaction })));
    expect([error.status, error.message]).toEqual([400, needsLock]);
    // The actor held it, but the lease ran out.
    await unlockDocument(bob, document.id);
    await lockDocument(alice, document.id);
    await ageLock(document.id, DOCUMENT_LOCK_LEASE_MS + 1_000);
    error = await rejection(() => sequelize.transaction((transaction) => requireDocumentLock(alice, document.id, { transaction })));
    expect([error.status, error.message]).toEqual([400, needsLock]);
  });

  it("answers the locked row to the holder, without the file's bytes, and holds the row until the change commits", async () => {
    const { alice, document } = await world();
    await lockDocument(alice, document.id);
    const row = await sequelize.transaction(async (transaction) => {
      const locked = await requireDocumentLock(alice, document.id, { transaction });
      // Another session cannot take the row while the change runs.
      const [blocked] = await sequelize.query(`SELECT id FROM bill_documents WHERE id = $id FOR UPDATE NOWAIT`, { bind: { id: document.id } }).then(
        () => [false],
        () => [true]
      );
      expect(blocked).toBe(true);
      return locked;
    });
    expect(row).toMatchObject({ id: document.id, lockedByUserId: alice.userId, supplierName: "Kiwi Supplies Ltd", processingStatus: "PENDING_REVIEW" });
    expect(row.content).toBeUndefined();

    const narrow = await sequelize.transaction((transaction) => requireDocumentLock(alice, document.id, { transaction, attributes: ["invoiceNumber"] }));
    expect(narrow.invoiceNumber).toBe(document.invoiceNumber);
    expect(narrow.supplierName).toBeUndefined();
  });

  it("answers 404 for another company's document", async () => {
    const { document } = await world();
    const stranger = actorOf(await makeUser());
    const error = await rejection(() => sequelize.transaction((transaction) => requireDocumentLock(stranger, document.id, { transaction })));
    expect([error.status, error.message]).toEqual([404, "Document not found"]);
  });
});

describe("liveLockSql", () => {
  it("is true for a lock within the lease only (what the lists show as Locked)", async () => {
    const { alice, document } = await world();
    const live = async () => {
      const [row] = await sequelize.query<{ live: boolean }>(`SELECT ${liveLockSql("d")} AS live FROM bill_documents d WHERE d.id = $id`, {
        bind: { id: document.id },
        type: QueryTypes.SELECT,
      });
      return row.live;
    };
    expect(await live()).toBe(false);
    await lockDocument(alice, document.id);
    expect(await live()).toBe(true);
    await ageLock(document.id, DOCUMENT_LOCK_LEASE_MS + 1_000);
    expect(await live()).toBe(false);
  });
});
