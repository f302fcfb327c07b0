import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { MailCheck } from "lucide-react";
import { PublicCard } from "~/components/password/public-card";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { isAppError } from "~/lib/errors";
import { RESET_FAILED } from "~/modules/password/schema";
import { appOrigin, requestPasswordReset } from "~/modules/password/service.server";
import { readForm } from "~/web/http.server";

export const meta: MetaFunction = () => [{ title: "Earlybird | Forgot password" }];

/** /forgot-password (p1 §2, §4 "Password reset"): the e-mail, then the same confirmation whether it is registered or not. */
export function loader({ request }: LoaderFunctionArgs) {
  return json({ sent: new URL(request.url).searchParams.get("sent") === "true" });
}

type ActionData = { fieldErrors?: { email?: string }; formError?: string; email: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const email = String(form.get("email") ?? "");
  try {
    await requestPasswordReset({ email, ip: context.ip ?? "unknown", origin: appOrigin() });
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) {
      console.error(error);
      return json<ActionData>({ formError: RESET_FAILED, email }, { status: 500 });
    }
    if (error.field === "email") return json<ActionData>({ fieldErrors: { email: error.message }, email }, { status: error.status });
    return json<ActionData>({ formError: error.message, email }, { status: error.status });
  }
  // Post/redirect/get: a reload does not send a second e-mail.
  return redirect("/forgot-password?sent=true");
}

export default function ForgotPasswordPage() {
  const { sent } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
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
  const error = actionData?.fieldErrors?.email;
  return (
    <PublicCard title="Forgot password" description="Enter the email address you log in with, and we will email you a link to choose a new password.">
      {actionData?.formError ? <Alert variant="destructive">{actionData.formError}</Alert> : null}
      <Form method="post" noValidate className="space-y-4">
        <div className="space-y-2">
          <Label htmlFor="email">Email</Label>
          <Input
            id="email"
            name="email"
            type="email"
            autoComplete="username"
            autoFocus
            defaultValue={actionData?.email ?? ""}
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
