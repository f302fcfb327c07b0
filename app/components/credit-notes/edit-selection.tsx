import { Form, Link, useNavigation } from "@remix-run/react";
import { Loader2 } from "~/components/ui/icons";
import { Button, buttonVariants } from "~/components/ui/button";
import { RouteDialogFooter } from "~/components/ui/route-dialog";
import { formatDate } from "~/lib/dates";
import { formatMoney, type Cents } from "~/lib/money";
import type { Locale } from "~/modules/invoices/rules";
import type { DialogBillRow } from "./allocate-credit-note";

/**
 * Edit Selection (p2 §2): pick the bills the credit goes to among the supplier's open bills, soonest due first.
 * Bills the note already holds credit on stay selected (set their amount to 0 to take the credit back). A GET form:
 * the allocation dialog's URL carries the selection.
 */
export function EditSelection({
  open,
  openTotal,
  held,
  selected,
  mode,
  nextLimit,
  locale,
  cancelHref,
}: {
  open: DialogBillRow[];
  openTotal: number;
  held: DialogBillRow[];
  selected: number[];
  mode: string;
  nextLimit: number;
  locale: Locale;
  cancelHref: string;
}) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading";
  const heldIds = new Set(held.map((bill) => bill.invoiceId));
  const rows = [...held, ...open.filter((bill) => !heldIds.has(bill.invoiceId))];
  return (
    <Form method="get" className="grid gap-4" preventScrollReset>
      <input type="hidden" name="mode" value={mode} />
      {/* An empty selection is still a selection (not "the first 3 bills"). */}
      <input type="hidden" name="bill" value="" />
      <fieldset className="grid gap-1">
        <legend className="mb-2 text-sm text-muted-foreground">
          Select the bills to allocate credit to ({open.length} of {openTotal} unpaid bills shown).
        </legend>
        {rows.length === 0 ? <p className="py-4 text-center text-sm text-muted-foreground">No unpaid bills from this supplier.</p> : null}
        <ul className="grid max-h-80 gap-1 overflow-y-auto rounded-md border p-1">
          {rows.map((bill) => {
            const locked = heldIds.has(bill.invoiceId);
            return (
              <li key={bill.invoiceId}>
                <label className="flex cursor-pointer items-center gap-3 rounded px-2 py-2 text-sm hover:bg-accent">
                  {locked ? <input type="hidden" name="bill" value={bill.invoiceId} /> : null}
                  <input
                    type="checkbox"
                    name={locked ? undefined : "bill"}
                    value={bill.invoiceId}
                    defaultChecked={locked || selected.includes(bill.invoiceId)}
                    disabled={locked}
                    className="size-4 accent-primary"
                  />
                  <span className="min-w-0 flex-1 truncate font-medium">{bill.invoiceNumber}</span>
                  <span className="whitespace-nowrap text-muted-foreground">Due {formatDate(bill.dueDate)}</span>
                  <span className="w-28 whitespace-nowrap text-right tabular-nums">
                    {formatMoney((bill.amountDue + bill.alreadyAllocated) as Cents, locale)}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <RouteDialogFooter className="sm:justify-between">
        <div>
          {open.length < openTotal ? (
            <Button type="submit" name="more" value={String(nextLimit)} variant="link" className="px-0">
              Show more
            </Button>
          ) : null}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Link to={cancelHref} className={buttonVariants({ variant: "outline" })}>
            Cancel
          </Link>
          <Button type="submit">
            {loading ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
            Done
          </Button>
        </div>
      </RouteDialogFooter>
    </Form>
  );
}
