import { forwardRef, useEffect, useRef, type HTMLAttributes, type ReactNode, type TdHTMLAttributes, type ThHTMLAttributes } from "react";
import { cn } from "~/lib/utils";

/** The part's own class first, then the caller's (no tailwind-merge per cell: a caller's utilities win by layer). */
const withClass = (own: string, className: string | undefined) => (className ? `${own} ${className}` : own);

/**
 * Plain semantic table parts (decision 066). From 1024 px a list fits its column: no `min-w-[..]` on a table; text
 * wraps, and a low-value column may hide at `lg`/`xl` (never the amount, status or action). Between 768 and 1023 px
 * the wrapper may scroll. Below 768 px every table is a list of cards (app/tailwind.css, `.eb-table`): the header
 * row hides, each row is a bordered card and each cell a line captioned by its `label` (rendered as `data-label`).
 * Give every cell a `label` (its column's heading); a cell without one (a row checkbox) shows bare.
 * Give the table an accessible name (aria-label or a <TableCaption>) when a page holds several tables.
 */
export const Table = forwardRef<HTMLTableElement, HTMLAttributes<HTMLTableElement>>(({ className, ...props }, ref) => {
  const wrap = useRef<HTMLDivElement>(null);
  // A wrapper that scrolls sideways (a wide table in a narrow column) must be reachable by keyboard to scroll it
  // (WCAG 2.1.1; axe scrollable-region-focusable): it takes focus only while it actually overflows.
  useEffect(() => {
    const element = wrap.current;
    if (!element) return;
    const update = () => {
      if (element.scrollWidth > element.clientWidth + 1) element.setAttribute("tabindex", "0");
      else element.removeAttribute("tabindex");
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={wrap} className="eb-table-wrap">
      <table ref={ref} className={cn("eb-table w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
});
Table.displayName = "Table";

export const TableHeader = forwardRef<HTMLTableSectionElement, HTMLAttributes<HTMLTableSectionElement>>(({ className, ...props }, ref) => (
  <thead ref={ref} className={cn("bg-muted/60 [&_tr]:border-b", className)} {...props} />
));
TableHeader.displayName = "TableHeader";

export const TableBody = forwardRef<HTMLTableSectionElement, HTMLAttributes<HTMLTableSectionElement>>(({ className, ...props }, ref) => (
  <tbody ref={ref} className={cn("[&_tr:last-child]:border-0", className)} {...props} />
));
TableBody.displayName = "TableBody";

export const TableFooter = forwardRef<HTMLTableSectionElement, HTMLAttributes<HTMLTableSectionElement>>(({ className, ...props }, ref) => (
  <tfoot ref={ref} className={cn("border-t bg-muted/60 font-medium [&>tr]:last:border-b-0", className)} {...props} />
));
TableFooter.displayName = "TableFooter";

export const TableRow = forwardRef<HTMLTableRowElement, HTMLAttributes<HTMLTableRowElement>>(({ className, ...props }, ref) => (
  <tr ref={ref} className={withClass("eb-tr", className)} {...props} />
));
TableRow.displayName = "TableRow";

export const TableHead = forwardRef<HTMLTableCellElement, ThHTMLAttributes<HTMLTableCellElement>>(({ className, scope = "col", ...props }, ref) => (
  <th
    ref={ref}
    scope={scope}
    className={withClass("eb-th", className)}
    {...props}
  />
));
TableHead.displayName = "TableHead";

export interface TableCellProps extends TdHTMLAttributes<HTMLTableCellElement> {
  /** The column's heading, shown as the cell's caption when the row is a card (below 768 px). */
  label?: string;
}

export const TableCell = forwardRef<HTMLTableCellElement, TableCellProps>(({ className, label, ...props }, ref) => (
  <td ref={ref} data-label={label} className={withClass("eb-td", className)} {...props} />
));
TableCell.displayName = "TableCell";

export const TableCaption = forwardRef<HTMLTableCaptionElement, HTMLAttributes<HTMLTableCaptionElement>>(({ className, ...props }, ref) => (
  <caption ref={ref} className={cn("py-3 text-sm text-muted-foreground", className)} {...props} />
));
TableCaption.displayName = "TableCaption";

/** The one-row message shown when a list is empty ("You have no transactions yet"). */
export function TableEmpty({ colSpan, children, className }: { colSpan: number; children: ReactNode; className?: string }) {
  return (
    <tr>
      <td colSpan={colSpan} className={cn("eb-td-empty px-4 py-10 text-center text-muted-foreground", className)}>
        {children}
      </td>
    </tr>
  );
}
