/**
 * The settings Password tab (p3 §5 Password): change the password, and the two-factor authentication section
 * (issue 6 part 8). Plain forms posting to /settings?tab=password, so everything works without JavaScript.
 */
import { createContext, useContext } from "react";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { ShieldCheck, ShieldOff } from "~/components/ui/icons";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NewPasswordFields } from "./new-password-fields";
import type { SecurityActionData, SecurityIntent, SecurityTabData } from "./security-types";

const ACTION = "/settings?tab=password";
const FormAction = createContext(ACTION);

function useIntentResult(intent: SecurityIntent) {
  const data = useActionData<SecurityActionData>();
  const navigation = useNavigation();
  const formAction = useContext(FormAction);
  return {
    formAction,
    result: data?.intent === intent ? data : undefined,
    submitting: navigation.state !== "idle" && navigation.formData?.get("intent") === intent,
  };
}

/** `action` is where the forms post: the company's /settings?tab=password, or the admin's own settings screen. */
export function SettingsPasswordTab({ data, action = ACTION }: { data: SecurityTabData; action?: string }) {
  return (
    <FormAction.Provider value={action}>
      <div className="grid max-w-3xl gap-6">
        <ChangePasswordCard />
        <TwoFactorCard mfa={data.mfa} />
      </div>
    </FormAction.Provider>
  );
}

function ChangePasswordCard() {
  const { result, submitting, formAction } = useIntentResult("change-password");
  const errors = result?.fieldErrors ?? {};
  return (
    <Card role="region" aria-labelledby="change-password-title">
      <CardHeader>
        <CardTitle id="change-password-title" className="text-lg">
          Change password
        </CardTitle>
        <CardDescription>You stay logged in here; every other device is logged out.</CardDescription>
      </CardHeader>
      <CardContent>
        {result?.formError ? (
          <Alert variant="destructive" className="mb-4">
            {result.formError}
          </Alert>
        ) : null}
        <Form method="post" action={formAction} noValidate className="grid max-w-md gap-4">
          <input type="hidden" name="intent" value="change-password" />
          <div className="space-y-2">
            <Label htmlFor="current-password" required>
              Current password
            </Label>
            <Input
              id="current-password"
              aria-required="true"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              aria-invalid={errors.currentPassword ? true : undefined}
              aria-describedby={errors.currentPassword ? "current-password-error" : undefined}
            />
            <FieldError id="current-password-error" message={errors.currentPassword} />
          </div>
          <NewPasswordFields errors={errors} />
          <div>
            <Button type="submit" disabled={submitting}>
              {submitting ? "Saving…" : "Change password"}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

function TwoFactorCard({ mfa }: { mfa: SecurityTabData["mfa"] }) {
  return (
    <Card id="two-factor" role="region" aria-labelledby="two-factor-title">
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0">
        <div className="space-y-1.5">
          <CardTitle id="two-factor-title" className="text-lg">
            Two-factor authentication
          </CardTitle>
          <CardDescription>A code from an authenticator app on your phone, asked for at every login after your password.</CardDescription>
        </div>
        {mfa.enabled ? <Badge variant="success">On</Badge> : <Badge variant="secondary">Off</Badge>}
      </CardHeader>
      <CardContent>{mfa.enabled ? <TurnOff /> : mfa.pending ? <Enrol pending={mfa.pending} /> : <TurnOn />}</CardContent>
    </Card>
  );
}

function TurnOn() {
  const { result, submitting, formAction } = useIntentResult("mfa-start");
  return (
    <Form method="post" action={formAction} noValidate className="grid gap-3">
      {result?.formError ? <Alert variant="destructive">{result.formError}</Alert> : null}
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <ShieldOff className="size-4 shrink-0" aria-hidden /> Your account is protected by your password only.
      </p>
      <input type="hidden" name="intent" value="mfa-start" />
      <CurrentPasswordField id="mfa-enable-password" label="Password to turn it on" error={result?.fieldErrors?.currentPassword} />
      <div>
        <Button type="submit" disabled={submitting}>
          Turn on two-factor authentication
        </Button>
      </div>
    </Form>
  );
}

/** The current password that turning two-factor authentication on or off asks for (issue 13 part 8). */
function CurrentPasswordField({ id, label, error }: { id: string; label: string; error?: string }) {
  return (
    <div className="max-w-md space-y-2">
      <Label htmlFor={id} required>
        {label}
      </Label>
      <Input
        id={id}
        aria-required="true"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** Groups of four make the key easier to type; authenticator apps ignore the spaces. */
const groupKey = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

function Enrol({ pending }: { pending: NonNullable<SecurityTabData["mfa"]["pending"]> }) {
  const { result, submitting, formAction } = useIntentResult("mfa-confirm");
  const cancel = useIntentResult("mfa-cancel");
  const error = result?.fieldErrors?.code;
  return (
    <div className="grid gap-5 md:grid-cols-[auto_1fr]">
      <div className="flex flex-col items-center gap-2">
        <img src={pending.qrCode} alt="QR code" width={200} height={200} className="rounded-md border bg-white p-1" />
      </div>
      <div className="grid content-start gap-4 text-sm">
        <ol className="list-decimal space-y-1 pl-5">
          <li>Open your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, …).</li>
          <li>Scan the QR code, or enter the setup key below.</li>
          <li>Enter the 6-digit code the app shows, then confirm.</li>
        </ol>
        <div className="space-y-1">
          <p id="mfa-secret-label" className="font-medium">
            Setup key
          </p>
          <code
            aria-labelledby="mfa-secret-label"
            data-secret={pending.secret}
            className="block break-all rounded-md bg-muted px-3 py-2 font-mono text-sm tracking-wider"
          >
            {groupKey(pending.secret)}
          </code>
        </div>
        <Form method="post" action={formAction} noValidate className="grid gap-3">
          {result?.formError ? <Alert variant="destructive">{result.formError}</Alert> : null}
          <div className="max-w-xs space-y-2">
            <Label htmlFor="mfa-code" required>
              Authenticator code
            </Label>
            <Input
              id="mfa-code"
              aria-required="true"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              pattern="[0-9]*"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "mfa-code-error" : undefined}
            />
            <FieldError id="mfa-code-error" message={error} />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="intent" value="mfa-confirm" disabled={submitting}>
              {submitting ? "Checking…" : "Confirm"}
            </Button>
            <Button type="submit" name="intent" value="mfa-cancel" variant="outline" disabled={cancel.submitting} formNoValidate>
              Cancel
            </Button>
          </div>
        </Form>
      </div>
    </div>
  );
}

function TurnOff() {
  const { result, submitting, formAction } = useIntentResult("mfa-disable");
  const error = result?.fieldErrors?.currentPassword;
  return (
    <Form method="post" action={formAction} noValidate className="grid gap-3">
      <p className="flex items-center gap-2 text-sm">
        <ShieldCheck className="size-4 shrink-0 text-success" aria-hidden /> Two-factor authentication is on. Login asks for a code from your authenticator app.
      </p>
      {result?.formError ? <Alert variant="destructive">{result.formError}</Alert> : null}
      <input type="hidden" name="intent" value="mfa-disable" />
      <CurrentPasswordField id="mfa-disable-password" label="Password to turn it off" error={error} />
      <div>
        <Button type="submit" variant="outline" disabled={submitting}>
          Turn off two-factor authentication
        </Button>
      </div>
    </Form>
  );
}
