import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BusinessForm, type CompanyChoice } from "~/components/verify/business-form";
import { IdentityForm, type FormValues } from "~/components/verify/identity-form";
import { DocumentUpload, OwnersList, VerificationComplete, VerificationPending, VerificationSuccess } from "~/components/verify/people";
import type { Suggestion } from "~/components/verify/suggestion-search";
import { VerifyShell } from "~/components/verify/verify-shell";
import { shellUserOf } from "~/components/layout/user-menu";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { getSessionUser, requireUser } from "~/web/auth.server";
import { AppError, isAppError } from "~/lib/errors";
import type { Actor } from "~/lib/actor";
import { SendLinkForm, type SendLinkResult } from "~/components/verify/send-link-card";
import { liveLinkAddresses, sendOwnerVerificationLink } from "~/modules/kyc/owner-links.server";
import { OWNER_LINK_SENT } from "~/modules/kyc/owner-link-rules";
import { formErrorsOf, type FormErrorData } from "~/lib/form-errors";
import { actorOf } from "~/modules/auth/service.server";
import { BUSINESS_ACKNOWLEDGEMENT, COMPANY_PICK, dobYears, NAME_REQUIRED, splitFullName } from "~/modules/kyc/schema";
import { addressChoices, personForVerification, registerChoice, searchRegisterChoices, verificationContext } from "~/modules/kyc/service.server";
import { confirmBusinessStep, submitIdentityStep, uploadDocumentStep, verifyStep, type VerifyView } from "~/modules/kyc/verify-steps.server";
import { isAtLeast, onboardingPath } from "~/modules/onboarding/rules";
import { handleError, isMultipartRequest, notFoundResponse, pageError, readForm } from "~/web/http.server";
import { readIdentityUpload } from "~/web/kyc-admin/person-route.server";
import { ownerLinkAction, ownerLinkLoader } from "~/web/kyc/owner-link.server";
import { OwnerLinkPage } from "~/components/verify/owner-link-page";

export const meta: MetaFunction = () => [{ title: "Earlybird | Verify your account" }];

/**
 * The logged-in company user. /verify is where the onboarding redirect sends users, so it reads the session itself
 * (no onboarding redirect can loop here); a missing or expired session still goes through requireUser to /login.
 * Admins verify people from their own pages.
 */
async function requireVerifyActor(request: Request) {
  const user = (await getSessionUser(request)) ?? (await requireUser(request));
  if (user.isAdmin) throw redirect("/");
  if (!user.company) throw notFoundResponse();
  // Verification follows activation (spec p1 §4): a user still activating goes back to their activation step.
  const pending = onboardingPath(user);
  if (pending && !isAtLeast(user.onboardingState, "PHONE_NUMBER_VERIFIED")) throw redirect(pending);
  return { user, actor: { ...actorOf(user), companyId: user.company.id } };
}

/**
 * /verify needs a company user's login; admins verify people from their own pages (issue 6 part 5). With a token in
 * the query it is an owner's or director's e-mailed link instead: no login (spec p1 §2), that person's step only.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const linkToken = new URL(request.url).searchParams.get("token");
  if (linkToken !== null) return ownerLinkLoader(linkToken);
  const { user, actor } = await requireVerifyActor(request);
  const url = new URL(request.url);
  const params = url.searchParams;
  const outcome = await verifyStep(actor, {
    step: params.get("step"),
    userId: params.get("userId"),
    uploadDocument: params.get("upload_document") === "true",
    details: params.get("details") === "true",
    success: params.get("success") === "true",
    upload: params.get("upload") === "true",
  }).catch(pageError);
  if (outcome.kind === "redirect") throw redirect(outcome.to);
  return json({
    sendLink: await sendLinkTarget(actor, outcome.view),
    view: outcome.view,
    user: shellUserOf(user),
    action: `${url.pathname}${url.search}`,
    stepper: outcome.stepper,
    country: outcome.country,
    passportAllowed: outcome.passportAllowed,
    addressRequired: outcome.addressRequired,
    years: dobYears(new Date()),
    acknowledgement: BUSINESS_ACKNOWLEDGEMENT,
  });
}

/**
 * The owner or director on screen, when the primary user may e-mail them a verification link instead (decision 064):
 * a person other than the user, not a primary user, still to verify.
 */
async function sendLinkTarget(actor: Actor, view: VerifyView) {
  if (view.kind !== "identity" && view.kind !== "upload" && view.kind !== "pending") return null;
  if (view.person.isSelf || !actor.roles.includes("ROLE_USER")) return null;
  const person = await personForVerification(actor, view.person.id);
  if (person.isPrimary || !person.designation) return null;
  const sentTo = (await liveLinkAddresses([person.id])).get(person.id) ?? null;
  return { userId: person.id, fullName: person.fullName, sentTo };
}

/** The forms' state shown again (what was typed, the suggestions), with the one error shape. */
interface ActionData extends FormErrorData {
  nonce: string;
  sendLink?: SendLinkResult;
  values: FormValues;
  addressSuggestions?: Suggestion[];
  business?: { chosen: CompanyChoice | null; picked: CompanyChoice | null; editing: boolean; companySuggestions: CompanyChoice[] };
}
type ActionState = Omit<ActionData, "nonce" | keyof FormErrorData> & { values: FormValues };

/** The form again, with no errors (a search, an edit or done button); `nonce` remounts the form with these values. */
const answer = (data: ActionState) => json<ActionData>({ nonce: crypto.randomUUID(), fieldErrors: {}, ...data });
/** The form again with the refusal: field errors on their fields (422), anything else above the form. */
const refusal = (error: unknown, data: ActionState) =>
  handleError(error, { fields: "named", values: data.values, data: { nonce: crypto.randomUUID(), ...data } });

/** A body the reader refuses (over the upload limit, say) is said on the document field, like the service's refusals. */
async function onDocumentField(error: unknown): Promise<never> {
  if (!(error instanceof Response) || error.status >= 500) throw error;
  const { message } = (await error.json()) as { message: string };
  throw new AppError(error.status, message, { code: "BODY_REFUSED", field: "document" });
}

async function uploadAction(request: Request, actor: Parameters<typeof uploadDocumentStep>[0]) {
  try {
    // Other parts are small text fields (the person's id), kept in memory (4 kB at most).
    const { form, file } = await readIdentityUpload(request).catch(onDocumentField);
    const { to } = await uploadDocumentStep(actor, { userId: Number(form.get("userId")), file });
    return redirect(to);
  } catch (error) {
    return refusal(error, { values: {} });
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const linkToken = new URL(request.url).searchParams.get("token");
  if (linkToken !== null) return ownerLinkAction(request, linkToken);
  const { actor } = await requireVerifyActor(request);
  if (isMultipartRequest(request)) return uploadAction(request, actor);
  const form = await readForm(request);
  const values: FormValues = {};
  for (const [key, value] of form) if (typeof value === "string" && key !== "intent") values[key] = value.slice(0, 500);
  const intent = String(form.get("intent") ?? "");
  const context = await verificationContext(actor);
  const country = context.company.country;
  const addressSuggestions = () => addressChoices(country, values.addressQuery ?? "", values.addressId || null);
  // In the company search, `chosen` stays the company's current one (Done returns to it) and `picked` is the radio.
  const businessState = async (editing: boolean) => {
    const picked = await registerChoice(country, values.registrationNumber || null);
    const chosen = editing ? await registerChoice(country, context.company.registrationNumber) : picked;
    if (editing && !values.companyQuery && chosen) values.companyQuery = chosen.label;
    const companySuggestions = editing ? await searchRegisterChoices(country, values.companyQuery ?? "") : [];
    if (editing && picked && !companySuggestions.some((choice) => choice.value === picked.value)) companySuggestions.unshift(picked);
    return { chosen, picked, editing, companySuggestions };
  };

  switch (intent) {
    case "send-link": {
      const userId = Number(values.userId);
      try {
        const sent = await sendOwnerVerificationLink(actor, { userId, email: values.email });
        const sendLink = sent.delivered ? { userId, message: OWNER_LINK_SENT(sent.name) } : { userId, error: `The e-mail to ${sent.email} was not sent: ${sent.error}` };
        return json<ActionData>({ nonce: crypto.randomUUID(), fieldErrors: {}, values: {}, sendLink });
      } catch (error) {
        if (!isAppError(error) || error.status >= 500) throw error;
        return json<ActionData>({ nonce: crypto.randomUUID(), fieldErrors: {}, values: {}, sendLink: { userId, error: error.message } }, { status: error.status });
      }
    }
    case "identity":
      try {
        return redirect((await submitIdentityStep(actor, { userId: Number(values.userId), form: values })).to);
      } catch (error) {
        // The day's identity checks for this person used up (429, issue 13 part 13) is said above the form.
        return refusal(error, { values, addressSuggestions: await addressSuggestions() });
      }
    case "search-address":
      return answer({
        values,
        addressSuggestions: await addressSuggestions(),
        business: values.companyEditing !== undefined || values.registrationNumber !== undefined ? await businessState(false) : undefined,
      });
    case "edit-name":
      return answer({ values: { ...values, nameEditing: "true" }, addressSuggestions: await addressSuggestions() });
    case "done-name":
      if (!splitFullName(values.fullName ?? "")) return refusal(AppError.validation({ fullName: NAME_REQUIRED }), { values, addressSuggestions: await addressSuggestions() });
      return answer({ values: { ...values, nameEditing: "" }, addressSuggestions: await addressSuggestions() });
    case "business":
      try {
        return redirect((await confirmBusinessStep(actor, { form: values })).to);
      } catch (error) {
        const editing = values.companyEditing === "true" || !values.registrationNumber;
        return refusal(error, { values, addressSuggestions: await addressSuggestions(), business: await businessState(editing) });
      }
    case "search-company":
    case "edit-company":
      return answer({ values, addressSuggestions: await addressSuggestions(), business: await businessState(true) });
    case "done-company": {
      const chosen = await registerChoice(country, values.registrationNumber || null);
      if (!chosen)
        return refusal(AppError.validation({ company: COMPANY_PICK }), { values, addressSuggestions: await addressSuggestions(), business: await businessState(true) });
      return answer({
        values: { ...values, companyEditing: "" },
        addressSuggestions: await addressSuggestions(),
        business: await businessState(false),
      });
    }
    default:
      return refusal(new AppError(400, "Bad Request", { code: "BAD_REQUEST" }), { values });
  }
}

const dobParts = (iso: string | null): FormValues => {
  const [year, month, day] = (iso ?? "").split("-");
  return iso ? { dobYear: year, dobMonth: String(Number(month)), dobDay: String(Number(day)) } : {};
};

export default function VerifyPage() {
  const loaded = useLoaderData<typeof loader>();
  if ("mode" in loaded && loaded.mode === "link") return <OwnerLinkPage />;
  return <CompanyVerifyPage />;
}

function CompanyVerifyPage() {
  const data = useLoaderData<typeof loader>() as Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { mode: "link" }>;
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const view = data.view as VerifyView;
  const { fieldErrors, formError } = formErrorsOf(actionData);
  const errors: Record<string, string> = formError ? { ...fieldErrors, form: formError } : fieldErrors;

  let body: JSX.Element;
  switch (view.kind) {
    case "complete":
      body = <VerificationComplete />;
      break;
    case "identity": {
      const initial: FormValues = {
        fullName: view.person.fullName,
        ...dobParts(view.person.dateOfBirth),
        driversLicenceNumber: view.person.driversLicenceNumber ?? "",
        driversLicenceVersion: view.person.driversLicenceVersion ?? "",
      };
      body = (
        <Card>
          <CardHeader>
            <CardTitle className="text-xl">{view.heading}</CardTitle>
            <CardDescription>{view.description}</CardDescription>
          </CardHeader>
          <CardContent>
            <IdentityForm
              key={actionData?.nonce ?? "initial"}
              action={data.action}
              userId={view.person.id}
              fullName={view.person.fullName}
              nameEditable={view.person.isSelf}
              passportAllowed={data.passportAllowed}
              addressRequired={data.addressRequired}
              years={data.years}
              values={actionData?.values ?? initial}
              errors={errors}
              addressSuggestions={actionData?.addressSuggestions ?? []}
            />
          </CardContent>
        </Card>
      );
      break;
    }
    case "upload":
      body = <DocumentUpload action={data.action} userId={view.person.id} fullName={view.person.fullName} self={view.person.isSelf} error={errors.document} />;
      break;
    case "pending":
      body = <VerificationPending fullName={view.person.fullName} self={view.person.isSelf} continueTo={view.continueTo} />;
      break;
    case "success":
      body = <VerificationSuccess person={view.person} continueTo={view.continueTo} />;
      break;
    case "business": {
      const business = actionData?.business;
      const chosen = business ? business.chosen : view.chosen;
      body = (
        <Card>
          <CardHeader>
            <CardTitle className="text-xl">Confirm business details</CardTitle>
            <CardDescription>Check that these are your company&apos;s registered details.</CardDescription>
          </CardHeader>
          <CardContent>
            <BusinessForm
              key={actionData?.nonce ?? "initial"}
              action={data.action}
              country={data.country}
              chosen={chosen}
              picked={business ? business.picked : view.chosen}
              editing={business ? business.editing || !chosen : !chosen}
              companySuggestions={business?.companySuggestions ?? []}
              addressSuggestions={actionData?.addressSuggestions ?? []}
              values={actionData?.values ?? { website: view.website }}
              errors={errors}
              acknowledgement={data.acknowledgement}
            />
          </CardContent>
        </Card>
      );
      break;
    }
    case "list":
      body = <OwnersList people={view.people} nextPersonId={view.nextPersonId} />;
      break;
  }

  return (
    <VerifyShell closeTo="/invoices" current={data.stepper.current} done={data.stepper.done} user={data.user}>
      {body}
      {data.sendLink ? (
        <div className="mt-6 rounded-lg bg-background">
          <SendLinkForm
            action={data.action}
            userId={data.sendLink.userId}
            fullName={data.sendLink.fullName}
            sentTo={data.sendLink.sentTo}
            result={actionData?.sendLink}
            headingLevel={2}
          />
        </div>
      ) : null}
    </VerifyShell>
  );
}
