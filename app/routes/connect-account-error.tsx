import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PublicCard } from "~/components/password/public-card";
import { buttonVariants } from "~/components/ui/button";

export const meta: MetaFunction = () => [{ title: "Earlybird | Error connecting your account" }];

/**
 * The connect-account error page (p1 §2 "Connect-account error and MYOB callback"): shown instead of the login
 * redirect when a guarded page's query holds an `error` (a provider sent a logged-out browser back with a failure).
 * "Continue to account" loads the user and company again at / (the login page when the session is gone).
 */
export function loader({ request }: LoaderFunctionArgs) {
  const error = new URL(request.url).searchParams.get("error");
  const provider = error === "myob" ? "MYOB" : error === "xero" ? "Xero" : "MYOB or Xero";
  return json({ provider });
}

export default function ConnectAccountErrorPage() {
  const { provider } = useLoaderData<typeof loader>();
  return (
    <PublicCard title="We couldn't connect your account" description={`There was an error connecting to ${provider}.`}>
      <p className="text-sm text-muted-foreground">Nothing was changed. You can try again from Settings → Connected Apps once you are logged in.</p>
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Link to="/" className={buttonVariants({ className: "flex-1" })}>
          Continue to account
        </Link>
        <Link to="/login" className={buttonVariants({ variant: "outline", className: "flex-1" })}>
          Back to Login
        </Link>
      </div>
    </PublicCard>
  );
}
