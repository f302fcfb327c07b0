/**
 * Request Payment / Edit (p2 §4 "Invoice row status", §5 "prompt payment request"): a route dialog over /invoices
 * (decision 007). A plain form: the server checks amount A and day E and answers with the spec's message under each
 * field; with JavaScript the same form goes through Remix without a reload.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { MoneyInput } from "~/components/ui/money-input";
import { Label } from "~/components/ui/label";
import { RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { formatDate } from "~/lib/dates";
import { formatMoney, type Cents } from "~/lib/money";
import { discountSplitSentence, type DiscountSplitView } from "~/components/invoices/discount-split";
import { DateInput } from "~/components/ui/date-input";

export interface PromptPaymentDialogData {
  invoice: { id: number; number: string; customerName: string; dueDate: string; amountDue: Cents };
  offer: { id: number; status: "CLEARING" | "TOPUP_PENDING"; amount: Cents; expirationDate: string; savings: Cents } | null;
  today: string;
  latestExpiry: string;
  maxAmount: Cents;
  minAmount: Cents;
  /** Who gets what of the request's amount (the shares alone before there is a request). */
  split: DiscountSplitView;
  locale: "en-NZ" | "en-AU";
  unavailable: boolean;
}

export interface PromptPaymentActionData {
  fieldErrors?: { amount?: string; expirationDate?: string };
  formError?: string;
  values?: { amount: string; expirationDate: string };
}

const decimal = (cents: Cents) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

export function PromptPaymentDialog({
  closeTo,
  action,
  data,
  result,
}: {
  closeTo: string;
  action: string;
  data: PromptPaymentDialogData;
  result: PromptPaymentActionData | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const intent = busy ? navigation.formData?.get("intent") : null;
  const editing = data.offer !== null;
  const locked = data.offer?.status === "TOPUP_PENDING";
  const errors = result?.fieldErrors ?? {};
  const values = result?.values ?? {
    amount: data.offer ? decimal(data.offer.amount) : "",
    expirationDate: data.offer?.expirationDate ?? "",
  };
  const { invoice, locale } = data;
  return (
    <RouteDialog
      title={editing ? "Edit Payment Request" : "Request Payment"}
      closeTo={closeTo}
      description={`${invoice.number} · ${invoice.customerName} · ${formatMoney(invoice.amountDue, locale)} due ${formatDate(invoice.dueDate)}`}
    >
      {data.unavailable ? (
        <>
          <Alert variant="destructive">This invoice has been paid or is being paid, so it cannot get a prompt payment request.</Alert>
          <RouteDialogFooter>
            <Link to={closeTo} preventScrollReset className={buttonVariants()}>
              Close
            </Link>
          </RouteDialogFooter>
        </>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            Ask your customer to pay this invoice now. You offer an amount off (between {formatMoney(data.minAmount, locale)} and{" "}
            {formatMoney(data.maxAmount, locale)}); you receive the amount due less that amount. The request is open until the end of the expiry date.
          </p>
          <p className="text-sm text-muted-foreground">
            Of the amount off, your customer saves {data.split.savingShare} and {data.split.earlybirdShare} is Earlybird&apos;s fee.
          </p>
          {locked ? <Alert>Your customer is paying this request now (their top-up is on its way), so it cannot be changed.</Alert> : null}
          {result?.formError ? <Alert variant="destructive">{result.formError}</Alert> : null}
          <Form method="post" action={action} preventScrollReset noValidate className="space-y-4">
            <div className="space-y-1.5">
              <Label htmlFor="prompt-amount" required>
                Amount
              </Label>
              <MoneyInput
                id="prompt-amount"
                name="amount"
                defaultValue={values.amount}
                key={`amount-${values.amount}`}
                disabled={locked}
                aria-required="true"
                aria-invalid={Boolean(errors.amount)}
                aria-describedby={errors.amount ? "prompt-amount-error" : undefined}
                autoFocus
              />
              <FieldError id="prompt-amount-error" message={errors.amount} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="prompt-expiry" required>
                Expiry date
              </Label>
              <DateInput
                id="prompt-expiry"
                aria-required="true"
                name="expirationDate"
                defaultValue={values.expirationDate}
                key={`expiry-${values.expirationDate}`}
                disabled={locked}
                aria-invalid={Boolean(errors.expirationDate)}
                aria-describedby={errors.expirationDate ? "prompt-expiry-error" : "prompt-expiry-hint"}
              />
              <p id="prompt-expiry-hint" className="text-xs text-muted-foreground">
                From today to {formatDate(data.latestExpiry)}, the day before the due date.
              </p>
              <FieldError id="prompt-expiry-error" message={errors.expirationDate} />
            </div>
            {data.offer ? (
              <p className="text-sm">
                Your customer sees <strong>SAVE {formatMoney(data.offer.savings, locale)}</strong> on this bill. Who gets what:{" "}
                {discountSplitSentence(data.split, { discount: "your discount", saving: "your customer saves" }, locale)}.
              </p>
            ) : null}
            <RouteDialogFooter>
              {editing && !locked ? (
                <Button type="submit" name="intent" value="cancel" variant="outline" disabled={busy}>
                  {intent === "cancel" ? "Cancelling..." : "Cancel request"}
                </Button>
              ) : null}
              <Link to={closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
                Close
              </Link>
              {!locked ? (
                <Button type="submit" name="intent" value="save" disabled={busy}>
                  {intent === "save" ? "Saving..." : editing ? "Save" : "Request Payment"}
                </Button>
              ) : null}
            </RouteDialogFooter>
          </Form>
        </>
      )}
    </RouteDialog>
  );
}
