import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { getSessionUser, homePath, postLoginPath } from "~/web/auth.server";
import { loginAuthenticator, loginStrategyOf } from "~/web/auth/authenticator.server";
import { env, isProduction } from "~/lib/env.server";
import { formErrorsOf } from "~/lib/form-errors";
import { mailboxAccess } from "~/lib/mailbox-access.server";
import { clearFlash, commitSessionToken, readFlash } from "~/lib/session.server";
import { LoginSchema } from "~/modules/auth/schema";
import { DEMO_LOGINS } from "~/modules/auth/demo-logins";
import { redeemLandingToken } from "~/modules/invites/service.server";
import { handleError, parseFormData, readForm } from "~/web/http.server";

export const meta: MetaFunction = () => [{ title: "Earlybird | Log in" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  const url = new URL(request.url);
  if (user) throw redirect(postLoginPath(user, url.searchParams, await homePath(user)));
  const flash = await readFlash(request);
  return json(
    { sessionExpired: flash === "session-expired", demoLogins: isProduction() ? [] : DEMO_LOGINS, mailboxLink: mailboxAccess(context.ip) === "open" },
    flash ? { headers: { "Set-Cookie": await clearFlash() } } : undefined
  );
}

/** The same POST with the form that readForm checked, as the strategy's own body (login has text fields only). */
function checkedFormRequest(request: Request, form: FormData): Request {
  const body = new URLSearchParams();
  for (const [key, value] of form) if (typeof value === "string") body.append(key, value);
  return new Request(request.url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body });
}

/** The MFA step's signed challenge: the service's fresh one with a wrong code, else the one the form carried. */
const challengeOf = (error: { details?: unknown }, form: FormData) =>
  (error.details as { challenge?: string } | undefined)?.challenge ?? (String(form.get("mfaChallenge") ?? "") || undefined);

export async function action({ request, context }: ActionFunctionArgs) {
  // The body rules (a form, at most 1 MB, no NUL) apply first; the authenticator's strategy then reads the checked
  // form again from a request of its own (not request.clone(): a refused body cancels one branch of the clone's tee,
  // which waits for the other branch forever).
  const form = await readForm(request);
  const email = String(form.get("email") ?? "");
  try {
    const input = parseFormData(form, LoginSchema);
    const result = await loginAuthenticator({ ip: context.ip ?? "unknown" }).authenticate(loginStrategyOf(form), checkedFormRequest(request, form));
    if (result.kind === "mfa") return json({ mfaChallenge: result.challenge, values: { email: input.email } });
    const cookie = await commitSessionToken(result.token, env().SESSION_MAX_DAYS * 86_400);
    const search = new URL(request.url).searchParams;
    // A landing page's Log In (p2 §2) uses its token once (docs/decisions/018); a used or foreign token changes nothing.
    const landingToken = search.get("token");
    const landingType = search.get("type");
    if (landingToken && (landingType === "invite" || landingType === "notify")) {
      await redeemLandingToken({ token: landingToken, type: landingType, userId: result.user.id }).catch(() => undefined);
    }
    return redirect(postLoginPath(result.user, search, await homePath(result.user)), { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    // The form's fields and a wrong authenticator code on their fields (422); wrong credentials (401) and the attempt
    // limit (429) above the form. The e-mail stays as typed; the MFA step stays open with its challenge.
    const values = { email: email.trim() };
    return handleError(error, {
      fields: "named",
      values,
      data: (refused) => {
        const mfaChallenge = refused.field === "mfaCode" || refused.status === 422 ? challengeOf(refused, form) : undefined;
        return mfaChallenge ? { mfaChallenge } : {};
      },
    });
  }
}

export default function LoginPage() {
  const { sessionExpired, demoLogins, mailboxLink } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { fieldErrors: errors, formError, values } = formErrorsOf(actionData);
  const mfaChallenge = actionData && "mfaChallenge" in actionData ? actionData.mfaChallenge : undefined;
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const submitting = navigation.state === "submitting";
  const mfaStep = Boolean(mfaChallenge);
  const query = searchParams.toString();

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-accent to-background px-4 py-10">
      <div className="w-full max-w-md space-y-6">
        <div className="text-center">
          <p className="text-3xl font-bold tracking-tight text-primary">Earlybird</p>
          <p className="mt-1 text-sm text-muted-foreground">Get paid early. Pay early and earn cashback.</p>
        </div>
        <Card>
          <CardHeader>
            <CardTitle as="h1">Log in</CardTitle>
            <CardDescription>Use the email address you signed up with.</CardDescription>
          </CardHeader>
          <CardContent>
            {sessionExpired && !actionData ? (
              <Alert variant="info" className="mb-4">
                Your session has expired. Please login again.
              </Alert>
            ) : null}
            {formError ? (
              <Alert variant="destructive" className="mb-4">
                {formError}
              </Alert>
            ) : null}
            <Form method="post" action={query ? `/login?${query}` : "/login"} noValidate className="space-y-4">
              <div className="space-y-2">
                <Label htmlFor="email" required>
                  Email
                </Label>
                <Input
                  id="email"
                  aria-required="true"
                  name="email"
                  type="email"
                  autoComplete="username"
                  defaultValue={values?.email ?? ""}
                  readOnly={mfaStep}
                  aria-invalid={errors.email ? true : undefined}
                  aria-describedby={errors.email ? "email-error" : undefined}
                  autoFocus={!mfaStep}
                />
                <FieldError id="email-error" message={errors.email} />
              </div>
              <div className={mfaStep ? "hidden" : "space-y-2"}>
                <div className="flex items-center justify-between">
                  <Label htmlFor="password" required>
                    Password
                  </Label>
                  <Link to="/forgot-password" className="text-sm text-primary hover:underline">
                    Forgot password?
                  </Link>
                </div>
                <Input
                  id="password"
                  aria-required="true"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  aria-invalid={errors.password ? true : undefined}
                  aria-describedby={errors.password ? "password-error" : undefined}
                  disabled={mfaStep}
                />
                <FieldError id="password-error" message={errors.password} />
              </div>
              {mfaStep ? (
                <div className="space-y-2">
                  <input type="hidden" name="mfaChallenge" value={mfaChallenge} />
                  <Label htmlFor="mfaCode" required>
                    Authenticator code
                  </Label>
                  <Input
                    id="mfaCode"
                    aria-required="true"
                    name="mfaCode"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    pattern="[0-9]*"
                    autoFocus
                    aria-invalid={errors.mfaCode ? true : undefined}
                    aria-describedby={errors.mfaCode ? "mfaCode-error" : "mfaCode-hint"}
                  />
                  <p id="mfaCode-hint" className="text-xs text-muted-foreground">
                    Enter the 6-digit code shown on your authenticator app.
                  </p>
                  <FieldError id="mfaCode-error" message={errors.mfaCode} />
                </div>
              ) : null}
              <Button type="submit" className="w-full" disabled={submitting}>
                {submitting ? "Logging in…" : "Log in"}
              </Button>
            </Form>
            <p className="mt-6 text-center text-sm text-muted-foreground">
              <Link to="/signup" className="font-medium text-primary hover:underline">
                Got an invite code?
              </Link>
            </p>
            {/* The built-in mailbox (decisions D7): the sign-up e-mail and SMS codes land there outside production. */}
            {mailboxLink ? (
              <p className="mt-2 text-center text-sm text-muted-foreground">
                <Link to="/mailbox" className="font-medium text-primary hover:underline">
                  Mailbox
                </Link>
              </p>
            ) : null}
          </CardContent>
        </Card>
        {demoLogins.length > 0 ? (
          <Card className="border-dashed">
            <CardHeader className="pb-2">
              <CardTitle className="text-base">Demo logins</CardTitle>
              <CardDescription>
                Every demo user has the password <code className="font-mono text-foreground">Earlybird#2026</code>.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <ul className="divide-y text-sm" aria-label="Demo logins">
                {demoLogins.map((demo) => (
                  <li key={demo.email} className="flex flex-col py-2 first:pt-0 last:pb-0">
                    <code className="font-mono text-foreground">{demo.email}</code>
                    <span className="text-muted-foreground">{demo.label}</span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        ) : null}
      </div>
    </main>
  );
}
