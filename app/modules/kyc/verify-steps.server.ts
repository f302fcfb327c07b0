/**
 * The /verify step machine (spec p1 §4): given where the user asks to be (the step and the person of the URL) and
 * where the company's verification stands, either a screen to show or the step to send them to. The route only maps
 * the outcome to a response. A person of another company is a 404 (the AppError of personForVerification).
 */
import type { Actor } from "../../lib/actor";
import { AppError, isAppError, type FieldErrors } from "../../lib/errors";
import { isAtLeast } from "../onboarding/rules";
import {
  confirmBusinessDetails,
  peopleToVerify,
  personForVerification,
  registerChoice,
  submitIdentity,
  uploadIdentityDocument,
  verificationContext,
  type DocumentStream,
  type RegisterChoice,
  type VerifyPersonDetails,
} from "./service.server";
import { BUSINESS_DETAILS_PATH, detailsPath, OWNERS_LIST_PATH, successPath, UPLOAD_OWN_DOCUMENT_PATH, uploadPath, USER_DETAILS_PATH } from "./verify-paths";

/** The URL's query, as the step machine reads it (spec names: step, userId, upload_document, details, success, upload). */
export interface VerifyStepQuery {
  step: string | null;
  userId: string | null;
  uploadDocument: boolean;
  details: boolean;
  success: boolean;
  upload: boolean;
}

export type VerifyPersonView = Pick<
  VerifyPersonDetails,
  "id" | "fullName" | "isSelf" | "dateOfBirth" | "driversLicenceNumber" | "driversLicenceVersion" | "passportNumber" | "note" | "verifyWith"
>;

export type VerifyView =
  | { kind: "complete" }
  | { kind: "identity"; heading: string; description: string; person: VerifyPersonView }
  | { kind: "upload"; person: VerifyPersonView }
  | { kind: "pending"; person: VerifyPersonView; continueTo: string }
  | { kind: "success"; person: VerifyPersonView; continueTo: string }
  | { kind: "business"; chosen: RegisterChoice | null; website: string }
  | { kind: "list"; people: Awaited<ReturnType<typeof peopleToVerify>>; nextPersonId: number | null };

export type VerifyStepOutcome =
  | { kind: "redirect"; to: string }
  | {
      kind: "show";
      view: VerifyView;
      stepper: { current: number; done: number };
      country: "NZ" | "AU";
      passportAllowed: boolean;
      addressRequired: boolean;
    };

const SELF_DESCRIPTION = "We check your details with the identity service. They are kept private and used only to verify you.";

const personView = (p: VerifyPersonDetails): VerifyPersonView => ({
  id: p.id,
  fullName: p.fullName,
  isSelf: p.isSelf,
  dateOfBirth: p.dateOfBirth,
  driversLicenceNumber: p.driversLicenceNumber,
  driversLicenceVersion: p.driversLicenceVersion,
  passportNumber: p.passportNumber,
  note: p.note,
  verifyWith: p.verifyWith,
});

const identityView = (person: VerifyPersonDetails): VerifyView => ({
  kind: "identity",
  heading: person.isSelf ? "Verify your identity" : "Verify identity of owner or director",
  description: person.isSelf ? SELF_DESCRIPTION : `Enter the details of ${person.fullName} as they appear on their driver licence.`,
  person: personView(person),
});

const redirectTo = (to: string): VerifyStepOutcome => ({ kind: "redirect", to });

/** Where /verify with this query takes the actor (a company user past activation): a screen, or a redirect. */
export async function verifyStep(actor: Actor, query: VerifyStepQuery): Promise<VerifyStepOutcome> {
  const context = await verificationContext(actor);
  const { company, me } = context;
  const ownStepDone = isAtLeast(me.onboardingState, "OWNER_VERIFIED");
  const afterOwnStep = company.businessConfirmed ? OWNERS_LIST_PATH : BUSINESS_DETAILS_PATH;
  const { step } = query;
  const person = (userId: number) => personForVerification(actor, userId);

  // A person of another company is not found, whatever the company's status.
  if (query.userId !== null) await person(Number(query.userId));

  let view: VerifyView;
  if (company.verificationStatus === "VERIFIED") {
    view = { kind: "complete" };
  } else if (step === "user_details") {
    const self = await person(actor.userId);
    if (query.uploadDocument) {
      if (self.verificationStatus === "VERIFICATION_FAILED") view = { kind: "upload", person: personView(self) };
      else if (self.verificationStatus === "VERIFICATION_PENDING") view = { kind: "pending", person: personView(self), continueTo: afterOwnStep };
      else return redirectTo(USER_DETAILS_PATH);
    } else if (self.verificationStatus === "VERIFICATION_FAILED") {
      return redirectTo(UPLOAD_OWN_DOCUMENT_PATH);
    } else if (self.verificationStatus !== "NOT_VERIFIED") {
      return redirectTo(afterOwnStep);
    } else {
      view = { kind: "identity", heading: "Verify your identity", description: SELF_DESCRIPTION, person: personView(self) };
    }
  } else if (step === "business_details") {
    if (!ownStepDone) return redirectTo(USER_DETAILS_PATH);
    const chosen = await registerChoice(company.country, company.registrationNumber);
    view = { kind: "business", chosen, website: company.website ?? chosen?.website ?? "" };
  } else if (step === "beneficial_owners") {
    if (query.details || query.success || query.upload) {
      const target = await person(Number(query.userId));
      const status = target.verificationStatus;
      if (query.success) {
        if (status !== "VERIFIED") return redirectTo(detailsPath(target.id));
        view = { kind: "success", person: personView(target), continueTo: OWNERS_LIST_PATH };
      } else if (query.upload) {
        if (status !== "VERIFICATION_FAILED") return redirectTo(detailsPath(target.id));
        view = { kind: "upload", person: personView(target) };
      } else if (status === "VERIFIED") {
        return redirectTo(successPath(target.id));
      } else if (status === "VERIFICATION_FAILED") {
        return redirectTo(uploadPath(target.id));
      } else if (status === "VERIFICATION_PENDING") {
        view = { kind: "pending", person: personView(target), continueTo: OWNERS_LIST_PATH };
      } else {
        view = identityView(target);
      }
    } else {
      const people = await peopleToVerify(actor);
      const next = people.find((p) => p.verificationStatus === "NOT_VERIFIED" || p.verificationStatus === "VERIFICATION_FAILED");
      view = { kind: "list", people, nextPersonId: next?.id ?? null };
    }
  } else {
    // No step: where the user's onboarding stands (spec p1 §4).
    return redirectTo(!ownStepDone ? USER_DETAILS_PATH : !company.businessConfirmed ? BUSINESS_DETAILS_PATH : OWNERS_LIST_PATH);
  }

  const complete = view.kind === "complete";
  return {
    kind: "show",
    view,
    stepper: {
      current: complete ? 1 : step === "user_details" ? 0 : 1,
      done: complete ? 2 : (ownStepDone ? 1 : 0) + (company.businessConfirmed ? 1 : 0),
    },
    country: company.country,
    passportAllowed: context.passportAllowed,
    addressRequired: context.addressRequired,
  };
}

// ---- The forms' posts: the next step, as a tagged outcome ---------------------------------------------------------

export type VerifySubmitOutcome = { kind: "redirect"; to: string };

/** A form the service refused: the one field-error shape (422), for the route's handleError. */
function refused(fieldErrors: Partial<Record<string, string>>): AppError {
  return AppError.validation(Object.fromEntries(Object.entries(fieldErrors).filter(([, message]) => message)) as FieldErrors);
}

/**
 * Runs a post; a person whose verification moved on meanwhile (the service's 409: already checked, pending or
 * verified, in another tab or by an admin) is sent to `to`, where the step machine shows what stands now.
 */
async function unlessMovedOn(work: () => Promise<string>, to: string): Promise<VerifySubmitOutcome> {
  try {
    return { kind: "redirect", to: await work() };
  } catch (error) {
    if (isAppError(error) && error.status === 409) return { kind: "redirect", to };
    throw error;
  }
}

/**
 * The identity form of a person (spec p1 §4-5): checked by the identity service, then the next step: the primary
 * user's document upload (a failed check) or the business details / owners list; an owner's success or upload page.
 * Refused fields throw AppError.validation; the day's checks used up, 429.
 */
export async function submitIdentityStep(actor: Actor, input: { userId: number; form: Record<string, unknown> }): Promise<VerifySubmitOutcome> {
  const { userId } = input;
  const self = userId === actor.userId;
  return unlessMovedOn(
    async () => {
      const result = await submitIdentity(actor, input);
      if (!result.ok) throw refused(result.fieldErrors);
      if (!self) return result.status === "VERIFIED" ? successPath(userId) : uploadPath(userId);
      if (result.status !== "VERIFIED") return UPLOAD_OWN_DOCUMENT_PATH;
      return (await verificationContext(actor)).company.businessConfirmed ? OWNERS_LIST_PATH : BUSINESS_DETAILS_PATH;
    },
    self ? USER_DETAILS_PATH : detailsPath(userId)
  );
}

/** The document of a person whose check failed: stored, then that person's step again (pending now). */
export async function uploadDocumentStep(actor: Actor, input: { userId: number; file: DocumentStream | null }): Promise<VerifySubmitOutcome> {
  const to = input.userId === actor.userId ? UPLOAD_OWN_DOCUMENT_PATH : detailsPath(input.userId);
  return unlessMovedOn(async () => {
    await uploadIdentityDocument(actor, input);
    return to;
  }, to);
}

/** The business details (spec p1 §4): confirmed, then the owners list, or the app when nobody else needs checking. */
export async function confirmBusinessStep(actor: Actor, input: { form: Record<string, unknown> }): Promise<VerifySubmitOutcome> {
  return unlessMovedOn(async () => {
    const result = await confirmBusinessDetails(actor, input);
    if (!result.ok) throw refused(result.fieldErrors);
    // "/" is the company's home: Get started for a company with nothing yet (docs/decisions/065).
    return result.otherPeople ? OWNERS_LIST_PATH : "/";
  }, USER_DETAILS_PATH);
}
