/**
 * The payments-available dialog (p1 §2 "visible by default"; decision 063) over /invoices on the session's first visit:
 * the supplier's invoices a customer's offer would pay today (the Payment Available tab). Every way out is one POST
 * form to /invoices/payments-available: Dismiss (and the close icon, Escape or a click outside) stays on the list,
 * "View Payment Available" opens that tab. Rendered in the server HTML (not portalled),
 * so it shows and closes without JavaScript too.
 */
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { Form, useNavigation, useSubmit } from "@remix-run/react";
import { useId, useRef } from "react";
import { Button } from "~/components/ui/button";
import { X } from "~/components/ui/icons";
import { formatMoney, type Cents } from "~/lib/money";
import type { Locale } from "~/modules/invoices/rules";

export interface PaymentsAvailableView {
  count: number;
  invoices: { id: number; number: string; customer: string; amountDue: Cents; maxFee: Cents | null }[];
  locale: Locale;
}

export function PaymentsAvailableDialog({ notice, action }: { notice: PaymentsAvailableView; action: string }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/invoices/payments-available");
  const money = (value: Cents) => formatMoney(value, notice.locale);
  const more = notice.count - notice.invoices.length;
  return (
    <DialogPrimitive.Root
      open
      onOpenChange={(open) => {
        if (!open && formRef.current) submit(formRef.current, { method: "post", action, preventScrollReset: true, navigate: true });
      }}
    >
      <div className="fixed inset-0 z-50 !m-0 bg-foreground/40" aria-hidden />
      <DialogPrimitive.Content
        className="fixed left-1/2 top-1/2 z-50 !m-0 grid max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-card p-6 text-card-foreground shadow-xl focus:outline-none"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        onOpenAutoFocus={(event) => {
          // The dialog itself takes focus (its title is read out): no button is pressed by a stray Enter.
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus({ preventScroll: true });
        }}
      >
        <Form ref={formRef} method="post" action={action} preventScrollReset className="grid gap-4">
          <div className="flex flex-col gap-1.5 pr-6 text-left">
            <DialogPrimitive.Title id={titleId} className="text-lg font-semibold leading-none tracking-tight">
              Payments available
            </DialogPrimitive.Title>
            <DialogPrimitive.Description id={descriptionId} className="text-sm text-muted-foreground">
              {notice.count === 1
                ? "A customer is ready to pay 1 of your invoices today. Get paid now on the Payment Available tab."
                : `Your customers are ready to pay ${notice.count} of your invoices today. Get paid now on the Payment Available tab.`}
            </DialogPrimitive.Description>
          </div>
          <ul className="divide-y rounded-md border text-sm" aria-label="Invoices with a payment available">
            {notice.invoices.map((invoice) => (
              <li key={invoice.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2">
                <span className="min-w-0">
                  <span className="font-medium">{invoice.number}</span> <span className="text-muted-foreground">{invoice.customer}</span>
                </span>
                <span className="tabular-nums">
                  {money(invoice.amountDue)}
                  {invoice.maxFee !== null ? <span className="text-muted-foreground"> (max fee {money(invoice.maxFee)})</span> : null}
                </span>
              </li>
            ))}
            {more > 0 ? <li className="px-3 py-2 text-muted-foreground">and {more} more</li> : null}
          </ul>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="submit" variant="outline" name="intent" value="dismiss" disabled={busy} data-dialog-cancel="">
              Dismiss
            </Button>
            <Button type="submit" name="intent" value="view" disabled={busy}>
              View Payment Available
            </Button>
          </div>
          <button
            type="submit"
            name="intent"
            value="dismiss"
            className="absolute right-3 top-3 rounded-sm p-1 text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="size-4" aria-hidden />
            <span className="sr-only">Close</span>
          </button>
        </Form>
      </DialogPrimitive.Content>
    </DialogPrimitive.Root>
  );
}
