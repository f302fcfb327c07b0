/**
 * The account mapping wizard and the MYOB company file step (p1 §4-§5, §8; issue 18 part 3), as Settings
 * (/settings/connect-business-account?config=...) and sign-up (/signup?step=...) both show them. Each place names its
 * own addresses (`WizardPlaces`); the work is the integrations module's (mapping.server.ts, connections.server.ts).
 */
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { PROVIDER_LABELS, type ProviderKey } from "~/components/integrations/labels";
import { CREATE_NEW_ACCOUNT, type CompanyFileView, type MappingStepView } from "~/components/integrations/mapping-wizard";
import type { Actor } from "~/lib/actor";
import { AppError, isAppError } from "~/lib/errors";
import { companyFiles, liveConnection, selectCompanyFile } from "~/modules/integrations/connections.server";
import { mappingStep, saveMapping } from "~/modules/integrations/mapping.server";
import type { MappingStep } from "~/modules/integrations/rules";
import { INVALID_CREDENTIALS, OTHER_COMPANY as ONBOARDED, SELECT_ACCOUNT, SELECT_COMPANY_FILE } from "~/modules/integrations/schema";
import { handleError, parseFormData, readForm } from "~/web/http.server";
import { redirectWithToast } from "~/web/toast.server";


export interface WizardPlaces {
  returnTo: "settings" | "signup";
  mapStep: (step: MappingStep) => string;
  /** After the last step: the done screen (settings) or sign-up's final step with its connection. */
  done: (provider: ProviderKey) => string;
  companyFile: string;
  /** Where B1's answer after a company file is chosen leads, here. */
  afterCompanyFile: (redirectTo: string) => string;
}

export const SETTINGS_WIZARD: WizardPlaces = {
  returnTo: "settings",
  mapStep: (step) => `/settings/connect-business-account?config=map-accounts${step ? `&mapStep=${step}` : ""}`,
  done: () => "/settings/connect-business-account?config=final",
  companyFile: "/settings/connect-business-account?config=myob-company-file",
  afterCompanyFile: (redirectTo) => redirectTo,
};

const connectionOf = (provider: ProviderKey) => (provider === "XERO" ? "xero" : "myob");

export const SIGNUP_WIZARD: WizardPlaces = {
  returnTo: "signup",
  mapStep: (step) => `/signup?step=map-accounts${step ? `&mapStep=${step}` : ""}`,
  done: (provider) => `/signup?step=final&connection=${connectionOf(provider)}`,
  companyFile: "/signup?step=myob-company-file",
  afterCompanyFile: (redirectTo) => (redirectTo.includes("map-accounts") ? "/signup?step=map-accounts" : "/signup?step=final&connection=myob"),
};

export const MapStepSchema = z.coerce.number().int().min(0).max(2).catch(0) as unknown as z.ZodType<MappingStep>;
export const mapStepOf = (search: URLSearchParams): MappingStep => MapStepSchema.parse(search.get("mapStep") ?? "0");

/** The provider of the company's live connection (Xero when there is none: the done screen says the same either way). */
export async function providerOf(actor: Actor): Promise<ProviderKey> {
  return actor.companyId === null ? "XERO" : ((await liveConnection(actor.companyId))?.provider ?? "XERO");
}

export async function mappingStepData(actor: Actor, step: MappingStep): Promise<MappingStepView> {
  const view = await mappingStep(actor, step);
  const current = view.current?.externalAccountId ? view.accounts.find((account) => account.id === view.current!.externalAccountId) : undefined;
  return {
    step: view.step,
    providerLabel: view.provider === "XERO" ? "Xero" : "MYOB",
    accounts: view.accounts.map((account) => ({ id: account.id, label: `${account.code} ${account.name}` })),
    suggestion: { code: view.suggestion.code, name: view.suggestion.name },
    currentAccountId: current?.id ?? null,
  };
}

const MappingForm = z.object({
  step: z.coerce.number().int().min(0).max(2),
  account: z.string({ required_error: SELECT_ACCOUNT }).trim().min(1, SELECT_ACCOUNT).max(200, SELECT_ACCOUNT),
});

/** One step saved: the next step (or the done screen); a refusal on the account field, "already exist" as a notice. */
export async function mappingAction(request: Request, actor: Actor, places: WizardPlaces) {
  return mappingFormAction(await readForm(request), actor, places);
}

export async function mappingFormAction(form: FormData, actor: Actor, places: WizardPlaces) {
  try {
    const input = parseFormData(form, MappingForm);
    const result = await saveMapping(actor, {
      step: input.step as MappingStep,
      ...(input.account === CREATE_NEW_ACCOUNT ? { create: true } : { accountId: input.account }),
    });
    const next = result.next === "final" ? places.done(await providerOf(actor)) : places.mapStep(result.next);
    if (result.notice) return redirectWithToast(next, { type: "info", message: result.notice });
    return redirect(next);
  } catch (error) {
    // p1 §8 Mapping: "already exist" is a notice (the account is in the books: pick it from the list), not an error.
    if (isAppError(error) && /already exist/i.test(error.message)) {
      return json({ stage: "map-accounts" as const, fieldErrors: {}, notice: error.message }, { status: 409 });
    }
    // The module's own "nothing chosen", or a refusal of the books (creating the account failed), is on the account field.
    const onField = isAppError(error) && ((error.status < 500 && error.status !== 404 && error.status !== 403) || error.code === "ACCOUNT_CREATE_FAILED")
      ? AppError.validation({ account: error.message })
      : error;
    return handleError(onField, { data: { stage: "map-accounts" as const } });
  }
}

export async function companyFileData(actor: Actor): Promise<CompanyFileView> {
  const files = await companyFiles(actor);
  return {
    files: files.map((file) => ({ id: file.id, name: file.name, detail: file.country ? `MYOB AccountRight · ${file.country}` : "MYOB AccountRight" })),
    selectedFileId: files.length === 1 ? files[0]!.id : null,
    askCredentials: false,
    username: "",
  };
}

const CompanyFileFormSchema = z.object({
  fileId: z.string({ required_error: SELECT_COMPANY_FILE }).trim().min(1, SELECT_COMPANY_FILE).max(200, SELECT_COMPANY_FILE),
  username: z.string().max(200).optional(),
  password: z.string().max(200).optional(),
});

export interface CompanyFileActionData {
  stage: "myob-company-file";
  fieldErrors: Record<string, string>;
  formError?: string;
  fileId: string | null;
  askCredentials: boolean;
  username: string;
  onboarded: string | null;
}

/**
 * The company file chosen (p1 §8 MYOB): none → 'Please select a company file'; a 401 asks for the file's own username
 * and password; a 401 with them → 'Invalid credentials. ...'; 403 "Cannot connect to other company once onboarded" → a
 * Continue button.
 */
export async function companyFileAction(request: Request, actor: Actor, places: WizardPlaces) {
  return companyFileFormAction(await readForm(request), actor, places);
}

export async function companyFileFormAction(form: FormData, actor: Actor, places: WizardPlaces) {
  const fileId = typeof form.get("fileId") === "string" ? String(form.get("fileId")) : null;
  const username = typeof form.get("username") === "string" ? String(form.get("username")).slice(0, 200) : "";
  const sentCredentials = form.has("username") || form.has("password");
  const answer = (status: number, data: Omit<CompanyFileActionData, "stage" | "fileId" | "username">) =>
    json<CompanyFileActionData>({ stage: "myob-company-file", fileId, username, ...data }, { status });
  try {
    const input = parseFormData(form, CompanyFileFormSchema);
    const result = await selectCompanyFile(actor, { fileId: input.fileId, username: input.username ?? "", password: input.password ?? "", returnTo: places.returnTo });
    return redirectWithToast(places.afterCompanyFile(result.redirectTo), { type: "success", message: "Company file connected" });
  } catch (error) {
    if (isAppError(error) && error.status === 401) {
      const invalid = sentCredentials || error.message === INVALID_CREDENTIALS;
      return answer(401, { fieldErrors: invalid ? { credentials: INVALID_CREDENTIALS } : {}, askCredentials: true, onboarded: null });
    }
    if (isAppError(error) && error.status === 403 && error.message.includes(ONBOARDED)) {
      return answer(403, { fieldErrors: {}, askCredentials: false, onboarded: error.message });
    }
    if (isAppError(error) && error.status === 400 && /companyId must not be null/i.test(error.message)) {
      return answer(400, { fieldErrors: { fileId: SELECT_COMPANY_FILE }, askCredentials: sentCredentials, onboarded: null });
    }
    const response = await handleError(error, { fields: "named" });
    const body = (await response.clone().json()) as { fieldErrors: Record<string, string>; formError?: string };
    // A 401 without credentials comes back as a field error on the username: the file's sign-in is asked for.
    const prompt = Boolean(body.fieldErrors.username) && !sentCredentials;
    const fieldErrors = prompt ? {} : body.fieldErrors.username || body.fieldErrors.password ? { credentials: body.fieldErrors.password ?? body.fieldErrors.username! } : body.fieldErrors;
    const formError = body.formError && !prompt && !fieldErrors.credentials && !fieldErrors.fileId ? { formError: body.formError } : {};
    return answer(response.status, { fieldErrors, ...formError, askCredentials: sentCredentials || prompt, onboarded: null });
  }
}

export const providerLabelOf = (provider: ProviderKey) => PROVIDER_LABELS[provider];
