/**
 * The add bank account wizard (p1 §4 "Bank account add wizard", p3 §4.5): DETAILS_ENTRY → DETAILS_REVIEW (Edit goes
 * back) → Next posts the account → CODE_ENTRY (SMS code) → BANK_STATEMENT (upload). Each step is a route dialog over
 * the settings Withdrawals tab whose forms post to the server (docs/decisions/007), so every step works without
 * JavaScript; with it, the inputs are formatted as the user types and the statement's size is checked before upload.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState, type ChangeEvent } from "react";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { DialogCancelLink, RouteDialogFooter } from "~/components/ui/route-dialog";
import type { Country } from "~/lib/dates";
import { cn } from "~/lib/utils";
import { maskAccountNumberInput, maskBsbInput } from "~/modules/banking/rules";
import { CODE_EXPIRED, CODE_LOCKED, STATEMENT_MAX_BYTES, STATEMENT_MISSING, STATEMENT_TOO_LARGE, type BankAccountFormValues } from "~/modules/banking/schema";
import type { PendingBankAccount, WithdrawalAccount } from "~/modules/banking/service.server";

export type WizardStep = "DETAILS_ENTRY" | "DETAILS_REVIEW" | "CODE_ENTRY" | "BANK_STATEMENT";

const STEPS: { step: WizardStep; label: string }[] = [
  { step: "DETAILS_ENTRY", label: "Details" },
  { step: "DETAILS_REVIEW", label: "Review" },
  { step: "CODE_ENTRY", label: "Code" },
  { step: "BANK_STATEMENT", label: "Statement" },
];

export function WizardSteps({ current }: { current: WizardStep }) {
  const at = STEPS.findIndex((entry) => entry.step === current);
  return (
    <ol aria-label="Steps" className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
      {STEPS.map((entry, index) => (
        <li key={entry.step} className="flex items-center gap-2" aria-current={index === at ? "step" : undefined}>
          <span
            className={cn(
              "flex size-5 items-center justify-center rounded-full border text-[11px] font-semibold",
              index < at && "border-primary bg-primary text-primary-foreground",
              index === at && "border-primary text-primary",
              index > at && "text-muted-foreground"
            )}
            aria-hidden
          >
            {index + 1}
          </span>
          <span className={cn(index === at ? "font-semibold text-foreground" : "text-muted-foreground")}>{entry.label}</span>
          {index < STEPS.length - 1 ? <span aria-hidden className="h-px w-4 bg-border" /> : null}
        </li>
      ))}
    </ol>
  );
}

export const EMPTY_VALUES: BankAccountFormValues = { bankAccountName: "", accountKind: "BANK_ACCOUNT", bsb: "", bankAccountNumber: "", payId: "" };

function Field({
  name,
  label,
  value,
  error,
  hint,
  onChange,
  inputMode,
  placeholder,
}: {
  name: keyof BankAccountFormValues;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  inputMode?: "numeric" | "text" | "email";
  placeholder?: string;
}) {
  const id = `bank-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} required>
        {label}
      </Label>
      <Input
        id={id}
        name={name}
        aria-required="true"
        {...(onChange ? { value, onChange } : { defaultValue: value })}
        inputMode={inputMode}
        placeholder={placeholder}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/**
 * DETAILS_ENTRY. NZ: account name and number (##-####-#######-###). AU: account name, then a BSB and number
 * (### ### ### #) or a PayID. The AU choice hides the other fields with CSS (:has), so it works without JavaScript.
 */
export function DetailsEntryForm({
  country,
  values,
  errors,
  closeTo,
}: {
  country: Country;
  values: BankAccountFormValues;
  errors: Record<string, string>;
  closeTo: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [number, setNumber] = useState(() => (values.bankAccountNumber ? maskAccountNumberInput(values.bankAccountNumber, country) : ""));
  const [bsb, setBsb] = useState(() => (values.bsb ? maskBsbInput(values.bsb) : ""));
  const payIdChosen = country === "AU" && values.accountKind === "PAY_ID";
  return (
    <Form method="post" noValidate className="grid gap-4" preventScrollReset>
      <input type="hidden" name="intent" value="review" />
      <Field name="bankAccountName" label="Account name" value={values.bankAccountName} error={errors.bankAccountName} />
      {country === "AU" ? (
        <div className="grid gap-4 [&:has(#bank-kind-payid:checked)_.au-bank-fields]:hidden [&:has(#bank-kind-number:checked)_.au-payid-fields]:hidden">
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Pay into</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              <label className="flex items-center gap-2">
                <input
                  id="bank-kind-number"
                  type="radio"
                  name="accountKind"
                  value="BANK_ACCOUNT"
                  defaultChecked={!payIdChosen}
                  className="size-4 accent-primary"
                />
                BSB and account number
              </label>
              <label className="flex items-center gap-2">
                <input id="bank-kind-payid" type="radio" name="accountKind" value="PAY_ID" defaultChecked={payIdChosen} className="size-4 accent-primary" />
                PayID
              </label>
            </div>
          </fieldset>
          <div className="au-bank-fields grid gap-4 sm:grid-cols-[10rem_1fr]">
            <Field
              name="bsb"
              label="BSB"
              value={bsb}
              error={errors.bsb}
              inputMode="numeric"
              placeholder="###-###"
              onChange={(event) => setBsb(maskBsbInput(event.target.value))}
            />
            <Field
              name="bankAccountNumber"
              label="Account number"
              value={number}
              error={errors.bankAccountNumber}
              inputMode="numeric"
              placeholder="### ### ### #"
              onChange={(event) => setNumber(maskAccountNumberInput(event.target.value, "AU"))}
            />
          </div>
          <div className="au-payid-fields">
            <Field
              name="payId"
              label="PayID"
              value={values.payId}
              error={errors.payId}
              hint="The email address, phone number or ABN registered as your PayID."
            />
          </div>
        </div>
      ) : (
        <Field
          name="bankAccountNumber"
          label="Account number"
          value={number}
          error={errors.bankAccountNumber}
          inputMode="numeric"
          placeholder="##-####-#######-###"
          hint="Bank, branch, account and suffix, e.g. 12-3456-1234567-001."
          onChange={(event) => setNumber(maskAccountNumberInput(event.target.value, "NZ"))}
        />
      )}
      {errors.form ? <Alert variant="destructive">{errors.form}</Alert> : null}
      <RouteDialogFooter>
        <DialogCancelLink to={closeTo} />
        <Button type="submit" disabled={busy}>
          {busy ? "Checking…" : "Review"}
        </Button>
      </RouteDialogFooter>
    </Form>
  );
}

/** DETAILS_REVIEW: the details as they will be stored; Edit goes back, Next posts the account (and sends the code). */
export function DetailsReview({
  values,
  summary,
  error,
  cancelTo,
}: {
  values: BankAccountFormValues;
  summary: { label: string; value: string }[];
  error?: string | null;
  /** The dialog's Cancel (decision 068). */
  cancelTo?: string;
}) {
  const navigation = useNavigation();
  const intent = navigation.formData?.get("intent");
  const busy = navigation.state === "submitting";
  return (
    <Form method="post" className="grid gap-4" preventScrollReset>
      {(Object.keys(values) as (keyof BankAccountFormValues)[]).map((key) => (
        <input key={key} type="hidden" name={key} value={values[key]} />
      ))}
      <dl className="grid gap-3 rounded-md border bg-muted/40 p-4 text-sm sm:grid-cols-[10rem_1fr]">
        {summary.map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd className="break-all font-medium">{row.value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted-foreground">When you press Next we send a six-digit code to your phone to confirm it is you.</p>
      {error ? <Alert variant="destructive">{error}</Alert> : null}
      <RouteDialogFooter>
        {cancelTo ? <DialogCancelLink to={cancelTo} /> : null}
        <Button type="submit" name="intent" value="edit" variant="outline" disabled={busy}>
          Edit
        </Button>
        <Button type="submit" name="intent" value="next" disabled={busy}>
          {busy && intent === "next" ? "Sending code…" : "Next"}
        </Button>
      </RouteDialogFooter>
    </Form>
  );
}

/**
 * CODE_ENTRY: six digits (p1 §5 "2FA code"). After three failures the entry is locked and Next disabled until a new
 * code is requested; an expired code needs a new one too.
 */
export function CodeEntryForm({
  pending,
  error,
  notice,
  cancelTo,
}: {
  pending: PendingBankAccount;
  error?: string | null;
  notice?: string | null;
  /** The dialog's Cancel (decision 068). */
  cancelTo?: string;
}) {
  const navigation = useNavigation();
  const intent = navigation.formData?.get("intent");
  const busy = navigation.state === "submitting";
  const locked = pending.state === "LOCKED";
  const stateMessage = locked ? CODE_LOCKED : pending.state === "EXPIRED" ? CODE_EXPIRED : null;
  const message = error ?? stateMessage;
  const blocked = pending.state !== "OPEN";
  return (
    <div className="grid gap-4">
      <div className="rounded-md border bg-muted/40 p-3 text-sm">
        <p className="font-medium">{pending.bankAccountName}</p>
        <p className="font-mono tabular-nums text-muted-foreground">{pending.details}</p>
      </div>
      <Form method="post" className="grid gap-4" preventScrollReset>
        <div className="grid gap-1.5">
          <Label htmlFor="bank-code" required>
            Verification code
          </Label>
          <Input
            id="bank-code"
            aria-required="true"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            pattern="[0-9]*"
            placeholder="······"
            autoFocus
            disabled={blocked}
            className="h-12 max-w-[12rem] text-center font-mono text-xl tracking-[0.5em]"
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? "bank-code-hint bank-code-error" : "bank-code-hint"}
          />
          <p id="bank-code-hint" className="text-xs text-muted-foreground">
            Enter the 6-digit code we sent to {pending.phoneHint}.
            {pending.state === "OPEN" && pending.attemptsLeft < 3 ? ` ${pending.attemptsLeft} attempt${pending.attemptsLeft === 1 ? "" : "s"} left.` : ""}
          </p>
          <FieldError id="bank-code-error" message={message} />
          {notice && !message ? (
            <p role="status" className="text-sm text-success">
              {notice}
            </p>
          ) : null}
        </div>
        <RouteDialogFooter className="sm:justify-between">
          <Button type="submit" name="intent" value="resend" variant="outline" disabled={busy} formNoValidate>
            {busy && intent === "resend" ? "Sending…" : "Request new code"}
          </Button>
          {cancelTo ? <DialogCancelLink to={cancelTo} className="sm:ml-auto" /> : null}
          <Button type="submit" name="intent" value="verify" disabled={busy || blocked}>
            {busy && intent === "verify" ? "Checking…" : "Next"}
          </Button>
        </RouteDialogFooter>
      </Form>
    </div>
  );
}

/**
 * BANK_STATEMENT: a JPG, PNG or PDF statement of the default account (p1 §5). The server checks the file by its
 * content; the browser only refuses an empty choice or a file over 10,000,000 bytes before sending it.
 */
export function StatementUploadForm({
  account,
  canUpload,
  error,
  closeTo,
}: {
  account: WithdrawalAccount;
  canUpload: boolean;
  error?: string | null;
  closeTo: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [clientError, setClientError] = useState<string | null>(null);
  const message = clientError ?? error ?? null;
  return (
    <div className="grid gap-4">
      <div className="rounded-md border bg-muted/40 p-3 text-sm">
        <p className="font-medium">{account.bankAccountName}</p>
        <p className="font-mono tabular-nums text-muted-foreground">{account.details}</p>
      </div>
      {canUpload ? (
        <Form
          method="post"
          encType="multipart/form-data"
          className="grid gap-4"
          preventScrollReset
          onSubmit={(event) => {
            const input = event.currentTarget.elements.namedItem("file") as HTMLInputElement | null;
            const file = input?.files?.[0];
            const problem = !file ? STATEMENT_MISSING : file.size > STATEMENT_MAX_BYTES ? STATEMENT_TOO_LARGE : null;
            setClientError(problem);
            if (problem) event.preventDefault();
          }}
        >
          <input type="hidden" name="bankAccountId" value={account.id} />
          <p className="text-sm text-muted-foreground">
            Upload a recent bank statement that shows the account name and number. We check it and verify the account, usually within one business day.
          </p>
          <div className="grid gap-1.5">
            <Label htmlFor="bank-statement" required>
              Bank statement
            </Label>
            <Input
              id="bank-statement"
              aria-required="true"
              name="file"
              type="file"
              accept=".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf"
              className="h-auto cursor-pointer py-2 file:mr-3 file:rounded file:border-0 file:bg-secondary file:px-3 file:py-1 file:text-sm file:font-medium"
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? "bank-statement-hint bank-statement-error" : "bank-statement-hint"}
              onChange={() => setClientError(null)}
            />
            <p id="bank-statement-hint" className="text-xs text-muted-foreground">
              JPG, PNG or PDF, less than 10 MB.
            </p>
            <FieldError id="bank-statement-error" message={message} />
          </div>
          <RouteDialogFooter>
            <DialogCancelLink to={closeTo} />
            <Button type="submit" disabled={busy}>
              {busy ? "Uploading…" : "Upload"}
            </Button>
          </RouteDialogFooter>
        </Form>
      ) : (
        <>
          <p className="text-sm">
            {account.bankAccountStatus === "VERIFIED"
              ? "This account is verified: no statement is needed."
              : "We have your bank statement and are checking it. You will see the result on this page."}
          </p>
          <RouteDialogFooter>
            <Link to={closeTo} preventScrollReset className={buttonVariants()}>
              OK
            </Link>
          </RouteDialogFooter>
        </>
      )}
    </div>
  );
}
