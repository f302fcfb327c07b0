/**
 * The review lists' batch Delete as a queued job (issue 17 part 1; p3 §4.1 'Batch review'; decision 050): queued for the
 * actor's company, run with the queueing user's rights through deleteDocuments, progress to 100, the outcome worded
 * 'Document deleted' / 'Could not delete N out of M selected documents' / 'Could not delete documents', and the status
 * visible only to the company.
 */
import crypto from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/index";
import { BillDocument } from "../../db/models/index";
import { AppError } from "../../app/lib/errors";
import { OPERATOR } from "../../app/lib/actor";
import type { Cents } from "../../app/lib/money";
import { matchDocuments } from "../../app/modules/matching/service.server";
import { lockDocument } from "../../app/modules/review/locking.server";
import { batchDeleteMessage, BATCH_DELETE_JOB_TYPE } from "../../app/modules/review/batch-delete";
import { deleteDocumentsNow, getBatchDeleteJob, runBatchDelete, startBatchDelete } from "../../app/modules/review/batch-delete.server";
import { QUEUED_JOB_KINDS } from "../../jobs/registry";
import { actorOf, makeCompany, makeUser } from "../support/factories";
import { makeMatchingBuyer, makeReadDocument } from "../support/matching-factories";

afterAll(() => sequelize.close());

async function world() {
  const { buyer, supplier } = await makeMatchingBuyer({ queue: "MANUAL" });
  const alice = actorOf(await makeUser({ company: buyer, firstName: "Alice", lastName: "Holder" }));
  const bob = actorOf(await makeUser({ company: buyer, firstName: "Bob", lastName: "Second" }));
  const document = async () => {
    const doc = await makeReadDocument(buyer.id, {
      supplierName: supplier.companyName,
      orderNumber: `PO-${crypto.randomInt(1e6)}`,
      issueDate: "2026-11-01",
      amount: 10_000 as Cents,
    });
    await matchDocuments(buyer.id, [doc.id]);
    return doc;
  };
  return { buyer, alice, bob, document };
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

describe("batch delete job", () => {
  it("is a registered queued kind", () => {
    expect(QUEUED_JOB_KINDS[BATCH_DELETE_JOB_TYPE]).toBeDefined();
  });

  it("deletes every selected document and says 'Document deleted' for one, 'Deleted n bills' for more", async () => {
    const { alice, document } = await world();
    const one = await document();
    const job = await deleteDocumentsNow(alice, [one.id]);
    expect(job.status).toBe("SUCCEEDED");
    expect(job.progress).toBe(100);
    expect((await BillDocument.findByPk(one.id))!.processingStatus).toBe("DELETED");
    const status = await getBatchDeleteJob(alice, job.id);
    expect(status.outcome).toEqual({ tone: "success", message: "Document deleted" });

    const docs = await Promise.all([document(), document(), document(), document(), document(), document(), document()]);
    const many = await deleteDocumentsNow(
      alice,
      docs.map((doc) => String(doc.id))
    );
    expect((await getBatchDeleteJob(alice, many.id)).outcome).toEqual({ tone: "success", message: "Deleted 7 bills" });
  });

  it("words a partial and a total failure with the spec's messages", async () => {
    const { alice, bob, document } = await world();
    const free = await document();
    const bobs = await document();
    await lockDocument(bob, bobs.id);
    const partial = await deleteDocumentsNow(alice, [free.id, bobs.id]);
    expect((await getBatchDeleteJob(alice, partial.id)).outcome).toEqual({ tone: "error", message: "Could not delete 1 out of 2 selected documents" });
    expect((await BillDocument.findByPk(bobs.id))!.processingStatus).not.toBe("DELETED");

    const elsewhere = await makeReadDocument((await makeCompany()).id, { supplierName: "Other", amount: 100 as Cents });
    const failed = await deleteDocumentsNow(alice, [bobs.id, elsewhere.id]);
    expect((await getBatchDeleteJob(alice, failed.id)).outcome).toEqual({ tone: "error", message: "Could not delete documents" });
    expect((await BillDocument.findByPk(elsewhere.id))!.processingStatus).not.toBe("DELETED");
  });

  it("checks the actor and the ids, and shows the job only to its company", async () => {
    const { alice, document } = await world();
    expect((await rejection(() => startBatchDelete(OPERATOR, [1]))).status).toBe(403);
    expect((await rejection(() => startBatchDelete(alice, []))).status).toBe(422);
    expect(
      (
        await rejection(() =>
          startBatchDelete(
            alice,
            Array.from({ length: 101 }, (_, i) => i + 1)
          )
        )
      ).status
    ).toBe(422);
    const doc = await document();
    const job = await startBatchDelete(alice, [doc.id], { run: "here" });
    const queued = await getBatchDeleteJob(alice, job.id);
    expect(queued).toMatchObject({ status: "QUEUED", selected: 1, outcome: null });
    const stranger = actorOf(await makeUser({ company: await makeCompany() }));
    expect((await rejection(() => getBatchDeleteJob(stranger, job.id))).status).toBe(404);
    await runBatchDelete(job.id);
    expect((await getBatchDeleteJob(alice, job.id)).status).toBe("SUCCEEDED");
  });

  it("words outcomes (pure)", () => {
    expect(batchDeleteMessage({ selected: 3, deleted: 0, failed: 3 }).message).toBe("Could not delete documents");
    expect(batchDeleteMessage({ selected: 3, deleted: 1, failed: 2 }).message).toBe("Could not delete 2 out of 3 selected documents");
  });
});
