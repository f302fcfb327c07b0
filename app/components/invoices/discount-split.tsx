/**
 * Who gets what of a prompt payment discount (issue 13 part 2, D2): the supplier's discount A is the purchaser's saving
 * s plus Earlybird's fee A − s (SUCCESS_FEE_PERCENT of A). Shown in the supplier's Request Payment dialog and the
 * purchaser's Pay Now dialog, and worded the same way on both parties' statement lines (decision 028).
 */
import { formatMoney, type Cents } from "~/lib/money";

export interface DiscountSplitView {
  discount: Cents;
  saving: Cents;
  earlybirdFee: Cents;
  savingShare: string;
  earlybirdShare: string;
}

/** The three amounts as rows of a definition list, for a dialog's figures. */
export function DiscountSplitRows({
  split,
  discountLabel,
  savingLabel,
  locale,
}: {
  split: DiscountSplitView;
  discountLabel: string;
  savingLabel: string;
  locale: "en-NZ" | "en-AU";
}) {
  const money = (cents: Cents) => formatMoney(cents, locale);
  return (
    <>
      <div className="flex justify-between gap-4 px-3 py-2">
        <dt className="text-muted-foreground">{discountLabel}</dt>
        <dd className="tabular-nums">{money(split.discount)}</dd>
      </div>
      <div className="flex justify-between gap-4 px-3 py-2 pl-6">
        <dt className="text-muted-foreground">
          {savingLabel} ({split.savingShare})
        </dt>
        <dd className="tabular-nums">{money(split.saving)}</dd>
      </div>
      <div className="flex justify-between gap-4 px-3 py-2 pl-6">
        <dt className="text-muted-foreground">Earlybird&apos;s fee ({split.earlybirdShare})</dt>
        <dd className="tabular-nums">{money(split.earlybirdFee)}</dd>
      </div>
    </>
  );
}

/** "Kiwi Supplies Ltd's discount $10.00 = you save $6.00 + Earlybird's fee $4.00". */
export function discountSplitSentence(split: DiscountSplitView, parts: { discount: string; saving: string }, locale: "en-NZ" | "en-AU"): string {
  const money = (cents: Cents) => formatMoney(cents, locale);
  return `${parts.discount} ${money(split.discount)} = ${parts.saving} ${money(split.saving)} + Earlybird's fee ${money(split.earlybirdFee)}`;
}
