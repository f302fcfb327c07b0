import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { createContext, useContext } from "react";
import { cn } from "~/lib/utils";

/**
 * The id of the request whose failure the page shows (issue 14 part 8), the one its server log line carries, so a user
 * can quote it and support can find the line. A server-rendered page has it from entry.server.tsx; the browser reads
 * the same id back from that markup when it hydrates; a client-side navigation's failure brings its own in the error's
 * data (entry.server.tsx handleDataRequest). An error of the browser alone has none: nothing was logged.
 */
const RequestIdContext = createContext<string | null>(null);
export const RequestIdProvider = RequestIdContext.Provider;

const REQUEST_ID_ATTRIBUTE = "data-request-id";
// Read once, when this module loads before hydration: the id the server rendered into its error page, if it did.
const hydratedRequestId = typeof document === "undefined" ? null : (document.querySelector(`[${REQUEST_ID_ATTRIBUTE}]`)?.getAttribute(REQUEST_ID_ATTRIBUTE) ?? null);

/** The request id of `error` (a route error's data, else this render's server request, else the hydrated page's). */
export function useErrorRequestId(): string | null {
  const error = useRouteError();
  const serverRequestId = useContext(RequestIdContext);
  if (isRouteErrorResponse(error)) {
    const carried = (error.data as { requestId?: unknown } | null)?.requestId;
    if (typeof carried === "string" && carried) return carried;
  }
  return serverRequestId ?? hydratedRequestId;
}

/**
 * The message of a request the server refused as the client's fault (a 4xx other than 404 thrown with `{ message }`,
 * e.g. a body that is not a form: web/http.server.ts), to show in place of "not due to you"; null otherwise.
 */
export function refusalMessage(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || error.status < 400 || error.status >= 500 || error.status === 404) return null;
  const message = (error.data as { message?: unknown } | null)?.message;
  return typeof message === "string" && message ? message : null;
}

const homeLinkClasses =
  "inline-flex h-10 items-center justify-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground transition-colors hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2";

/** The message of "Uh oh :(" (spec p1 §8), for use inside a page that already has its <main>; a refusal says why. */
export function ErrorContent({ className, message }: { className?: string; message?: string | null }) {
  const requestId = useErrorRequestId();
  return (
    <div className={cn("flex flex-col items-center justify-center gap-4 p-8 text-center", className)}>
      <h1 className="text-4xl font-semibold">Uh oh :(</h1>
      <p className="text-muted-foreground">{message ?? "Something went wrong. But not due to you."}</p>
      {!message && requestId ? (
        <p className="text-xs text-muted-foreground" {...{ [REQUEST_ID_ATTRIBUTE]: requestId }}>
          Request id: <code className="font-mono">{requestId}</code>
        </p>
      ) : null}
      <Link to="/" className={homeLinkClasses}>
        Go home
      </Link>
    </div>
  );
}

/** The not-found message with a link home, for use inside a page that already has its <main>. */
export function NotFoundContent({ className }: { className?: string }) {
  return (
    <div className={cn("flex flex-col items-center justify-center gap-4 p-8 text-center", className)}>
      <p className="text-sm font-semibold uppercase tracking-wide text-primary">404</p>
      <h1 className="text-3xl font-semibold">Page not found</h1>
      <p className="max-w-md text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={homeLinkClasses}>
        Go home
      </Link>
    </div>
  );
}

/** "Uh oh :(" (spec p1 §8): any unexpected error, full screen. */
export function ErrorPage({ message }: { message?: string | null }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-accent to-background">
      <ErrorContent message={message} />
    </main>
  );
}

/** Any unknown path (spec p1 §2): full screen, with a link home. */
export function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-accent to-background">
      <NotFoundContent />
    </main>
  );
}
