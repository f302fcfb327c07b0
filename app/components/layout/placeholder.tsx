import { Link } from "@remix-run/react";
import { Construction } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { PRODUCT_NAME } from "./page-handle";

/**
 * The body of a logged-in page that is not built yet: says so plainly and what the page will hold.
 * No sample rows and no sample amounts: finance staff must never mistake a placeholder for their data.
 */
export function NotBuiltYet({ summary, description, planned }: { summary: string; description: ReactNode; planned?: string[] }) {
  return (
    <Card className="max-w-3xl">
      <CardHeader className="flex-row items-start gap-4 space-y-0">
        <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Construction className="size-5" />
        </span>
        <div className="space-y-1.5">
          <CardTitle className="text-lg leading-7">{summary}</CardTitle>
          <CardDescription className="text-base leading-6">{description}</CardDescription>
        </div>
      </CardHeader>
      {planned?.length ? (
        <CardContent className="pl-20">
          <h3 className="text-sm font-semibold">What it will hold</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted-foreground">
            {planned.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </CardContent>
      ) : null}
    </Card>
  );
}

/** A logged-out page (sign-up, password reset, ...): a centred card like the login page. */
export function PublicPage({
  title,
  summary,
  children,
  backTo = "/login",
  backLabel = "Back to login",
}: {
  title: string;
  /** The plain "... is not built yet." line. */
  summary: string;
  children: ReactNode;
  backTo?: string;
  backLabel?: string;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-accent to-background px-4 py-10">
      <div className="w-full max-w-md space-y-6">
        <p className="text-center text-3xl font-bold tracking-tight text-primary">{PRODUCT_NAME}</p>
        <Card>
          <CardHeader>
            <h1 className="text-xl font-semibold leading-none tracking-tight">{title}</h1>
          </CardHeader>
          <CardContent className="space-y-6">
            <div className="space-y-3 text-sm leading-6 text-muted-foreground">
              <p className="font-medium text-foreground">{summary}</p>
              {children}
            </div>
            <Link to={backTo} className={buttonVariants({ variant: "outline", className: "w-full" })}>
              {backLabel}
            </Link>
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
