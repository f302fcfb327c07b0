/**
 * The bill detail pages' one loader/action seam (issue 17 parts 2-5; spec p3 §2.1, §4.1, §4.2, §5, §8; decision 051):
 * /bills/{list}/{id} for the six review lists and /bills/r/{billId} for an authorised bill. The route files are thin and
 * call these. The data is the review view (decision 049), the lock (045) and the actions (047).
 */
import { parseInputDate } from "~/lib/dates";
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { AppError, isAppError } from "~/lib/errors";
import { parseDecimalToCents, type Cents } from "~/lib/money";
import { companyContext } from "~/modules/companies/service.server";
import { listReviewDocuments } from "~/modules/documents/review-lists.server";
import { REVIEW_LIST_STATUSES, REVIEW_LISTS, REVIEW_LIST_TITLES, type ReviewList } from "~/modules/documents/rules";
import type { Actor } from "~/lib/actor";
import { DOCUMENT_NOT_LOCKED, lockDocument } from "~/modules/review/locking.server";
import { REVIEW_MESSAGES } from "~/modules/review/rules";
import {
  authoriseDocument,
  confirmDocument,
  deleteDocument,
  editDocument,
  sendForReview,
  sendToPendingApproval,
  setEditing,
  type ReviewResult,
} from "~/modules/review/service.server";
import { findAuthorisedBillDocument, getDocumentView, type DocumentDetailView } from "~/modules/review/view.server";
import { getFeatureFlags } from "~/modules/settings/service.server";
import { requireCompanyUser } from "~/web/auth.server";
import { handleError, IdSchema, notFoundResponse, nullOn, pageError, parseParams, readForm } from "~/web/http.server";
import { redirectWithToast } from "~/web/toast.server";

/** The list pages' query names a detail URL carries (p3 §2.1) so previous/next and "back to the list" keep them. */
export const LIST_QUERY_NAMES = ["tab", "page", "size", "supplier", "sort", "amount", "orderNumber", "invoiceNumber", "issueDate", "cursor"] as const;

/** Only the list's parameters of a detail URL's query (rid, confirm and the like stay behind). */
export function listQueryOf(searchParams: URLSearchParams): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of LIST_QUERY_NAMES) {
    const value = searchParams.get(name);
    if (value !== null && value !== "") query.set(name, value);
  }
  return query;
}

const withQuery = (path: string, query: URLSearchParams) => (query.size > 0 ? `${path}?${query.toString()}` : path);
export const detailPath = (list: ReviewList, documentId: number, query: URLSearchParams = new URLSearchParams()) =>
  withQuery(`/bills/${list}/${documentId}`, query);
export const listPath = (list: ReviewList, query: URLSearchParams = new URLSearchParams()) => {
  const back = new URLSearchParams(query);
  // A cursor belongs to the page it was made for; the list reads the page by number without it.
  back.delete("cursor");
  return withQuery(`/bills/${list}`, back);
};

/** The list a processing status belongs to (null: AUTHORISED and DELETED are in none). */
export function listOfStatus(status: DocumentDetailView["processingStatus"]): ReviewList | null {
  return REVIEW_LISTS.find((list) => REVIEW_LIST_STATUSES[list].includes(status)) ?? null;
}

export interface Neighbour {
  id: number;
  /** The list query that finds it (page and cursor moved when it is on the neighbouring page). */
  query: string;
  /** True when it is on another page of the list than the current document. */
  otherPage: boolean;
}

export interface DocumentNeighbours {
  /** 1-based: (page - 1) * size + index + 1. */
  position: number;
  total: number;
  totalIsEstimate: boolean;
  previous: Neighbour | null;
  next: Neighbour | null;
}

/**
 * Where a document stands in the list it was opened from (p3 §2.1 'n / total', §4.2 navigation): the list page of the
 * query, and at its ends the first (last) id of the next (previous) page, fetched with the page's cursor. Null when the
 * query names no list state (opened directly) or the document is not on that page any more.
 */
export async function documentNeighbours(actor: Actor, list: ReviewList, documentId: number, listQuery: URLSearchParams): Promise<DocumentNeighbours | null> {
  if (listQuery.size === 0) return null;
  const page = await listReviewDocuments(actor, list, listQuery);
  const index = page.ids.indexOf(documentId);
  if (index < 0) return null;
  const here = new URLSearchParams(listQuery);
  if (page.page > 1 || here.has("page")) here.set("page", String(page.page));
  const neighbourPage = async (delta: 1 | -1): Promise<Neighbour | null> => {
    const target = page.page + delta;
    if (target < 1 || target > page.pages) return null;
    const query = new URLSearchParams(here);
    query.set("page", String(target));
    const cursor = delta === 1 ? page.pageCursors.next : page.pageCursors.previous;
    if (cursor) query.set("cursor", cursor);
    else query.delete("cursor");
    const other = await listReviewDocuments(actor, list, query);
    if (other.page !== target || other.ids.length === 0) return null;
    return { id: delta === 1 ? other.ids[0] : other.ids[other.ids.length - 1], query: query.toString(), otherPage: true };
  };
  const previous = index > 0 ? { id: page.ids[index - 1], query: here.toString(), otherPage: false } : await neighbourPage(-1);
  const next = index + 1 < page.ids.length ? { id: page.ids[index + 1], query: here.toString(), otherPage: false } : await neighbourPage(1);
  return { position: (page.page - 1) * page.size + index + 1, total: page.total, totalIsEstimate: page.totalIsEstimate, previous, next };
}

/**
 * Where the page goes once the document has left its list (an action succeeded, or someone else holds it): the next
 * document, else the previous one, else the list. After the document left, the next one moved up into its page, so a
 * neighbour fetched from the following page is found on this page (same page number, no cursor).
 */
export function moveOnPath(list: ReviewList, neighbours: DocumentNeighbours | null, listQuery: URLSearchParams, options: { documentLeft: boolean }): string {
  const to = neighbours?.next ?? neighbours?.previous ?? null;
  if (!to) return listPath(list, listQuery);
  const query = new URLSearchParams(to.query);
  if (options.documentLeft && to === neighbours?.next && to.otherPage) {
    query.set("page", listQuery.get("page") ?? "1");
    query.delete("cursor");
  }
  return detailPath(list, to.id, query);
}

async function requireDocumentProcessing(request: Request) {
  const session = await requireCompanyUser(request);
  if (!(await getFeatureFlags()).documentProcessingEnabled) throw notFoundResponse();
  return session;
}

const DocumentParams = z.object({ documentId: IdSchema });
const BillParams = z.object({ billId: IdSchema });

/** What the page gets of the view: the edit form's supplier names, not the GL chart (the line items carry their codes). */
function pageView(view: DocumentDetailView) {
  const { glAccounts, suppliers, ...rest } = view;
  const used = new Set(view.lineItems.map((item) => item.glAccountCode).filter(Boolean));
  return {
    ...rest,
    glAccounts: glAccounts.filter((account) => used.has(account.accountCode)),
    supplierNames: suppliers.map((supplier) => supplier.companyName),
  };
}

export type DetailPageView = ReturnType<typeof pageView>;

export interface DetailLoaderData {
  /** The list of the URL, or "authorised" for /bills/r/{id}. */
  list: ReviewList | "authorised";
  listTitle: string;
  listQuery: string;
  listHref: string;
  view: DetailPageView;
  /** The document whose pages show (rid), its pages and archived state. */
  images: { documentId: number; pages: DocumentDetailView["pages"]; archived: boolean; archivedMessage: string | null };
  zipped: boolean;
  /** The flexibleAllocation flag: the authorise amount is the line items' sum, locked (p3 §4.1). */
  flexibleAllocation: boolean;
  locale: "en-NZ" | "en-AU";
  neighbours: (DocumentNeighbours & { previousHref: string | null; nextHref: string | null }) | null;
  /** Someone else holds it: the spec's message and where the page moves after LOCK_REDIRECT_DELAY_MS. */
  lockedOut: { message: string; movingOn: string; to: string } | null;
  /** The page should hold the lock (a document with actions, not someone else's). */
  holdsLock: boolean;
  billNumber: string | null;
}

async function imagesOf(actor: Actor, view: DocumentDetailView, rid: string | null): Promise<DetailLoaderData["images"]> {
  const ridId = rid && /^\d{1,10}$/.test(rid) ? Number(rid) : null;
  if (ridId && ridId !== view.id) {
    const other = await getDocumentView(actor, ridId).catch(nullOn(404));
    if (other) return { documentId: other.id, pages: other.pages, archived: other.archived, archivedMessage: other.archivedMessage };
  }
  return { documentId: view.id, pages: view.pages, archived: view.archived, archivedMessage: view.archivedMessage };
}

/**
 * The loader of /bills/{list}/{id}. A document of another list redirects to its own list's URL (without the list
 * query, which described the other list); an authorised one to /bills/r/{billId}; a deleted one is Not Found. Opening
 * a document that offers actions takes its lock here (decision 051), so a page without JavaScript can act; someone
 * else's live lock gives the spec's message and where to move on.
 */
export async function reviewDetailLoader(request: Request, params: Record<string, string | undefined>, list: ReviewList) {
  const { actor } = await requireDocumentProcessing(request);
  const { documentId } = parseParams(params, DocumentParams);
  const url = new URL(request.url);
  const view = await getDocumentView(actor, documentId).catch(pageError);
  if (view.processingStatus === "DELETED") throw notFoundResponse();
  if (view.processingStatus === "AUTHORISED") {
    if (view.invoiceId) throw redirect(`/bills/r/${view.invoiceId}`);
    throw notFoundResponse();
  }
  const own = listOfStatus(view.processingStatus);
  if (own === null) throw notFoundResponse();
  if (own !== list) throw redirect(detailPath(own, view.id));

  const listQuery = listQueryOf(url.searchParams);
  let lockedBy = view.lockedBy;
  if (!lockedBy && view.actions.length > 0) {
    const lock = await lockDocument(actor, view.id);
    if (!lock.locked) lockedBy = lock.lockedBy;
  }
  const [neighbours, images, flags, company] = await Promise.all([
    documentNeighbours(actor, list, view.id, listQuery),
    imagesOf(actor, view, url.searchParams.get("rid")),
    getFeatureFlags(),
    companyContext(actor),
  ]);
  const data: DetailLoaderData = {
    list,
    listTitle: REVIEW_LIST_TITLES[list].title,
    listQuery: listQuery.toString(),
    listHref: listPath(list, listQuery),
    view: pageView(view),
    images,
    zipped: flags.shouldGetZippedRipeImage,
    flexibleAllocation: flags.flexibleAllocation,
    locale: company.locale,
    neighbours: neighbours && {
      ...neighbours,
      previousHref: neighbours.previous ? detailPath(list, neighbours.previous.id, new URLSearchParams(neighbours.previous.query)) : null,
      nextHref: neighbours.next ? detailPath(list, neighbours.next.id, new URLSearchParams(neighbours.next.query)) : null,
    },
    lockedOut: lockedBy
      ? {
          message: REVIEW_MESSAGES.lockedBy(lockedBy.name),
          movingOn: neighbours?.next || neighbours?.previous ? REVIEW_MESSAGES.movingToNext : REVIEW_MESSAGES.backToList,
          to: moveOnPath(list, neighbours, listQuery, { documentLeft: false }),
        }
      : null,
    holdsLock: !lockedBy && view.actions.length > 0,
    billNumber: null,
  };
  return json(data, { headers: { "Cache-Control": "private, no-store" } });
}

/** /bills/r/{billId}: the authorised bill's document, read only (no lock, no actions); its crumb is the bill number. */
export async function authorisedBillLoader(request: Request, params: Record<string, string | undefined>) {
  const { actor } = await requireDocumentProcessing(request);
  const { billId } = parseParams(params, BillParams);
  const { documentId } = await findAuthorisedBillDocument(actor, billId).catch(pageError);
  const view = await getDocumentView(actor, documentId).catch(pageError);
  const url = new URL(request.url);
  const [images, flags, company] = await Promise.all([imagesOf(actor, view, url.searchParams.get("rid")), getFeatureFlags(), companyContext(actor)]);
  const data: DetailLoaderData = {
    list: "authorised",
    listTitle: "Bills",
    listQuery: "",
    listHref: "/bills",
    view: { ...pageView(view), actions: [], canEdit: false },
    images,
    zipped: flags.shouldGetZippedRipeImage,
    flexibleAllocation: flags.flexibleAllocation,
    locale: company.locale,
    neighbours: null,
    lockedOut: null,
    holdsLock: false,
    billNumber: view.invoiceNumber ?? `Bill ${billId}`,
  };
  return json(data, { headers: { "Cache-Control": "private, no-store" } });
}

// ---- Actions ----------------------------------------------------------------------------------------------------------

export const DETAIL_INTENTS = [
  "confirm",
  "sendToPendingApproval",
  "authorise",
  "sendForReview",
  "enableEditing",
  "doneEditing",
  "submitForProcessing",
  "delete",
  "edit",
] as const;
export type DetailIntent = (typeof DETAIL_INTENTS)[number];
const IntentSchema = z.object({ intent: z.enum(DETAIL_INTENTS) });

const text = (form: FormData, name: string): string | undefined => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

/** A typed amount in dollars ('$1,234.50', '-3') as cents; empty is null; anything else is null too (required). */
export function amountInput(value: string | undefined): Cents | null {
  const cleaned = (value ?? "").replace(/[$\s]/g, "");
  if (cleaned === "") return null;
  try {
    return parseDecimalToCents(cleaned);
  } catch {
    return null;
  }
}

const INVALID_INVOICE_AMOUNT = "Enter the invoice amount, such as 1234.50";

/** The edit form's fields as the service takes them; a typed amount that is not one is a field error. */
function editInputOf(form: FormData) {
  const rawAmount = text(form, "invoiceAmount");
  const invoiceAmount = rawAmount === undefined ? undefined : amountInput(rawAmount);
  if (rawAmount !== undefined && rawAmount.trim() !== "" && invoiceAmount === null) throw AppError.validation({ invoiceAmount: INVALID_INVOICE_AMOUNT });
  return {
    supplierName: text(form, "supplierName"),
    invoiceNumber: text(form, "invoiceNumber"),
    orderNumber: text(form, "orderNumber"),
    invoiceAmount,
    issueDate: dateText(form, "issueDate"),
    dueDate: dateText(form, "dueDate"),
    userNotes: text(form, "userNotes"),
  };
}

/** A date field as the date input sends it (DD/MM/YYYY, issue 20 part 5) in ISO; one it cannot read is left for the check's message. */
function dateText(form: FormData, name: string): string | undefined {
  const raw = text(form, name);
  if (raw === undefined || raw.trim() === "") return raw;
  return parseInputDate(raw) || raw;
}

/**
 * Runs an action; when it fails for want of the lock (400 DOCUMENT_NOT_LOCKED: the lease ran out, say) the document is
 * locked again and the action retried once (p3 §4.2, §8). Someone else holding it by then is their lock message.
 */
export async function withLockRetry<T>(actor: Actor, documentId: number, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isAppError(error) || error.code !== DOCUMENT_NOT_LOCKED) throw error;
    const lock = await lockDocument(actor, documentId);
    if (!lock.locked) throw new AppError(400, REVIEW_MESSAGES.lockedBy(lock.lockedBy.name), { code: "DOCUMENT_LOCKED" });
    return run();
  }
}

/** Messages the spec gives as info rather than success (p3 §4.1 "info 'Document deleted'"). */
const INFO_INTENTS: readonly DetailIntent[] = ["delete"];
/** Actions after which the reviewer stays on the document (it may have moved list: the loader follows it). */
const STAYING_INTENTS: readonly DetailIntent[] = ["enableEditing", "doneEditing", "edit"];

/**
 * The action of /bills/{list}/{id}: one `intent` per button of p3 §4.1, each a form post that works without
 * JavaScript. Success: a toast with the service's message and the next document of the list query (or the list); the
 * editing toggle and the edit form stay on the document. Field errors (authorised amount, edit fields) are 422 on their
 * fields; any other refusal is `formError` with its status.
 */
export async function reviewDetailAction(request: Request, params: Record<string, string | undefined>, list: ReviewList) {
  const { actor } = await requireDocumentProcessing(request);
  const { documentId } = parseParams(params, DocumentParams);
  const url = new URL(request.url);
  const listQuery = listQueryOf(url.searchParams);
  const form = await readForm(request);
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string" && name !== "intent") values[name] = value;
  let intent: DetailIntent | undefined;
  try {
    intent = IntentSchema.parse({ intent: form.get("intent") }).intent;
    // Computed before the document leaves the list: afterwards it is not on the page to be found.
    const neighbours = STAYING_INTENTS.includes(intent) ? null : await documentNeighbours(actor, list, documentId, listQuery);
    const chosen = intent;
    const result: ReviewResult = await withLockRetry(actor, documentId, () => runIntent(actor, documentId, chosen, form));
    const to = STAYING_INTENTS.includes(intent) ? detailPath(list, documentId, listQuery) : moveOnPath(list, neighbours, listQuery, { documentLeft: true });
    return redirectWithToast(to, { type: INFO_INTENTS.includes(intent) ? "info" : "success", message: result.message });
  } catch (error) {
    if (error instanceof z.ZodError) return json({ fieldErrors: {}, formError: "Choose an action", values, intent: null }, { status: 400 });
    return handleError(error, { values, notFound: "page", forbidden: "show", data: { intent: intent ?? null } });
  }
}

function runIntent(actor: Actor, documentId: number, intent: DetailIntent, form: FormData): Promise<ReviewResult> {
  switch (intent) {
    case "confirm":
    case "submitForProcessing":
      return confirmDocument(actor, documentId);
    case "sendToPendingApproval":
      return sendToPendingApproval(actor, documentId);
    case "authorise":
      return authoriseDocument(actor, documentId, { authorisedAmount: amountInput(text(form, "authorisedAmount")) });
    case "sendForReview":
      return sendForReview(actor, documentId);
    case "enableEditing":
      return setEditing(actor, documentId, true);
    case "doneEditing":
      return setEditing(actor, documentId, false);
    case "delete":
      return deleteDocument(actor, documentId);
    case "edit":
      return editDocument(actor, documentId, editInputOf(form));
    default: {
      const unknown: never = intent;
      throw new Error(`unknown intent ${String(unknown)}`);
    }
  }
}
