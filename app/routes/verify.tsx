import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type UploadHandler,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BusinessForm, type CompanyChoice } from "~/components/verify/business-form";
import { IdentityForm, type FormValues } from "~/components/verify/identity-form";
import { DocumentUpload, OwnersList, VerificationComplete, VerificationPending, VerificationSuccess } from "~/components/verify/people";
import type { Suggestion } from "~/components/verify/suggestion-search";
import { VerifyShell } from "~/components/verify/verify-shell";
import { shellUserOf } from "~/components/layout/user-menu";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { getSessionUser, requireUser } from "~/web/auth.server";
import { isAppError } from "~/lib/errors";
import { actorOf } from "~/modules/auth/service.server";
import { BUSINESS_ACKNOWLEDGEMENT, COMPANY_PICK, dobYears, NAME_REQUIRED, splitFullName } from "~/modules/kyc/schema";
import {
  addressChoices,
  confirmBusinessDetails,
  readDocumentStream,
  registerChoice,
  searchRegisterChoices,
  submitIdentity,
  uploadIdentityDocument,
  verificationContext,
  type DocumentStream,
} from "~/modules/kyc/service.server";
import { BUSINESS_DETAILS_PATH, detailsPath, OWNERS_LIST_PATH, successPath, UPLOAD_OWN_DOCUMENT_PATH, uploadPath, USER_DETAILS_PATH } from "~/modules/kyc/verify-paths";
import { verifyStep, type VerifyStepOutcome, type VerifyView } from "~/modules/kyc/verify-steps.server";
import { isAtLeast, onboardingPath } from "~/modules/onboarding/rules";
import { isMultipartRequest, readForm, readMultipartForm } from "~/web/http.server";

export const meta: MetaFunction = () => [{ title: "Earlybird | Verify your account" }];

const notFound = () => new Response("Not Found", { status: 404 });

/**
 * The logged-in company user. /verify is where the onboarding redirect sends users, so it reads the session itself
 * (no onboarding redirect can loop here); a missing or expired session still goes through requireUser to /login.
 * Admins verify people from their own pages.
 */
async function requireVerifyActor(request: Request) {
  const user = (await getSessionUser(request)) ?? (await requireUser(request));
  if (user.isAdmin) throw redirect("/");
  if (!user.company) throw notFound();
  // Verification follows activation (spec p1 §4): a user still activating goes back to their activation step.
  const pending = onboardingPath(user);
  if (pending && !isAtLeast(user.onboardingState, "PHONE_NUMBER_VERIFIED")) throw redirect(pending);
  return { user, actor: { ...actorOf(user), companyId: user.company.id } };
}

/** /verify needs a company user's login; admins verify people from their own pages (issue 6 part 5). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, actor } = await requireVerifyActor(request);
  const url = new URL(request.url);
  const params = url.searchParams;
  let outcome: VerifyStepOutcome;
  try {
    outcome = await verifyStep(actor, {
      step: params.get("step"),
      userId: params.get("userId"),
      uploadDocument: params.get("upload_document") === "true",
      details: params.get("details") === "true",
      success: params.get("success") === "true",
      upload: params.get("upload") === "true",
    });
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw notFound();
    throw error;
  }
  if (outcome.kind === "redirect") throw redirect(outcome.to);
  return json({
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

interface ActionData {
  nonce: string;
  values: FormValues;
  errors: Record<string, string>;
  addressSuggestions?: Suggestion[];
  business?: { chosen: CompanyChoice | null; picked: CompanyChoice | null; editing: boolean; companySuggestions: CompanyChoice[] };
}

const answer = (data: Omit<ActionData, "nonce">, status = 200) => json<ActionData>({ nonce: crypto.randomUUID(), ...data }, { status });

async function uploadAction(request: Request, actor: Parameters<typeof uploadIdentityDocument>[0]) {
  let file: DocumentStream | null = null;
  const fileHandler: UploadHandler = async ({ name, filename, data }) => {
    if (name !== "document") return undefined;
    if (!filename || file) {
      for await (const chunk of data) void chunk; // no file chosen (an empty part), or a second file: drained
      return undefined;
    }
    file = await readDocumentStream(filename, data);
    return filename;
  };
  let form: FormData;
  try {
    // Other parts are small text fields (the person's id), kept in memory (4 kB at most).
    form = await readMultipartForm(request, fileHandler);
  } catch (error) {
    if (isAppError(error)) return answer({ values: {}, errors: { document: error.message } }, error.status);
    if (!(error instanceof Response)) throw error;
    const { message } = (await error.json()) as { message: string };
    return answer({ values: {}, errors: { document: message } }, error.status);
  }
  const userId = Number(form.get("userId"));
  try {
    await uploadIdentityDocument(actor, { userId, file });
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.status === 404) throw notFound();
    if (error.status === 409) throw redirect(userId === actor.userId ? UPLOAD_OWN_DOCUMENT_PATH : detailsPath(userId));
    return answer({ values: {}, errors: { document: error.message } }, error.status);
  }
  return redirect(userId === actor.userId ? UPLOAD_OWN_DOCUMENT_PATH : detailsPath(userId));
}

export async function action({ request }: ActionFunctionArgs) {
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
    case "identity": {
      const userId = Number(values.userId);
      let result: Awaited<ReturnType<typeof submitIdentity>>;
      try {
        result = await submitIdentity(actor, { userId, form: values });
      } catch (error) {
        if (isAppError(error) && error.status === 404) throw notFound();
        if (isAppError(error) && error.status === 409) throw redirect(userId === actor.userId ? USER_DETAILS_PATH : detailsPath(userId));
        // The day's identity checks for this person are used up (issue 13 part 13): said above the form.
        if (isAppError(error) && error.status === 429) return answer({ values, errors: { form: error.message }, addressSuggestions: await addressSuggestions() }, 429);
        throw error;
      }
      if (!result.ok) return answer({ values, errors: result.fieldErrors, addressSuggestions: await addressSuggestions() }, 400);
      if (userId === actor.userId) {
        if (result.status !== "VERIFIED") return redirect(UPLOAD_OWN_DOCUMENT_PATH);
        return redirect(context.company.businessConfirmed ? OWNERS_LIST_PATH : BUSINESS_DETAILS_PATH);
      }
      return redirect(result.status === "VERIFIED" ? successPath(userId) : uploadPath(userId));
    }
    case "search-address":
      return answer({
        values,
        errors: {},
        addressSuggestions: await addressSuggestions(),
        business: values.companyEditing !== undefined || values.registrationNumber !== undefined ? await businessState(false) : undefined,
      });
    case "edit-name":
      return answer({ values: { ...values, nameEditing: "true" }, errors: {}, addressSuggestions: await addressSuggestions() });
    case "done-name":
      if (!splitFullName(values.fullName ?? ""))
        return answer({ values, errors: { fullName: NAME_REQUIRED }, addressSuggestions: await addressSuggestions() }, 400);
      return answer({ values: { ...values, nameEditing: "" }, errors: {}, addressSuggestions: await addressSuggestions() });
    case "business": {
      let result: Awaited<ReturnType<typeof confirmBusinessDetails>>;
      try {
        result = await confirmBusinessDetails(actor, { form: values });
      } catch (error) {
        if (isAppError(error) && error.status === 409) throw redirect(USER_DETAILS_PATH);
        throw error;
      }
      if (!result.ok) {
        const editing = values.companyEditing === "true" || !values.registrationNumber;
        return answer({ values, errors: result.fieldErrors, addressSuggestions: await addressSuggestions(), business: await businessState(editing) }, 400);
      }
      return redirect(result.otherPeople ? OWNERS_LIST_PATH : "/invoices");
    }
    case "search-company":
    case "edit-company":
      return answer({ values, errors: {}, addressSuggestions: await addressSuggestions(), business: await businessState(true) });
    case "done-company": {
      const chosen = await registerChoice(country, values.registrationNumber || null);
      if (!chosen)
        return answer({ values, errors: { company: COMPANY_PICK }, addressSuggestions: await addressSuggestions(), business: await businessState(true) }, 400);
      return answer({
        values: { ...values, companyEditing: "" },
        errors: {},
        addressSuggestions: await addressSuggestions(),
        business: await businessState(false),
      });
    }
    default:
      return answer({ values, errors: {} }, 400);
  }
}

const dobParts = (iso: string | null): FormValues => {
  const [year, month, day] = (iso ?? "").split("-");
  return iso ? { dobYear: year, dobMonth: String(Number(month)), dobDay: String(Number(day)) } : {};
};

export default function VerifyPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const view = data.view as VerifyView;
  const errors = actionData?.errors ?? {};

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
    </VerifyShell>
  );
}
