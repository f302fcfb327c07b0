import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/**
 * Tabs as links, so the chosen tab lives in the URL (shareable, reloadable, works without JavaScript).
 *
 * Query tabs: `<LinkTabs label="Top-ups" param="tab" value={tab} items={[{ value: "all", label: "All" }, ...]} />`
 * builds `?tab=<value>` from the current URL, keeping the other query parameters and dropping `page`
 * (a new tab starts on its first page). Path tabs: give each item a `to` instead.
 *
 * The current tab is the one whose `value` equals `value` (the loader decides it, including the
 * default and the fallback for an unknown tab). Rendered as a navigation landmark with aria-current,
 * not as an ARIA tablist: each tab is a page load, not a panel switch.
 */
export interface LinkTab {
  value: string;
  label: ReactNode;
  /** An explicit target (path tabs). Without it the tab is `?<param>=<value>` on the current URL. */
  to?: string;
}

export interface LinkTabsProps {
  /** Accessible name of the tab navigation, e.g. "Settings sections". */
  label: string;
  items: LinkTab[];
  value: string;
  /** The query parameter holding the tab (default "tab"). */
  param?: string;
  /** Query parameters to drop when switching tab (default ["page"]). */
  resetParams?: string[];
  className?: string;
}

export function tabHref(search: string, param: string, value: string, resetParams: string[] = ["page"]): string {
  const params = new URLSearchParams(search);
  for (const name of resetParams) params.delete(name);
  params.set(param, value);
  return `?${params.toString()}`;
}

export function LinkTabs({ label, items, value, param = "tab", resetParams = ["page"], className }: LinkTabsProps) {
  const location = useLocation();
  return (
    // The tabs wrap onto a second line on a narrow screen rather than scroll sideways (decision 066).
    <nav aria-label={label} className={cn("border-b", className)}>
      <ul className="-mb-px flex flex-wrap gap-x-1">
        {items.map((item) => {
          const current = item.value === value;
          return (
            <li key={item.value}>
              <Link
                to={item.to ?? tabHref(location.search, param, item.value, resetParams)}
                aria-current={current ? "page" : undefined}
                preventScrollReset
                className={cn(
                  "inline-flex h-10 items-center whitespace-nowrap border-b-2 px-3 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring",
                  current ? "border-primary text-primary" : "border-transparent text-muted-foreground hover:border-border hover:text-foreground"
                )}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
