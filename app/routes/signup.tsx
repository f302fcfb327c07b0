import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import {
  CodeStep,
  ConfirmationStep,
  ConnectAccountStep,
  ConnectMyobStep,
  FinalStep,
  SignupFormStep,
  SignupShell,
  type SignupFormState,
} from "~/components/signup/signup-steps";
import { getSessionUser, requireCompanyUser } from "~/web/auth.server";
import { isAppError } from "~/lib/errors";
import { getFeatureFlags } from "~/modules/settings/service.server";
import { checkInviteCode } from "~/modules/signup/invite-codes.server";
import { confirmationPath } from "~/modules/signup/rules";
import { CodeStepSchema, ConnectAccountSchema, ConnectMyobSchema, RegisterSearchSchema, SignupSchema, type SignupCountry } from "~/modules/signup/schema";
import { findLandingInvite, recordAccountingChoice, registerChoice, searchRegister, signUp } from "~/modules/signup/signup.server";
import { appOrigin } from "~/lib/app-url.server";
import { readForm } from "~/web/http.server";

export const meta: MetaFunction = () => [{ title: "Earlybird | Sign up" }];

/** The steps of p1 §2 Sign-up. The first three are public; the connect steps and final need the signed-up user. */
const LOGGED_IN_STEPS = ["connect-account", "connect-account-myob", "final"] as const;
type LoggedInStep = (typeof LOGGED_IN_STEPS)[number];
const isLoggedInStep = (step: string | null): step is LoggedInStep => LOGGED_IN_STEPS.includes(step as LoggedInStep);

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const step = url.searchParams.get("step");
  const flags = await getFeatureFlags();
  if (isLoggedInStep(step)) {
    await requireCompanyUser(request);
    return json({
      step,
      flags: {
        xero: flags.XERO_CONNECT,
        myob: flags.MYOB_CONNECT,
        essentials: flags.MYOB_ESSENTIALS,
        accountRight: flags.MYOB_ACCOUNT_RIGHT,
        australia: false,
      },
      email: null,
      landing: null,
    } as const);
  }
  if (await getSessionUser(request)) throw redirect("/invoices");
  const landingToken = url.searchParams.get("token");
  const landing = landingToken ? await findLandingInvite(landingToken, Number(url.searchParams.get("userId")) || null) : null;
  return json({
    step: step === "signup-confirmation" ? ("signup-confirmation" as const) : ("code" as const),
    flags: { xero: false, myob: false, essentials: false, accountRight: false, australia: flags.australiaSignUp },
    email: step === "signup-confirmation" ? (url.searchParams.get("email") ?? "").slice(0, 254) : null,
    landing: landing ? { ...landing, token: landingToken! } : null,
  });
}

type ActionData = { stage: "code"; code: string; error: string } | ({ stage: "form" } & SignupFormState) | { stage: "connect"; error: string };

function firstErrors(issues: { path: (string | number)[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const step = url.searchParams.get("step");
  const form = Object.fromEntries(await readForm(request));
  const intent = String(form.intent ?? "");

  if (isLoggedInStep(step)) {
    const { actor } = await requireCompanyUser(request);
    const schema = step === "connect-account-myob" ? ConnectMyobSchema : ConnectAccountSchema;
    const parsed = schema.safeParse(form);
    if (!parsed.success) return json<ActionData>({ stage: "connect", error: parsed.error.issues[0].message }, { status: 400 });
    if (parsed.data.intent === "skip") {
      await recordAccountingChoice(actor, null);
      return redirect("/signup?step=final");
    }
    if (parsed.data.software === "MYOB") return redirect("/signup?step=connect-account-myob");
    await recordAccountingChoice(actor, parsed.data.software);
    return redirect("/signup?step=final");
  }

  if (await getSessionUser(request)) throw redirect("/invoices");
  const ip = context.ip ?? "unknown";
  // Australian sign-ups only while the Australia sign-up flag is on (p1 §6): otherwise every sign-up is NZ.
  if (!(await getFeatureFlags()).australiaSignUp) form.country = "NZ";
  const country = (form.country === "AU" ? "AU" : "NZ") as SignupCountry;
  const base = {
    code: String(form.code ?? ""),
    landingToken: String(form.landingToken ?? ""),
    landingUserId: String(form.landingUserId ?? ""),
    country,
    email: String(form.email ?? ""),
    companyQuery: String(form.companyQuery ?? ""),
    // A refused post shows the company picked before (the register is asked again: the form's word is not taken).
    selection: intent === "signup" ? await registerChoice(country, String(form.registrationNumber ?? "")) : null,
  };

  if (intent === "code") {
    const parsed = CodeStepSchema.safeParse(form);
    if (!parsed.success) return json<ActionData>({ stage: "code", code: base.code, error: parsed.error.issues[0].message }, { status: 400 });
    try {
      const { email } = await checkInviteCode({ code: parsed.data.code, ip });
      return json<ActionData>({ stage: "form", ...base, code: parsed.data.code, email: email ?? "", suggestions: null, errors: {} });
    } catch (error) {
      if (!isAppError(error)) throw error;
      return json<ActionData>({ stage: "code", code: base.code, error: error.message }, { status: error.status });
    }
  }

  if (intent === "search") {
    // The no-JavaScript search: the suggestions come back as radio choices.
    const query = RegisterSearchSchema.parse({ q: base.companyQuery, country });
    const suggestions = await searchRegister(query.q, query.country);
    return json<ActionData>({ stage: "form", ...base, suggestions, errors: {} });
  }

  const parsed = SignupSchema.safeParse(form);
  if (!parsed.success) {
    const errors = firstErrors(parsed.error.issues);
    if (errors.code) return json<ActionData>({ stage: "code", code: base.code, error: errors.code }, { status: 400 });
    return json<ActionData>({ stage: "form", ...base, suggestions: null, errors }, { status: 400 });
  }
  try {
    const result = await signUp({ ...parsed.data, ip, origin: appOrigin() });
    return redirect(confirmationPath(result.email));
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.field === "code") return json<ActionData>({ stage: "code", code: base.code, error: error.message }, { status: error.status });
    const field = error.field === "email" || error.field === "registrationNumber" ? error.field : "form";
    return json<ActionData>({ stage: "form", ...base, suggestions: null, errors: { [field]: error.message } }, { status: error.status });
  }
}

export default function SignupPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;

  if (data.step === "signup-confirmation") return <ConfirmationStep email={data.email ?? ""} />;
  if (data.step === "connect-account") return <ConnectAccountStep flags={data.flags} error={actionData?.stage === "connect" ? actionData.error : null} />;
  if (data.step === "connect-account-myob") return <ConnectMyobStep flags={data.flags} error={actionData?.stage === "connect" ? actionData.error : null} />;
  if (data.step === "final") return <FinalStep />;

  if (actionData?.stage === "form")
    return <SignupFormStep state={actionData} australia={data.flags.australia} landingCompany={data.landing?.companyName ?? null} />;
  if (data.landing && actionData?.stage !== "code") {
    const state: SignupFormState = {
      code: "",
      landingToken: data.landing.token,
      landingUserId: String(data.landing.userId),
      country: "NZ",
      email: data.landing.email,
      companyQuery: "",
      suggestions: null,
      selection: null,
      errors: {},
    };
    return <SignupFormStep state={state} australia={data.flags.australia} landingCompany={data.landing.companyName} />;
  }
  return (
    <SignupShell title="Sign up" description="Got an invite code? Enter it to create your Earlybird account.">
      <CodeStep code={actionData?.stage === "code" ? actionData.code : ""} error={actionData?.stage === "code" ? actionData.error : null} />
    </SignupShell>
  );
}
