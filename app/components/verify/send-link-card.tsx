/**
 * "Send a verification link" (decision 064): the primary user (on /verify, an owner's step) or an admin (the KYC
 * screen) e-mails an owner or director a link to verify themselves, without an account. A plain form (no JavaScript
 * needed); the address's error is said on its field.
 */
import { Form, useNavigation } from "@remix-run/react";
import { Mail } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

export interface SendLinkResult {
  userId: number;
  message?: string;
  error?: string;
}

export function SendLinkForm({
  action,
  userId,
  fullName,
  sentTo,
  result,
  headingLevel = 3,
}: {
  action?: string;
  userId: number;
  fullName: string;
  /** The address of the person's live link, if one was sent. */
  sentTo: string | null;
  result?: SendLinkResult | null;
  headingLevel?: 2 | 3;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "send-link" && navigation.formData?.get("userId") === String(userId);
  const mine = result && result.userId === userId ? result : null;
  const id = `send-link-${userId}`;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="space-y-3 rounded-md border p-4">
      <Heading id={`${id}-title`} className="flex items-center gap-2 text-sm font-semibold">
        <Mail className="size-4" aria-hidden />
        Send {fullName} a verification link
      </Heading>
      <p className="text-sm text-muted-foreground">
        We e-mail {fullName} a link to verify their own identity. They do not need an Earlybird account; the link works for 7 days.
      </p>
      {sentTo ? (
        <p className="text-sm">
          A link was sent to <span className="font-medium">{sentTo}</span>. Sending another one replaces it.
        </p>
      ) : null}
      {mine?.message ? (
        <p role="status" className="text-sm font-medium text-emerald-800">
          {mine.message}
        </p>
      ) : null}
      <Form method="post" action={action} noValidate preventScrollReset className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <input type="hidden" name="userId" value={userId} />
        <div className="grid flex-1 gap-2">
          <Label htmlFor={`${id}-email`} required>
            Email address of {fullName}
          </Label>
          <Input
            id={`${id}-email`}
            aria-required="true"
            name="email"
            type="email"
            autoComplete="off"
            aria-invalid={mine?.error ? true : undefined}
            aria-describedby={mine?.error ? `${id}-email-error` : undefined}
          />
        </div>
        <Button type="submit" name="intent" value="send-link" variant="outline" disabled={busy}>
          {busy ? "Sending…" : "Send link"}
        </Button>
      </Form>
      <FieldError id={`${id}-email-error`} message={mine?.error} />
    </div>
  );
}
