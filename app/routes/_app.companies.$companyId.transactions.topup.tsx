import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { z } from "zod";
import { Button, buttonVariants } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { MoneyInput } from "~/components/ui/money-input";
import { Label } from "~/components/ui/label";
import { RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { AppError } from "~/lib/errors";
import { formErrorsOf } from "~/lib/form-errors";
import { formatMoney } from "~/lib/money";
import { getCompanyAccountOverviewForAdmin } from "~/modules/ledger/account.server";
import { createTopUp } from "~/modules/ledger/top-ups.server";
import { parseTopupAmount, TOPUP_ACCOUNT_NOT_ACTIVE } from "~/modules/ledger/top-ups.schema";
import { companyTabDoor } from "~/web/admin-company/company-tab.server";
import { handleError, pageError, parseForm } from "~/web/http.server";
import { redirectWithToast } from "~/web/toast.server";

/**
 * /companies/{id}/transactions/topup (p3 §7.3 "admin topup creation with fundsAvailable and id"; D5;
 * docs/decisions/062): an admin creates a PENDING top-up for the company, with a new payment reference the company
 * quotes on its bank transfer. It shows in the company's transactions (pending first) and on the Topups page, where it
 * is confirmed when the money arrives. A dialog over the Transactions tab; a retried submit creates one top-up.
 */
const ActionSchema = z.object({ amount: z.string().max(64).default(""), idempotencyKey: z.string().uuid() });

function closeToOf(request: Request, companyId: number): string {
  const search = new URL(request.url).search;
  return `/companies/${companyId}/transactions${search}`;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor, companyId } = await companyTabDoor(request, params);
  const closeTo = closeToOf(request, companyId);
  const overview = await getCompanyAccountOverviewForAdmin(actor, companyId).catch(pageError);
  if (!overview.systemAccount) throw await redirectWithToast(closeTo, { type: "error", message: TOPUP_ACCOUNT_NOT_ACTIVE });
  return json({ closeTo, locale: overview.locale, fundsAvailable: overview.fundsAvailable, idempotencyKey: globalThis.crypto.randomUUID() });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor, companyId } = await companyTabDoor(request, params);
  const closeTo = closeToOf(request, companyId);
  try {
    const form = await parseForm(request, ActionSchema);
    const amount = parseTopupAmount(form.amount);
    if (!amount.ok) throw AppError.validation({ amount: amount.message });
    const topUp = await createTopUp(actor, { amount: amount.amount, trigger: "CUSTOM", companyId, idempotencyKey: form.idempotencyKey });
    return redirectWithToast(closeTo, {
      type: "success",
      message: `Topup created: ${formatMoney(topUp.topupAmount, topUp.locale)}, payment reference ${topUp.paymentReference}`,
    });
  } catch (error) {
    return handleError(error, { fields: "named" });
  }
}

export default function CreateTopupDialog() {
  const data = useLoaderData<typeof loader>();
  const { fieldErrors, formError } = formErrorsOf(useActionData<typeof action>());
  const busy = useNavigation().state === "submitting";
  const [amount, setAmount] = useState("");
  const error = fieldErrors.amount ?? null;
  return (
    <RouteDialog title="Create topup" description={`Funds Available: ${formatMoney(data.fundsAvailable, data.locale)}`} closeTo={data.closeTo}>
      <Form method="post" className="grid gap-4" replace>
        <input type="hidden" name="idempotencyKey" value={data.idempotencyKey} />
        <div className="grid gap-1.5">
          <Label htmlFor="topup-amount" required>
            Topup amount
          </Label>
          <MoneyInput
            id="topup-amount"
            name="amount"
            value={amount}
            onValueChange={setAmount}
            aria-required="true"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "topup-amount-error" : undefined}
          />
          <FieldError id="topup-amount-error" message={error} />
        </div>
        {formError ? (
          <p role="alert" className="text-sm text-destructive">
            {formError}
          </p>
        ) : null}
        <p className="text-sm text-muted-foreground">The company pays it by bank transfer, quoting the payment reference; it expires after 7 days.</p>
        <RouteDialogFooter>
          <Link to={data.closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            Cancel
          </Link>
          <Button type="submit" disabled={busy}>
            {busy ? "Creating..." : "Create topup"}
          </Button>
        </RouteDialogFooter>
      </Form>
    </RouteDialog>
  );
}
