import { Link } from "@remix-run/react";
import { Check, X } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { PRODUCT_NAME } from "~/components/layout/page-handle";
import { UserMenu, type ShellUser } from "~/components/layout/user-menu";
import { cn } from "~/lib/utils";

export const VERIFY_STEPS = ["Your Details", "Business Details"] as const;

/** The header stepper of /verify (spec p1 §2): two steps; `done` counts the steps behind the user. */
export function VerifyStepper({ current, done }: { current: number; done: number }) {
  return (
    <ol aria-label="Verification steps" className="flex items-center gap-2 text-sm sm:gap-4">
      {VERIFY_STEPS.map((label, index) => {
        const complete = index < done;
        const active = index === current;
        return (
          <li key={label} aria-current={active ? "step" : undefined} className="flex items-center gap-2">
            {index > 0 ? <span aria-hidden className="hidden h-px w-8 bg-border sm:block" /> : null}
            <span
              aria-hidden
              className={cn(
                "flex size-7 items-center justify-center rounded-full border text-xs font-semibold",
                complete ? "border-primary bg-primary text-primary-foreground" : active ? "border-primary text-primary" : "text-muted-foreground"
              )}
            >
              {complete ? <Check className="size-4" /> : index + 1}
            </span>
            <span className={cn(active ? "font-semibold text-foreground" : "text-muted-foreground")}>
              {label}
              {complete ? <span className="sr-only"> (done)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The /verify page frame: product name, the title "Verify your account", the stepper, the header's user menu (Settings,
 * Get verified, Logout: issue 13 part 18) and a close icon back to the app.
 */
export function VerifyShell({ closeTo, current, done, user, children }: { closeTo: string; current: number; done: number; user: ShellUser; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-gradient-to-b from-accent to-background">
      <header className="border-b bg-background/80">
        <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="flex flex-col">
            <span className="text-lg font-bold tracking-tight text-primary">{PRODUCT_NAME}</span>
            <h1 className="text-base font-semibold">Verify your account</h1>
          </div>
          {/* Narrow screens: the stepper takes a row of its own below, the menu and close icon stay top right. */}
          <div className="order-last w-full sm:order-none sm:w-auto">
            <VerifyStepper current={current} done={done} />
          </div>
          <div className="flex items-center gap-1">
            <UserMenu user={user} />
            <Link to={closeTo} aria-label="Close" className="rounded-md p-2 text-muted-foreground hover:bg-accent hover:text-foreground">
              <X className="size-5" aria-hidden />
            </Link>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-2xl px-4 py-8">{children}</main>
    </div>
  );
}
