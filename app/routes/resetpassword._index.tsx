import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { NewPasswordFields } from "~/components/password/new-password-fields";
import { PublicCard } from "~/components/password/public-card";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { isAppError } from "~/lib/errors";
import { fieldErrorsOf, placeServerMessage, RESET_FAILED, ResetPasswordSchema } from "~/modules/password/schema";
import { readResetLink, resetPassword } from "~/modules/password/service.server";
import { readForm } from "~/web/http.server";

export const meta: MetaFunction = () => [{ title: "Earlybird | Reset password" }];

// The token is in the URL: never send it on to another site (same-origin: the form posts still carry their Origin for
// the cross-site check), never keep the page in a cache.
const SECURITY_HEADERS = { "Referrer-Policy": "same-origin", "Cache-Control": "no-store" };
export const headers: HeadersFunction = () => SECURITY_HEADERS;

type LinkState = { state: "form"; token: string; email: string } | { state: "broken"; message: string };

/** /resetpassword?token= (p1 §2, §4 "Password reset"): the link is checked, not used, until the new password is posted. */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  try {
    const { email } = await readResetLink(token);
    return json<LinkState>({ state: "form", token, email }, { headers: SECURITY_HEADERS });
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error;
    return json<LinkState>({ state: "broken", message: error.message }, { headers: SECURITY_HEADERS });
  }
}

type ActionData = { fieldErrors?: { password?: string; confirmPassword?: string }; formError?: string; broken?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const token = new URL(request.url).searchParams.get("token") ?? String(form.get("token") ?? "");
  const input = { token, password: form.get("password"), confirmPassword: form.get("confirmPassword") };
  const parsed = ResetPasswordSchema.safeParse(input);
  if (!parsed.success) {
    const { password, confirmPassword } = fieldErrorsOf<"password" | "confirmPassword">(parsed.error);
    if (password || confirmPassword) return json<ActionData>({ fieldErrors: { password, confirmPassword } }, { status: 400, headers: SECURITY_HEADERS });
  }
  try {
    await resetPassword({ ...input, ip: context.ip ?? null });
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) {
      console.error(error);
      return json<ActionData>({ formError: RESET_FAILED }, { status: 500, headers: SECURITY_HEADERS });
    }
    // p1 §8 "Password reset": the server's message (a used or expired link says so), else the fallback.
    if (error.status === 401) return json<ActionData>({ broken: error.message }, { status: 401, headers: SECURITY_HEADERS });
    if (error.field === "password" || error.field === "confirmPassword") {
      return json<ActionData>({ fieldErrors: { [error.field]: error.message } }, { status: error.status, headers: SECURITY_HEADERS });
    }
    const placed = placeServerMessage(error.message);
    return json<ActionData>(placed.field === "password" ? { fieldErrors: { password: placed.message } } : { formError: placed.message }, {
      status: error.status,
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
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  if (actionData?.broken) return <BrokenLink message={actionData.broken} />;
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
      {actionData?.formError ? <Alert variant="destructive">{actionData.formError}</Alert> : null}
      <Form method="post" noValidate className="space-y-4">
        <input type="hidden" name="token" value={data.token} />
        <NewPasswordFields errors={actionData?.fieldErrors ?? {}} />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? "Saving…" : "Reset password"}
        </Button>
      </Form>
    </PublicCard>
  );
}
