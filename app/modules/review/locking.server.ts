/**
 * Locking of bill documents (issue 17 part 3; spec part 3 §4.2; decision 045). Opening a document locks it for the
 * acting user; someone else's live lock is an answer, not an error, so the page can say who holds it and move on. A
 * lock is a lease: it lives DOCUMENT_LOCK_LEASE_MS after it was taken or last renewed, so a closed tab cannot hold a
 * document for ever. Every later change calls requireDocumentLock inside its transaction.
 *
 * The lease is measured by the database clock (now()), never the web server's, so two servers cannot disagree.
 */
import { QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { BillDocument } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { AppError, forbidden, notFound } from "../../lib/errors";
import { audit } from "../audit/service.server";
import { requireCompanyId } from "../companies/rules";
import { DOCUMENT_MESSAGES } from "../documents/rules";
import { DOCUMENT_LOCK_LEASE_MS, REVIEW_MESSAGES } from "./rules";

/** The error code of a change refused for want of the lock: the page re-locks and retries once on it (p3 §4.2). */
export const DOCUMENT_NOT_LOCKED = "DOCUMENT_NOT_LOCKED";

export interface DocumentLockHolder {
  userId: number;
  /** The holder's full name (their e-mail when they have none), for REVIEW_MESSAGES.lockedBy. */
  name: string;
}

export type DocumentLockResult =
  | { locked: true; lockedAt: string; expiresAt: string }
  | { locked: false; lockedBy: DocumentLockHolder; lockedAt: string; expiresAt: string };

/** The lease as an SQL interval expression over the bind parameter $leaseMs. */
const LEASE = `($leaseMs::integer * interval '1 millisecond')`;

/**
 * SQL true when the row of `alias` holds a live lock (someone's, within the lease): for the lists' Locked button and its
 * tooltip (an expired lock shows as free, since opening takes it over). Uses the database clock.
 */
export const liveLockSql = (alias = "bill_documents") =>
  `(${alias}.locked_by_user_id IS NOT NULL AND ${alias}.locked_at >= now() - (${DOCUMENT_LOCK_LEASE_MS} * interval '1 millisecond'))`;

const expiresAtOf = (lockedAt: Date) => new Date(lockedAt.getTime() + DOCUMENT_LOCK_LEASE_MS).toISOString();

/** A URL's id that cannot be a document is the same 404 as another company's. */
function documentIdOf(documentId: number): number {
  if (!Number.isSafeInteger(documentId) || documentId < 1 || documentId > 2_147_483_647) throw notFound(DOCUMENT_MESSAGES.notFound);
  return documentId;
}

/**
 * Who may hold a lock: a signed-in user acting for a company (a company user, or an admin who chose one). The
 * operator has no user row to record as the holder, and an admin without a company has no document to open.
 */
function lockerOf(actor: Actor): { userId: number; companyId: number } {
  const companyId = requireCompanyId(actor);
  if (!(actor.userId > 0) || actor.kind === "operator") throw forbidden();
  return { userId: actor.userId, companyId };
}

interface LockRow {
  locked_at: Date;
  previous_user_id: number | null;
  previous_locked_at: Date | null;
}

interface HolderRow {
  locked_by_user_id: number | null;
  locked_at: Date | null;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  username: string | null;
}

const nameOf = (row: Pick<HolderRow, "first_name" | "middle_name" | "last_name" | "username">) =>
  [row.first_name, row.middle_name, row.last_name].filter(Boolean).join(" ") || row.username || "another user";

/**
 * Opens a document for editing: locks it for the actor when it is free, renews the actor's own lock (the page's 30 s
 * heartbeat calls this too), or takes over a lock whose lease ran out (audited as DOCUMENT_LOCK_TAKEN_OVER). When
 * another user holds a live lock nothing changes and the answer names them. One statement decides, so of two users
 * opening a free document at once exactly one gets it. Another company's id (or none) is 404 "Document not found".
 */
export async function lockDocument(actor: Actor, documentId: number): Promise<DocumentLockResult> {
  const { userId, companyId } = lockerOf(actor);
  const id = documentIdOf(documentId);
  // Between the failed update and the read of the holder, the holder may unlock: then try again (bounded).
  for (let attempt = 0; attempt < 3; attempt++) {
    const taken = await sequelize.transaction(async (transaction) => {
      // The CTE locks the row first, so a racer waits and then sees the winner's values (READ COMMITTED re-reads).
      const rows = await sequelize.query<LockRow>(
        `WITH previous AS (
           SELECT id, locked_by_user_id, locked_at FROM bill_documents WHERE id = $id AND company_id = $companyId FOR UPDATE
         )
         UPDATE bill_documents document SET locked_by_user_id = $userId, locked_at = now()
           FROM previous
          WHERE document.id = previous.id
            AND (previous.locked_by_user_id IS NULL OR previous.locked_by_user_id = $userId OR previous.locked_at < now() - ${LEASE})
         RETURNING document.locked_at, previous.locked_by_user_id AS previous_user_id, previous.locked_at AS previous_locked_at`,
        { bind: { id, companyId, userId, leaseMs: DOCUMENT_LOCK_LEASE_MS }, type: QueryTypes.SELECT, transaction }
      );
      const [row] = rows;
      if (!row) return null;
      if (row.previous_user_id !== null && row.previous_user_id !== userId) {
        await audit(
          actor,
          {
            action: "DOCUMENT_LOCK_TAKEN_OVER",
            companyId,
            entityType: "bill_document",
            entityId: id,
            details: { previousUserId: row.previous_user_id, previousLockedAt: row.previous_locked_at?.toISOString() ?? null, leaseMs: DOCUMENT_LOCK_LEASE_MS },
          },
          { transaction }
        );
      }
      return row;
    });
    if (taken) return { locked: true, lockedAt: taken.locked_at.toISOString(), expiresAt: expiresAtOf(taken.locked_at) };

    const [holder] = await sequelize.query<HolderRow>(
      `SELECT document.locked_by_user_id, document.locked_at, holder.first_name, holder.middle_name, holder.last_name, holder.username
         FROM bill_documents document
         LEFT JOIN users holder ON holder.id = document.locked_by_user_id
        WHERE document.id = $id AND document.company_id = $companyId`,
      { bind: { id, companyId }, type: QueryTypes.SELECT }
    );
    if (!holder) throw notFound(DOCUMENT_MESSAGES.notFound);
    if (holder.locked_by_user_id !== null && holder.locked_by_user_id !== userId && holder.locked_at) {
      return {
        locked: false,
        lockedBy: { userId: holder.locked_by_user_id, name: nameOf(holder) },
        lockedAt: holder.locked_at.toISOString(),
        expiresAt: expiresAtOf(holder.locked_at),
      };
    }
  }
  // Three rounds of lock/unlock by others within milliseconds: answer as busy rather than loop.
  throw new AppError(409, REVIEW_MESSAGES.needsLock, { code: DOCUMENT_NOT_LOCKED });
}

/** The page's heartbeat: the same as opening (renews the actor's lock, or says who holds it now). */
export const renewDocumentLock = lockDocument;

/**
 * Leaves a document: releases the actor's own lock, whether live or expired. Someone else's lock, or none, is left as
 * it is without an error (leaving twice, or a beacon after the lease was taken over, is normal). Another company's id
 * is 404. Answers whether a lock was released.
 */
export async function unlockDocument(actor: Actor, documentId: number): Promise<{ unlocked: boolean }> {
  const { userId, companyId } = lockerOf(actor);
  const id = documentIdOf(documentId);
  const [rows] = await sequelize.query(
    `UPDATE bill_documents SET locked_by_user_id = NULL, locked_at = NULL
      WHERE id = $id AND company_id = $companyId AND locked_by_user_id = $userId
      RETURNING id`,
    { bind: { id, companyId, userId } }
  );
  if ((rows as unknown[]).length > 0) return { unlocked: true };
  const exists = await BillDocument.findOne({ where: { id, companyId }, attributes: ["id"] });
  if (!exists) throw notFound(DOCUMENT_MESSAGES.notFound);
  return { unlocked: false };
}

/** The columns requireDocumentLock reads by default: all but the file and its text (large, and no change needs them). */
const LOCKED_ROW_EXCLUDES = ["content", "extractedText"] as const;

export interface RequireDocumentLockOptions {
  transaction: Transaction;
  /** The columns to read; by default every column but content and extractedText. */
  attributes?: (keyof BillDocument)[];
}

/**
 * The guard of every change to a document (p3 §4.2): inside the change's transaction, locks the document's row (FOR
 * UPDATE, so the holder's concurrent changes queue) and answers it, or throws 400 'Document needs to be locked, before
 * any changes are permitted' (code DOCUMENT_NOT_LOCKED) unless the actor holds a live lock. Another company's id is 404.
 */
export async function requireDocumentLock(actor: Actor, documentId: number, options: RequireDocumentLockOptions): Promise<BillDocument> {
  const { userId, companyId } = lockerOf(actor);
  const id = documentIdOf(documentId);
  const { transaction } = options;
  const document = await BillDocument.findOne({
    where: { id, companyId },
    attributes: {
      include: [[sequelize.literal(liveLockSql(`"BillDocument"`)), "lockIsLive"]],
      exclude: options.attributes ? allBut(options.attributes) : [...LOCKED_ROW_EXCLUDES],
    },
    lock: transaction.LOCK.UPDATE,
    transaction,
  });
  if (!document) throw notFound(DOCUMENT_MESSAGES.notFound);
  const live = document.get("lockIsLive") === true;
  if (document.lockedByUserId !== userId || !live) throw new AppError(400, REVIEW_MESSAGES.needsLock, { code: DOCUMENT_NOT_LOCKED });
  return document;
}

/** The model's columns not in `keep` (id and the lock's columns are always read: the guard needs them). */
function allBut(keep: (keyof BillDocument)[]): string[] {
  const wanted = new Set<string>([...keep, "id", "companyId", "lockedByUserId", "lockedAt"]);
  return Object.keys(BillDocument.getAttributes()).filter((name) => !wanted.has(name));
}
