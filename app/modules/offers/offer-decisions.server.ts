/**
 * The decisions the offer dialogs' routes used to make themselves (issue 14 part 2), as services returning tagged
 * outcomes: the route only maps each outcome to its answer (a toast, the top-up steps, the dialog again).
 */
import type { Actor } from "../../lib/actor";
import type { Cents } from "../../lib/money";
import { notFound } from "../../lib/errors";
import { createPurchaserOffer, editPurchaserOffer, getLiveOffer, planOffer, type OfferChangeInput } from "./purchaser-offers.server";
import { cancelPaymentRequest, editPaymentRequest, promptPaymentView, requestPayment } from "./supplier-offers.server";
import type { PromptPaymentInput } from "./supplier-offers.schema";

export type SaveOfferOutcome =
  /** Funds Available do not cover the cash pool: the top-up steps follow, for these values. */
  | { kind: "needs-topup"; cashpool: Cents; crr: string }
  /** Funds Available do not cover it and the account cannot top up (not activated). */
  | { kind: "topup-refused" }
  | { kind: "created" }
  | { kind: "edited" };

/**
 * Save from the offer dialog (p2 §3-§5, D3): create the cash-reserve offer, or edit the live one, when Funds Available
 * cover it; otherwise say a top-up is needed (or refused). Throws the services' AppErrors (field errors, 403s).
 */
export async function saveOfferFromDialog(actor: Actor, input: OfferChangeInput): Promise<SaveOfferOutcome> {
  const plan = await planOffer(actor, input);
  if (plan.shortfall > 0) return plan.accountActive ? { kind: "needs-topup", cashpool: plan.cashpool, crr: plan.crr } : { kind: "topup-refused" };
  if (plan.mode === "create") {
    await createPurchaserOffer(actor, input);
    return { kind: "created" };
  }
  const offer = await getLiveOffer(actor);
  if (!offer) throw notFound("Offer not found");
  await editPurchaserOffer(actor, offer.id, input);
  return { kind: "edited" };
}

export type SaveOfferWithTopUpOutcome =
  /** The offer waits for this top-up (PURCHASER_OFFER or PURCHASER_OFFER_EDIT): the Bank Transfer step follows. */
  | { kind: "topup-started"; topUpId: number }
  | { kind: "created" }
  | { kind: "edited" };

/** Save from the top-up steps: the live offer is edited, else one is created, with its top-up in one transaction. */
export async function saveOfferWithTopUp(actor: Actor, input: OfferChangeInput): Promise<SaveOfferWithTopUpOutcome> {
  const offer = await getLiveOffer(actor);
  const result = offer ? await editPurchaserOffer(actor, offer.id, input) : await createPurchaserOffer(actor, input);
  if (result.topUp) return { kind: "topup-started", topUpId: result.topUp.id };
  return { kind: offer ? "edited" : "created" };
}

export type PaymentRequestOutcome =
  | { kind: "requested"; invoiceNumber: string }
  | { kind: "updated"; invoiceNumber: string }
  | { kind: "cancelled"; invoiceNumber: string }
  /** Cancel with no open request on the invoice. */
  | { kind: "nothing-to-cancel" };

/**
 * Request Payment on an invoice (p2 §4, §5, §7 POST/PUT /supplier-offers, PUT /{id}/cancel): a new request, or an edit
 * of the open one (the upsert), or its cancel.
 */
export async function savePaymentRequest(
  actor: Actor,
  invoiceId: number,
  change: { intent: "save"; values: PromptPaymentInput } | { intent: "cancel" }
): Promise<PaymentRequestOutcome> {
  const current = await promptPaymentView(actor, invoiceId);
  const invoiceNumber = current.invoice.number;
  if (change.intent === "cancel") {
    if (!current.offer) return { kind: "nothing-to-cancel" };
    await cancelPaymentRequest(actor, current.offer.id);
    return { kind: "cancelled", invoiceNumber };
  }
  if (current.offer) {
    await editPaymentRequest(actor, current.offer.id, change.values);
    return { kind: "updated", invoiceNumber };
  }
  await requestPayment(actor, { invoiceId, ...change.values });
  return { kind: "requested", invoiceNumber };
}
