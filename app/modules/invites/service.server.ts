/**
 * Invites, batch invites and supplier notifications (p2 §4 Other, §5 Invite, §7 POST /invite, POST /notify), and the
 * landing offer page they link to (p2 §2). Each sends one e-mail with a single-use, expiring token whose hash alone is
 * stored (docs/decisions/018). Figures come from offers/rules: nothing here recomputes a fee.
 */
import { actingUserId } from "../../lib/actor";
import crypto from "node:crypto";
import { QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../../db/index";
import { Invite, Notification, User } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { getRuntimeConfig } from "../settings/service.server";
import { daysBetween } from "../../lib/dates";
import { AppError, notFound } from "../../lib/errors";
import { formatMoney, type Cents } from "../../lib/money";
import { requireVerifiedCompany, requireCompanyId, companyContextOf, findCompany } from "../companies/service.server";
import { contactEmailColumn } from "../invoices/contact-email";
import { InviteSchema, INVOICE_IDS_NEEDED, INVOICE_TYPE_INVALID } from "../invoices/schema";
import { billRowStatus, isValidContactEmail, type CompanyStatus, type Locale, type PurchaserOfferStatus } from "../invoices/rules";
import { deliverOutboxMessage, enqueueMail, outboxFailure, type Delivery } from "../notifications/outbox.server";
import type { SendMailInput } from "../notifications/schema";
import { maxFeeForSupplier, offerConfigFrom, supplierOfferSavings, type OfferConfig } from "../offers/rules";
import {
  INVITE_IN_PROGRESS,
  INVITE_TOKEN_DAYS,
  inviteNotSent,
  notificationNotSent,
  landingInvoiceType,
  landingPath,
  landingView,
  NO_CONTACT_EMAIL,
  NOTHING_TO_INVITE,
  NOTHING_TO_NOTIFY,
  NOTIFICATION_SENT,
  NOTIFY_TOKEN_DAYS,
  ONE_COMPANY_PER_INVITE,
  OFFER_NOT_AVAILABLE,
  planInvites,
  type InviteCandidate,
  type InviteGroup,
  type InvoiceKind,
  type LandingItem,
  type LandingTokenState,
  type LandingType,
  type LandingView,
  type SkippedRecord,
} from "./rules";

const DAY_MS = 86_400_000;

export const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** A link token: 32 random bytes, base64url. Only its SHA-256 is stored. */
function newToken(): { token: string; tokenHash: string } {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token) };
}

function parseIds(value: unknown): number[] {
  const list = Array.isArray(value) ? value : typeof value === "string" && value.trim() ? value.split(",") : [];
  const ids = list.map((item) => (typeof item === "number" ? item : /^\s*\d{1,10}\s*$/.test(String(item)) ? Number(item) : NaN));
  if (ids.length === 0 || ids.some((id) => !Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647)) {
    throw new AppError(422, INVOICE_IDS_NEEDED, { code: "VALIDATION", field: "invoiceIds" });
  }
  return [...new Set(ids)];
}

function parseType(value: unknown): InvoiceKind {
  if (value === "INVOICE" || value === "BILL") return value;
  throw new AppError(422, INVOICE_TYPE_INVALID, { code: "VALIDATION", field: "type" });
}

async function senderContext(companyId: number) {
  const [company, runtime] = await Promise.all([companyContextOf(companyId), getRuntimeConfig()]);
  return { company: { id: company.id, companyName: company.name }, country: company.country, today: company.today, locale: company.locale as Locale, config: offerConfigFrom(runtime) };
}

interface CandidateRow {
  id: number;
  invoice_number: string;
  company_id: number;
  company_name: string;
  company_status: CompanyStatus;
  contact_email: string | null;
  invited_by_us: boolean;
  due_date: string;
  amount_due_c: string;
  bill_status: string | null;
  invoice_status: string | null;
  include_in_purchaser_offer: boolean;
  sent_to_supplier: boolean;
  offers_enabled: boolean | null;
  po_status: PurchaserOfferStatus | null;
  po_cashpool_c: string | null;
  po_pending_c: string | null;
  po_crr_bp: string | null;
  so_status: "CLEARING" | "TOPUP_PENDING" | null;
  so_cash_reward_c: string | null;
}

/**
 * The records of the sender's side of the list (an invoice: issued_by = us; a bill: issued_for = us) among `ids`, with
 * what the invite and notify rules need. "invitedByUs" is the sender's own counterparty row for the other company.
 */
async function loadRecords(companyId: number, type: InvoiceKind, ids: number[], transaction?: Transaction): Promise<CandidateRow[]> {
  const us = type === "INVOICE" ? "i.issued_by" : "i.issued_for";
  const them = type === "INVOICE" ? "i.issued_for" : "i.issued_by";
  return sequelize.query<CandidateRow>(
    `SELECT i.id, i.invoice_number, ${them} AS company_id, c.company_name, c.status AS company_status, ${contactEmailColumn(type)} AS contact_email,
       EXISTS (SELECT 1 FROM counterparties own WHERE own.company_id = ${us} AND own.counterparty_company_id = ${them} AND own.invited_at IS NOT NULL) AS invited_by_us,
       to_char(i.due_date, 'YYYY-MM-DD') AS due_date, (i.discounted_total * 100)::bigint AS amount_due_c,
       i.bill_status, i.invoice_status, i.include_in_purchaser_offer, i.sent_to_supplier,
       cp.is_purchaser_offers_enabled AS offers_enabled,
       po.offer_status AS po_status, (po.cashpool * 100)::bigint AS po_cashpool_c, (po.pending_cashpool * 100)::bigint AS po_pending_c,
       (po.crr * 100)::bigint AS po_crr_bp,
       so.offer_status AS so_status, (so.cash_reward * 100)::bigint AS so_cash_reward_c
     FROM invoices i
     JOIN companies c ON c.id = ${them}
     LEFT JOIN counterparties cp ON cp.company_id = i.issued_for AND cp.counterparty_company_id = i.issued_by
     LEFT JOIN purchaser_offers po ON po.created_by_company = i.issued_for AND po.offer_status <> 'CANCELLED'
     LEFT JOIN LATERAL (
       SELECT so.offer_status, so.cash_reward FROM supplier_offer_invoices soi JOIN supplier_offers so ON so.id = soi.supplier_offer_id
       WHERE soi.invoice_id = i.id AND so.offer_status IN ('CLEARING', 'TOPUP_PENDING') ORDER BY so.id DESC LIMIT 1
     ) so ON true
     WHERE i.id IN (:ids) AND ${us} = :companyId AND i.deleted_at IS NULL
     ORDER BY i.due_date, i.id`,
    { type: QueryTypes.SELECT, replacements: { ids, companyId }, transaction }
  );
}

const centsOf = (value: string | null): Cents => Number(value ?? 0) as Cents;

function billRowOf(row: CandidateRow, ctx: { today: string; config: OfferConfig; locale: Locale }) {
  return billRowStatus({
    bill: {
      billStatus: row.bill_status,
      dueDate: row.due_date,
      discountedTotal: centsOf(row.amount_due_c),
      includeInPurchaserOffer: row.include_in_purchaser_offer,
      sentToSupplier: row.sent_to_supplier,
      contactEmail: row.contact_email,
    },
    today: ctx.today,
    supplier: { isPurchaserOffersEnabled: row.offers_enabled ?? false, status: row.company_status, invitedByUs: row.invited_by_us },
    supplierOffer: row.so_status ? { offerStatus: row.so_status, cashReward: centsOf(row.so_cash_reward_c) } : null,
    purchaserOffer: row.po_status
      ? { offerStatus: row.po_status, cashpool: centsOf(row.po_cashpool_c), pendingCashpool: centsOf(row.po_pending_c), crrBp: Number(row.po_crr_bp) }
      : null,
    config: ctx.config,
    locale: ctx.locale,
  });
}

/**
 * "With an offer": an invoice (the supplier inviting its customer) has an open prompt payment request the customer
 * can pay now (CLEARING); a bill (the purchaser inviting its supplier) is Payment Offered under the purchaser's offer,
 * exactly as the bills list shows it (invoices/rules billRowStatus).
 */
function candidateOf(type: InvoiceKind, row: CandidateRow, ctx: { today: string; config: OfferConfig; locale: Locale }): InviteCandidate {
  const hasOffer =
    type === "INVOICE"
      ? row.so_status === "CLEARING" && row.invoice_status !== "PAID" && row.invoice_status !== "PAYMENT_RECEIVED"
      : billRowOf(row, ctx).statusCode === "PAYMENT_OFFERED";
  return {
    id: row.id,
    number: row.invoice_number,
    companyId: Number(row.company_id),
    companyName: row.company_name,
    companyStatus: row.company_status,
    invitedByUs: row.invited_by_us,
    hasOffer,
    contactEmail: row.contact_email,
  };
}

export interface InvitePreview {
  type: InvoiceKind;
  groups: InviteGroup[];
  skipped: SkippedRecord[];
  /** The groups' companies whose latest invite from us no mail server took (it can be sent again). */
  failed: FailedInvite[];
}

export interface FailedInvite {
  companyId: number;
  companyName: string;
  email: string;
  error: string;
}

/** What an invite of the selected records would do: the groups per counterparty and the records left out, with why. */
export async function previewInvites(actor: Actor, input: { type: unknown; invoiceIds: unknown }): Promise<InvitePreview> {
  const companyId = requireCompanyId(actor, "A company is required");
  const type = parseType(input.type);
  const ids = parseIds(input.invoiceIds);
  const ctx = await senderContext(companyId);
  const rows = await loadRecords(companyId, type, ids);
  const found = new Set(rows.map((row) => row.id));
  const plan = planInvites(rows.map((row) => candidateOf(type, row, ctx)));
  const missing = ids.filter((id) => !found.has(id)).map((id) => ({ id, number: String(id), companyName: "", reason: "Not found" }));
  return { type, groups: plan.groups, skipped: [...plan.skipped, ...missing], failed: await failedInvites(companyId, plan.groups) };
}

/** The latest invite from `companyId` to each group's company, when it is FAILED: the dialog says so and sends it again. */
async function failedInvites(companyId: number, groups: InviteGroup[]): Promise<FailedInvite[]> {
  const failed: FailedInvite[] = [];
  for (const group of groups) {
    const latest = await Invite.findOne({
      where: { invitingCompanyId: companyId, inviteeCompanyId: group.companyId },
      order: [
        ["createdAt", "DESC"],
        ["id", "DESC"],
      ],
      attributes: ["status", "inviteeEmail", "outboxMessageId"],
    });
    if (latest?.status !== "FAILED") continue;
    const error = (await outboxFailure(latest.outboxMessageId)) ?? "the mail server did not take it";
    failed.push({ companyId: group.companyId, companyName: group.companyName, email: latest.inviteeEmail, error });
  }
  return failed;
}

export interface InviteResult {
  sent: { inviteId: number; companyName: string; email: string; invoiceCount: number }[];
  skipped: SkippedRecord[];
  /** Invites no mail server took: FAILED, with the server's answer; each can be sent again. */
  failed: { inviteId: number; companyName: string; email: string; error: string; message: string }[];
}

export interface LinkOptions {
  /** The site's origin for links in e-mails, e.g. https://app.earlybird.nz (the request's origin on the web). */
  origin: string;
  now?: Date;
}

/** How long an invite may stay PENDING (its mail being delivered) before it counts as stranded and may be sent again. */
const PENDING_INVITE_MS = 10 * 60_000;

/**
 * POST /invite {email, companyId, note, type} (single, `email` given: the records must belong to one counterparty) and
 * the batch invite (no `email`: one invite per counterparty to its contact email). The sender must be VERIFIED (403
 * "company not verified"). Each invite and its e-mail (with a fresh token) are written in one transaction, and the
 * e-mail is delivered after the commit (docs/decisions/033). Delivered: the invite is SENT and what an invite changes
 * follows (the counterparty becomes INVITED if INACTIVE, the sender joins its inviter list, the records are marked
 * usedForInvite). Refused by the mail server: the invite is FAILED, nothing else changed, and sending again reuses it.
 */
export async function sendInvites(
  actor: Actor,
  input: { type: unknown; invoiceIds: unknown; email?: unknown; note?: unknown; single?: boolean },
  options: LinkOptions
): Promise<InviteResult> {
  const companyId = requireCompanyId(actor, "A company is required");
  const single = input.single ?? input.email !== undefined;
  // Validation first (nothing written on a bad address), then the verification check.
  const parsed = InviteSchema.safeParse({ email: single ? input.email : "placeholder@earlybird.test", note: input.note });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(422, issue.message, { code: "VALIDATION", field: String(issue.path[0] ?? "email") });
  }
  const note = parsed.data.note ? parsed.data.note.slice(0, 1000) : null;
  const preview = await previewInvites(actor, input);
  await requireVerifiedCompany(companyId);

  const skipped = [...preview.skipped];
  let groups = preview.groups;
  if (single) {
    if (groups.length > 1) throw new AppError(422, ONE_COMPANY_PER_INVITE, { code: "VALIDATION" });
    groups = groups.map((group) => ({ ...group, email: parsed.data.email }));
  } else {
    for (const group of groups.filter((g) => !g.email)) {
      group.invoiceIds.forEach((id, index) => skipped.push({ id, number: group.numbers[index], companyName: group.companyName, reason: NO_CONTACT_EMAIL }));
    }
    groups = groups.filter((group) => group.email);
  }
  if (groups.length === 0) throw new AppError(422, NOTHING_TO_INVITE, { code: "NOTHING_TO_INVITE", details: { skipped } });

  const sender = await senderContext(companyId);
  const result: InviteResult = { sent: [], skipped, failed: [] };
  for (const group of groups) {
    const email = group.email!;
    const { token, tokenHash } = newToken();
    const url = new URL(landingPath(token, preview.type, "invite"), options.origin).toString();
    const from = sender.company.companyName;
    const mail = (inviteeUserId: number | null): SendMailInput => ({
      ...landingMail({
        to: email,
        subject: preview.type === "BILL" ? `${from} wants to pay you early` : `${from} is offering you a discount for paying early`,
        companyName: group.companyName,
        offer:
          preview.type === "BILL"
            ? `${from} uses Earlybird to pay its suppliers early. You can be paid today for ${listOf(group.numbers)}.`
            : `${from} uses Earlybird and is offering you a discount if you pay ${listOf(group.numbers)} early.`,
        note: note ? { from, text: note } : null,
        url,
        days: INVITE_TOKEN_DAYS,
      }),
      relatedUserId: inviteeUserId,
    });
    const invite = await recordInvite(actor, preview.type, group, { email, note, tokenHash, mail }, options.now ?? new Date());
    const delivery = await deliverInvite(invite);
    if (delivery.sent) result.sent.push({ inviteId: invite.id, companyName: group.companyName, email, invoiceCount: group.invoiceIds.length });
    else
      result.failed.push({ inviteId: invite.id, companyName: group.companyName, email, error: delivery.error, message: inviteNotSent(email, delivery.error) });
  }
  return result;
}

/**
 * The invite and its e-mail, in one transaction. A FAILED invite of the same pair (or one stranded PENDING past
 * PENDING_INVITE_MS) is sent again as itself, with a fresh token; one being delivered right now refuses a second.
 */
async function recordInvite(
  actor: Actor,
  type: InvoiceKind,
  group: InviteGroup,
  input: { email: string; note: string | null; tokenHash: string; mail: (inviteeUserId: number | null) => SendMailInput },
  now: Date
): Promise<Invite> {
  const companyId = requireCompanyId(actor, "A company is required");
  return sequelize.transaction(async (transaction) => {
    // The invitee company row is the one that changes state: lock it, then re-check it is still invitable.
    const invitee = await findCompany(group.companyId, { transaction, lock: true });
    if (!invitee || invitee.status === "ACTIVE" || invitee.status === "PENDING") throw new AppError(409, NOTHING_TO_INVITE, { code: "NOTHING_TO_INVITE" });
    // An invite of the same pair that went out while this one waited for the lock: this sender has invited them now.
    const [already] = await sequelize.query<{ id: number }>(
      `SELECT id FROM counterparties WHERE company_id = :companyId AND counterparty_company_id = :invitee AND invited_at IS NOT NULL`,
      { type: QueryTypes.SELECT, replacements: { companyId, invitee: invitee.id }, transaction }
    );
    if (already) throw new AppError(409, NOTHING_TO_INVITE, { code: "NOTHING_TO_INVITE" });
    const previous = await Invite.findOne({
      where: { invitingCompanyId: companyId, inviteeCompanyId: invitee.id },
      order: [
        ["createdAt", "DESC"],
        ["id", "DESC"],
      ],
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    const stranded = previous?.status === "PENDING" && now.getTime() - previous.updatedAt.getTime() > PENDING_INVITE_MS;
    if (previous?.status === "PENDING" && !stranded) throw new AppError(409, INVITE_IN_PROGRESS, { code: "INVITE_IN_PROGRESS" });
    const inviteeUserId = await invitedUser(invitee.id, input.email, transaction);
    const outboxMessageId = await enqueueMail(input.mail(inviteeUserId), transaction);
    const fields = {
      invitedByUserId: actingUserId(actor),
      inviteeEmail: input.email,
      inviteeUserId,
      note: input.note,
      type,
      tokenHash: input.tokenHash,
      status: "PENDING" as const,
      sentAt: null,
      expiresAt: new Date(now.getTime() + INVITE_TOKEN_DAYS * DAY_MS),
      outboxMessageId,
    };
    let invite: Invite;
    if (previous && (previous.status === "FAILED" || stranded)) {
      invite = await previous.update(fields, { transaction });
      await sequelize.query(`DELETE FROM invite_invoices WHERE invite_id = :inviteId`, { replacements: { inviteId: invite.id }, transaction });
    } else {
      invite = await Invite.create({ ...fields, invitingCompanyId: companyId, inviteeCompanyId: invitee.id, acceptedAt: null }, { transaction });
    }
    await sequelize.query(`INSERT INTO invite_invoices (invite_id, invoice_id) SELECT :inviteId, unnest(ARRAY[:ids]::integer[])`, {
      replacements: { inviteId: invite.id, ids: group.invoiceIds },
      transaction,
    });
    return invite;
  });
}

/**
 * Delivers the invite's e-mail and records the outcome: SENT, with what an invite changes (p2 §4: the company's owing
 * status and inviter list, the records used for the invite), or FAILED. Locks the company, then the invite (the order
 * recordInvite takes them in).
 */
async function deliverInvite(invite: Invite): Promise<Delivery> {
  const delivery = await deliverOutboxMessage(invite.outboxMessageId!);
  await sequelize.transaction(async (transaction) => {
    await findCompany(invite.inviteeCompanyId, { transaction, lock: true, attributes: ["id"] });
    const row = await Invite.findByPk(invite.id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!row || row.status !== "PENDING" || row.outboxMessageId !== invite.outboxMessageId) return;
    if (!delivery.sent) {
      await row.update({ status: "FAILED" }, { transaction });
      return;
    }
    await row.update({ status: "SENT", sentAt: new Date() }, { transaction });
    await sequelize.query(`UPDATE invoices SET used_for_invite = true WHERE id IN (SELECT invoice_id FROM invite_invoices WHERE invite_id = :id)`, {
      replacements: { id: row.id },
      transaction,
    });
    await sequelize.query(`UPDATE companies SET status = 'INVITED' WHERE id = :id AND status = 'INACTIVE'`, {
      replacements: { id: row.inviteeCompanyId },
      transaction,
    });
    await sequelize.query(
      `INSERT INTO counterparties (company_id, counterparty_company_id, is_customer, is_supplier, invited_at)
       VALUES (:companyId, :invitee, :isCustomer, :isSupplier, now())
       ON CONFLICT (company_id, counterparty_company_id) DO UPDATE SET invited_at = COALESCE(counterparties.invited_at, now())`,
      {
        replacements: { companyId: row.invitingCompanyId, invitee: row.inviteeCompanyId, isCustomer: row.type === "INVOICE", isSupplier: row.type === "BILL" },
        transaction,
      }
    );
  });
  return delivery;
}

/**
 * The invited user (p2 §7 "GET user by token and user state"): the invitee company's user with this address, created
 * (no password, SIGNED_UP, invitation INVITED) when there is none. An address that belongs to another company's user
 * names no invited user: the landing page then sends the visitor to /login.
 */
async function invitedUser(inviteeCompanyId: number, email: string, transaction: Transaction): Promise<number | null> {
  const existing = await User.findOne({ where: { username: email }, transaction });
  if (existing) return existing.companyId === inviteeCompanyId ? existing.id : null;
  const [user] = await User.findOrCreate({
    where: { username: email },
    defaults: { username: email, companyId: inviteeCompanyId, roles: ["ROLE_USER"], onboardingState: "SIGNED_UP", invitationStatus: "INVITED" },
    transaction,
  });
  return user.companyId === inviteeCompanyId ? user.id : null;
}

function listOf(numbers: string[]): string {
  return numbers.length === 1 ? `invoice ${numbers[0]}` : `invoices ${numbers.join(", ")}`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]!));

/** An e-mail with a landing link (invite or notification): greeting, the offer, a note, the link and how long it works. */
function landingMail(input: {
  to: string;
  subject: string;
  companyName: string;
  offer: string;
  note?: { from: string; text: string } | null;
  url: string;
  days: number;
}) {
  const text = [
    `Hello ${input.companyName},`,
    "",
    input.offer,
    ...(input.note ? ["", `Note from ${input.note.from}:`, input.note.text] : []),
    "",
    `See the offer: ${input.url}`,
    "",
    `This link works once and expires in ${input.days} days.`,
    "",
    "Earlybird",
  ].join("\n");
  const html = text
    .split("\n\n")
    .map((p) =>
      p.startsWith("See the offer:") ? `<p><a href="${escapeHtml(input.url)}">See the offer</a></p>` : `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`
    )
    .join("\n");
  return { to: input.to, subject: input.subject, text, html };
}

// ---------------------------------------------------------------------------------------------------------
// Notify suppliers: POST /notify {companyId, invoiceIds, type BILL}
// ---------------------------------------------------------------------------------------------------------

/**
 * The Notify action of a Payment Offered bill (p2 §4 rule 8: the supplier is ACTIVE and was not yet told). Sends the
 * supplier one e-mail about the bills (to the supplier's first user, else the bill's contact email) and marks them
 * sentToSupplier, so the rows read "Notified". Returns "Notification sent".
 */
export async function notifySuppliers(
  actor: Actor,
  input: { companyId: unknown; invoiceIds: unknown; type: unknown },
  options: LinkOptions
): Promise<{ message: string; notificationId: number; email: string }> {
  const companyId = requireCompanyId(actor, "A company is required");
  if (input.type !== "BILL") throw new AppError(422, INVOICE_TYPE_INVALID, { code: "VALIDATION", field: "type" });
  const ids = parseIds(input.invoiceIds);
  const supplierId = Number(input.companyId);
  const ctx = await senderContext(companyId);
  const rows = (await loadRecords(companyId, "BILL", ids)).filter(
    (row) => !Number.isFinite(supplierId) || supplierId <= 0 || Number(row.company_id) === supplierId
  );
  const notifiable = rows.filter((row) => billRowOf(row, ctx).action === "Notify");
  if (notifiable.length === 0) throw new AppError(422, NOTHING_TO_NOTIFY, { code: "NOTHING_TO_NOTIFY" });
  const recipientId = Number(notifiable[0].company_id);
  const bills = notifiable.filter((row) => Number(row.company_id) === recipientId);
  // The supplier is on Earlybird: its own (first, enabled) user hears of it; the bill's contact email only when it has
  // none (a shared record's contact email may be the purchaser's own accounts address).
  const supplierUser = await User.findOne({ where: { companyId: recipientId, disabledAt: null }, order: [["id", "ASC"]], attributes: ["username"] });
  const contact = bills.map((row) => row.contact_email).find((address) => isValidContactEmail(address));
  const email = (supplierUser?.username ?? contact ?? "").trim().toLowerCase();
  if (!email) throw new AppError(422, NO_CONTACT_EMAIL, { code: "NO_CONTACT_EMAIL" });

  const now = options.now ?? new Date();
  const { token, tokenHash } = newToken();
  const url = new URL(landingPath(token, "BILL", "notify"), options.origin).toString();
  const sender = ctx.company.companyName;
  const mail: SendMailInput = landingMail({
    to: email,
    subject: `${sender} has offered early payment on your invoices`,
    companyName: bills[0].company_name,
    offer: `${sender} has offered to pay ${listOf(bills.map((row) => row.invoice_number))} early through Earlybird.`,
    url,
    days: NOTIFY_TOKEN_DAYS,
  });
  // The notification, its bills marked Notified and its e-mail commit together (docs/decisions/033).
  const { notification, billIds } = await sequelize.transaction(async (transaction) => {
    // Lock the bills, then re-check them: a concurrent Notify of the same bills sends nothing twice.
    const open = await sequelize.query<{ id: number }>(
      `SELECT id FROM invoices WHERE id IN (:ids) AND issued_for = :companyId AND NOT sent_to_supplier AND deleted_at IS NULL ORDER BY id FOR UPDATE`,
      { type: QueryTypes.SELECT, replacements: { ids: bills.map((row) => row.id), companyId }, transaction }
    );
    if (open.length === 0) throw new AppError(409, NOTHING_TO_NOTIFY, { code: "NOTHING_TO_NOTIFY" });
    const ids = open.map((row) => row.id);
    const created = await Notification.create(
      {
        companyId,
        sentByUserId: actingUserId(actor),
        recipientCompanyId: recipientId,
        recipientEmail: email,
        type: "BILL",
        tokenHash,
        sentAt: null,
        expiresAt: new Date(now.getTime() + NOTIFY_TOKEN_DAYS * DAY_MS),
        outboxMessageId: await enqueueMail(mail, transaction),
      },
      { transaction }
    );
    await sequelize.query(`INSERT INTO notification_invoices (notification_id, invoice_id) SELECT :id, unnest(ARRAY[:ids]::integer[])`, {
      replacements: { id: created.id, ids },
      transaction,
    });
    await sequelize.query(`UPDATE invoices SET sent_to_supplier = true WHERE id IN (:ids) AND issued_for = :companyId`, {
      replacements: { ids, companyId },
      transaction,
    });
    return { notification: created, billIds: ids };
  });
  const delivery = await deliverOutboxMessage(notification.outboxMessageId!);
  if (!delivery.sent) {
    // No one was told: the bills are not Notified, so Notify is offered again (the notification stays, its mail FAILED).
    await sequelize.query(`UPDATE invoices SET sent_to_supplier = false WHERE id IN (:ids) AND issued_for = :companyId`, {
      replacements: { ids: billIds, companyId },
    });
    throw new AppError(502, notificationNotSent(email, delivery.error), { code: "MAIL_NOT_SENT" });
  }
  await Notification.update({ sentAt: new Date() }, { where: { id: notification.id } });
  return { message: NOTIFICATION_SENT, notificationId: notification.id, email };
}

// ---------------------------------------------------------------------------------------------------------
// Landing offer page: /invoices?token&invoiceType&type (public)
// ---------------------------------------------------------------------------------------------------------

export interface LandingPage extends LandingView {
  type: LandingType;
  invoiceType: InvoiceKind;
  state: LandingTokenState;
  senderName: string;
  locale: Locale;
  items: (LandingItem & { amountDueText: string; figureText: string })[];
}

interface TokenRecord {
  kind: LandingType;
  senderId: number;
  recipientId: number;
  senderType: InvoiceKind;
  state: LandingTokenState;
  userId: number | null;
}

function stateOf(expiresAt: Date | null, used: boolean, cancelled: boolean, now: Date): LandingTokenState {
  if (used) return "used";
  if (cancelled || !expiresAt || expiresAt.getTime() <= now.getTime()) return "expired";
  return "live";
}

async function findToken(type: LandingType, token: string, now: Date, transaction?: Transaction) {
  const tokenHash = hashToken(token);
  const lock = transaction ? transaction.LOCK.UPDATE : undefined;
  if (type === "invite") {
    const invite = await Invite.findOne({ where: { tokenHash }, transaction, lock });
    if (!invite) return null;
    const record: TokenRecord = {
      kind: "invite",
      senderId: invite.invitingCompanyId,
      recipientId: invite.inviteeCompanyId,
      senderType: invite.type,
      // A FAILED invite's link reached no one (and is replaced when it is sent again): it is dead.
      state: stateOf(invite.expiresAt, invite.status === "ACCEPTED", ["CANCELLED", "EXPIRED", "FAILED"].includes(invite.status), now),
      userId: invite.inviteeUserId,
    };
    return { record, row: invite as Invite | Notification };
  }
  const notification = await Notification.findOne({ where: { tokenHash }, transaction, lock });
  if (!notification) return null;
  const record: TokenRecord = {
    kind: "notify",
    senderId: notification.companyId,
    recipientId: notification.recipientCompanyId,
    senderType: notification.type,
    state: stateOf(notification.expiresAt, notification.usedAt !== null, false, now),
    userId: null,
  };
  return { record, row: notification as Invite | Notification };
}

/** The invited user a live invite link names, or null: /activate takes the link in place of an activation token (docs/decisions/018). */
export async function invitedUserOfToken(token: string, now: Date = new Date()): Promise<number | null> {
  const found = token ? await findToken("invite", token, now) : null;
  return found && found.record.state === "live" ? found.record.userId : null;
}

/**
 * The landing offer page (p2 §2). 404 (the not-found page) for a missing token, an invalid type or invoiceType, a token
 * that names nothing, or an invited user that cannot be fetched. An expired, cancelled or used token, or records whose
 * offer is gone, give the page with the "expired" / "no longer available" text. Reads only: viewing uses nothing.
 */
export async function getLandingPage(
  query: { token?: string | null; invoiceType?: string | null; type?: string | null },
  now: Date = new Date()
): Promise<LandingPage> {
  const token = query.token?.trim();
  const type = query.type;
  const invoiceType = query.invoiceType;
  if (!token || token.length > 200 || (type !== "invite" && type !== "notify") || (invoiceType !== "INVOICE" && invoiceType !== "BILL")) throw notFound();
  const found = await findToken(type, token, now);
  if (!found || landingInvoiceType(found.record.senderType) !== invoiceType) throw notFound();
  const { record } = found;
  let user: { id: number; onboardingState: string; signedUp: boolean } | null = null;
  if (record.userId !== null) {
    const row = await User.findByPk(record.userId, { attributes: ["id", "onboardingState", "passwordHash", "companyId"] });
    if (!row || row.companyId !== record.recipientId) throw notFound();
    user = { id: row.id, onboardingState: row.onboardingState, signedUp: row.passwordHash !== null };
  }
  const sender = await senderContext(record.senderId);
  const items = record.state === "live" ? await offeredItems(record, found.row, sender) : [];
  const view = landingView({ token, type, invoiceType, state: record.state, items, senderName: sender.company.companyName, user, locale: sender.locale });
  return {
    ...view,
    type,
    invoiceType,
    state: record.state,
    senderName: sender.company.companyName,
    locale: sender.locale,
    items: items.map((item) => ({ ...item, amountDueText: formatMoney(item.amountDue, sender.locale), figureText: formatMoney(item.figure, sender.locale) })),
  };
}

/** The records of the invite or notification whose offer still stands, with the figure of offers/rules. */
async function offeredItems(record: TokenRecord, row: Invite | Notification, sender: Awaited<ReturnType<typeof senderContext>>): Promise<LandingItem[]> {
  const join = row instanceof Invite ? { table: "invite_invoices", column: "invite_id" } : { table: "notification_invoices", column: "notification_id" };
  const idRows = await sequelize.query<{ invoice_id: number }>(`SELECT invoice_id FROM ${join.table} WHERE ${join.column} = :id`, {
    type: QueryTypes.SELECT,
    replacements: { id: row.id },
  });
  if (idRows.length === 0) return [];
  const rows = await loadRecords(
    record.senderId,
    record.senderType,
    idRows.map((r) => r.invoice_id)
  );
  const items: LandingItem[] = [];
  for (const r of rows) {
    const amountDue = centsOf(r.amount_due_c);
    let figure: Cents | null = null;
    if (record.senderType === "BILL") {
      // The supplier's view: the fee it would pay under the purchaser's offer today (null: not payable any more).
      if (r.bill_status !== "PAID" && r.include_in_purchaser_offer && r.offers_enabled && r.po_status) {
        figure = maxFeeForSupplier(
          {
            discountedTotal: amountDue,
            daysToDue: daysBetween(sender.today, r.due_date),
            offers: [{ offerStatus: r.po_status, crrBp: Number(r.po_crr_bp), cashpool: centsOf(r.po_cashpool_c), pendingCashpool: centsOf(r.po_pending_c) }],
          },
          sender.config
        );
      }
    } else if (r.so_status === "CLEARING") {
      // The customer's view: what it saves by paying the prompt payment request now.
      figure = supplierOfferSavings(centsOf(r.so_cash_reward_c), sender.config);
    }
    if (figure !== null) items.push({ invoiceNumber: r.invoice_number, dueDate: r.due_date, amountDue, figure });
  }
  return items;
}

/**
 * Uses a landing token (single use, docs/decisions/018): the invitee signing up, activating or logging in through the
 * link. The user must belong to the invited or notified company. A token used, expired or cancelled is refused with
 * "Oops! This offer is no longer available." (410); an unknown one is a 404.
 */
export async function redeemLandingToken(
  input: { token: string; type: LandingType; userId: number },
  now: Date = new Date(),
  outer?: Transaction
): Promise<{ companyId: number }> {
  // Sign-up passes its own transaction, so the invitee's account and the token's use commit together.
  const work = async (transaction: Transaction) => {
    const found = await findToken(input.type, input.token, now, transaction);
    if (!found) throw notFound();
    const user = await User.findByPk(input.userId, { attributes: ["id", "companyId"], transaction });
    if (!user || user.companyId !== found.record.recipientId) throw new AppError(403, OFFER_NOT_AVAILABLE, { code: "FORBIDDEN" });
    if (found.record.state !== "live") throw new AppError(410, OFFER_NOT_AVAILABLE, { code: "TOKEN_USED" });
    if (found.row instanceof Invite) {
      await found.row.update({ status: "ACCEPTED", acceptedAt: now, sentAt: found.row.sentAt ?? now, inviteeUserId: user.id }, { transaction });
      await User.update({ invitationStatus: "ACCEPTED" }, { where: { id: user.id, invitationStatus: "INVITED" }, transaction });
    } else {
      await found.row.update({ usedAt: now, usedByUserId: user.id }, { transaction });
    }
    return { companyId: found.record.recipientId };
  };
  return outer ? work(outer) : sequelize.transaction(work);
}
