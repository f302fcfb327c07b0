import type { ReactNode } from "react";
import { Alert } from "~/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { useServerToast } from "~/components/ui/toast";
import { formErrorsOf } from "~/lib/form-errors";
import { CompanyFileForm, MappingStepForm, type CompanyFileView, type MappingStepView } from "./mapping-wizard";

/** Where the wizard lives: Settings (/settings/connect-business-account) or sign-up (/signup?step=...). */
export type WizardPlace = "settings" | "signup";

const ACTIONS: Record<WizardPlace, { mapping: string; companyFile: string; mapStep: (step: number) => string }> = {
  settings: {
    mapping: "/settings/connect-business-account?config=map-accounts",
    companyFile: "/settings/connect-business-account?config=myob-company-file",
    mapStep: (step) => `/settings/connect-business-account?config=map-accounts${step ? `&mapStep=${step}` : ""}`,
  },
  signup: {
    mapping: "/signup?step=map-accounts",
    companyFile: "/signup?step=myob-company-file",
    mapStep: (step) => `/signup?step=map-accounts${step ? `&mapStep=${step}` : ""}`,
  },
};

export const MAPPING_TITLE = "Map your accounts";
const STEP_NOUNS = ["the fees you pay", "the cashback you earn", "early payments"] as const;
export const mappingDescription = (view: MappingStepView) => `Step ${view.step + 1} of 3: choose where ${STEP_NOUNS[view.step]} are recorded in ${view.providerLabel}.`;
export const COMPANY_FILE_TITLE = "Choose your company file";
export const COMPANY_FILE_DESCRIPTION = "Select the MYOB AccountRight company file Earlybird should connect to.";

/** The settings frame of a wizard screen (sign-up uses its own centred card). */
export function WizardCard({ title, description, children }: { title: string; description: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** A mapping step's form with the action's answer: the field error, or the form's own error on the same field. */
export function MappingStepBody({ view, place, actionData }: { view: MappingStepView; place: WizardPlace; actionData: unknown }) {
  useServerToast(actionData);
  const { fieldErrors, formError } = formErrorsOf(actionData);
  const error = fieldErrors.account ?? formError ?? null;
  const notice = actionData && typeof actionData === "object" && "notice" in actionData ? String((actionData as { notice: unknown }).notice) : null;
  const actions = ACTIONS[place];
  return (
    <div className="space-y-4">
      {notice ? <Alert variant="info">{notice}</Alert> : null}
      <MappingStepForm key={view.step} view={view} action={actions.mapping} error={error} backTo={view.step > 0 ? actions.mapStep(view.step - 1) : null} />
    </div>
  );
}

export function MappingStepCard({ view, places, actionData }: { view: MappingStepView; places: WizardPlace; actionData: unknown }) {
  return (
    <WizardCard title={MAPPING_TITLE} description={mappingDescription(view)}>
      <MappingStepBody view={view} place={places} actionData={actionData} />
    </WizardCard>
  );
}

interface CompanyFileAnswer {
  stage?: string;
  fileId?: string | null;
  askCredentials?: boolean;
  username?: string;
  onboarded?: string | null;
}

/** The company file form with the action's answer: the file chosen again, the credentials asked for, the messages. */
export function CompanyFileBody({ view, place, actionData, continueTo }: { view: CompanyFileView; place: WizardPlace; actionData: unknown; continueTo: string }) {
  const { fieldErrors, formError } = formErrorsOf(actionData);
  const answer = (actionData && typeof actionData === "object" ? actionData : {}) as CompanyFileAnswer;
  const merged: CompanyFileView = {
    ...view,
    selectedFileId: answer.fileId ?? view.selectedFileId,
    askCredentials: Boolean(answer.askCredentials) || view.askCredentials,
    username: answer.username ?? view.username,
  };
  return (
    <CompanyFileForm
      key={`${merged.askCredentials}`}
      view={merged}
      action={ACTIONS[place].companyFile}
      errors={{ fileId: fieldErrors.fileId ?? null, credentials: fieldErrors.credentials ?? null, form: formError }}
      onboardedNotice={answer.onboarded ? { message: answer.onboarded, continueTo } : null}
    />
  );
}

export function CompanyFileStep({ view, places, actionData }: { view: CompanyFileView; places: WizardPlace; actionData: unknown }) {
  return (
    <WizardCard title={COMPANY_FILE_TITLE} description={COMPANY_FILE_DESCRIPTION}>
      <CompanyFileBody view={view} place={places} actionData={actionData} continueTo="/settings?tab=connected-apps" />
    </WizardCard>
  );
}
