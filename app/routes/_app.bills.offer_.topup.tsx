import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { billsListHref, offerDialogErrors } from "~/web/bills/offer-dialogs.server";
import { SuggestedBills } from "~/components/bills/offer-cards";
import { BankTransferStep, Steps } from "~/components/topups/topup-dialog";
import { Button, buttonVariants } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { loadTransferStep } from "~/web/topups/transfer-step.server";
import { requireCompanyUser } from "~/web/auth.server";
import { AppError } from "~/lib/errors";
import { formErrorsOf } from "~/lib/form-errors";
import { formatMoney, type Cents } from "~/lib/money";
import { redirectWithToast } from "~/web/toast.server";
import { cancelTopUp, getTopUp } from "~/modules/ledger/top-ups.server";
import { TopUpIdSchema } from "~/modules/ledger/top-ups.schema";
import { saveOfferWithTopUp } from "~/modules/offers/offer-decisions.server";
import { getLiveOffer, offerSuggestions, planOffer, type OfferPlan } from "~/modules/offers/purchaser-offers.server";
import { OFFER_CREATED, OFFER_UPDATED, TOPUP_CANCELLED_OFFER_NOT_CREATED, TOPUP_ERROR_OFFER_NOT_ACCEPTED } from "~/modules/offers/purchaser-offers.schema";
import { handleError, notFoundResponse, readForm } from "~/web/http.server";

/**
 * /bills/offer/topup: the top-up steps under a purchaser-offer trigger (p1 §4 "Top-up flow", p2 §4 "Purchaser offer in
 * the top-up flow"), the same three steps as /account/topup (decision 012) with the offer's amounts:
 * GET ?cashpool=&crr=              → Topup Entry: the offer, Funds Available and the topup it needs (the shortfall), and
 *                                    the two suggested sets of bills for the new cash pool (issue 5 part 3: largest
 *                                    total, most cashback), each with "Include these bills" (back to this step)
 * GET ?step=details&cashpool=&crr= → Topup Details; Cancel here: "Topup cancelled. Offer not created."
 * POST intent=create               → the offer and its top-up in one transaction (PURCHASER_OFFER, or
 *                                    PURCHASER_OFFER_EDIT for a raise), then GET ?id= → Bank Transfer
 * POST intent=cancel               → the PENDING top-up is cancelled, and with it the offer waiting for it (D3)
 */
const TOPUP_CANCELLED = "Topup cancelled";

function offerQuery(url: URL) {
  return { cashpool: url.searchParams.get("cashpool") ?? "", crr: url.searchParams.get("crr") ?? "" };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { actor, user } = await requireCompanyUser(request);
  const url = new URL(request.url);
  const closeTo = billsListHref(request);
  const idParam = url.searchParams.get("id");
  if (idParam !== null) {
    return json({ step: "transfer" as const, closeTo, ...(await loadTransferStep(actor, idParam)) });
  }
  const step = url.searchParams.get("step");
  if (step === "cancelled") throw await redirectWithToast(closeTo, { type: "info", message: TOPUP_CANCELLED_OFFER_NOT_CREATED });
  const values = offerQuery(url);
  let plan: OfferPlan;
  try {
    plan = await planOffer(actor, values);
  } catch (error) {
    // Values the offer refuses: back to the list with the message (a loader has no form to show it in).
    throw await handleError(error, { closeTo, notFound: "show", notVerified: "show", fields: "none" });
  }
  if (plan.shortfall === 0) throw redirect(`/bills/offer?${new URLSearchParams(values).toString()}`);
  if (!plan.accountActive) throw await redirectWithToast(closeTo, { type: "error", message: TOPUP_ERROR_OFFER_NOT_ACCEPTED });
  const isEntry = step !== "details";
  const [offer, suggestions] = await Promise.all([
    getLiveOffer(actor),
    // The same service as the offer card's, for the cash pool being topped up to and the rate being offered.
    isEntry ? offerSuggestions(actor, { crrBp: plan.crrBp, capacity: plan.cashpool }) : Promise.resolve(null),
  ]);
  const query = new URLSearchParams(url.search);
  query.delete("step");
  const entryHref = `/bills/offer/topup?${query.toString()}`;
  query.set("step", "details");
  const detailsHref = `/bills/offer/topup?${query.toString()}`;
  query.set("step", "cancelled");
  const cancelHref = `/bills/offer/topup?${query.toString()}`;
  const locale = (user.company?.country === "AU" ? "en-AU" : "en-NZ") as "en-NZ" | "en-AU";
  return json({
    step: isEntry ? ("entry" as const) : ("details" as const),
    closeTo,
    plan: { cashpool: plan.cashpool, crr: plan.crr, fundsAvailable: plan.fundsAvailable, shortfall: plan.shortfall, mode: plan.mode },
    suggestions: suggestions && suggestions.candidates > 0 ? suggestions : null,
    current: offer ? { cashpool: offer.cashpool, pendingCashpool: offer.pendingCashpool, offerStatus: offer.offerStatus } : null,
    values,
    entryHref,
    detailsHref,
    cancelHref,
    locale,
    companyName: user.company?.companyName ?? null,
    idempotencyKey: globalThis.crypto.randomUUID(),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const closeTo = billsListHref(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "cancel") {
    const id = TopUpIdSchema.safeParse(form.get("id"));
    if (!id.success) throw notFoundResponse();
    try {
      const topUp = await getTopUp(actor, id.data);
      await cancelTopUp(actor, id.data);
      const message = topUp.trigger === "PURCHASER_OFFER" ? TOPUP_CANCELLED_OFFER_NOT_CREATED : TOPUP_CANCELLED;
      return redirectWithToast(closeTo, { type: "info", message });
    } catch (error) {
      return handleError(error, { closeTo, notVerified: "show", fields: "none" });
    }
  }
  if (intent !== "create") return handleError(new AppError(400, "Something went wrong. Please try again."));
  const input = {
    cashpool: String(form.get("cashpool") ?? ""),
    crr: String(form.get("crr") ?? ""),
    idempotencyKey: String(form.get("idempotencyKey") ?? "") || undefined,
  };
  try {
    const outcome = await saveOfferWithTopUp(actor, input);
    switch (outcome.kind) {
      case "topup-started":
        return redirect(`/bills/offer/topup?id=${outcome.topUpId}`);
      case "created":
        return redirectWithToast(closeTo, { type: "success", message: OFFER_CREATED });
      case "edited":
        return redirectWithToast(closeTo, { type: "success", message: OFFER_UPDATED });
    }
  } catch (error) {
    // A top-up that cannot be made is the spec's "Error creating topup. Offer not accepted." (p2 §8).
    const topUpRefused = (refusal: AppError) => refusal.code === "TOPUP_NOT_POSSIBLE" || refusal.code === "ACCOUNT_NOT_ACTIVE";
    return handleError(error, {
      ...offerDialogErrors(closeTo),
      message: (refusal) => (topUpRefused(refusal) ? TOPUP_ERROR_OFFER_NOT_ACCEPTED : refusal.message),
    });
  }
}

function OfferSummary({
  plan,
  current,
  locale,
}: {
  plan: { cashpool: Cents; crr: string; fundsAvailable: Cents; shortfall: Cents; mode: "create" | "edit" };
  current: { cashpool: Cents; pendingCashpool: Cents } | null;
  locale: "en-NZ" | "en-AU";
}) {
  const money = (cents: Cents) => formatMoney(cents, locale);
  const rows: [string, string][] = [
    [plan.mode === "edit" ? "New cash reserve" : "Cash reserve", money(plan.cashpool)],
    ["Cashback rate", `${plan.crr}% p.a.`],
    ...(current ? ([["Current cash reserve", money(current.cashpool)]] as [string, string][]) : []),
    ["Funds Available", money(plan.fundsAvailable)],
  ];
  return (
    <dl className="divide-y rounded-md border text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4 px-3 py-2">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="font-medium tabular-nums">{value}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 bg-accent/40 px-3 py-2">
        <dt className="font-medium">Topup amount</dt>
        <dd className="font-semibold tabular-nums">{money(plan.shortfall)}</dd>
      </div>
    </dl>
  );
}

export default function OfferTopupDialog() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const posting = navigation.state !== "idle" && navigation.formMethod === "POST";
  if (data.step === "transfer") {
    return (
      <BankTransferStep closeTo={data.closeTo} topUp={data.topUp} instructions={data.instructions} formAction={`/bills/offer/topup?id=${data.topUp.id}`} />
    );
  }
  const money = (cents: Cents) => formatMoney(cents, data.locale);
  if (data.step === "entry") {
    return (
      <RouteDialog
        title="Topup Entry"
        closeTo={data.closeTo}
        className={data.suggestions ? "max-w-2xl" : undefined}
        description={`Your cash reserve is above your Funds Available. Top up ${money(data.plan.shortfall)} to ${
          data.plan.mode === "edit" ? "raise your offer" : "start your offer"
        }.`}
      >
        <Steps current={0} />
        <OfferSummary plan={data.plan} current={data.current} locale={data.locale} />
        {data.suggestions ? <SuggestedBills suggestions={data.suggestions} locale={data.locale} returnTo={data.entryHref} wide={false} /> : null}
        <RouteDialogFooter>
          <Link to={data.closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            Cancel
          </Link>
          <Link to={data.detailsHref} preventScrollReset className={buttonVariants()}>
            Next
          </Link>
        </RouteDialogFooter>
      </RouteDialog>
    );
  }
  const { fieldErrors, formError } = formErrorsOf(result);
  const error = formError ?? Object.values(fieldErrors)[0] ?? null;
  return (
    <RouteDialog title="Topup Details" closeTo={data.cancelHref} description="Check the amounts, then confirm to get your payment reference.">
      <Steps current={1} />
      <OfferSummary plan={data.plan} current={data.current} locale={data.locale} />
      <p className="text-sm text-muted-foreground">
        {data.plan.mode === "edit"
          ? "Your offer keeps its current cash reserve; the raise starts when your transfer arrives."
          : "Your offer starts when your transfer arrives (Topup Pending until then)."}{" "}
        A topup whose transfer has not arrived within 7 days expires.
      </p>
      <FieldError id="offer-topup-error" message={error} />
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="cashpool" value={data.values.cashpool} />
        <input type="hidden" name="crr" value={data.values.crr} />
        <input type="hidden" name="idempotencyKey" value={data.idempotencyKey} />
        <RouteDialogFooter>
          <Link to={data.cancelHref} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            Cancel
          </Link>
          <Link to={data.entryHref} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            Back
          </Link>
          <Button type="submit" disabled={posting}>
            {posting ? "Confirming..." : "Confirm"}
          </Button>
        </RouteDialogFooter>
      </Form>
    </RouteDialog>
  );
}
