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
import { fieldErrorsOf, type AppError } from "~/lib/errors";
import { formErrorsOf, type FormErrorData } from "~/lib/form-errors";
import { getFeatureFlags } from "~/modules/settings/service.server";
import { checkInviteCode } from "~/modules/signup/invite-codes.server";
import { confirmationPath } from "~/modules/signup/rules";
import { CodeStepSchema, RegisterSearchSchema, SignupSchema, type SignupCountry } from "~/modules/signup/schema";
import { findLandingInvite, registerChoice, searchRegister, signUp } from "~/modules/signup/signup.server";
import { connectErrorMessage } from "~/components/integrations/labels";
import { COMPANY_FILE_DESCRIPTION, COMPANY_FILE_TITLE, CompanyFileBody, MAPPING_TITLE, MappingStepBody, mappingDescription } from "~/components/integrations/wizard-pages";
import { companyFileData, companyFileFormAction, mappingFormAction, mappingStepData, mapStepOf, SIGNUP_WIZARD } from "~/web/integrations/wizard.server";
import { signupConnectAction } from "~/web/integrations/signup-connect.server";
import { sessionIdOf } from "~/web/integrations/callback.server";
import { appOrigin } from "~/lib/app-url.server";
import { handleError, pageError, parseFormData, readForm } from "~/web/http.server";
import { z } from "zod";

export const meta: MetaFunction = () => [{ title: "Earlybird | Sign up" }];

/** The steps of p1 §2 Sign-up. The first three are public; the connect steps and final need the signed-up user. */
const LOGGED_IN_STEPS = ["connect-account", "connect-account-myob", "map-accounts", "myob-company-file", "final"] as const;
type LoggedInStep = (typeof LOGGED_IN_STEPS)[number];
const isLoggedInStep = (step: string | null): step is LoggedInStep => LOGGED_IN_STEPS.includes(step as LoggedInStep);
const connectionOf = (value: string | null) => (value === "xero" || value === "myob" ? value : null);

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const step = url.searchParams.get("step");
  const flags = await getFeatureFlags();
  if (isLoggedInStep(step)) {
    const { actor } = await requireCompanyUser(request);
    return json({
      step,
      // The mapping wizard and the company file step (issue 18): the same screens as Settings' connect-business-account.
      mapping: step === "map-accounts" ? await mappingStepData(actor, mapStepOf(url.searchParams)).catch(pageError) : null,
      files: step === "myob-company-file" ? await companyFileData(actor).catch(pageError) : null,
      // connect-account?error=xero|myob: the provider sent the browser back with a failure (p1 §8).
      connectError: step === "connect-account" ? connectErrorMessage(url.searchParams.get("error")) : null,
      // final?token=...&connection=myob|xero (p1 §2).
      connection: step === "final" ? connectionOf(url.searchParams.get("connection")) : null,
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
  if (await getSessionUser(request)) throw redirect("/");
  const landingToken = url.searchParams.get("token");
  const landing = landingToken ? await findLandingInvite(landingToken, Number(url.searchParams.get("userId")) || null) : null;
  return json({
    step: step === "signup-confirmation" ? ("signup-confirmation" as const) : ("code" as const),
    mapping: null,
    files: null,
    connectError: null,
    connection: null,
    flags: { xero: false, myob: false, essentials: false, accountRight: false, australia: flags.australiaSignUp },
    email: step === "signup-confirmation" ? (url.searchParams.get("email") ?? "").slice(0, 254) : null,
    landing: landing ? { ...landing, token: landingToken! } : null,
  });
}

/** The form state a step shows again: the values as typed (the schemas below check them). */
type FormStage = Omit<SignupFormState, "errors">;
/** What the page shows of an answer: its stage and state, with the one error shape. */
type ActionData = (({ stage: "code"; code: string } | ({ stage: "form" } & FormStage) | { stage: "connect" }) & Partial<FormErrorData>) | undefined;

const text = z.string().catch("");
const SignupFields = z.object({
  intent: text,
  code: text,
  landingToken: text,
  landingUserId: text,
  country: text,
  email: text,
  companyQuery: text,
  registrationNumber: text,
});

export async function action({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const step = url.searchParams.get("step");
  const form = await readForm(request);

  if (isLoggedInStep(step)) {
    const { actor } = await requireCompanyUser(request);
    switch (step) {
      case "connect-account":
      case "connect-account-myob":
        return signupConnectAction(form, actor, step, await sessionIdOf(request));
      case "map-accounts":
        return mappingFormAction(form, actor, SIGNUP_WIZARD);
      case "myob-company-file":
        return companyFileFormAction(form, actor, SIGNUP_WIZARD);
      case "final":
        throw new Response("Method Not Allowed", { status: 405 });
    }
  }

  if (await getSessionUser(request)) throw redirect("/");
  const ip = context.ip ?? "unknown";
  // Australian sign-ups only while the Australia sign-up flag is on (p1 §6): otherwise every sign-up is NZ.
  if (!(await getFeatureFlags()).australiaSignUp) form.set("country", "NZ");
  const fields = parseFormData(form, SignupFields);
  const country: SignupCountry = fields.country === "AU" ? "AU" : "NZ";
  const base: FormStage = {
    code: fields.code,
    landingToken: fields.landingToken,
    landingUserId: fields.landingUserId,
    country,
    email: fields.email,
    companyQuery: fields.companyQuery,
    suggestions: null,
    // A refused post shows the company picked before (the register is asked again: the form's word is not taken).
    selection: fields.intent === "signup" ? await registerChoice(country, fields.registrationNumber) : null,
  };
  // The code refused (or missing) is the code step again; anything else the form, each error on its field (422).
  const codeStage = { stage: "code" as const, code: base.code };
  const stageOf = (error: AppError) => (fieldErrorsOf(error).code ? codeStage : { stage: "form" as const, ...base });

  if (fields.intent === "code") {
    try {
      const { code } = parseFormData(form, CodeStepSchema);
      const { email } = await checkInviteCode({ code, ip });
      return json({ stage: "form" as const, ...base, code, email: email ?? "" });
    } catch (error) {
      return handleError(error, { fields: "named", data: codeStage });
    }
  }

  if (fields.intent === "search") {
    // The no-JavaScript search: the suggestions come back as radio choices.
    const query = RegisterSearchSchema.parse({ q: base.companyQuery, country });
    const suggestions = await searchRegister(query.q, query.country);
    return json({ stage: "form" as const, ...base, suggestions });
  }

  try {
    const result = await signUp({ ...parseFormData(form, SignupSchema), ip, origin: appOrigin() });
    return redirect(confirmationPath(result.email));
  } catch (error) {
    return handleError(error, { fields: "named", data: stageOf });
  }
}

export default function SignupPage() {
  const data = useLoaderData<typeof loader>();
  const rawActionData: unknown = useActionData<typeof action>();
  const actionData = rawActionData as ActionData;
  const { fieldErrors, formError } = formErrorsOf(actionData);
  const error = formError ?? Object.values(fieldErrors)[0] ?? null;

  if (data.step === "signup-confirmation") return <ConfirmationStep email={data.email ?? ""} />;
  if (data.step === "connect-account")
    return <ConnectAccountStep flags={data.flags} error={actionData?.stage === "connect" ? error : null} connectError={data.connectError} />;
  if (data.step === "connect-account-myob") return <ConnectMyobStep flags={data.flags} error={actionData?.stage === "connect" ? error : null} />;
  if (data.step === "map-accounts" && data.mapping) {
    return (
      <SignupShell title={MAPPING_TITLE} description={mappingDescription(data.mapping)} wide>
        <MappingStepBody view={data.mapping} place="signup" actionData={rawActionData} />
      </SignupShell>
    );
  }
  if (data.step === "myob-company-file" && data.files) {
    return (
      <SignupShell title={COMPANY_FILE_TITLE} description={COMPANY_FILE_DESCRIPTION} wide>
        <CompanyFileBody view={data.files} place="signup" actionData={rawActionData} continueTo="/signup?step=final&connection=myob" />
      </SignupShell>
    );
  }
  if (data.step === "final") return <FinalStep connection={data.connection} />;

  if (actionData?.stage === "form") {
    const state: SignupFormState = { ...actionData, errors: formError ? { ...fieldErrors, form: formError } : fieldErrors };
    return <SignupFormStep state={state} australia={data.flags.australia} landingCompany={data.landing?.companyName ?? null} />;
  }
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
      <CodeStep code={actionData?.stage === "code" ? actionData.code : ""} error={actionData?.stage === "code" ? fieldErrors.code ?? formError : null} />
    </SignupShell>
  );
}
