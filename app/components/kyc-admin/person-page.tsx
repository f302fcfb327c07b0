import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "~/components/ui/icons";
import { CompanyStatusBadge, HistoryPanel, PersonStatusBadge, VerifyButton, documentViewPath } from "~/components/kyc-admin/people";
import { IdentityForm, PersonDetailsForm, UploadDocumentForm } from "~/components/kyc-admin/person-forms";
import type { PersonPageActionData, PersonPageData } from "./person-page-types";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Alert } from "~/components/ui/alert";
import { useServerToast } from "~/components/ui/toast";

/**
 * The admin's edit and verify page for one person (p3 §2.3 /companies/{id}/verify/{userName}, /verify-owner):
 * status and Verify, upload on behalf, names and notes, identity (saving re-runs the check), and the history.
 */
export function PersonPage() {
  const { company, person, identity, passportAllowed } = useLoaderData<PersonPageData>();
  const data = useActionData<PersonPageActionData>();
  useServerToast(data?.formError ? { type: "error", message: data.formError } : null);
  const errorsFor = (intent: PersonPageActionData["intent"]) => (data?.intent === intent ? data.fieldErrors : undefined);
  const valuesFor = (intent: PersonPageActionData["intent"]) => (data?.intent === intent ? data.values : undefined);
  return (
    <div className="min-w-0 space-y-6">
      <Link to={`/companies/${company.id}/kyc`} className={buttonVariants({ variant: "ghost", size: "sm" })}>
        <ArrowLeft aria-hidden />
        Back to KYC
      </Link>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
          <div className="min-w-0">
            <h2 id={`person-${person.id}-name`} className="text-xl font-semibold">
              {person.name}
            </h2>
            <p className="text-sm text-muted-foreground">
              {person.role} of {company.companyName} ({company.country})
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <PersonStatusBadge status={person.verificationStatus} />
            <span className="ml-2 text-xs text-muted-foreground">Company status</span>
            <CompanyStatusBadge status={company.verificationStatus} />
          </div>
        </CardHeader>
        <CardContent className="space-y-4">
          <dl className="grid gap-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Email</dt>
              <dd className="break-words">{person.username}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Phone</dt>
              <dd>{person.phoneNumber ?? "Phone number not provided"}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Document</dt>
              <dd className="break-words">
                {person.documentId ? (
                  <Link to={documentViewPath(company.id, person.id)} className="text-primary underline-offset-4 hover:underline">
                    View document
                  </Link>
                ) : (
                  "Not available"
                )}
              </dd>
            </div>
          </dl>
          <VerifyButton person={person} />
        </CardContent>
      </Card>
      {data?.formError ? <Alert variant="destructive">{data.formError}</Alert> : null}
      <div className="grid gap-6 xl:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Name and notes</CardTitle>
          </CardHeader>
          <CardContent>
            <PersonDetailsForm person={person} errors={errorsFor("details")} values={valuesFor("details")} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Identity</CardTitle>
          </CardHeader>
          <CardContent>
            <IdentityForm
              identity={identity}
              country={company.country}
              passportAllowed={passportAllowed}
              errors={errorsFor("identity")}
              values={valuesFor("identity")}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Upload document</CardTitle>
          </CardHeader>
          <CardContent>
            <UploadDocumentForm person={person} error={errorsFor("upload")?.document} />
          </CardContent>
        </Card>
        <HistoryPanel company={company} person={person} />
      </div>
    </div>
  );
}
