import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "~/components/ui/icons";
import { forwardRef, type ComponentPropsWithoutRef, type ElementRef, type HTMLAttributes } from "react";
import { cn } from "~/lib/utils";

/**
 * shadcn-style modal dialog over Radix Dialog: focus is trapped inside, Escape and the close button
 * close it, and focus returns to the trigger. Always give it a DialogTitle (screen readers announce it);
 * pass `aria-describedby={undefined}` to DialogContent when there is no DialogDescription.
 */
export const Dialog = DialogPrimitive.Root;

/**
 * Where focus starts when a dialog opens (GUIDE "Screens", decision 068: never on a destructive or paying button).
 * Radix would focus the first button, which in a confirmation is Confirm or Pay: instead the first field, else a
 * control marked `data-autofocus`, else the dialog's Cancel (`data-dialog-cancel`, or a link or button reading Cancel), else the dialog itself (its title
 * is read out). Used by DialogContent and RouteDialog.
 */
export function focusOnOpen(event: Event) {
  const content = event.currentTarget;
  if (!(content instanceof HTMLElement)) return;
  event.preventDefault();
  // A field that took focus itself (autoFocus) keeps it.
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== content && content.contains(active) && active.matches("input, select, textarea")) return;
  const target =
    content.querySelector<HTMLElement>("input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])") ??
    content.querySelector<HTMLElement>("[data-autofocus]") ??
    content.querySelector<HTMLElement>("[data-dialog-cancel]:not([disabled])") ??
    [...content.querySelectorAll<HTMLElement>("a[href], button:not([disabled])")].find((control) => control.textContent?.trim() === "Cancel");
  (target ?? content).focus({ preventScroll: true });
}
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogPortal = DialogPrimitive.Portal;
export const DialogClose = DialogPrimitive.Close;

export const DialogOverlay = forwardRef<ElementRef<typeof DialogPrimitive.Overlay>, ComponentPropsWithoutRef<typeof DialogPrimitive.Overlay>>(
  ({ className, ...props }, ref) => <DialogPrimitive.Overlay ref={ref} className={cn("fixed inset-0 z-50 bg-foreground/40", className)} {...props} />
);
DialogOverlay.displayName = "DialogOverlay";

export const DialogContent = forwardRef<
  ElementRef<typeof DialogPrimitive.Content>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Content> & { closeLabel?: string; hideClose?: boolean }
>(({ className, children, closeLabel = "Close", hideClose = false, onOpenAutoFocus = focusOnOpen, ...props }, ref) => (
  <DialogPortal>
    <DialogOverlay />
    <DialogPrimitive.Content
      ref={ref}
      className={cn(
        "fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-card p-6 text-card-foreground shadow-xl focus:outline-none",
        className
      )}
      onOpenAutoFocus={onOpenAutoFocus}
      {...props}
    >
      {children}
      {hideClose ? null : (
        <DialogPrimitive.Close className="absolute right-3 top-3 rounded-sm p-1 text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <X className="size-4" aria-hidden />
          <span className="sr-only">{closeLabel}</span>
        </DialogPrimitive.Close>
      )}
    </DialogPrimitive.Content>
  </DialogPortal>
));
DialogContent.displayName = "DialogContent";

export function DialogHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("flex flex-col gap-1.5 pr-6 text-left", className)} {...props} />;
}

export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />;
}

export const DialogTitle = forwardRef<ElementRef<typeof DialogPrimitive.Title>, ComponentPropsWithoutRef<typeof DialogPrimitive.Title>>(
  ({ className, ...props }, ref) => (
    <DialogPrimitive.Title ref={ref} className={cn("text-lg font-semibold leading-none tracking-tight", className)} {...props} />
  )
);
DialogTitle.displayName = "DialogTitle";

export const DialogDescription = forwardRef<ElementRef<typeof DialogPrimitive.Description>, ComponentPropsWithoutRef<typeof DialogPrimitive.Description>>(
  ({ className, ...props }, ref) => <DialogPrimitive.Description ref={ref} className={cn("text-sm text-muted-foreground", className)} {...props} />
);
DialogDescription.displayName = "DialogDescription";
