import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { NewPasswordFields } from "~/components/password/new-password-fields";
import { PublicCard } from "~/components/password/public-card";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { z } from "zod";
import { formErrorsOf } from "~/lib/form-errors";
import { requestLogger } from "~/lib/logger.server";
import { placeServerMessage } from "~/modules/password/schema";
import { findResetLink, resetPassword } from "~/modules/password/service.server";
import { parseForm } from "~/web/http.server";
import { passwordFormError } from "~/web/password-forms.server";

export const meta: MetaFunction = () => [{ title: "Earlybird | Reset password" }];

// The token is in the URL: never send it on to another site (same-origin: the form posts still carry their Origin for
// the cross-site check), never keep the page in a cache.
const SECURITY_HEADERS = { "Referrer-Policy": "same-origin", "Cache-Control": "no-store" };
export const headers: HeadersFunction = () => SECURITY_HEADERS;

type LinkState = { state: "form"; token: string; email: string } | { state: "broken"; message: string };

/** /resetpassword?token= (p1 §2, §4 "Password reset"): the link is checked, not used, until the new password is posted. */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await findResetLink(token);
  if (link.ok) return json<LinkState>({ state: "form", token, email: link.email }, { headers: SECURITY_HEADERS });
  return json<LinkState>({ state: "broken", message: link.message }, { headers: SECURITY_HEADERS });
}

/** The form as typed; the service checks it (the new password's rules, the confirmation, the link). */
const FormSchema = z.object({ token: z.string().catch(""), password: z.unknown(), confirmPassword: z.unknown() });

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await parseForm(request, FormSchema);
  const token = new URL(request.url).searchParams.get("token") ?? form.token;
  try {
    await resetPassword({ token, password: form.password, confirmPassword: form.confirmPassword, ip: context.ip ?? null });
  } catch (error) {
    // p1 §8 "Password reset": the new password's errors on their fields (422); a used or expired link says so (401).
    return passwordFormError(error, requestLogger(context.requestId), {
      fields: "named",
      data: (refused) => (refused.status === 401 ? { broken: refused.message } : {}),
      headers: SECURITY_HEADERS,
    });
  }
  return redirect("/resetpassword/success", { headers: SECURITY_HEADERS });
}

function BrokenLink({ message }: { message: string }) {
  return (
    <PublicCard title="Reset password">
      <Alert variant="destructive">{message}</Alert>
      <p className="text-sm text-muted-foreground">
        Reset links work once and expire one hour after they are sent. Ask for a new one and use the newest e-mail.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Link to="/forgot-password" className={buttonVariants({ className: "sm:flex-1" })}>
          Request a new link
        </Link>
        <Link to="/login" className={buttonVariants({ variant: "outline", className: "sm:flex-1" })}>
          Back to login
        </Link>
      </div>
    </PublicCard>
  );
}

export default function ResetPasswordPage() {
  const data = useLoaderData<typeof loader>() as LinkState;
  const actionData = useActionData<typeof action>();
  const { fieldErrors, formError } = formErrorsOf(actionData);
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const broken = actionData && "broken" in actionData ? actionData.broken : undefined;
  // A server message naming "validation" goes under the new password (p1 §8); a refused link token above the form.
  const placed = formError || fieldErrors.token ? placeServerMessage(formError ?? fieldErrors.token) : null;
  const passwordError = fieldErrors.password ?? (placed?.field === "password" ? placed.message : undefined);
  if (broken) return <BrokenLink message={broken} />;
  if (data.state === "broken") return <BrokenLink message={data.message} />;
  return (
    <PublicCard
      title="Reset password"
      description={
        <>
          Choose a new password for <span className="font-medium text-foreground">{data.email}</span>.
        </>
      }
    >
      {placed?.field === "form" ? <Alert variant="destructive">{placed.message}</Alert> : null}
      <Form method="post" noValidate className="space-y-4">
        <input type="hidden" name="token" value={data.token} />
        <NewPasswordFields errors={{ password: passwordError, confirmPassword: fieldErrors.confirmPassword }} />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? "Saving…" : "Reset password"}
        </Button>
      </Form>
    </PublicCard>
  );
}
