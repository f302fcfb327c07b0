import { Form, Link, useNavigation } from "@remix-run/react";
import { FileImage, History, Pencil, ShieldAlert, ShieldCheck, Upload } from "~/components/ui/icons";
import { dateAndTime } from "~/components/topups/admin-topups";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import type { KycCompany, KycHistoryEntry, KycPerson } from "~/modules/kyc/admin.server";
import { StatusBadge } from "~/components/ui/status-badge";

type CompanyStatus = KycCompany["verificationStatus"];
type PersonStatus = KycPerson["verificationStatus"];

export function CompanyStatusBadge({ status }: { status: CompanyStatus }) {
  return <StatusBadge kind="companyVerification" status={status} />;
}

export function PersonStatusBadge({ status }: { status: PersonStatus }) {
  return <StatusBadge kind="personVerification" status={status} />;
}

/** Where the admin edits and verifies a person: /verify/{userName} for the Earlybird user, /verify-owner for owners (p3 §2.3). */
export function personEditPath(companyId: number, person: Pick<KycPerson, "id" | "username" | "isEarlybirdUser">) {
  return person.isEarlybirdUser
    ? `/companies/${companyId}/verify/${encodeURIComponent(person.username)}`
    : `/companies/${companyId}/verify-owner?userId=${person.id}`;
}

export const documentViewPath = (companyId: number, userId: number, documentId?: number | null) =>
  `/companies/${companyId}/kyc/document/${userId}${documentId ? `?documentId=${documentId}` : ""}`;

export const documentFilePath = (companyId: number, documentId: number) => `/companies/${companyId}/kyc/documents/${documentId}`;

function when(iso: string, country: KycCompany["country"]) {
  const { date, time } = dateAndTime(iso, country === "AU" ? "en-AU" : "en-NZ");
  return `${date}, ${time}`;
}

/** The Verify button (p3 §2.4: shown unless VERIFIED): a plain post, so it works without JavaScript. */
export function VerifyButton({ person, action }: { person: KycPerson; action?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "verify" && navigation.formData?.get("userId") === String(person.id);
  if (person.verificationStatus === "VERIFIED") return null;
  return (
    <Form method="post" action={action} preventScrollReset>
      <input type="hidden" name="intent" value="verify" />
      <input type="hidden" name="userId" value={person.id} />
      <Button type="submit" size="sm" disabled={busy} aria-describedby={`person-${person.id}-name`}>
        <ShieldCheck aria-hidden />
        {busy ? "Verifying..." : "Verify"}
      </Button>
    </Form>
  );
}

/** Fail (decision 064): offered while a document waits for review (VERIFICATION_PENDING); a plain post. */
export function FailButton({ person, action }: { person: KycPerson; action?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "fail" && navigation.formData?.get("userId") === String(person.id);
  if (person.verificationStatus !== "VERIFICATION_PENDING") return null;
  return (
    <Form method="post" action={action} preventScrollReset>
      <input type="hidden" name="intent" value="fail" />
      <input type="hidden" name="userId" value={person.id} />
      <Button type="submit" size="sm" variant="outline" disabled={busy} aria-describedby={`person-${person.id}-name`}>
        <ShieldAlert aria-hidden />
        {busy ? "Failing..." : "Fail"}
      </Button>
    </Form>
  );
}

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{term}</dt>
      <dd className="break-words text-sm">{children}</dd>
    </div>
  );
}

/** One person of the KYC screen (p3 §2.4, §3 "User or owner"): details, actions and their history. */
export function PersonCard({
  company,
  person,
  showEdit = true,
  verifyAction,
  children,
}: {
  company: KycCompany;
  person: KycPerson;
  showEdit?: boolean;
  verifyAction?: string;
  /** More of the person's actions under the buttons (the KYC screen's verification link form). */
  children?: React.ReactNode;
}) {
  const nameId = `person-${person.id}-name`;
  const link = buttonVariants({ variant: "outline", size: "sm" });
  return (
    <Card role="region" aria-labelledby={nameId}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="min-w-0">
          <h3 id={nameId} className="text-lg font-semibold leading-tight">
            {person.name}
          </h3>
          <p className="text-sm text-muted-foreground">{person.role}</p>
        </div>
        <PersonStatusBadge status={person.verificationStatus} />
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid gap-3 sm:grid-cols-2">
          <Detail term="Email">{person.username}</Detail>
          <Detail term="Phone">{person.phoneNumber ?? "Phone number not provided"}</Detail>
          <Detail term="Document">{person.verificationDocName ?? "Not available"}</Detail>
          <Detail term="Last modified by">{person.lastModifiedBy ?? "Not available"}</Detail>
          <Detail term="Created">{when(person.creationTime, company.country)}</Detail>
          {person.note ? <Detail term="Notes">{person.note}</Detail> : null}
        </dl>
        <div className="flex flex-wrap gap-2">
          {person.documentId ? (
            <Link to={documentViewPath(company.id, person.id)} className={link} preventScrollReset>
              <FileImage aria-hidden />
              View document
            </Link>
          ) : null}
          <Link to={`/companies/${company.id}/kyc/upload/${person.id}`} className={link} preventScrollReset>
            <Upload aria-hidden />
            Upload document
          </Link>
          {showEdit ? (
            <Link to={personEditPath(company.id, person)} className={link}>
              <Pencil aria-hidden />
              Edit
            </Link>
          ) : null}
          <VerifyButton person={person} action={verifyAction} />
          <FailButton person={person} action={verifyAction} />
        </div>
        {children}
        <HistoryPanel company={company} person={person} />
      </CardContent>
    </Card>
  );
}

function entryDetails(entry: KycHistoryEntry): string | null {
  const details = entry.details;
  const reasons = Array.isArray(details.reasons) ? (details.reasons as unknown[]).filter((reason) => typeof reason === "string") : [];
  const parts: string[] = [];
  if (entry.status === "VERIFICATION_FAILED" && reasons.length > 0) parts.push(reasons.join(", "));
  if (typeof details.driversLicenceNumber === "string" && details.driversLicenceNumber) parts.push(`Licence ${details.driversLicenceNumber}`);
  if (typeof details.passportNumber === "string" && details.passportNumber) parts.push(`Passport ${details.passportNumber}`);
  if (typeof details.note === "string" && details.note) parts.push(details.note);
  return parts.length > 0 ? parts.join(" · ") : null;
}

/** The history of one person (p3 §4.8): status changes only, newest first; a pending entry links its document. */
export function HistoryPanel({ company, person }: { company: KycCompany; person: KycPerson }) {
  const titleId = `person-${person.id}-history`;
  return (
    <section aria-labelledby={titleId} className="rounded-md border bg-muted/30 p-3">
      <h4 id={titleId} className="mb-2 flex items-center gap-2 text-sm font-semibold">
        <History className="size-4" aria-hidden />
        History
      </h4>
      {person.history.length === 0 ? (
        <p className="text-sm text-muted-foreground">No history</p>
      ) : (
        <ol className="space-y-2">
          {person.history.map((entry) => {
            const details = entryDetails(entry);
            return (
              <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 border-b pb-2 text-sm last:border-b-0 last:pb-0">
                <div className="min-w-0">
                  <span className="font-medium">{entry.label}</span>
                  {entry.modifiedByName ? <span className="text-muted-foreground"> by {entry.modifiedByName}</span> : null}
                  {entry.documentId ? (
                    <div>
                      <Link
                        to={documentViewPath(company.id, person.id, entry.documentId)}
                        className="text-primary underline-offset-4 hover:underline"
                        preventScrollReset
                      >
                        {entry.documentName ?? "Document"}
                      </Link>
                    </div>
                  ) : details ? (
                    <div className="break-words text-muted-foreground">{details}</div>
                  ) : null}
                </div>
                <time dateTime={entry.at} className="whitespace-nowrap text-xs text-muted-foreground">
                  {when(entry.at, company.country)}
                </time>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
