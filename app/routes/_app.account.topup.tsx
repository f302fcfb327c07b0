import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { BankTransferStep, TopupDetailsStep, TopupEntryStep } from "~/components/topups/topup-dialog";
import { loadTransferStep } from "~/web/topups/transfer-step.server";
import { requireCompanyUser } from "~/web/auth.server";
import { AppError } from "~/lib/errors";
import { formErrorsOf } from "~/lib/form-errors";
import { redirectWithToast } from "~/web/toast.server";
import { cancelTopUp, createTopUp } from "~/modules/ledger/top-ups.server";
import { topUpEntry } from "~/modules/offers/top-up-entry.server";
import { entryChoice, parseTopupAmount, TOPUP_ACCOUNT_NOT_ACTIVE, TOPUP_CANCELLED, TopUpIdSchema } from "~/modules/ledger/top-ups.schema";
import { handleError, parseForm } from "~/web/http.server";

/**
 * /account/topup: the Top-up dialog over /account (spec p1 §4 "Top-up flow"; docs/decisions/007, 012).
 * GET            → Topup Entry (suggested amounts, custom amount)
 * GET ?step=details&choice=&customAmount= → Topup Details, or the entry again with the field's message
 * POST intent=create → the PENDING top-up, then GET ?id= → Bank Transfer (instructions and payment reference)
 * POST intent=cancel → the company cancels its PENDING top-up (D5)
 */
const CLOSE_TO = "/account";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, actor } = await requireCompanyUser(request);
  const url = new URL(request.url);
  const idParam = url.searchParams.get("id");
  if (idParam !== null) {
    return json({ step: "transfer" as const, closeTo: CLOSE_TO, ...(await loadTransferStep(actor, idParam)) });
  }

  const entry = await topUpEntry(actor);
  if (!entry.accountActive) throw await redirectWithToast(CLOSE_TO, { type: "error", message: TOPUP_ACCOUNT_NOT_ACTIVE });
  const values = { choice: url.searchParams.get("choice") ?? "", customAmount: url.searchParams.get("customAmount") ?? "" };
  const entryData = {
    locale: entry.locale,
    fundsAvailable: entry.fundsAvailable,
    offers: entry.offers,
    covered: entry.covered,
    suggestions: entry.suggestions,
  };
  if (url.searchParams.get("step") === "details") {
    const { trigger, raw } = entryChoice({ choice: values.choice || "custom", customAmount: values.customAmount });
    const amount = parseTopupAmount(raw);
    if (!amount.ok) return json({ step: "entry" as const, closeTo: CLOSE_TO, entry: entryData, error: amount.message, values });
    const back = new URLSearchParams({ choice: values.choice, customAmount: values.customAmount });
    return json({
      step: "details" as const,
      closeTo: CLOSE_TO,
      backTo: `/account/topup?${back.toString()}`,
      amount: amount.amount,
      trigger,
      locale: entry.locale,
      companyName: user.company?.companyName ?? null,
      // A new key per visit of this step: Confirm clicked twice (or resent) creates one top-up.
      idempotencyKey: globalThis.crypto.randomUUID(),
    });
  }
  return json({ step: "entry" as const, closeTo: CLOSE_TO, entry: entryData, error: null, values });
}

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("create"),
    amount: z.string().max(64),
    // This screen's triggers; the offer triggers come from the offers flows through the same service.
    trigger: z.enum(["NO_OFFER", "CUSTOM"]),
    idempotencyKey: z.string().uuid(),
  }),
  z.object({ intent: z.literal("cancel"), id: TopUpIdSchema }),
]);

const isAccountNotActive = (error: unknown) => error instanceof AppError && error.code === "ACCOUNT_NOT_ACTIVE";

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  let form: z.infer<typeof ActionSchema>;
  try {
    form = await parseForm(request, ActionSchema);
  } catch (error) {
    return handleError(error);
  }
  switch (form.intent) {
    case "create": {
      try {
        const topUp = await createTopUp(actor, { amount: form.amount, trigger: form.trigger, idempotencyKey: form.idempotencyKey });
        return redirect(`/account/topup?id=${topUp.id}`);
      } catch (error) {
        // An account that is not active closes the dialog with its toast; any other refusal shows in the dialog.
        return handleError(error, isAccountNotActive(error) ? { closeTo: CLOSE_TO } : { notFound: "show", forbidden: "show" });
      }
    }
    case "cancel": {
      try {
        await cancelTopUp(actor, form.id);
        return redirectWithToast(CLOSE_TO, { type: "success", message: TOPUP_CANCELLED });
      } catch (error) {
        return handleError(error, { closeTo: `/account/topup?id=${form.id}` });
      }
    }
  }
}

export default function TopupDialog() {
  const data = useLoaderData<typeof loader>();
  const { fieldErrors, formError } = formErrorsOf(useActionData<typeof action>());
  // The details step's fields are hidden: the amount's refusal is shown as it is, any other field's is the generic message.
  const error = formError ?? fieldErrors.amount ?? (Object.keys(fieldErrors).length > 0 ? "Something went wrong. Please try again." : null);
  switch (data.step) {
    case "transfer":
      return <BankTransferStep closeTo={data.closeTo} topUp={data.topUp} instructions={data.instructions} />;
    case "details":
      return (
        <TopupDetailsStep
          closeTo={data.closeTo}
          backTo={data.backTo}
          amount={data.amount}
          trigger={data.trigger}
          idempotencyKey={data.idempotencyKey}
          locale={data.locale}
          companyName={data.companyName}
          error={error}
        />
      );
    default:
      return (
        <TopupEntryStep
          key={`${data.values.choice}|${data.values.customAmount}|${data.error ?? ""}`}
          closeTo={data.closeTo}
          entry={data.entry}
          error={data.error}
          values={data.values}
        />
      );
  }
}
