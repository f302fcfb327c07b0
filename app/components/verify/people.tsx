import { Form, Link, useNavigation } from "@remix-run/react";
import { AlertCircle, CheckCircle2, ChevronRight, Circle, Clock } from "~/components/ui/icons";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import { Label } from "~/components/ui/label";
import { PERSON_STATUS_LABELS } from "~/modules/kyc/rules";
import { detailsPath } from "~/modules/kyc/verify-paths";

type Status = keyof typeof PERSON_STATUS_LABELS;

export interface PersonRow {
  id: number;
  fullName: string;
  designation: string;
  verificationStatus: Status;
  isSelf: boolean;
}

const ICONS: Record<Status, typeof Circle> = {
  VERIFIED: CheckCircle2,
  VERIFICATION_PENDING: Clock,
  VERIFICATION_FAILED: AlertCircle,
  NOT_VERIFIED: Circle,
};
const ICON_COLOURS: Record<Status, string> = {
  VERIFIED: "text-emerald-600",
  VERIFICATION_PENDING: "text-amber-600",
  VERIFICATION_FAILED: "text-destructive",
  NOT_VERIFIED: "text-muted-foreground",
};

/** The verification icon with its status label (spec p1 §3 labels) for screen readers and as a tooltip. */
export function StatusIcon({ status }: { status: Status }) {
  const Icon = ICONS[status];
  return (
    <span className="flex items-center gap-1.5 text-xs text-muted-foreground" title={PERSON_STATUS_LABELS[status]}>
      <Icon className={`size-5 ${ICON_COLOURS[status]}`} aria-hidden />
      <span>{PERSON_STATUS_LABELS[status]}</span>
    </span>
  );
}

export const VERIFY_LATER_PATH = "/invoices/get-verified";

/** "Verify identity of owners and directors" (spec p1 §2): name, icon and designation; Continue or Finish; later. */
export function OwnersList({ people, nextPersonId }: { people: PersonRow[]; nextPersonId: number | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Verify identity of owners and directors</CardTitle>
        <CardDescription>
          We verify everyone who owns 25% or more of your company, and its directors. Choose a person to verify them; you can come back to this later.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ul aria-label="Owners and directors" className="divide-y rounded-md border">
          {people.map((person) => (
            <li key={person.id}>
              <Link to={detailsPath(person.id)} className="flex items-center gap-3 px-4 py-3 hover:bg-accent">
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">
                    {person.fullName}
                    {person.isSelf ? <span className="font-normal text-muted-foreground"> (you)</span> : null}
                  </span>
                  {person.designation ? <span className="block text-sm text-muted-foreground">{person.designation}</span> : null}
                </span>
                <StatusIcon status={person.verificationStatus} />
                <ChevronRight className="size-4 text-muted-foreground" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {/* Later: into the app, with the get-verified prompt over the invoices (issue 13 part 18, decision 024). */}
          <Link to={VERIFY_LATER_PATH} className={buttonVariants({ variant: "ghost" })}>
            I&apos;ll do this later
          </Link>
          {nextPersonId ? (
            <Link to={detailsPath(nextPersonId)} className={buttonVariants()}>
              Continue
            </Link>
          ) : (
            <Link to="/invoices" className={buttonVariants()}>
              Finish
            </Link>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

export interface SuccessDetails {
  fullName: string;
  dateOfBirth: string | null;
  driversLicenceNumber: string | null;
  driversLicenceVersion: string | null;
  passportNumber: string | null;
  note: string | null;
}

const formatDate = (iso: string | null) => (iso ? iso.split("-").reverse().join("/") : "—");

/** "Verification Successful" (spec p1 §2): name, date of birth, driver licence number and version, admin note. */
export function VerificationSuccess({ person, continueTo }: { person: SuccessDetails; continueTo: string | null }) {
  const rows: [string, string][] = [
    ["Name", person.fullName],
    ["Date of birth", formatDate(person.dateOfBirth)],
    ...(person.passportNumber
      ? ([["Passport number", person.passportNumber]] as [string, string][])
      : ([
          ["Driver licence number", person.driversLicenceNumber ?? "—"],
          ["Licence version", person.driversLicenceVersion ?? "—"],
        ] as [string, string][])),
    ["Note", person.note || "—"],
  ];
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <CheckCircle2 className="mb-2 size-12 text-emerald-600" aria-hidden />
        <CardTitle className="text-xl">Verification Successful</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        {continueTo ? (
          <div className="flex justify-end">
            <Link to={continueTo} className={buttonVariants()}>
              Continue
            </Link>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** After a document upload (spec p1 §4): pending, review under an hour, an e-mail will follow. */
export function VerificationPending({ fullName, self, continueTo }: { fullName: string; self: boolean; continueTo: string }) {
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <Clock className="mb-2 size-12 text-amber-600" aria-hidden />
        <CardTitle className="text-xl">Verification Pending</CardTitle>
        <CardDescription className="text-base">
          {self ? "Thanks, we have your document." : `Thanks, we have the document for ${fullName}.`} Our team reviews it in less than 1 hour, and we will send
          you an email once the verification is complete.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex justify-center">
        <Link to={continueTo} className={buttonVariants()}>
          Continue
        </Link>
      </CardContent>
    </Card>
  );
}

/** The identity document upload after a failed check (spec p1 §2, §5): JPG or PNG under 10 MB. */
export function DocumentUpload({
  action,
  userId,
  fullName,
  self,
  error,
}: {
  action: string;
  userId: number;
  fullName: string;
  self: boolean;
  error?: string | null;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction === action;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">{self ? "Upload your identity document" : `Upload identity document for ${fullName}`}</CardTitle>
        <CardDescription>
          We could not verify {self ? "your identity" : `the identity of ${fullName}`} from the details given. Upload a clear photo or scan of the driver
          licence or passport and our team will check it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <p className="mb-4 text-sm text-muted-foreground">JPG or PNG, less than 10 MB.</p>
        <Form method="post" action={action} encType="multipart/form-data" noValidate className="grid gap-4">
          <input type="hidden" name="userId" value={userId} />
          <div className="grid gap-2">
            <Label htmlFor="document" required>
              Identity document
            </Label>
            <input
              id="document"
              aria-required="true"
              name="document"
              type="file"
              accept="image/jpeg,image/png"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "document-error" : undefined}
              className="block w-full text-sm file:mr-4 file:rounded-md file:border-0 file:bg-primary file:px-4 file:py-2 file:text-sm file:font-medium file:text-primary-foreground"
            />
            <FieldError id="document-error" message={error} />
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={submitting}>
              {submitting ? "Uploading…" : "Upload"}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

/** A VERIFIED company (spec p1 §2): "Verification is complete" with Continue to /invoices. */
export function VerificationComplete() {
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <CheckCircle2 className="mb-2 size-12 text-emerald-600" aria-hidden />
        <CardTitle className="text-xl">Verification is complete</CardTitle>
        <CardDescription className="text-base">Your company and its owners and directors are verified.</CardDescription>
      </CardHeader>
      <CardContent className="flex justify-center">
        <Link to="/invoices" className={buttonVariants()}>
          Continue
        </Link>
      </CardContent>
    </Card>
  );
}
