import { Form, Link, useNavigation } from "@remix-run/react";
import { KeyRound } from "~/components/ui/icons";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDate } from "~/lib/dates";
import { type InviteCodeStatus } from "~/modules/signup/rules";
import { INVITE_CODE_DEFAULT_DAYS, INVITE_CODE_MAX_DAYS } from "~/modules/signup/schema";
import { StatusBadge } from "~/components/ui/status-badge";

export interface InviteCodeRow {
  id: number;
  code: string;
  email: string | null;
  status: InviteCodeStatus;
  expiresAt: string;
  usedBy: string | null;
}

const day = (iso: string) => formatDate(iso.slice(0, 10));

/** Admin /companies: the sign-up invite codes (issue 6 part 1), newest first, with a button to create one. */
export function InviteCodesCard({ codes }: { codes: InviteCodeRow[] }) {
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="space-y-1.5">
          <CardTitle className="text-lg">Invite codes</CardTitle>
          <CardDescription>A new company signs up at /signup with a 6-digit code. Each code works once.</CardDescription>
        </div>
        <Link to="/companies/invite-code" className={buttonVariants()} preventScrollReset>
          <KeyRound className="size-4" aria-hidden />
          Create invite code
        </Link>
      </CardHeader>
      <CardContent>
        <div className="overflow-x-auto">
          <Table aria-label="Recent invite codes">
            <TableHeader>
              <TableRow>
                <TableHead>Code</TableHead>
                <TableHead>Email</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Expires</TableHead>
                <TableHead>Used by</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {codes.length === 0 ? <TableEmpty colSpan={5}>No invite codes yet</TableEmpty> : null}
              {codes.map((code) => (
                <TableRow key={code.id}>
                  <TableCell label="Code" className="font-mono">
                    {code.code}
                  </TableCell>
                  <TableCell label="Email">{code.email ?? "—"}</TableCell>
                  <TableCell label="Status">
                    <StatusBadge kind="inviteCode" status={code.status} />
                  </TableCell>
                  <TableCell label="Expires" className="whitespace-nowrap">
                    {day(code.expiresAt)}
                  </TableCell>
                  <TableCell label="Used by">{code.usedBy ?? "—"}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </CardContent>
    </Card>
  );
}

export interface CreatedInviteCode {
  code: string;
  email: string | null;
  expiresAt: string;
  emailSent: boolean | null;
}

/** The Create invite code dialog: optional e-mail and days, then the new code, large. */
export function CreateInviteCodeDialog({
  created,
  errors,
  values,
}: {
  created: CreatedInviteCode | null;
  errors: Partial<Record<"email" | "days" | "form", string>>;
  values: { email: string; days: string };
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  if (created) {
    return (
      <RouteDialog title="Invite code created" closeTo="/companies" description="Give this code to the person who will sign up their company.">
        <div className="rounded-lg border bg-accent/40 p-6 text-center">
          <p className="text-sm text-muted-foreground" id="new-invite-code-label">
            Invite code
          </p>
          <p
            className="mt-2 font-mono text-4xl font-bold tracking-[0.3em] text-primary"
            role="status"
            aria-labelledby="new-invite-code-label"
            data-testid="invite-code"
          >
            {created.code}
          </p>
        </div>
        <ul className="space-y-1 text-sm text-muted-foreground">
          <li>Works once, until {day(created.expiresAt)}.</li>
          {created.email ? (
            <li>{created.emailSent ? `E-mailed to ${created.email}.` : `The e-mail to ${created.email} could not be sent; give the code yourself.`}</li>
          ) : null}
          <li>Sign up at /signup.</li>
        </ul>
        <RouteDialogFooter>
          <Link to="/companies/invite-code" className={buttonVariants({ variant: "outline" })}>
            Create another
          </Link>
          <Link to="/companies" className={buttonVariants()}>
            Done
          </Link>
        </RouteDialogFooter>
      </RouteDialog>
    );
  }
  return (
    <RouteDialog title="Create invite code" closeTo="/companies" description="A 6-digit code for one sign-up. With an email address, we send the code there.">
      <Form method="post" action="/companies/invite-code" noValidate className="space-y-4">
        {errors.form ? <Alert variant="destructive">{errors.form}</Alert> : null}
        <div className="space-y-2">
          <Label htmlFor="invite-email">Email (optional)</Label>
          <Input
            id="invite-email"
            name="email"
            type="email"
            defaultValue={values.email}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? "invite-email-error" : undefined}
          />
          <FieldError id="invite-email-error" message={errors.email} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="invite-days">Expires after (days)</Label>
          <Input
            id="invite-days"
            name="days"
            inputMode="numeric"
            defaultValue={values.days || String(INVITE_CODE_DEFAULT_DAYS)}
            className="w-32"
            aria-invalid={errors.days ? true : undefined}
            aria-describedby={errors.days ? "invite-days-hint invite-days-error" : "invite-days-hint"}
          />
          <p id="invite-days-hint" className="text-xs text-muted-foreground">
            1 to {INVITE_CODE_MAX_DAYS} days.
          </p>
          <FieldError id="invite-days-error" message={errors.days} />
        </div>
        <RouteDialogFooter>
          <Link to="/companies" className={buttonVariants({ variant: "outline" })}>
            Cancel
          </Link>
          <Button type="submit" disabled={submitting}>
            {submitting ? "Creating…" : "Create code"}
          </Button>
        </RouteDialogFooter>
      </Form>
    </RouteDialog>
  );
}
