import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import { Loader2, MailCheck } from "~/components/ui/icons";
import { useEffect, useState, type ReactNode } from "react";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";
import type { SignupCountry } from "~/modules/signup/schema";
import { BusinessNameField, type Suggestion } from "./business-name-field";

/** The sign-up screens (p1 §2 Sign-up): a centred card like the login page. */
export function SignupShell({ title, description, children, wide = false }: { title: string; description?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-accent to-background px-4 py-10">
      <div className={cn("w-full space-y-6", wide ? "max-w-lg" : "max-w-md")}>
        <div className="text-center">
          <p className="text-3xl font-bold tracking-tight text-primary">Earlybird</p>
          <p className="mt-1 text-sm text-muted-foreground">Get paid early. Pay early and earn cashback.</p>
        </div>
        <Card>
          <CardHeader>
            <h1 className="text-xl font-semibold leading-none tracking-tight">{title}</h1>
            {description ? <CardDescription>{description}</CardDescription> : null}
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </div>
    </main>
  );
}

function useSubmitting(intent?: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && (!intent || navigation.formData?.get("intent") === intent);
}

/** Default step: the 6-digit invite code (p1 §5). */
export function CodeStep({ code, error }: { code: string; error?: string | null }) {
  const submitting = useSubmitting("code");
  return (
    <Form method="post" action="/signup" noValidate className="space-y-4">
      <div className="space-y-2">
        <Label htmlFor="code" required>
          Invite code
        </Label>
        <Input
          id="code"
          aria-required="true"
          name="code"
          defaultValue={code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          pattern="[0-9]*"
          autoFocus
          className="text-center font-mono text-2xl tracking-[0.5em]"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "code-hint code-error" : "code-hint"}
        />
        <p id="code-hint" className="text-xs text-muted-foreground">
          The 6-digit code from your invitation e-mail.
        </p>
        <FieldError id="code-error" message={error} />
      </div>
      <Button type="submit" name="intent" value="code" className="w-full" disabled={submitting}>
        {submitting ? "Checking…" : "Continue"}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{" "}
        <Link to="/login" className="font-medium text-primary hover:underline">
          Log in
        </Link>
      </p>
    </Form>
  );
}

export interface SignupFormState {
  code: string;
  landingToken: string;
  landingUserId: string;
  country: SignupCountry;
  email: string;
  companyQuery: string;
  suggestions: Suggestion[] | null;
  selection: Suggestion | null;
  errors: Partial<Record<string, string>>;
}

/** The sign-up form: business location (Australia flag), business name from the register, work email, Get Started. */
export function SignupFormStep({ state, australia, landingCompany }: { state: SignupFormState; australia: boolean; landingCompany: string | null }) {
  const [country, setCountry] = useState<SignupCountry>(australia ? state.country : "NZ");
  const submitting = useSubmitting("signup");
  const errors = state.errors;
  return (
    <SignupShell
      title="Create your account"
      wide
      description={
        landingCompany
          ? `You were invited to Earlybird as ${landingCompany}. Find your business in the register and confirm your work email.`
          : "Find your business in the company register and tell us your work email."
      }
    >
      <Form method="post" action="/signup" noValidate className="space-y-5">
        <input type="hidden" name="code" value={state.code} />
        {state.landingToken ? (
          <>
            <input type="hidden" name="landingToken" value={state.landingToken} />
            <input type="hidden" name="landingUserId" value={state.landingUserId} />
          </>
        ) : null}
        {errors.form ? <Alert variant="destructive">{errors.form}</Alert> : null}
        {australia ? (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium leading-none">Where is your business located?</legend>
            <div className="grid grid-cols-2 gap-2 pt-1">
              {(
                [
                  ["NZ", "New Zealand"],
                  ["AU", "Australia"],
                ] as const
              ).map(([value, label]) => (
                <label
                  key={value}
                  className={cn(
                    "flex cursor-pointer items-center gap-2 rounded-md border p-3 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                    country === value ? "border-primary bg-accent/60" : "hover:bg-accent/40"
                  )}
                >
                  <input
                    type="radio"
                    name="country"
                    value={value}
                    checked={country === value}
                    onChange={() => setCountry(value)}
                    className="accent-[hsl(var(--primary))]"
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
        ) : (
          <input type="hidden" name="country" value="NZ" />
        )}
        <BusinessNameField
          country={country}
          defaultQuery={state.companyQuery}
          defaultSelection={state.selection}
          serverSuggestions={state.suggestions}
          error={errors.registrationNumber}
        />
        <div className="space-y-2">
          <Label htmlFor="email" required>
            Work email
          </Label>
          <Input
            id="email"
            aria-required="true"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={state.email}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? "email-error" : undefined}
          />
          <FieldError id="email-error" message={errors.email} />
        </div>
        <Button type="submit" name="intent" value="signup" className="w-full" disabled={submitting}>
          {submitting ? "Creating your account…" : "Get Started"}
        </Button>
      </Form>
    </SignupShell>
  );
}

/** signup-confirmation (p1 §2): an e-mail was sent; the address comes from the query. */
export function ConfirmationStep({ email }: { email: string }) {
  return (
    <SignupShell title="Check your email">
      <div className="space-y-4 text-sm leading-6">
        <div className="flex justify-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-accent text-primary">
            <MailCheck className="size-7" aria-hidden />
          </span>
        </div>
        <p>We have sent an email to</p>
        <p className="break-all text-base font-semibold" data-testid="signup-email">
          {email}
        </p>
        <p className="text-muted-foreground">Click the link in the email to activate your account. The link expires in 7 days.</p>
        <p className="text-muted-foreground">Didn&apos;t get it? Check your spam folder, or ask the person who invited you for a new invite code.</p>
        <Link to="/login" className={buttonVariants({ variant: "outline", className: "w-full" })}>
          Back to login
        </Link>
      </div>
    </SignupShell>
  );
}

type ConnectFlags = { xero: boolean; myob: boolean; essentials: boolean; accountRight: boolean };

function ChoiceList({ name, options }: { name: string; options: { value: string; label: string; description: string }[] }) {
  return (
    <div className="grid gap-2">
      {options.map((option, index) => (
        <label
          key={option.value}
          className="flex cursor-pointer items-start gap-3 rounded-md border p-4 text-sm hover:bg-accent/40 has-[:checked]:border-primary has-[:checked]:bg-accent/60"
        >
          <input type="radio" name={name} value={option.value} defaultChecked={index === 0} className="mt-1" />
          <span>
            <span className="block font-medium">{option.label}</span>
            <span className="block text-muted-foreground">{option.description}</span>
          </span>
        </label>
      ))}
    </div>
  );
}

function ConnectButtons({ canContinue }: { canContinue: boolean }) {
  const continuing = useSubmitting("continue");
  const skipping = useSubmitting("skip");
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button type="submit" name="intent" value="skip" variant="outline" disabled={continuing || skipping}>
        {skipping ? "Skipping…" : "Skip"}
      </Button>
      {canContinue ? (
        <Button type="submit" name="intent" value="continue" disabled={continuing || skipping}>
          {continuing ? "Connecting…" : "Continue"}
        </Button>
      ) : null}
    </div>
  );
}

/** connect-account (p1 §2): Xero or MYOB, each by its flag; Continue or Skip. */
export function ConnectAccountStep({ flags, error, connectError }: { flags: ConnectFlags; error?: string | null; connectError?: string | null }) {
  const options = [
    ...(flags.xero ? [{ value: "XERO", label: "Xero", description: "Sync your invoices and bills from Xero." }] : []),
    ...(flags.myob ? [{ value: "MYOB", label: "MYOB", description: "MYOB Essentials or MYOB AccountRight." }] : []),
  ];
  return (
    <SignupShell
      title="Connect your accounting software"
      description="Earlybird reads your invoices and bills from your accounting software. You can also connect later in Settings."
    >
      <Form method="post" action="/signup?step=connect-account" className="space-y-4">
        {connectError ? <Alert variant="destructive">{connectError}</Alert> : null}
        {options.length ? (
          <ChoiceList name="software" options={options} />
        ) : (
          <p className="text-sm text-muted-foreground">No accounting connections are available right now.</p>
        )}
        <FieldError id="software-error" message={error} />
        <ConnectButtons canContinue={options.length > 0} />
      </Form>
    </SignupShell>
  );
}

/** connect-account-myob (p1 §2): Essentials or AccountRight, by flags. */
export function ConnectMyobStep({ flags, error }: { flags: ConnectFlags; error?: string | null }) {
  const options = [
    ...(flags.essentials ? [{ value: "MYOB_ESSENTIALS", label: "MYOB Essentials", description: "The online MYOB for small businesses." }] : []),
    ...(flags.accountRight ? [{ value: "MYOB_ACCOUNT_RIGHT", label: "MYOB AccountRight", description: "AccountRight with a company file." }] : []),
  ];
  return (
    <SignupShell title="Which MYOB do you use?">
      <Form method="post" action="/signup?step=connect-account-myob" className="space-y-4">
        {options.length ? (
          <ChoiceList name="software" options={options} />
        ) : (
          <p className="text-sm text-muted-foreground">No MYOB connections are available right now.</p>
        )}
        <FieldError id="software-error" message={error} />
        <ConnectButtons canContinue={options.length > 0} />
      </Form>
    </SignupShell>
  );
}

const CONNECTION_LABELS = { xero: "Xero", myob: "MYOB" } as const;

/**
 * final (p1 §2): a loading state, then the company's home ("/": Get started while it has no invoices or bills yet,
 * docs/decisions/065). Without JavaScript, the Continue link does it. After a connect (`connection=xero|myob`) it
 * says which books the invoices come from.
 */
export function FinalStep({ connection = null }: { connection?: "xero" | "myob" | null }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate("/", { replace: true }), 1500);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <SignupShell title="Setting up your account">
      <div className="flex flex-col items-center gap-4 py-4 text-sm text-muted-foreground" role="status" aria-live="polite">
        <Loader2 className="size-8 animate-spin text-primary" aria-hidden />
        {connection ? <p className="font-medium text-foreground">Connected to {CONNECTION_LABELS[connection]}</p> : null}
        <p>{connection ? `Loading your invoices and bills from ${CONNECTION_LABELS[connection]}…` : "Getting your invoices ready…"}</p>
        <Link to="/" className="font-medium text-primary hover:underline">
          Continue
        </Link>
      </div>
    </SignupShell>
  );
}
