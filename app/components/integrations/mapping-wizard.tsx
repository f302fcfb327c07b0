import { Form, Link, useNavigation } from "@remix-run/react";
import { CheckCircle2 } from "~/components/ui/icons";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";

/** The three steps of the account mapping wizard (p1 §4 Connection and mapping). */
export const MAPPING_STEPS = [
  { title: "Fees account", hint: "Where the fees you pay Earlybird for early payments are recorded." },
  { title: "Cashback income account", hint: "Where the cashback you earn by paying early is recorded." },
  { title: "Bank account", hint: "The account Earlybird payments are made from and received into." },
] as const;

/** The select's value for "create new account" (any other value is an existing account's id). */
export const CREATE_NEW_ACCOUNT = "__create__";

export interface MappingStepView {
  step: 0 | 1 | 2;
  providerLabel: string;
  accounts: { id: string; label: string }[];
  suggestion: { code: string; name: string };
  /** The account mapped now, if any (its id), to show it chosen. */
  currentAccountId: string | null;
}

function useSubmitting() {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
}

function Stepper({ step }: { step: number }) {
  return (
    <ol className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Mapping steps">
      {MAPPING_STEPS.map((item, index) => (
        <li key={item.title} className={cn("flex items-center gap-2", index === step ? "font-semibold text-foreground" : "text-muted-foreground")} aria-current={index === step ? "step" : undefined}>
          <span
            className={cn(
              "flex size-6 items-center justify-center rounded-full border text-xs tabular-nums",
              index < step ? "border-primary bg-primary text-primary-foreground" : index === step ? "border-primary text-primary" : ""
            )}
            aria-hidden
          >
            {index + 1}
          </span>
          {item.title}
        </li>
      ))}
    </ol>
  );
}

/**
 * One step of the mapping wizard: pick an existing account of the books, or create one with the suggested code and
 * name. A single select, so "nothing chosen" is one field error and the page works without JavaScript.
 */
export function MappingStepForm({ view, action, error, backTo }: { view: MappingStepView; action: string; error?: string | null; backTo: string | null }) {
  const submitting = useSubmitting();
  const meta = MAPPING_STEPS[view.step];
  const suggestion = `${view.suggestion.code} ${view.suggestion.name}`;
  return (
    <div className="space-y-5">
      <Stepper step={view.step} />
      <Form method="post" action={action} noValidate className="space-y-4">
        <input type="hidden" name="step" value={view.step} />
        <div className="space-y-2">
          <Label htmlFor="mapping-account">{meta.title}</Label>
          <p id="mapping-account-hint" className="text-sm text-muted-foreground">
            {meta.hint} Choose one of your {view.providerLabel} accounts, or let Earlybird create <span className="font-medium text-foreground">{suggestion}</span>.
          </p>
          <select
            id="mapping-account"
            name="account"
            defaultValue={view.currentAccountId ?? ""}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "mapping-account-hint mapping-account-error" : "mapping-account-hint"}
            className="flex h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-sm ring-offset-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid]:border-destructive"
          >
            <option value="">Select an account</option>
            <optgroup label="New account">
              <option value={CREATE_NEW_ACCOUNT}>Create new account: {suggestion}</option>
            </optgroup>
            <optgroup label={`Existing ${view.providerLabel} accounts`}>
              {view.accounts.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.label}
                </option>
              ))}
            </optgroup>
          </select>
          <FieldError id="mapping-account-error" message={error} />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          {backTo ? (
            <Link to={backTo} className={buttonVariants({ variant: "outline" })}>
              Back
            </Link>
          ) : (
            <span />
          )}
          <Button type="submit" disabled={submitting}>
            {submitting ? "Saving…" : view.step === 2 ? "Finish" : "Next"}
          </Button>
        </div>
      </Form>
    </div>
  );
}

/** config=final: the mapping is done. */
export function MappingDone({ providerLabel, links }: { providerLabel: string; links: { to: string; label: string; primary?: boolean }[] }) {
  return (
    <div className="space-y-5 text-sm">
      <div className="flex items-start gap-3">
        <CheckCircle2 className="mt-0.5 size-6 shrink-0 text-success" aria-hidden />
        <div className="space-y-1">
          <p className="text-base font-semibold">Your {providerLabel} accounts are mapped</p>
          <p className="text-muted-foreground">
            Early payments, fees and cashback will be recorded in {providerLabel} against these accounts. Your bills and invoices load from {providerLabel} in the background.
          </p>
        </div>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {links.map((link) => (
          <Link key={link.to} to={link.to} className={buttonVariants({ variant: link.primary ? "default" : "outline" })}>
            {link.label}
          </Link>
        ))}
      </div>
    </div>
  );
}

export interface CompanyFileView {
  files: { id: string; name: string; detail: string | null }[];
  /** The file chosen before (a refused post shows it again). */
  selectedFileId: string | null;
  /** After a 401: the file's own username and password are asked for. */
  askCredentials: boolean;
  username: string;
}

/** config=myob-company-file: choose the AccountRight company file (and, when it asks, its username and password). */
export function CompanyFileForm({
  view,
  action,
  errors,
  onboardedNotice,
}: {
  view: CompanyFileView;
  action: string;
  errors: { fileId?: string | null; credentials?: string | null; form?: string | null };
  onboardedNotice?: { message: string; continueTo: string } | null;
}) {
  const submitting = useSubmitting();
  if (onboardedNotice) {
    return (
      <div className="space-y-4 text-sm">
        <Alert variant="destructive">{onboardedNotice.message}</Alert>
        <Link to={onboardedNotice.continueTo} className={buttonVariants({ className: "w-full sm:w-auto" })}>
          Continue
        </Link>
      </div>
    );
  }
  return (
    <Form method="post" action={action} noValidate className="space-y-5">
      {errors.form ? <Alert variant="destructive">{errors.form}</Alert> : null}
      <fieldset className="space-y-2" aria-describedby={errors.fileId ? "company-file-error" : undefined} aria-invalid={errors.fileId ? true : undefined}>
        <legend className="mb-2 text-sm font-medium">Company file</legend>
        {view.files.length === 0 ? <p className="text-sm text-muted-foreground">No company files were found for this MYOB login.</p> : null}
        <div className="grid gap-2">
          {view.files.map((file) => (
            <label
              key={file.id}
              className="flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm hover:bg-accent/40 has-[:checked]:border-primary has-[:checked]:bg-accent/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input type="radio" name="fileId" value={file.id} defaultChecked={file.id === view.selectedFileId} className="mt-1" />
              <span className="min-w-0">
                <span className="block break-words font-medium">{file.name}</span>
                {file.detail ? <span className="block break-words text-muted-foreground">{file.detail}</span> : null}
              </span>
            </label>
          ))}
        </div>
        <FieldError id="company-file-error" message={errors.fileId} />
      </fieldset>
      {view.askCredentials ? (
        <fieldset className="space-y-3 rounded-md border p-4">
          <legend className="px-1 text-sm font-medium">Company file sign-in</legend>
          <p className="text-sm text-muted-foreground">This company file has its own user. Enter the username and password you use to open it in MYOB AccountRight.</p>
          <div className="space-y-2">
            <Label htmlFor="company-file-username">Username</Label>
            <Input id="company-file-username" name="username" autoComplete="username" defaultValue={view.username} aria-invalid={errors.credentials ? true : undefined} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="company-file-password">Password</Label>
            <Input
              id="company-file-password"
              name="password"
              type="password"
              autoComplete="current-password"
              aria-invalid={errors.credentials ? true : undefined}
              aria-describedby={errors.credentials ? "company-file-credentials-error" : undefined}
            />
          </div>
          <FieldError id="company-file-credentials-error" message={errors.credentials} />
        </fieldset>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={submitting || view.files.length === 0} className="w-full sm:w-auto">
          {submitting ? "Checking…" : "Continue"}
        </Button>
      </div>
    </Form>
  );
}
