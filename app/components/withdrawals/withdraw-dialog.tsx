/**
 * Withdraw funds (spec p1 §4 "Withdraw flow", 3 steps: Submit → Confirm → OK), as a route dialog
 * (docs/decisions/007) at most 450 px wide (p1 §9). Company users withdraw to their default account; an admin on
 * behalf of a company names the source (the company's Earlybird account) and the destination. Every step is a
 * plain form POST, so it works without JavaScript.
 */
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CircleCheck, Clock } from "~/components/ui/icons";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { MoneyInput } from "~/components/ui/money-input";
import { Label } from "~/components/ui/label";
import { RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { GetVerifiedDialog } from "~/components/verification/get-verified-dialog";
import { GET_VERIFIED_TITLE, TITLE_PENDING, VERIFICATION_FAILED_MESSAGE, VERIFICATION_PENDING_NOTICE } from "~/modules/ledger/withdrawals.schema";
import { formErrorsOf } from "~/lib/form-errors";
import type { AccountOption, ContextView, WithdrawLoaderData, WithdrawStep, WithdrawValues } from "./withdraw-types";
import { StatusBadge } from "~/components/ui/status-badge";

const DIALOG_CLASS = "max-w-[450px]";
const TITLE = "Withdraw Funds";

function useSubmitting(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

export function WithdrawDialog() {
  const data = useLoaderData<WithdrawLoaderData>();
  const step = useActionData<WithdrawStep>();
  if (data.placed) {
    const pending = data.placed.title === TITLE_PENDING;
    return (
      <RouteDialog title={data.placed.title} closeTo={data.closeTo} className={DIALOG_CLASS}>
        <div className="flex flex-col items-center gap-3 py-2 text-center">
          {pending ? <Clock className="size-10 text-amber-600" aria-hidden /> : <CircleCheck className="size-10 text-success" aria-hidden />}
          <p className="text-2xl font-semibold tabular-nums">{data.placed.amount}</p>
          <p className="text-sm">
            To <span className="font-medium">{data.placed.accountName}</span>
            <br />
            <span className="text-muted-foreground">{data.placed.details}</span>
          </p>
          <p className="text-sm text-muted-foreground">{data.placed.note}</p>
        </div>
        <RouteDialogFooter>
          <Link to={data.closeTo} className={buttonVariants()}>
            OK
          </Link>
        </RouteDialogFooter>
      </RouteDialog>
    );
  }
  // A company that is not verified gets the get-verified prompt (p1 §2 Modals), the same dialog as a 403 opens.
  if (data.mode === "company" && data.context.block === "COMPANY_NOT_VERIFIED")
    return <GetVerifiedDialog closeTo={data.closeTo} message={data.context.blockMessage ?? undefined} />;
  if (step?.step === "confirm") {
    return (
      <RouteDialog title="Confirm Withdrawal" description="Check the details, then confirm." closeTo={data.closeTo} className={DIALOG_CLASS}>
        <ConfirmStep step={step} actionPath={data.actionPath} />
      </RouteDialog>
    );
  }
  return (
    <RouteDialog
      title={TITLE}
      description={data.mode === "admin" ? `On behalf of ${data.context.companyName}` : undefined}
      closeTo={data.closeTo}
      className={DIALOG_CLASS}
    >
      <EnterStep data={data} step={step?.step === "enter" ? step : null} />
    </RouteDialog>
  );
}

function AccountSummary({ account }: { account: AccountOption }) {
  return (
    <div className="flex items-start justify-between gap-3 rounded-md border p-3 text-sm">
      <div className="min-w-0">
        <p className="font-medium">{account.name}</p>
        <p className="text-muted-foreground">{account.details}</p>
      </div>
      {account.badge ? <StatusBadge kind="bankAccount" status={account.badge === "VERIFIED" ? "VERIFIED" : "VERIFICATION_PENDING"} /> : null}
    </div>
  );
}

/**
 * Where a company user fixes what blocks the withdrawal: the get-verified prompt's Next (p1 §2 Modals), or the
 * withdrawal account card's action (p1 §4: "Add Bank Account" with no accounts, "Select Account" with no default,
 * "Verify" for an unverified default) on the settings Withdrawals tab.
 */
function blockLink(context: ContextView, mode: WithdrawLoaderData["mode"]): { to: string; label: string } | null {
  if (mode === "admin") return null;
  switch (context.block) {
    case "COMPANY_NOT_VERIFIED":
      return { to: "/verify?step=beneficial_owners&list=true", label: "Next" };
    case "NO_ACCOUNT":
      return { to: "/settings?tab=withdrawals", label: context.accountCount > 0 ? "Select Account" : "Add Bank Account" };
    case "ACCOUNT_UNVERIFIED":
      return { to: "/settings?tab=withdrawals", label: "Verify" };
    case "ACCOUNT_NOT_PAYABLE":
      return { to: "/settings?tab=withdrawals", label: "Bank accounts" };
    default:
      return null;
  }
}

/** Blocks that hide the form. An admin may still pick another account when the default one is the problem. */
function isBlocking(context: ContextView, mode: WithdrawLoaderData["mode"]): boolean {
  if (!context.block) return false;
  if (mode === "company") return true;
  if (context.block === "NO_ACCOUNT" || context.block === "ACCOUNT_UNVERIFIED" || context.block === "ACCOUNT_NOT_PAYABLE")
    return context.destinations.length === 0;
  return true;
}

function EnterStep({ data, step }: { data: WithdrawLoaderData; step: Extract<WithdrawStep, { step: "enter" }> | null }) {
  const { context, mode } = data;
  const submitting = useSubmitting("review");
  if (isBlocking(context, mode)) {
    const link = blockLink(context, mode);
    return (
      <div className="grid gap-4">
        <Alert variant={context.block === "PENDING_WITHDRAWAL" ? "info" : "destructive"}>
          {context.block === "COMPANY_NOT_VERIFIED" ? <p className="mb-1 font-semibold">{GET_VERIFIED_TITLE}</p> : null}
          <p>{context.blockMessage}</p>
          {context.block === "ACCOUNT_UNVERIFIED" && context.destination?.status === "VERIFICATION_FAILED" ? (
            <p className="mt-1">{VERIFICATION_FAILED_MESSAGE}</p>
          ) : null}
          {context.block === "PENDING_WITHDRAWAL" && context.pendingWithdrawal ? (
            <p className="mt-1 text-muted-foreground">
              Pending: {context.pendingWithdrawal.amount} requested on {context.pendingWithdrawal.date}.
            </p>
          ) : null}
        </Alert>
        <p className="text-sm">
          Funds Available <span className="font-semibold tabular-nums">{context.fundsAvailable}</span>
        </p>
        <RouteDialogFooter>
          <Link to={data.closeTo} className={buttonVariants({ variant: link ? "outline" : "default" })}>
            Close
          </Link>
          {link ? (
            <Link to={link.to} className={buttonVariants()}>
              {link.label}
            </Link>
          ) : null}
        </RouteDialogFooter>
      </div>
    );
  }
  const values: WithdrawValues = step?.values ?? {
    amount: "",
    bankAccountId: context.destination ? String(context.destination.id) : String(context.destinations[0]?.id ?? ""),
    sourceAccountId: context.source ? String(context.source.id) : "",
  };
  const { fieldErrors: errors, formError } = formErrorsOf(step);
  return (
    <Form method="post" action={data.actionPath} className="grid gap-4" noValidate>
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      <div className="rounded-md bg-muted/60 p-3">
        <p className="text-sm text-muted-foreground">Funds Available</p>
        <p className="text-2xl font-semibold tabular-nums">{context.fundsAvailable}</p>
      </div>
      {mode === "admin" ? (
        <>
          <div className="grid gap-1.5">
            <p className="text-sm font-medium">From</p>
            {context.source ? (
              <div className="rounded-md border p-3 text-sm">
                <p className="font-medium">{context.source.name}</p>
                <p className="text-muted-foreground">{context.source.details}</p>
              </div>
            ) : null}
            <input type="hidden" name="sourceAccountId" value={values.sourceAccountId} />
            <FieldError id="withdraw-source-error" message={errors.sourceAccountId} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="withdraw-destination">To</Label>
            <select
              id="withdraw-destination"
              name="bankAccountId"
              defaultValue={values.bankAccountId}
              aria-invalid={errors.bankAccountId ? true : undefined}
              aria-describedby={errors.bankAccountId ? "withdraw-destination-error" : undefined}
              className="flex h-10 w-full rounded-md border border-input bg-background px-3 text-sm"
            >
              {context.destinations.map((account) => (
                <option key={account.id} value={account.id}>
                  {`${account.name} · ${account.details}${account.status === "VERIFIED" ? "" : ` · ${account.badge ?? account.status}`}`}
                </option>
              ))}
            </select>
            <FieldError id="withdraw-destination-error" message={errors.bankAccountId} />
          </div>
        </>
      ) : context.destination ? (
        <div className="grid gap-1.5">
          <p className="text-sm font-medium">To</p>
          <AccountSummary account={context.destination} />
        </div>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor="withdraw-amount" required>
          Withdrawal amount
        </Label>
        <MoneyInput
          id="withdraw-amount"
          name="amount"
          key={`amount-${values.amount}`}
          defaultValue={values.amount}
          aria-required="true"
          aria-invalid={errors.amount ? true : undefined}
          aria-describedby={errors.amount ? "withdraw-amount-error" : undefined}
        />
        <FieldError id="withdraw-amount-error" message={errors.amount} />
      </div>
      {context.verificationPending && mode === "company" ? <p className="text-sm text-muted-foreground">{VERIFICATION_PENDING_NOTICE}</p> : null}
      <RouteDialogFooter>
        <Link to={data.closeTo} className={buttonVariants({ variant: "outline" })}>
          Cancel
        </Link>
        <Button type="submit" name="intent" value="review" disabled={submitting}>
          {submitting ? "Checking..." : "Submit"}
        </Button>
      </RouteDialogFooter>
    </Form>
  );
}

function ConfirmStep({ step, actionPath }: { step: Extract<WithdrawStep, { step: "confirm" }>; actionPath: string }) {
  const confirming = useSubmitting("confirm");
  return (
    <Form method="post" action={actionPath} className="grid gap-4">
      <dl className="grid grid-cols-[minmax(0,9rem)_1fr] gap-x-4 gap-y-2 rounded-md border p-4 text-sm">
        {step.summary.map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd className="break-words font-medium">{row.value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted-foreground">{step.note}</p>
      <input type="hidden" name="amount" value={step.values.amount} />
      <input type="hidden" name="bankAccountId" value={step.values.bankAccountId} />
      <input type="hidden" name="sourceAccountId" value={step.values.sourceAccountId} />
      <input type="hidden" name="idempotencyKey" value={step.idempotencyKey} />
      <RouteDialogFooter>
        <Button type="submit" name="intent" value="back" variant="outline" disabled={confirming}>
          Back
        </Button>
        <Button type="submit" name="intent" value="confirm" disabled={confirming}>
          {confirming ? "Confirming..." : "Confirm"}
        </Button>
      </RouteDialogFooter>
    </Form>
  );
}
