import type { HTMLAttributes } from "react";
import { cn } from "~/lib/utils";

/** A grey placeholder block while data loads. Hidden from screen readers: announce loading with text elsewhere. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden className={cn("animate-pulse rounded-md bg-muted motion-reduce:animate-none", className)} {...props} />;
}
