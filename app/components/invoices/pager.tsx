/**
 * The pagination bar of every list (p2 §2, §9; p3 §9): shown only above 10 rows, "x-y of total" ("of about N" when
 * the total is an estimate, docs/decisions/008), a page-size selector (10/25/50/100) and 4 page links. Links and a
 * GET form: works without JS. The caller says where each page is (`hrefFor`) and what else the size form carries.
 */
import { Form, Link, useSubmit } from "@remix-run/react";
import { ChevronLeft, ChevronRight } from "~/components/ui/icons";
import { Button, buttonVariants } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";
import { PAGE_SIZES, pageSummary, pageWindow, showPagination, totalPages } from "~/modules/invoices/filters";

export function Pager({
  total,
  page,
  size,
  hrefFor,
  hidden,
  estimated = false,
}: {
  total: number;
  page: number;
  size: number;
  estimated?: boolean;
  hrefFor: (page: number) => string;
  /** The rest of the state, carried through the page-size form (without page and size). */
  hidden: [string, string][];
}) {
  const submit = useSubmit();
  if (!showPagination(total)) return null;
  const pages = totalPages(total, size);
  const linkClass = buttonVariants({ variant: "ghost", size: "sm", className: "min-w-9 px-2" });
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 pt-3 text-sm">
      <p aria-live="polite">{pageSummary(page, size, total, estimated)}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Form method="get" className="flex items-center gap-2" preventScrollReset>
          {hidden
            .filter(([name]) => name !== "page" && name !== "size")
            .map(([name, value]) => (
              <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
            ))}
          <Label htmlFor="page-size" className="whitespace-nowrap font-normal">
            Rows per page
          </Label>
          <select
            id="page-size"
            name="size"
            defaultValue={String(size)}
            key={size}
            onChange={(event) => event.currentTarget.form && submit(event.currentTarget.form, { preventScrollReset: true })}
            className="h-9 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {PAGE_SIZES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          <noscript>
            <Button type="submit" variant="outline" size="sm">
              Apply
            </Button>
          </noscript>
        </Form>
        <ul className="flex items-center gap-1">
          <li>
            {page > 1 ? (
              <Link to={hrefFor(page - 1)} className={linkClass} aria-label="Previous page" preventScrollReset>
                <ChevronLeft aria-hidden className="size-4" />
              </Link>
            ) : (
              <span className={cn(linkClass, "pointer-events-none opacity-40")} aria-hidden>
                <ChevronLeft className="size-4" />
              </span>
            )}
          </li>
          {pageWindow(page, pages).map((n) => (
            <li key={n}>
              <Link
                to={hrefFor(n)}
                aria-label={`Page ${n}`}
                aria-current={n === page ? "page" : undefined}
                preventScrollReset
                className={cn(linkClass, n === page && "bg-primary text-primary-foreground hover:bg-primary/90 hover:text-primary-foreground")}
              >
                {n}
              </Link>
            </li>
          ))}
          <li>
            {page < pages ? (
              <Link to={hrefFor(page + 1)} className={linkClass} aria-label="Next page" preventScrollReset>
                <ChevronRight aria-hidden className="size-4" />
              </Link>
            ) : (
              <span className={cn(linkClass, "pointer-events-none opacity-40")} aria-hidden>
                <ChevronRight className="size-4" />
              </span>
            )}
          </li>
        </ul>
      </div>
    </nav>
  );
}
