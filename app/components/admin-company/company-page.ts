import type { PageHandle } from "~/components/layout/page-handle";

/**
 * The handle of a company tab (/companies/{id}/{tab}, p3 §2.4): "Companies" then the company's name as the page's
 * title, from the loader's `companyName` (issue 20: the company's name, never "Company").
 */
export const companyTabHandle: PageHandle = {
  title: "Companies",
  breadcrumb: [{ label: "Companies", to: "/companies" }],
  titleFromData: (data) => (data as { companyName?: string } | undefined)?.companyName ?? "Companies",
};

/**
 * The crumbs of a page inside a company (/companies/{id}/verify/…): Companies, then the company's name linking to its
 * summary, from the loader's `company` ({ id, companyName }).
 */
export function companyCrumbs(data: unknown) {
  const company = (data as { company?: { id?: number; companyName?: string } } | undefined)?.company;
  const crumbs = [{ label: "Companies", to: "/companies" }];
  if (company?.id && company.companyName) crumbs.push({ label: company.companyName, to: `/companies/${company.id}/summary` });
  return crumbs;
}
