import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { MailCheck } from "~/components/ui/icons";
import { PublicCard } from "~/components/password/public-card";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { z } from "zod";
import { formErrorsOf } from "~/lib/form-errors";
import { requestLogger } from "~/lib/logger.server";
import { appOrigin, requestPasswordReset } from "~/modules/password/service.server";
import { parseForm } from "~/web/http.server";
import { passwordFormError } from "~/web/password-forms.server";

export const meta: MetaFunction = () => [{ title: "Earlybird | Forgot password" }];

/** /forgot-password (p1 §2, §4 "Password reset"): the e-mail, then the same confirmation whether it is registered or not. */
export function loader({ request }: LoaderFunctionArgs) {
  return json({ sent: new URL(request.url).searchParams.get("sent") === "true" });
}

/** The e-mail as typed; the service checks it ("The email address is invalid"). */
const FormSchema = z.object({ email: z.string().catch("") });

export async function action({ request, context }: ActionFunctionArgs) {
  const { email } = await parseForm(request, FormSchema);
  try {
    await requestPasswordReset({ email, ip: context.ip ?? "unknown", origin: appOrigin() });
  } catch (error) {
    // The e-mail refused is on its field (422); too many requests above the form; anything else the spec's fallback.
    return passwordFormError(error, requestLogger(context.requestId), { values: { email } });
  }
  // Post/redirect/get: a reload does not send a second e-mail.
  return redirect("/forgot-password?sent=true");
}

export default function ForgotPasswordPage() {
  const { sent } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { fieldErrors, formError, values } = formErrorsOf(actionData);
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  if (sent && !actionData) {
    return (
      <PublicCard title="Check your email">
        <div className="flex gap-3 text-sm leading-6">
          <MailCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
          <div className="space-y-2">
            <p>If an Earlybird account uses that email address, we have sent it a link to reset the password.</p>
            <p className="text-muted-foreground">The link works once and expires in one hour. No email? Check your spam folder, or ask for a new link.</p>
          </div>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Link to="/login" className={buttonVariants({ className: "sm:flex-1" })}>
            Back to login
          </Link>
          <Link to="/forgot-password" className={buttonVariants({ variant: "outline", className: "sm:flex-1" })}>
            Send another link
          </Link>
        </div>
      </PublicCard>
    );
  }
  const error = fieldErrors.email;
  return (
    <PublicCard title="Forgot password" description="Enter the email address you log in with, and we will email you a link to choose a new password.">
      {formError ? <Alert variant="destructive">{formError}</Alert> : null}
      <Form method="post" noValidate className="space-y-4">
        <div className="space-y-2">
          <Label htmlFor="email" required>
            Email
          </Label>
          <Input
            id="email"
            aria-required="true"
            name="email"
            type="email"
            autoComplete="username"
            autoFocus
            defaultValue={values?.email ?? ""}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "email-error" : undefined}
          />
          <FieldError id="email-error" message={error} />
        </div>
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? "Sending…" : "Send reset link"}
        </Button>
      </Form>
      <p className="text-center text-sm">
        <Link to="/login" className="font-medium text-primary hover:underline">
          Back to login
        </Link>
      </p>
    </PublicCard>
  );
}
