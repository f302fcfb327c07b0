import type { HTMLAttributes } from "react";

/**
 * A short status label (Verified, PENDING, ...). Colours pass WCAG AA contrast on white. Its look is the component
 * classes eb-badge and eb-badge-<variant> in tailwind.css (issue 19: one short class list, not thirty utilities a badge).
 */
// Whole class names, so Tailwind's content scan keeps each variant's rules.
const VARIANT_CLASSES = {
  default: "eb-badge eb-badge-default",
  secondary: "eb-badge eb-badge-secondary",
  outline: "eb-badge eb-badge-outline",
  success: "eb-badge eb-badge-success",
  warning: "eb-badge eb-badge-warning",
  destructive: "eb-badge eb-badge-destructive",
  info: "eb-badge eb-badge-info",
} as const;
export type BadgeVariant = keyof typeof VARIANT_CLASSES;

export function badgeVariants({ variant }: { variant?: BadgeVariant | null } = {}): string {
  return VARIANT_CLASSES[variant ?? "default"];
}

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  variant?: BadgeVariant | null;
}

export function Badge({ className, variant, ...props }: BadgeProps) {
  const own = badgeVariants({ variant });
  return <span className={className ? `${own} ${className}` : own} {...props} />;
}
