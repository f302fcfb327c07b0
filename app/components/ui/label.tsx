import * as LabelPrimitive from "@radix-ui/react-label";
import { forwardRef, type ComponentPropsWithoutRef, type ElementRef } from "react";
import { cn } from "~/lib/utils";

export interface LabelProps extends ComponentPropsWithoutRef<typeof LabelPrimitive.Root> {
  /**
   * Marks a required field before submitting: a visible asterisk, hidden from screen readers, which hear "required"
   * from the field itself (`aria-required="true"` on it). The label's accessible name stays the label text, so
   * getByLabel("Password", { exact: true }) keeps working (docs/decisions/067, section "Required marks").
   */
  required?: boolean;
}

export const Label = forwardRef<ElementRef<typeof LabelPrimitive.Root>, LabelProps>(({ className, required, children, ...props }, ref) => (
  <LabelPrimitive.Root
    ref={ref}
    className={cn("text-sm font-medium leading-none peer-disabled:cursor-not-allowed peer-disabled:opacity-70", className)}
    {...props}
  >
    {children}
    {required ? <RequiredMark /> : null}
  </LabelPrimitive.Root>
));
Label.displayName = "Label";

/** The required-field mark: a visible asterisk, hidden from screen readers (the field says aria-required="true"). */
export function RequiredMark() {
  return (
    <span aria-hidden data-required-mark className="ml-0.5 text-destructive">
      *
    </span>
  );
}
