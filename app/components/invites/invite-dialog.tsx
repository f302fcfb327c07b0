/**
 * Invite customer/supplier (p2 §2 Modals, §5 Invite): one company → Email (prefilled with the contact email) and an
 * optional Note; several companies → the batch invite (p2 §4 Other), one invite per company to its contact email.
 * A route dialog (docs/decisions/007): it works without JavaScript; the server's messages are the ones that count.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { lastInviteFailed } from "~/modules/invites/rules";
import type { InvitePreview } from "~/modules/invites/service.server";

export function InviteDialog({
  closeTo,
  action,
  ids,
  preview,
  errors,
  values,
}: {
  closeTo: string;
  action: string;
  ids: number[];
  preview: InvitePreview;
  errors?: { email?: string };
  values?: { email: string; note: string };
}) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const who = preview.type === "BILL" ? "supplier" : "customer";
  const single = preview.groups.length === 1 ? preview.groups[0] : null;
  // An earlier invite no mail server took (decision 033): shown, and sent again (to the contact email, else the address it had).
  const failedBefore = single ? preview.failed.find((failure) => failure.companyId === single.companyId) ?? null : null;
  const sendable = preview.groups.filter((group) => group.email).length;
  const title = preview.type === "BILL" ? (single ? "Invite supplier" : "Invite suppliers") : single ? "Invite customer" : "Invite customers";
  const description = single
    ? `Invite ${single.companyName} to Earlybird. We will e-mail them a link to the offer on ${
        single.numbers.length === 1 ? `invoice ${single.numbers[0]}` : `${single.numbers.length} invoices`
      }.`
    : preview.groups.length > 1
    ? `One invite per ${who}, sent to its contact email, with a link to its offers.`
    : `Nothing to invite: an invite needs an offer and a ${who} not yet on Earlybird.`;
  return (
    <RouteDialog title={title} closeTo={closeTo} description={description}>
      <Form method="post" action={action} preventScrollReset noValidate className="space-y-4">
        {ids.map((id) => (
          <input key={id} type="hidden" name="ids" value={id} />
        ))}
        <input type="hidden" name="mode" value={single ? "single" : "batch"} />
        {preview.failed.map((failure) => (
          <Alert key={failure.companyId} variant="destructive">
            {lastInviteFailed(failure.email, failure.error)}
          </Alert>
        ))}
        {single ? (
          <div className="space-y-1.5">
            <Label htmlFor="invite-email" required>
              Email
            </Label>
            <Input
              id="invite-email"
              aria-required="true"
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={values?.email ?? single.email ?? failedBefore?.email ?? ""}
              aria-invalid={Boolean(errors?.email)}
              aria-describedby={errors?.email ? "invite-email-error" : undefined}
              autoFocus
            />
            <FieldError id="invite-email-error" message={errors?.email} />
          </div>
        ) : preview.groups.length > 1 ? (
          <ul className="max-h-56 space-y-2 overflow-y-auto rounded-md border p-3 text-sm" aria-label={`${who[0].toUpperCase()}${who.slice(1)}s to invite`}>
            {preview.groups.map((group) => (
              <li key={group.companyId} className="flex flex-wrap justify-between gap-x-3">
                <span className="font-medium">
                  {group.companyName}{" "}
                  <span className="font-normal text-muted-foreground">
                    ({group.invoiceIds.length} {group.invoiceIds.length === 1 ? "invoice" : "invoices"})
                  </span>
                </span>
                <span className={group.email ? "text-muted-foreground" : "text-destructive"}>{group.email ?? "No valid contact email"}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {preview.skipped.length > 0 ? (
          <details className="text-sm text-muted-foreground">
            <summary className="cursor-pointer">
              {preview.skipped.length} selected {preview.skipped.length === 1 ? "record is" : "records are"} not included
            </summary>
            <ul className="mt-2 space-y-1">
              {preview.skipped.map((record) => (
                <li key={record.id}>
                  {record.number} {record.companyName ? `· ${record.companyName}` : ""}: {record.reason}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
        {preview.groups.length > 0 ? (
          <div className="space-y-1.5">
            <Label htmlFor="invite-note">Note (optional)</Label>
            <textarea
              id="invite-note"
              name="note"
              rows={3}
              maxLength={1000}
              defaultValue={values?.note ?? ""}
              className="flex w-full rounded-md border border-input bg-background px-3 py-2 text-sm ring-offset-background placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
            />
          </div>
        ) : null}
        <RouteDialogFooter>
          <Link to={closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            Cancel
          </Link>
          {preview.groups.length > 0 ? (
            <Button type="submit" disabled={pending || (!single && sendable === 0)}>
              {pending ? "Sending..." : failedBefore ? "Send again" : single || sendable === 1 ? "Send invite" : `Send ${sendable} invites`}
            </Button>
          ) : null}
        </RouteDialogFooter>
      </Form>
    </RouteDialog>
  );
}
