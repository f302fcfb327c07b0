import { Link } from "@remix-run/react";
import { cn } from "~/lib/utils";

const homeLinkClasses =
  "inline-flex h-10 items-center justify-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground transition-colors hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2";

/** The message of "Uh oh :(" (spec p1 §8), for use inside a page that already has its <main>. */
export function ErrorContent({ className }: { className?: string }) {
  return (
    <div className={cn("flex flex-col items-center justify-center gap-4 p-8 text-center", className)}>
      <h1 className="text-4xl font-semibold">Uh oh :(</h1>
      <p className="text-muted-foreground">Something went wrong. But not due to you.</p>
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
export function ErrorPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-accent to-background">
      <ErrorContent />
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
