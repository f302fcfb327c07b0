import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { isRouteErrorResponse, Link, Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { Inbox } from "~/components/ui/icons";
import { ErrorPage, NotFoundPage } from "~/components/layout/error-pages";
import { PRODUCT_NAME } from "~/components/layout/page-handle";
import { getSessionUser } from "~/web/auth.server";
import { requireMailboxAccess } from "~/web/mailbox-access.server";

/**
 * The built-in mailbox's public frame (decisions D7, issue 6 part 2): outside production anyone may read what
 * Earlybird sent while SMTP_URL is unset (a new user reads the activation e-mail and the SMS code here before having a
 * login), from this machine, or from anywhere with MAILBOX_PUBLIC=true (mailbox-access.server.ts). In production the pages
 * do not exist, for anyone. Each page checks that itself too (GUIDE rule 3).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMailboxAccess(context.ip);
  const user = await getSessionUser(request);
  return json({ loggedIn: Boolean(user) });
}

export default function MailboxLayout() {
  const { loggedIn } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen bg-background">
      <header className="border-b bg-card">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <div className="flex items-center gap-3">
            <Link to="/" className="text-xl font-bold tracking-tight text-primary">
              {PRODUCT_NAME}
            </Link>
            <span className="inline-flex items-center gap-1.5 rounded-full border border-amber-300 bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-900">
              <Inbox className="size-3.5" aria-hidden />
              Development mailbox
            </span>
          </div>
          <Link to={loggedIn ? "/" : "/login"} className="text-sm font-medium text-primary hover:underline">
            {loggedIn ? "Back to Earlybird" : "Log in"}
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isRouteErrorResponse(error) && error.status === 403) return <MailboxLocalOnly message={String(error.data)} />;
  console.error(error);
  return <ErrorPage />;
}

/** A visitor from another machine (MAILBOX_PUBLIC unset): the reason, and the way back. */
function MailboxLocalOnly({ message }: { message: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-background px-4">
      <div className="max-w-md space-y-4 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">Mailbox not shown here</h1>
        <p className="text-sm text-muted-foreground">{message}</p>
        <Link to="/login" className="text-sm font-medium text-primary hover:underline">
          Back to login
        </Link>
      </div>
    </main>
  );
}
