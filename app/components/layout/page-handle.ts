import type { MetaFunction } from "@remix-run/node";
import { useMatches } from "@remix-run/react";

/**
 * What a page under the logged-in layout tells the header: `export const handle: PageHandle = { title: "Invoices" }`.
 * `breadcrumb` lists the links before the title, e.g. bill lists: [{ label: "Home", to: "/" }, { label: "Bills", to: "/bills" }].
 */
export interface Crumb {
  label: string;
  to: string;
}

export interface PageHandle {
  title: string;
  breadcrumb?: Crumb[];
  /** A title that depends on the loader's data (e.g. "Create Bill" on /create-new-invoice?type=bill). */
  titleFromData?: (data: unknown) => string;
  /** Crumbs that depend on the loader's data (e.g. the company's name on /companies/{id}/verify/{userName}). */
  breadcrumbFromData?: (data: unknown) => Crumb[];
}

export const PRODUCT_NAME = "Earlybird";

function isPageHandle(handle: unknown): handle is PageHandle {
  return Boolean(handle) && typeof (handle as PageHandle).title === "string";
}

/** The deepest matched route's title and breadcrumb (the header falls back to "Earlybird"). */
export function usePageHeading(): PageHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle;
    if (!isPageHandle(handle)) continue;
    const data = matches[i].data;
    return {
      ...handle,
      ...(handle.titleFromData ? { title: handle.titleFromData(data) } : {}),
      ...(handle.breadcrumbFromData ? { breadcrumb: handle.breadcrumbFromData(data) } : {}),
    };
  }
  return { title: PRODUCT_NAME };
}

/** Document title from the page's handle; titles start with the product name (spec p3 §2.1). */
export const titleMeta: MetaFunction = ({ matches }) => {
  const match = [...matches].reverse().find((candidate) => isPageHandle(candidate.handle));
  const handle = match?.handle as PageHandle | undefined;
  const title = handle?.titleFromData ? handle.titleFromData(match?.data) : handle?.title;
  return [{ title: title && title !== PRODUCT_NAME ? `${PRODUCT_NAME} | ${title}` : PRODUCT_NAME }];
};
