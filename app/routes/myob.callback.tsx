import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { Loader2 } from "~/components/ui/icons";
import { useEffect, useRef } from "react";
import { FETCHING_DETAILS, MYOB_CALLBACK_FAILED } from "~/components/integrations/labels";
import { PublicCard } from "~/components/password/public-card";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { logger } from "~/lib/logger.server";
import { completeMyobCallback } from "~/modules/integrations/connections.server";
import { loginRedirectPath } from "~/web/auth.server";
import { readForm } from "~/web/http.server";
import { callbackQuery, callbackSession, sameSitePath } from "~/web/integrations/callback.server";

export const meta: MetaFunction = () => [{ title: "Earlybird | Connecting to MYOB" }];

/**
 * /myob/callback (p1 §2 "Connect-account error and MYOB callback"; issue 18 part 2): MYOB's consent page returns
 * here. The page shows "Fetching your details" and posts the code on (by script at once, or its Continue button
 * without JavaScript): the code is exchanged only on that POST, never on a GET a prefetch or a reload could repeat.
 * The module then says where to go (its three outcomes: Essentials' url, /settings when MYOB accounts are mapped,
 * the company file step); a failure shows "Error in connecting to your MYOB account." with Login and Signup.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (!(await callbackSession(request))) {
    throw redirect(url.searchParams.has("error") ? "/connect-account-error?error=myob" : loginRedirectPath(request));
  }
  return json({ query: callbackQuery(url.searchParams) });
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await callbackSession(request);
  if (!session) return json({ failed: true as const }, { status: 401 });
  try {
    const { redirectTo } = await completeMyobCallback(session, callbackQuery(await readForm(request)));
    return redirect(sameSitePath(redirectTo, "/settings?tab=connected-apps"));
  } catch (error) {
    logger.warn({ err: error }, "MYOB connect failed");
    return json({ failed: true as const }, { status: 400 });
  }
}

export default function MyobCallbackPage() {
  const { query } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>()?.failed ?? false;
  const navigation = useNavigation();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (failed || sent.current || !form.current) return;
    sent.current = true;
    submit(form.current, { replace: true });
  }, [failed, submit]);

  if (failed) {
    return (
      <PublicCard title="Connecting to MYOB">
        <Alert variant="destructive">{MYOB_CALLBACK_FAILED}</Alert>
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Link to="/login" className={buttonVariants({ className: "flex-1" })}>
            Login
          </Link>
          <Link to="/signup" className={buttonVariants({ variant: "outline", className: "flex-1" })}>
            Signup
          </Link>
        </div>
      </PublicCard>
    );
  }
  return (
    <PublicCard title={FETCHING_DETAILS}>
      <div className="flex flex-col items-center gap-4 py-2 text-sm text-muted-foreground" role="status" aria-live="polite">
        <Loader2 className="size-8 animate-spin text-primary" aria-hidden />
        <p>{navigation.state === "idle" ? "Connecting Earlybird to your MYOB business…" : "Loading your company files from MYOB…"}</p>
      </div>
      <Form ref={form} method="post" replace>
        {(["code", "state", "error", "scope"] as const).map((name) => (query[name] ? <input key={name} type="hidden" name={name} value={query[name]!} /> : null))}
        <noscript>
          <Button type="submit" className="w-full">
            Continue
          </Button>
        </noscript>
      </Form>
    </PublicCard>
  );
}
