import * as DialogPrimitive from "@radix-ui/react-dialog";
import { Link, useNavigate } from "@remix-run/react";
import { buttonVariants } from "~/components/ui/button";
import { focusOnOpen } from "~/components/ui/dialog";
import { X } from "~/components/ui/icons";
import { useId, type ReactNode } from "react";
import { cn } from "~/lib/utils";

/**
 * A modal that is a route (docs/decisions/007): the list page is the parent route and renders an <Outlet />;
 * the child route (e.g. /bills/add) renders its form inside a RouteDialog over the list. The URL names the
 * dialog, so it can be linked, reloaded and used without JavaScript.
 *
 * Unlike DialogContent this is not portalled: Radix portals render nothing on the server, and this dialog must be
 * in the server HTML. With JavaScript, Radix traps focus, closes on Escape or a click outside (navigating to
 * `closeTo`), and hides the page behind it from screen readers. Without it, the close button is a plain link.
 */
export function RouteDialog({
  title,
  description,
  closeTo,
  children,
  className,
  closeLabel = "Close",
}: {
  title: ReactNode;
  description?: ReactNode;
  /** Where closing goes: normally the list URL with its query, so the list state is kept. */
  closeTo: string;
  children: ReactNode;
  className?: string;
  closeLabel?: string;
}) {
  const navigate = useNavigate();
  // Explicit ids: Radix links title and description after hydration only, and the dialog must be named without JavaScript too.
  const titleId = useId();
  const descriptionId = useId();
  return (
    <DialogPrimitive.Root
      open
      onOpenChange={(open) => {
        if (!open) navigate(closeTo, { preventScrollReset: true });
      }}
    >
      {/* !m-0: a parent with space-y-* would give these fixed layers a top margin. */}
      <div className="fixed inset-0 z-50 !m-0 bg-foreground/40" aria-hidden />
      <DialogPrimitive.Content
        className={cn(
          "fixed left-1/2 top-1/2 z-50 !m-0 grid max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-card p-6 text-card-foreground shadow-xl focus:outline-none",
          className
        )}
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        onOpenAutoFocus={focusOnOpen}
      >
        <div className="flex flex-col gap-1.5 pr-6 text-left">
          <DialogPrimitive.Title id={titleId} className="text-lg font-semibold leading-none tracking-tight">
            {title}
          </DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description id={descriptionId} className="text-sm text-muted-foreground">
              {description}
            </DialogPrimitive.Description>
          ) : null}
        </div>
        {children}
        <Link
          to={closeTo}
          preventScrollReset
          className="absolute right-3 top-3 rounded-sm p-1 text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X className="size-4" aria-hidden />
          <span className="sr-only">{closeLabel}</span>
        </Link>
      </DialogPrimitive.Content>
    </DialogPrimitive.Root>
  );
}

/** The footer row of a RouteDialog: buttons right-aligned, stacked on narrow screens. */
export function RouteDialogFooter({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}>{children}</div>;
}

/**
 * The Cancel of a RouteDialog (decision 068: every dialog has one): a link back to `closeTo`, so it works without
 * JavaScript. Focus lands on it when the dialog opens with no field (never on the destructive or paying button).
 */
export function DialogCancelLink({ to, children = "Cancel", className }: { to: string; children?: ReactNode; className?: string }) {
  return (
    <Link to={to} preventScrollReset data-dialog-cancel="" className={cn(buttonVariants({ variant: "outline" }), className)}>
      {children}
    </Link>
  );
}
