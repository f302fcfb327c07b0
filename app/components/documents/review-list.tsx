/**
 * A review list (issue 17 part 1; spec p3 §2.1, §3, §4.1 'Batch review', §9; decisions 048 and 050): the Upload bills
 * control, the statistics cards, the tabs, the supplier search and the Filter dropdown, the rows (each opening its
 * detail page with the list's query, so the detail page can step through the list; a row locked by someone else shows
 * a Locked button instead), the pager with keyset cursors, and the batch Delete: select rows, confirm, and follow the
 * queued job every second until its outcome. Rows become cards below 768 px. Without JavaScript every control is a
 * link or a form: Delete asks on a confirmation page, and the running job reloads the page every second.
 */
import { Form, Link, useLoaderData, useLocation, useNavigate, useNavigation, useRevalidator } from "@remix-run/react";
import { ArrowDown, ArrowUp, ArrowUpDown, Trash2 } from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { Pager } from "~/components/invoices/pager";
import { BULK_FORM_ID, RowCheckbox, SelectAllCheckbox, useHydrated, useRowSelection } from "~/components/invoices/selection";
import { JobProgress } from "~/components/jobs/job-progress";
import { useJobProgress } from "~/components/jobs/use-job-progress";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "~/components/ui/dialog";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { LinkTabs } from "~/components/ui/tabs";
import { formatDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { cn } from "~/lib/utils";
import { activeReviewFilterCount, listStateSearch } from "~/modules/documents/review-list-form";
import type { ReviewRow, ReviewSortField } from "~/modules/documents/review-lists.server";
import { isBatchDeleteFinished, type BatchDeleteJobStatus } from "~/modules/review/batch-delete";
import { REVIEW_MESSAGES } from "~/modules/review/rules";
import type { ReviewListData } from "~/web/documents/review-list.server";
import { HiddenState, LockedButton, ReviewFilterMenu, StatisticsCards, SupplierSearch } from "./review-list-parts";
import { UploadBills } from "./upload-bills";

const DELETE_INTENT = "delete-documents";

const withParams = (pathname: string, search: string, set: Record<string, string | null>) => {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(set)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  const text = params.toString();
  return text ? `${pathname}?${text}` : pathname;
};

function SortHead({
  field,
  label,
  className,
  pathname,
  search,
  sort,
}: {
  field: ReviewSortField;
  label: string;
  className?: string;
  pathname: string;
  search: string;
  sort: { field: string; direction: string };
}) {
  const current = sort.field === field ? sort.direction : null;
  const next = current === "asc" ? "desc" : current === "desc" ? "asc" : "asc";
  const Icon = current === "asc" ? ArrowUp : current === "desc" ? ArrowDown : ArrowUpDown;
  return (
    <TableHead aria-sort={current === "asc" ? "ascending" : current === "desc" ? "descending" : "none"} className={className}>
      <Link
        to={withParams(pathname, search, { sort: `${field},${next}`, page: null, cursor: null })}
        preventScrollReset
        className="inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {label}
        <Icon aria-hidden className={cn("size-3.5", current ? "text-foreground" : "opacity-50")} />
      </Link>
    </TableHead>
  );
}

function Reason({ row }: { row: ReviewRow }) {
  if (!row.reason) return null;
  return <Badge variant={row.processingStatus === "FAILED" ? "destructive" : "secondary"}>{row.reason}</Badge>;
}

/** The supplier cell: the link to the detail page, or plain text with the Locked button's row. */
function SupplierLink({ row, href }: { row: ReviewRow; href: string }) {
  if (row.locked) return <span className="font-medium">{row.supplier}</span>;
  return (
    <Link
      to={href}
      className="font-medium text-primary underline-offset-4 hover:underline"
      aria-label={`Review ${row.supplier}${row.invoiceNumber ? ` ${row.invoiceNumber}` : ""}`}
    >
      {row.supplier}
    </Link>
  );
}

const lockMessage = (row: ReviewRow) => REVIEW_MESSAGES.lockedBy(row.lockedBy ?? "someone else");

/** The running batch delete: polled every second (p3 §4.1); the list reloads once it has finished. */
function DeleteProgress({ job }: { job: BatchDeleteJobStatus }) {
  const revalidator = useRevalidator();
  const progress = useJobProgress<BatchDeleteJobStatus>({
    url: `/resources/document-delete/${job.id}`,
    initial: job,
    finished: isBatchDeleteFinished,
    pollingFailed: REVIEW_MESSAGES.batchDeleteFailed,
    resultAtOnce: true,
  });
  const revalidate = revalidator.revalidate;
  const settled = progress.done;
  useEffect(() => {
    if (settled && !job.outcome) revalidate();
  }, [settled, job.outcome, revalidate]);
  const outcome = job.outcome ?? progress.status?.outcome ?? null;
  if (outcome) {
    return (
      <Alert role={outcome.tone === "error" ? "alert" : "status"} variant={outcome.tone === "error" ? "destructive" : "default"}>
        {outcome.message}
      </Alert>
    );
  }
  if (progress.error) {
    return (
      <Alert role="alert" variant="destructive">
        {progress.error}
      </Alert>
    );
  }
  return (
    <div className="rounded-lg border bg-card p-4">
      <JobProgress
        labelId={`document-delete-${job.id}`}
        label={`Deleting ${job.selected} ${job.selected === 1 ? "bill" : "bills"}`}
        percent={progress.percent}
      />
    </div>
  );
}

function ConfirmDelete({ ids, closeTo, onClose }: { ids: number[]; closeTo: string | null; onClose: () => void }) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === DELETE_INTENT;
  const question = ids.length === 1 ? REVIEW_MESSAGES.confirmDelete : `Are you sure you want to delete these ${ids.length} bills?`;
  if (!hydrated) {
    // Without JavaScript (the dialog's portal needs it): the same question as a section of the page.
    if (!ids.length) return null;
    return (
      <section
        role="alertdialog"
        aria-labelledby="confirm-delete-title"
        aria-describedby="confirm-delete-question"
        className="space-y-3 rounded-lg border bg-card p-4"
      >
        <h2 id="confirm-delete-title" className="font-semibold">
          Delete
        </h2>
        <p id="confirm-delete-question">{question}</p>
        <form method="post" className="flex gap-2">
          <input type="hidden" name="intent" value={DELETE_INTENT} />
          {ids.map((id) => (
            <input key={id} type="hidden" name="ids" value={id} />
          ))}
          <a href={closeTo ?? ""} className={buttonVariants({ variant: "outline" })}>
            Cancel
          </a>
          <Button type="submit" variant="destructive">
            Delete
          </Button>
        </form>
      </section>
    );
  }
  return (
    <Dialog open={ids.length > 0} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Delete</DialogTitle>
        <DialogDescription>{question}</DialogDescription>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value={DELETE_INTENT} />
          {ids.map((id) => (
            <input key={id} type="hidden" name="ids" value={id} />
          ))}
          <DialogFooter>
            {closeTo ? (
              <Link to={closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
                Cancel
              </Link>
            ) : (
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
            )}
            <Button type="submit" variant="destructive" disabled={pending}>
              {pending ? "Deleting..." : "Delete"}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

export function ReviewListPage() {
  const data = useLoaderData<ReviewListData>();
  const { pathname, search, key } = useLocation();
  const navigate = useNavigate();
  const { page: list, locale } = data;
  const rows = list.rows;
  const state = listStateSearch(search);
  const selectable = rows.filter((row) => !row.locked).map((row) => row.id);
  const { selected, toggle, toggleAll, allSelected, someSelected } = useRowSelection(selectable);
  const [confirmIds, setConfirmIds] = useState<number[]>([]);
  // The confirmed delete comes back as a new location (with deleteJob): the dialog has done its part.
  useEffect(() => setConfirmIds([]), [key]);
  const serverConfirm = data.confirmDelete;
  const dialogIds = confirmIds.length ? confirmIds : serverConfirm;
  const closeTo = serverConfirm.length && !confirmIds.length ? withParams(pathname, state, {}) : null;
  const detailHref = (row: ReviewRow) => `/bills/${data.list}/${row.id}${state ? `?${state}` : ""}`;
  const hrefFor = (target: number) =>
    withParams(pathname, state, {
      page: target === 1 ? null : String(target),
      cursor: target === list.page + 1 ? list.pageCursors.next : target === list.page - 1 ? list.pageCursors.previous : null,
    });
  const sortProps = { pathname, search: state, sort: list.query.sort };
  const filterCount = activeReviewFilterCount({
    amount: list.query.amount,
    issueDate: list.query.issueDate,
    invoiceNumber: list.query.invoiceNumber,
    orderNumber: list.query.orderNumber,
  });
  const showPos = data.list === "variances";
  const columns = 7 + (showPos ? 1 : 0);
  // Below 1280 px (the menu beside the table) the order number, and on Variances the issue date, give way: no sideways scroll at 1024.
  const wide = "hidden xl:table-cell";
  const narrowed = filterCount > 0 || list.query.supplier !== null || list.query.tab !== list.tabs[0]?.value;
  const empty = narrowed ? "No bills match these filters" : data.empty;
  const checkbox = (row: ReviewRow) =>
    row.locked ? (
      <span className="sr-only">Locked</span>
    ) : (
      <RowCheckbox
        id={row.id}
        label={`Select ${row.supplier}${row.invoiceNumber ? ` ${row.invoiceNumber}` : ""}`}
        checked={selected.has(row.id)}
        onChange={(on) => toggle(row.id, on)}
      />
    );

  return (
    <div className="space-y-4">
      <UploadBills />
      <ConfirmDelete
        ids={dialogIds}
        closeTo={closeTo}
        onClose={() => {
          setConfirmIds([]);
          if (closeTo) navigate(closeTo, { preventScrollReset: true });
        }}
      />
      {data.deleteJob ? <DeleteProgress key={data.deleteJob.id} job={data.deleteJob} /> : null}
      {data.statistics ? <StatisticsCards list={data.list} statistics={data.statistics} locale={locale} /> : null}
      <section aria-label={data.title} className="space-y-3">
        {list.tabs.length > 1 ? (
          <LinkTabs
            label={`${data.title} tabs`}
            items={list.tabs.map((tab) => ({ value: tab.value, label: tab.label }))}
            value={list.query.tab}
            resetParams={["page", "cursor", "confirmDelete", "ids", "deleteJob"]}
          />
        ) : null}
        <div className="flex flex-wrap items-end justify-between gap-3">
          <SupplierSearch search={state} value={new URLSearchParams(search).get("supplier") ?? ""} />
          <div className="flex items-center gap-2">
            <Form
              id={BULK_FORM_ID}
              method="get"
              preventScrollReset
              onSubmit={(event) => {
                event.preventDefault();
                if (selected.size > 0) setConfirmIds([...selected]);
              }}
            >
              <HiddenState search={state} omit={[]} />
              {list.page > 1 ? <input type="hidden" name="page" value={list.page} /> : null}
              <Button type="submit" name="confirmDelete" value="1" variant="outline" disabled={rows.length === 0}>
                <Trash2 aria-hidden className="size-4" />
                Delete{selected.size > 0 ? ` (${selected.size})` : ""}
              </Button>
            </Form>
            <ReviewFilterMenu pathname={pathname} search={state} values={data.filterValues} count={filterCount} />
          </div>
        </div>
        {someSelected || allSelected ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {selected.size} selected
          </p>
        ) : null}

        <div className="hidden md:block">
          <Table aria-label={data.title}>
            <TableHeader>
              <TableRow>
                <TableHead className="w-10">
                  <SelectAllCheckbox checked={allSelected} indeterminate={someSelected} onChange={toggleAll} />
                </TableHead>
                <TableHead>Supplier</TableHead>
                <TableHead>Invoice number</TableHead>
                <TableHead className={wide}>Order number</TableHead>
                <SortHead field="dateIssue" label="Issue date" className={showPos ? wide : undefined} {...sortProps} />
                <SortHead field="invoiceAmount" label="Amount" className="text-right" {...sortProps} />
                {showPos ? <TableHead className="text-right">POS amount</TableHead> : null}
                <TableHead>Reason</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.length === 0 ? (
                <TableEmpty colSpan={columns}>{empty}</TableEmpty>
              ) : (
                rows.map((row) => (
                  <TableRow key={row.id} data-state={selected.has(row.id) ? "selected" : undefined}>
                    <TableCell>{checkbox(row)}</TableCell>
                    <TableCell label="Supplier" className="max-w-40 truncate xl:max-w-56">
                      <SupplierLink row={row} href={detailHref(row)} />
                    </TableCell>
                    <TableCell label="Invoice number" className="whitespace-nowrap">
                      {row.invoiceNumber ?? ""}
                    </TableCell>
                    <TableCell label="Order number" className={cn("whitespace-nowrap", wide)}>
                      {row.orderNumber ?? ""}
                    </TableCell>
                    <TableCell label="Issue date" className={cn("whitespace-nowrap", showPos && wide)}>
                      {formatDate(row.issueDate)}
                    </TableCell>
                    <TableCell label="Amount" className="whitespace-nowrap text-right tabular-nums">
                      {row.amount === null ? "" : formatMoney(row.amount, locale)}
                    </TableCell>
                    {showPos ? (
                      <TableCell label="POS amount" className="whitespace-nowrap text-right tabular-nums">
                        {row.posAmount === null ? "" : formatMoney(row.posAmount, locale)}
                      </TableCell>
                    ) : null}
                    <TableCell label="Reason">
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <Reason row={row} />
                        {row.locked ? <LockedButton message={lockMessage(row)} /> : null}
                      </div>
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </div>
        <ul className="space-y-2 md:hidden" aria-label={data.title}>
          {rows.length === 0 ? (
            <li className="rounded-lg border bg-card p-4 text-center text-sm text-muted-foreground">{empty}</li>
          ) : (
            rows.map((row) => (
              <li key={row.id} className="space-y-2 rounded-lg border bg-card p-4 text-sm">
                <div className="flex items-start gap-3">
                  <div className="pt-0.5">{checkbox(row)}</div>
                  <div className="min-w-0 flex-1 truncate">
                    <SupplierLink row={row} href={detailHref(row)} />
                  </div>
                  <span className="whitespace-nowrap tabular-nums">{row.amount === null ? "" : formatMoney(row.amount, locale)}</span>
                </div>
                <div className="text-muted-foreground">{[row.invoiceNumber, row.orderNumber, formatDate(row.issueDate)].filter(Boolean).join(" · ")}</div>
                <div className="flex items-center justify-between gap-2">
                  <Reason row={row} />
                  {row.locked ? <LockedButton message={lockMessage(row)} /> : null}
                </div>
              </li>
            ))
          )}
        </ul>
        <Pager
          total={list.total}
          page={list.page}
          size={list.size}
          estimated={list.totalIsEstimate}
          hrefFor={hrefFor}
          hidden={[...new URLSearchParams(state).entries()].filter(([name]) => name !== "cursor")}
        />
      </section>
    </div>
  );
}
