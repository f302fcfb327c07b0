/**
 * The Topup Entry (p1 §4): Funds Available and the suggested top-up amounts. It lives with the offers, not the ledger,
 * because the amounts come from Pay Now: the ledger knows nothing of offers or bills (issue 14 part 3).
 */
import { requireCompanyId } from "../companies/service.server";
import { Company } from "../../../db/models/index";
import type { Actor } from "../../lib/actor";
import { LOCALES } from "../../lib/dates";
import type { Cents } from "../../lib/money";
import { companyFunds, type Currency } from "../ledger/service.server";
import { suggestTopUpAmounts, type OpenOffer, type TopUpSuggestions } from "../ledger/top-ups.rules";
import { isTopUpAccountActive, type Locale } from "../ledger/top-ups.server";
import { billStatusOf, fetchBills, payablesContext } from "../payables/bills.server";
import { payNowAmounts } from "./rules";

export interface TopUpEntry extends TopUpSuggestions {
  currency: Currency;
  locale: Locale;
  fundsAvailable: Cents;
  /** The account is activated (a SYSTEM account exists): otherwise the Topup button is not offered. */
  accountActive: boolean;
}


/**
 * What the Topup Entry shows: Funds Available and the suggested amounts (p1 §4). The offers are the bills the company
 * could pay early now with Pay Now (an open CLEARING supplier offer, "SAVE s"), each costing the company its discounted
 * total less the saving (D2, payNowAmounts); the knapsack in ledger/top-ups.rules.ts picks those Funds Available covers.
 */
export async function topUpEntry(actor: Actor): Promise<TopUpEntry> {
  const companyId = requireCompanyId(actor);
  const [funds, context, accountActive] = await Promise.all([companyFunds(companyId), payablesContext(actor), isTopUpAccountActive(companyId)]);
  const bills = await fetchBills(companyId, "so.offer_status = 'CLEARING' AND i.bill_status IS DISTINCT FROM 'PAID'", {});
  const payable = bills.filter((bill) => billStatusOf(bill, context).action === "Pay Now");
  const names = new Map(
    (await Company.findAll({ where: { id: [...new Set(payable.map((bill) => bill.supplier_id))] }, attributes: ["id", "companyName"] })).map((c) => [
      c.id,
      c.companyName,
    ])
  );
  const offers: OpenOffer[] = payable
    .map((bill) => ({
      id: bill.id,
      label: `${bill.invoice_number} · ${names.get(bill.supplier_id) ?? "Supplier"}`,
      amount: payNowAmounts({ discountedTotal: Number(bill.amount_due_c) as Cents, cashReward: Number(bill.so_cash_reward_c ?? 0) as Cents }, context.config)
        .purchaserPays,
    }))
    .filter((offer) => offer.amount > 0);
  return {
    currency: funds.currency,
    locale: LOCALES[context.country],
    fundsAvailable: funds.fundsAvailable,
    accountActive,
    ...suggestTopUpAmounts(offers, funds.fundsAvailable),
  };
}
