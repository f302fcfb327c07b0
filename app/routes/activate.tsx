import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Check, Circle } from "~/components/ui/icons";
import { useState, type ReactNode } from "react";
import { PRODUCT_NAME } from "~/components/layout/page-handle";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { CodeInput } from "~/components/ui/code-input";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { getSessionUser, requireUser } from "~/web/auth.server";
import { env } from "~/lib/env.server";
import { AppError } from "~/lib/errors";
import { formErrorsOf } from "~/lib/form-errors";
import { commitSessionToken, readSessionToken } from "~/lib/session.server";
import { CODE_LOCKED, CODE_SENT, LINK_EXPIRED, PASSWORD_RULES } from "~/modules/activation/schema";
import {
  findActivationLink,
  getActivation,
  resendPhoneCode,
  savePhoneNumber,
  setNameAndPassword,
  verifyPhoneCode,
  type ActivationView,
} from "~/modules/activation/service.server";
import { actorOf, createSession, logout } from "~/modules/auth/service.server";
import { formatPhoneNumber } from "~/modules/activation/rules";
import { onboardingPath } from "~/modules/onboarding/rules";
import { handleError, parseForm } from "~/web/http.server";
import { z } from "zod";

export const meta: MetaFunction = () => [{ title: "Earlybird | Activate your account" }];

type Step = "set_name" | "set_phone_number" | "verify_code";

/** The step the query flags select (p1 §2 Activation); a bare token (an invite link, p1 §4) is set_name. */
function stepOf(search: URLSearchParams): Step | null {
  if (search.get("set_name") === "true") return "set_name";
  if (search.get("set_phone_number") === "true") return "set_phone_number";
  if (search.get("verify_code") === "true") return "verify_code";
  return search.get("token") ? "set_name" : null;
}

/** Where the logged-in user belongs now: onboarding's next screen, else the app. */
// "/" sends a company user to their home: Bills, Invoices or Get started (docs/decisions/065).
const homeOf = (user: Parameters<typeof onboardingPath>[0]) => onboardingPath(user) ?? "/";

/** The phone steps act for the logged-in user, and only while they are the user's current step. */
async function phoneStepUser(request: Request, step: Step) {
  const user = await requireUser(request);
  const view = user.isAdmin || !user.company ? null : await getActivation(actorOf(user));
  if (!view || view.onboardingState !== "PASSWORD_UPDATED") throw redirect(homeOf(view ?? user));
  if (step === "verify_code" && !view.phoneNumber) throw redirect("/activate?set_phone_number=true");
  return { user, view };
}

type LoaderData =
  | { step: "expired" }
  | { step: "set_name"; view: Pick<ActivationView, "email" | "fullName" | "companyName"> }
  | { step: "set_phone_number" | "verify_code"; view: ActivationView };

export async function loader({ request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const step = stepOf(search);
  const token = search.get("token") ?? "";
  if (step === "set_name" || step === null) {
    const view = await findActivationLink(token);
    if (view) return json<LoaderData>({ step: "set_name", view: { email: view.email, fullName: view.fullName, companyName: view.companyName } });
    // A used link opened again by its logged-in user (Back after set_name): continue where onboarding is.
    const sessionUser = await getSessionUser(request);
    if (sessionUser) throw redirect(homeOf(sessionUser));
    return json<LoaderData>({ step: "expired" }, { status: 401 });
  }
  const { view } = await phoneStepUser(request, step);
  return json<LoaderData>({ step, view });
}

/** What the steps show of an action's answer: the one error shape, a notice, the expired link, the try. */
type ActionData = ReturnType<typeof formErrorsOf> & {
  notice?: string;
  expired?: boolean;
  /** Changes on every failed code, so the boxes empty for the next try. */
  attempt?: number;
};

function actionDataOf(data: unknown): ActionData | undefined {
  if (!data) return undefined;
  const { notice, expired, attempt } = data as Pick<ActionData, "notice" | "expired" | "attempt">;
  return { ...formErrorsOf(data), notice, expired, attempt };
}

/** The form as typed (the services check it); `code` is the six boxes, one value each. */
const ActivateForm = z.object({
  intent: z.string().catch(""),
  fullName: z.string().catch(""),
  password: z.string().catch(""),
  phoneNumber: z.string().catch(""),
  code: z.array(z.string().catch("")),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const form = await parseForm(request, ActivateForm);
  const { intent, fullName } = form;
  if (intent === "set_name") {
    try {
      const { userId } = await setNameAndPassword(url.searchParams.get("token") ?? "", { fullName, password: form.password });
      // The user is logged in from here on (a session like login.tsx's); a session of someone else in this browser ends.
      await logout(await readSessionToken(request));
      const token = await createSession(userId, { ip: context.ip ?? null, userAgent: request.headers.get("User-Agent") });
      const cookie = await commitSessionToken(token, env().SESSION_MAX_DAYS * 86_400);
      return redirect("/activate?set_phone_number=true", { headers: { "Set-Cookie": cookie } });
    } catch (error) {
      // The name and password refused on their fields (422); a used or expired link is the expired page (401).
      return handleError(error, { fields: "named", values: { fullName }, data: (refused) => (refused.status === 401 ? { expired: true } : {}) });
    }
  }

  const step: Step = intent === "set_phone_number" ? "set_phone_number" : "verify_code";
  const { user } = await phoneStepUser(request, step);
  const actor = actorOf(user);
  try {
    switch (intent) {
      case "set_phone_number":
        await savePhoneNumber(actor, { phoneNumber: form.phoneNumber });
        return redirect("/activate?verify_code=true");
      case "verify_code": {
        const view = await verifyPhoneCode(actor, { code: form.code });
        return redirect(homeOf(view));
      }
      case "resend_code":
        await resendPhoneCode(actor);
        return json({ notice: CODE_SENT, attempt: Date.now() });
      default:
        throw new AppError(400, "Bad Request", { code: "BAD_REQUEST" });
    }
  } catch (error) {
    // A user whom another tab moved on meanwhile (the service's 409 "already verified") goes where they belong now.
    await phoneStepUser(request, step);
    // The number or the code refused (wrong, expired, locked, too soon) on its field (422).
    return handleError(error, { fields: "named", values: { phoneNumber: form.phoneNumber }, data: { attempt: Date.now() } });
  }
}

const STEPS: { step: Step; label: string }[] = [
  { step: "set_name", label: "Name and password" },
  { step: "set_phone_number", label: "Phone number" },
  { step: "verify_code", label: "Verify phone" },
];

function Shell({ step, title, description, children }: { step: Step | null; title: string; description?: ReactNode; children: ReactNode }) {
  const current = STEPS.findIndex((item) => item.step === step);
  return (
    <main className="flex min-h-screen items-start justify-center bg-gradient-to-b from-accent to-background px-4 py-10 sm:items-center">
      <div className="w-full max-w-md space-y-6">
        <p className="text-center text-3xl font-bold tracking-tight text-primary">{PRODUCT_NAME}</p>
        {current >= 0 ? (
          <ol aria-label="Activation steps" className="flex items-center justify-center gap-2 text-xs text-muted-foreground">
            {STEPS.map((item, index) => (
              <li key={item.step} aria-current={index === current ? "step" : undefined} className="flex items-center gap-2">
                <span
                  className={
                    index < current
                      ? "flex size-5 items-center justify-center rounded-full bg-primary text-primary-foreground"
                      : index === current
                      ? "flex size-5 items-center justify-center rounded-full border-2 border-primary font-semibold text-primary"
                      : "flex size-5 items-center justify-center rounded-full border"
                  }
                >
                  {index < current ? <Check className="size-3" aria-hidden /> : index + 1}
                </span>
                <span className={index === current ? "font-medium text-foreground" : undefined}>{item.label}</span>
                {index < STEPS.length - 1 ? <span aria-hidden className="h-px w-4 bg-border" /> : null}
              </li>
            ))}
          </ol>
        ) : null}
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

function ExpiredLink() {
  return (
    <Shell step={null} title="Activate your account">
      <Alert variant="destructive" className="mb-6">
        {LINK_EXPIRED}
      </Alert>
      <p className="mb-6 text-sm text-muted-foreground">
        Activation links work once and for 7 days. If you have already set your password, log in to continue where you left off.
      </p>
      <Link to="/login" className={buttonVariants({ className: "w-full" })}>
        Back to login
      </Link>
    </Shell>
  );
}

function PasswordCriteria({ password, id }: { password: string; id: string }) {
  return (
    <ul id={id} aria-label="Password criteria" className="space-y-1 text-sm">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.id} className={met ? "flex items-center gap-2 text-primary" : "flex items-center gap-2 text-muted-foreground"}>
            {met ? <Check className="size-4" aria-hidden /> : <Circle className="size-3.5" aria-hidden />}
            <span>
              {rule.label}
              <span className="sr-only">{met ? " (met)" : " (not met)"}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function SetNameStep({ view, actionData, busy }: { view: Extract<LoaderData, { step: "set_name" }>["view"]; actionData?: ActionData; busy: boolean }) {
  const [password, setPassword] = useState("");
  const errors = actionData?.fieldErrors ?? {};
  const formError = actionData?.formError;
  return (
    <Shell
      step="set_name"
      title="Activate your account"
      description={
        <>
          Welcome to Earlybird{view.companyName ? `, ${view.companyName}` : ""}. You log in as <span className="font-medium text-foreground">{view.email}</span>
          .
        </>
      }
    >
      <Form method="post" noValidate className="space-y-5">
        {formError ? <Alert variant="destructive">{formError}</Alert> : null}
        <input type="hidden" name="intent" value="set_name" />
        <div className="space-y-2">
          <Label htmlFor="fullName" required>
            Full legal name
          </Label>
          <Input
            id="fullName"
            aria-required="true"
            name="fullName"
            autoComplete="name"
            defaultValue={actionData?.values?.fullName ?? view.fullName}
            aria-invalid={errors.fullName ? true : undefined}
            aria-describedby={errors.fullName ? "fullName-hint fullName-error" : "fullName-hint"}
            autoFocus
          />
          <p id="fullName-hint" className="text-xs text-muted-foreground">
            First, middle and last names as they appear on your driver licence or passport.
          </p>
          <FieldError id="fullName-error" message={errors.fullName} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="password" required>
            Password
          </Label>
          <Input
            id="password"
            aria-required="true"
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? "password-error password-criteria" : "password-criteria"}
          />
          <FieldError id="password-error" message={errors.password} />
          <PasswordCriteria id="password-criteria" password={password} />
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Saving…" : "Next"}
        </Button>
      </Form>
    </Shell>
  );
}

function PhoneStep({ view, actionData, busy }: { view: ActivationView; actionData?: ActionData; busy: boolean }) {
  const error = actionData?.fieldErrors.phoneNumber ?? actionData?.formError ?? undefined;
  return (
    <Shell step="set_phone_number" title="Your phone number" description="We send a six-digit code to this mobile number to confirm it is yours.">
      <Form method="post" noValidate className="space-y-5">
        <input type="hidden" name="intent" value="set_phone_number" />
        <div className="space-y-2">
          <Label htmlFor="phoneNumber" required>
            Phone number
          </Label>
          <div className="flex">
            <span
              id="phone-prefix"
              className="inline-flex h-10 items-center rounded-l-md border border-r-0 border-input bg-muted px-3 text-sm font-medium text-muted-foreground"
              title={view.country === "AU" ? "Australia" : "New Zealand"}
            >
              {view.phonePrefix}
            </span>
            <Input
              id="phoneNumber"
              aria-required="true"
              name="phoneNumber"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              className="rounded-l-none"
              defaultValue={actionData?.values?.phoneNumber ?? view.nationalNumber}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "phone-prefix phone-hint phoneNumber-error" : "phone-prefix phone-hint"}
              autoFocus
            />
          </div>
          <p id="phone-hint" className="text-xs text-muted-foreground">
            {view.country === "AU" ? "An Australian mobile number, e.g. 412 345 678." : "A New Zealand mobile number, e.g. 21 234 5678."}
          </p>
          <FieldError id="phoneNumber-error" message={error} />
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Sending code…" : "Next"}
        </Button>
      </Form>
    </Shell>
  );
}

function VerifyCodeStep({ view, actionData, busy, intent }: { view: ActivationView; actionData?: ActionData; busy: boolean; intent: string | null }) {
  const locked = view.code.state === "LOCKED";
  const error = actionData?.fieldErrors.code ?? actionData?.formError ?? (locked ? CODE_LOCKED : undefined);
  const notice = actionData?.notice;
  return (
    <Shell
      step="verify_code"
      title="Verify your phone number"
      description={
        <>
          Enter the 6-digit code we sent to <span className="whitespace-nowrap font-medium text-foreground">{formatPhoneNumber(view.phoneNumber)}</span>.
        </>
      }
    >
      <Form method="post" noValidate className="space-y-5">
        {notice ? (
          <Alert variant="info" className="py-3">
            {notice}
          </Alert>
        ) : null}
        <div className="space-y-2">
          <p className="text-sm font-medium leading-none">Verification code</p>
          <CodeInput
            label="Verification code"
            disabled={locked}
            invalid={Boolean(error)}
            describedBy={error ? "code-error" : undefined}
            autoFocus
            resetKey={actionData?.attempt}
          />
          <FieldError id="code-error" message={error} />
        </div>
        <Button type="submit" name="intent" value="verify_code" className="w-full" disabled={locked || busy}>
          {busy && intent === "verify_code" ? "Checking…" : "Next"}
        </Button>
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <Button type="submit" name="intent" value="resend_code" variant="link" className="h-auto px-0" disabled={busy}>
            {busy && intent === "resend_code" ? "Sending…" : "Resend code"}
          </Button>
          <Link to="/activate?set_phone_number=true" className="font-medium text-primary hover:underline">
            Change phone number
          </Link>
        </div>
      </Form>
    </Shell>
  );
}

export default function ActivatePage() {
  const data = useLoaderData<typeof loader>() as LoaderData;
  const actionData = actionDataOf(useActionData<typeof action>());
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const intent = navigation.formData ? String(navigation.formData.get("intent") ?? "") : null;
  if (data.step === "expired" || actionData?.expired) return <ExpiredLink />;
  switch (data.step) {
    case "set_name":
      return <SetNameStep view={data.view} actionData={actionData} busy={busy} />;
    case "set_phone_number":
      return <PhoneStep view={data.view} actionData={actionData} busy={busy} />;
    case "verify_code":
      return <VerifyCodeStep view={data.view} actionData={actionData} busy={busy} intent={intent} />;
  }
}
