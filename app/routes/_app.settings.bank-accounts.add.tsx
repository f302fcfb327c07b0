import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { DetailsEntryForm, DetailsReview, EMPTY_VALUES, WizardSteps } from "~/components/banking/bank-account-wizard";
import { bankAccountDialog, SETTINGS_WITHDRAWALS } from "~/components/banking/withdrawal-account-card";
import { RouteDialog } from "~/components/ui/route-dialog";
import { requireCompanyUser } from "~/web/auth.server";
import { AppError } from "~/lib/errors";
import { formErrorsOf, type FormErrorData } from "~/lib/form-errors";
import { formatAccountNumber, formatBsb } from "~/modules/banking/rules";
import type { BankAccountDetails, BankAccountFormValues } from "~/modules/banking/schema";
import { getWithdrawalSettings, reviewBankAccountDetails, startBankAccount } from "~/modules/banking/service.server";
import { handleError, isFieldError, readForm } from "~/web/http.server";

/**
 * /settings/bank-accounts/add: DETAILS_ENTRY and DETAILS_REVIEW of the add bank account wizard (p1 §4), a route dialog
 * over the settings Withdrawals tab. Review checks the form; Edit returns to it with its values; Next posts the
 * account, which the server answers by sending an SMS code, and the wizard moves to CODE_ENTRY. If a default account
 * exists the wizard starts at BANK_STATEMENT instead.
 */
type StepData = (
  | { step: "DETAILS_ENTRY"; values: BankAccountFormValues }
  | { step: "DETAILS_REVIEW"; values: BankAccountFormValues; summary: { label: string; value: string }[] }
) &
  Partial<Pick<FormErrorData, "fieldErrors" | "formError">>;

const IntentSchema = z.enum(["review", "edit", "next"]).catch("review");

function valuesOf(form: FormData): BankAccountFormValues {
  const read = (name: keyof BankAccountFormValues) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, 300) : "";
  };
  return {
    bankAccountName: read("bankAccountName"),
    accountKind: read("accountKind") || "BANK_ACCOUNT",
    bsb: read("bsb"),
    bankAccountNumber: read("bankAccountNumber"),
    payId: read("payId"),
  };
}

function summaryOf(details: BankAccountDetails): { label: string; value: string }[] {
  const rows = [{ label: "Account name", value: details.bankAccountName }];
  if (details.payId) return [...rows, { label: "PayID", value: details.payId }];
  if (details.bsb) rows.push({ label: "BSB", value: formatBsb(details.bsb) });
  return [...rows, { label: "Account number", value: formatAccountNumber(details.bankAccountNumber) }];
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const settings = await getWithdrawalSettings(actor);
  if (settings.defaultAccount) throw redirect(bankAccountDialog("verify"));
  return json({ country: settings.country, closeTo: SETTINGS_WITHDRAWALS });
}

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const settings = await getWithdrawalSettings(actor);
  if (settings.defaultAccount) throw redirect(bankAccountDialog("verify"));
  const form = await readForm(request);
  const values = valuesOf(form);
  const intent = IntentSchema.parse(form.get("intent"));
  if (intent === "edit") return json<StepData>({ step: "DETAILS_ENTRY", values });

  // A detail refused: the form again, the message on its field (422).
  const check = await reviewBankAccountDetails(actor, values);
  if (!check.ok) return handleError(AppError.validation(check.errors), { data: { step: "DETAILS_ENTRY" as const, values } });
  if (intent === "review") return json<StepData>({ step: "DETAILS_REVIEW", values, summary: summaryOf(check.details) });

  try {
    const pending = await startBankAccount(actor, values);
    return redirect(bankAccountDialog(`${pending.id}/code`));
  } catch (error) {
    // A refusal naming a field goes back to the form (422); any other stays on the review with its message.
    const summary = summaryOf(check.details);
    return handleError(error, {
      fields: "named",
      notFound: "show",
      forbidden: "show",
      data: (e): StepData => (isFieldError(e, "named") ? { step: "DETAILS_ENTRY", values } : { step: "DETAILS_REVIEW", values, summary }),
    });
  }
}

export default function AddBankAccountDialog() {
  const { country, closeTo } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as StepData | undefined;
  const step = data?.step ?? "DETAILS_ENTRY";
  const { fieldErrors, formError } = formErrorsOf(data);
  return (
    <RouteDialog
      title="Add Bank Account"
      description={step === "DETAILS_REVIEW" ? "Review your bank account details." : "The bank account your withdrawals are paid into."}
      closeTo={closeTo}
    >
      <WizardSteps current={step} />
      {data?.step === "DETAILS_REVIEW" ? (
        <DetailsReview values={data.values} summary={data.summary} error={formError} cancelTo={closeTo} />
      ) : (
        <DetailsEntryForm
          key={JSON.stringify(data?.values ?? null)}
          country={country}
          values={data?.values ?? EMPTY_VALUES}
          errors={data?.step === "DETAILS_ENTRY" ? fieldErrors : {}}
          closeTo={closeTo}
        />
      )}
    </RouteDialog>
  );
}
