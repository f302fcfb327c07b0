/**
 * Pure rules of invites, notifications and the landing offer page (p2 §2 Landing offer page, §4 Other, §5 Invite):
 * who a batch invite covers, the link an e-mail carries, and what the landing page says. No I/O.
 */
import { formatMoney, type Cents } from "../../lib/money";
import { isInvitable, isValidContactEmail, type CompanyStatus, type Locale } from "../invoices/rules";

export type InvoiceKind = "INVOICE" | "BILL";
export type LandingType = "invite" | "notify";

/** How long a link works (docs/decisions/018). */
export const INVITE_TOKEN_DAYS = 14;
export const NOTIFY_TOKEN_DAYS = 14;

export const OFFER_EXPIRED = "Sorry, your early payment offer has expired.";
export const OFFER_NOT_AVAILABLE = "Oops! This offer is no longer available.";
export const NOTIFICATION_SENT = "Notification sent";
export const NOTHING_TO_INVITE = "None of the selected records can be invited: an invite needs an offer and a customer or supplier not yet on Earlybird.";
export const NOTHING_TO_NOTIFY = "None of the selected bills can be notified";
export const ONE_COMPANY_PER_INVITE = "An invite goes to one company: select records of one customer or supplier";
export const NO_CONTACT_EMAIL = "No valid contact email";
// Issue 13 part 11 (decision 033): an invite or notification no mail server took. Ours, in the spec's voice.
export const INVITE_IN_PROGRESS = "An invite to this company is being sent. Please try again in a minute.";
export const inviteNotSent = (email: string, reason: string) => `The invite to ${email} could not be sent: ${reason}. Check the address and send it again.`;
export const notificationNotSent = (email: string, reason: string) => `The notification to ${email} could not be sent: ${reason}. Please try again.`;
export const lastInviteFailed = (email: string, reason: string) => `The last invite to ${email} could not be sent: ${reason}`;

/**
 * The landing page's invoiceType is the recipient's side: a purchaser inviting or notifying a supplier (from /bills,
 * type BILL) sends the supplier to its INVOICE ("Get Paid Today", service fee); a supplier inviting a customer (from
 * /invoices, type INVOICE) sends the customer to its BILL ("Save {amount}", cashback reward).
 */
export function landingInvoiceType(senderType: InvoiceKind): InvoiceKind {
  return senderType === "BILL" ? "INVOICE" : "BILL";
}

export function landingPath(token: string, senderType: InvoiceKind, type: LandingType): string {
  const query = new URLSearchParams({ token, invoiceType: landingInvoiceType(senderType), type });
  return `/invoices?${query.toString()}`;
}

export interface InviteCandidate {
  id: number;
  number: string;
  /** The counterparty: the customer of an invoice, the supplier of a bill. */
  companyId: number;
  companyName: string;
  companyStatus: CompanyStatus;
  /** The sender company invited this counterparty before. */
  invitedByUs: boolean;
  /** The record carries an offer the counterparty can take (an open supplier offer, or a Payment Offered bill). */
  hasOffer: boolean;
  contactEmail: string | null;
}

export interface InviteGroup {
  companyId: number;
  companyName: string;
  /** The first valid contact email among the group's records, or null. */
  email: string | null;
  invoiceIds: number[];
  numbers: string[];
}

export interface SkippedRecord {
  id: number;
  number: string;
  companyName: string;
  reason: string;
}

export interface InvitePlan {
  groups: InviteGroup[];
  skipped: SkippedRecord[];
}

/**
 * p2 §4 Other: a batch invite covers only records whose counterparty is INACTIVE or INVITED (not by this company) with
 * an offer, grouped per counterparty; each group needs a valid contact email (checked when sending, so the dialog can
 * say which group lacks one). Groups keep the order of their first record.
 */
export function planInvites(candidates: readonly InviteCandidate[]): InvitePlan {
  const groups = new Map<number, InviteGroup>();
  const skipped: SkippedRecord[] = [];
  for (const record of candidates) {
    if (!isInvitable({ status: record.companyStatus, invitedByUs: record.invitedByUs })) {
      const reason = record.companyStatus === "INVITED" ? "Already invited by you" : "Already on Earlybird";
      skipped.push({ id: record.id, number: record.number, companyName: record.companyName, reason });
      continue;
    }
    if (!record.hasOffer) {
      skipped.push({ id: record.id, number: record.number, companyName: record.companyName, reason: "No offer to show" });
      continue;
    }
    let group = groups.get(record.companyId);
    if (!group) {
      group = { companyId: record.companyId, companyName: record.companyName, email: null, invoiceIds: [], numbers: [] };
      groups.set(record.companyId, group);
    }
    group.invoiceIds.push(record.id);
    group.numbers.push(record.number);
    if (!group.email && isValidContactEmail(record.contactEmail)) group.email = record.contactEmail!.trim().toLowerCase();
  }
  return { groups: [...groups.values()], skipped };
}

// ---------------------------------------------------------------------------------------------------------
// Landing offer page
// ---------------------------------------------------------------------------------------------------------

export interface LandingItem {
  invoiceNumber: string;
  dueDate: string;
  /** Amount due inc. GST (total less credit). */
  amountDue: Cents;
  /** INVOICE: the service fee at the purchaser's offer; BILL: the cashback reward (what the purchaser saves). */
  figure: Cents;
}

export type LandingTokenState = "live" | "expired" | "used";

export interface LandingUser {
  id: number;
  onboardingState: string;
  /** The invitee has set a password (signed up). */
  signedUp: boolean;
}

export interface LandingViewInput {
  token: string;
  type: LandingType;
  invoiceType: InvoiceKind;
  state: LandingTokenState;
  /** The records still on offer (an empty list: the offer is gone). */
  items: readonly LandingItem[];
  senderName: string;
  user: LandingUser | null;
  locale?: Locale;
}

export interface LandingView {
  offerGone: boolean;
  headline: string;
  subtitle: string;
  /** OFFER_EXPIRED / OFFER_NOT_AVAILABLE when the offer is gone. */
  goneText: string | null;
  figureLabel: "Service fee" | "Cashback reward";
  total: { amountDue: Cents; figure: Cents };
  button: { label: string; href: string };
}

/**
 * Where the button goes (p2 §2): notify → /login; invite → activate (EMAIL_VERIFIED), /signup (a known invited user
 * who has not signed up), else /login. The link to /login carries the token so that logging in uses it.
 */
export function landingTarget(input: Pick<LandingViewInput, "token" | "type" | "user" | "state">): string {
  if (input.state !== "live") return "/login";
  const token = encodeURIComponent(input.token);
  const login = `/login?token=${token}&type=${input.type}`;
  if (input.type === "notify" || !input.user) return login;
  if (input.user.onboardingState === "EMAIL_VERIFIED") return `/activate?token=${token}`;
  if (input.user.signedUp) return login;
  return `/signup?token=${token}&userId=${input.user.id}`;
}

export function landingView(input: LandingViewInput): LandingView {
  const money = (cents: Cents) => formatMoney(cents, input.locale);
  const offerGone = input.state !== "live" || input.items.length === 0;
  const total = {
    amountDue: input.items.reduce((sum, item) => sum + item.amountDue, 0) as Cents,
    figure: input.items.reduce((sum, item) => sum + item.figure, 0) as Cents,
  };
  const several = input.items.length > 1;
  const isInvoice = input.invoiceType === "INVOICE";
  const headline = isInvoice ? "Get Paid Today" : `Save ${money(total.figure)} on ${several ? "these invoices" : "this invoice"}`;
  const subtitle = isInvoice
    ? `${input.senderName} is offering to pay ${several ? "these invoices" : "this invoice"} early through Earlybird, for a small service fee.`
    : `${input.senderName} is offering a cashback reward if you pay ${several ? "these invoices" : "this invoice"} early through Earlybird.`;
  const label = input.type === "notify" ? "Log In" : isInvoice ? "Get Paid Today" : `Pay Now & Save ${money(total.figure)}`;
  return {
    offerGone,
    headline,
    subtitle,
    goneText: offerGone ? (input.type === "notify" ? OFFER_EXPIRED : OFFER_NOT_AVAILABLE) : null,
    figureLabel: isInvoice ? "Service fee" : "Cashback reward",
    total,
    // A gone offer still lets the visitor log in; a live one follows p2 §2.
    button: offerGone ? { label: "Log In", href: "/login" } : { label, href: landingTarget(input) },
  };
}
