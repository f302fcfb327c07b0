import { Link } from "@remix-run/react";

/** "Uh oh :(" (spec p1 §8): any unexpected error. */
export function ErrorPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-4xl font-semibold">Uh oh :(</h1>
      <p className="text-muted-foreground">Something went wrong. But not due to you.</p>
      <Link to="/" className="font-medium text-primary underline underline-offset-4">
        Go home
      </Link>
    </main>
  );
}

export function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-primary">404</p>
      <h1 className="text-3xl font-semibold">Page not found</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="font-medium text-primary underline underline-offset-4">
        Go home
      </Link>
    </main>
  );
}
