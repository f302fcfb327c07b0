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
    data-required={required ? "" : undefined}
    className={cn("text-sm font-medium leading-none peer-disabled:cursor-not-allowed peer-disabled:opacity-70", required && REQUIRED_MARK_CLASS, className)}
    {...props}
  >
    {children}
  </LabelPrimitive.Root>
));
Label.displayName = "Label";

/**
 * The required-field mark: a visible red asterisk drawn by CSS after the label text, with empty alternative text
 * (`content: "*" / ""`) so neither the label's text nor its accessible name changes (getByLabel("Email", { exact: true })
 * still finds the field); screen readers hear "required" from the field's aria-required="true".
 */
export const REQUIRED_MARK_CLASS = "after:ml-0.5 after:text-destructive after:content-['*'_/_'']";
