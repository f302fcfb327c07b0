/**
 * /verify?token= (spec p1 §2, §4; decision 064): an owner or director verifying through an e-mailed link, without an
 * account. The same identity form and document upload as the in-app steps, for that person only; the close icon is a
 * form that revokes the link and goes to /login (spec p1 §2).
 */
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { AlertCircle, CheckCircle2, Clock, X } from "~/components/ui/icons";
import { PRODUCT_NAME } from "~/components/layout/page-handle";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formErrorsOf } from "~/lib/form-errors";
import { IdentityForm, type FormValues } from "./identity-form";
import { DocumentUpload, VerificationSuccess } from "./people";
import type { OwnerLinkActionData, OwnerLinkPageData } from "~/web/kyc/owner-link.server";

function LinkShell({ action, children }: { action: string | null; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-gradient-to-b from-accent to-background">
      <header className="border-b bg-background/80">
        <div className="mx-auto flex max-w-4xl items-center justify-between gap-3 px-4 py-3">
          <div className="flex flex-col">
            <span className="text-lg font-bold tracking-tight text-primary">{PRODUCT_NAME}</span>
            <h1 className="text-base font-semibold">Verify your account</h1>
          </div>
          {action ? (
            <Form method="post" action={action}>
              <button
                type="submit"
                name="intent"
                value="close"
                aria-label="Close"
                className="rounded-md p-2 text-muted-foreground hover:bg-accent hover:text-foreground"
              >
                <X className="size-5" aria-hidden />
              </button>
            </Form>
          ) : null}
        </div>
      </header>
      <main className="mx-auto max-w-2xl px-4 py-8">{children}</main>
    </div>
  );
}

const dobParts = (iso: string | null): FormValues => {
  const [year, month, day] = (iso ?? "").split("-");
  return iso ? { dobYear: year, dobMonth: String(Number(month)), dobDay: String(Number(day)) } : {};
};

export function OwnerLinkPage() {
  const data = useLoaderData() as unknown as OwnerLinkPageData;
  const actionData = useActionData() as OwnerLinkActionData | undefined;
  if (data.broken) {
    return (
      <LinkShell action={null}>
        <Card>
          <CardHeader className="items-center text-center">
            <AlertCircle className="mb-2 size-12 text-destructive" aria-hidden />
            <CardTitle className="text-xl">Link not valid</CardTitle>
            <CardDescription className="text-base">{data.message}</CardDescription>
          </CardHeader>
        </Card>
      </LinkShell>
    );
  }
  const { person } = data;
  const { fieldErrors, formError } = formErrorsOf(actionData);
  const errors: Record<string, string> = formError ? { ...fieldErrors, form: formError } : { ...fieldErrors };
  let body: JSX.Element;
  switch (data.view) {
    case "identity":
      body = (
        <Card>
          <CardHeader>
            <CardTitle className="text-xl">Verify identity of owner or director</CardTitle>
            <CardDescription>
              {person.companyName} asked us to verify your identity{person.designation ? ` as ${person.designation.toLowerCase()}` : ""}. Enter your details as they
              appear on your driver licence. They are kept private and used only to verify you.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <IdentityForm
              key={actionData?.nonce ?? "initial"}
              action={data.action}
              userId={person.id}
              fullName={person.fullName}
              nameEditable={false}
              passportAllowed={data.passportAllowed}
              addressRequired={data.addressRequired}
              years={data.years}
              values={actionData?.values ?? { ...dobParts(person.dateOfBirth), driversLicenceNumber: person.driversLicenceNumber ?? "", driversLicenceVersion: person.driversLicenceVersion ?? "" }}
              errors={errors}
              addressSuggestions={actionData?.addressSuggestions ?? []}
            />
          </CardContent>
        </Card>
      );
      break;
    case "upload":
      body = <DocumentUpload action={data.action} userId={person.id} fullName={person.fullName} self error={errors.document ?? errors.form} />;
      break;
    case "pending":
      body = (
        <Card>
          <CardHeader className="items-center text-center">
            <Clock className="mb-2 size-12 text-amber-600" aria-hidden />
            <CardTitle className="text-xl">Verification Pending</CardTitle>
            <CardDescription className="text-base">
              Thanks, we have your document. Our team reviews it in less than 1 hour, and we will send you an email once the verification is complete.
            </CardDescription>
          </CardHeader>
        </Card>
      );
      break;
    case "success":
      body = (
        <>
          <VerificationSuccess person={person} continueTo={null} />
          <p className="mt-4 flex items-center justify-center gap-2 text-sm text-muted-foreground">
            <CheckCircle2 className="size-4 text-emerald-700" aria-hidden />
            Nothing more to do: you can close this page.
          </p>
        </>
      );
      break;
  }
  return <LinkShell action={data.action}>{body}</LinkShell>;
}
