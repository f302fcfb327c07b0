/**
 * The bill detail page (spec p3 §2.1, §4.1, §4.2, §5; decision 051): the details, actions, notes and line items on the
 * left (a third of the width from 1024 px), the page images on the right; previous/next with 'n / total' when opened
 * from a list. Every action is a form posting an `intent` to the page's route, so it works without JavaScript. With
 * JavaScript the page renews its lock every 30 s and unlocks when it is left (tab close: sendBeacon).
 */
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  useRevalidator,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { ChevronDown, ChevronLeft, ChevronRight, X } from "~/components/ui/icons";
import { useEffect, useState, type ReactNode } from "react";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { MoneyInput } from "~/components/ui/money-input";
import { Label } from "~/components/ui/label";
import { RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { toast } from "~/components/ui/toast";
import { formatDate } from "~/lib/dates";
import { centsToDecimal, formatMoney, type Cents } from "~/lib/money";
import { cn } from "~/lib/utils";
import { DOCUMENT_LOCK_RENEW_MS, LOCK_REDIRECT_DELAY_MS, NOTES_MAX_LENGTH, REVIEW_MESSAGES } from "~/modules/review/rules";
import type { DetailLoaderData } from "~/web/review/detail.server";
import { PageViewer } from "./page-viewer";
import { StatusBadge } from "~/components/ui/status-badge";
import { DateInput } from "~/components/ui/date-input";

interface ActionData {
  fieldErrors?: Record<string, string>;
  formError?: string;
  values?: Record<string, string>;
  intent?: string | null;
}

/** Opening or closing a confirmation (?confirm=...) changes no data: the loader (lock, list) is not read again for it. */
export const shouldRevalidateDetail: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("confirm");
    params.sort();
    return params.toString();
  };
  return strip(currentUrl) === strip(nextUrl) ? false : defaultShouldRevalidate;
};

/** Holds the document's lock while the page is open (p3 §4.2; decision 045): renew every 30 s, unlock on leaving. */
function useDocumentLock(documentId: number, active: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const url = `/bills/documents/${documentId}/lock`;
    const unlock = () => navigator.sendBeacon(url, new URLSearchParams({ intent: "unlock" }));
    const renew = () =>
      fetch(url, { method: "POST", body: new URLSearchParams({ intent: "lock" }), credentials: "same-origin" })
        .then((response) => (response.ok ? response.json() : null))
        .then((answer: { locked?: boolean } | null) => {
          // Someone took it over (our lease ran out while the tab slept): the page shows their lock and moves on.
          if (answer && answer.locked === false) revalidator.revalidate();
        })
        .catch(() => undefined);
    void renew();
    const timer = window.setInterval(renew, DOCUMENT_LOCK_RENEW_MS);
    window.addEventListener("pagehide", unlock);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("pagehide", unlock);
      unlock();
    };
    // revalidator is a new object each render; the lock follows the document only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [documentId, active]);
}

function withParam(search: string, name: string, value: string | null): string {
  const params = new URLSearchParams(search);
  if (value === null) params.delete(name);
  else params.set(name, value);
  const query = params.toString();
  return query ? `?${query}` : "";
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    // Label and value side by side, but stacked in the narrow column between 1024 and 1280 px.
    <div className="flex flex-row justify-between gap-4 lg:flex-col lg:gap-0.5 xl:flex-row xl:gap-4">
      <dt className="whitespace-nowrap text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-right text-sm font-medium lg:text-left xl:text-right">{children}</dd>
    </div>
  );
}

export function BillDetailPage() {
  const data = useLoaderData() as DetailLoaderData;
  const actionData = useActionData() as ActionData | undefined;
  const navigate = useNavigate();
  const { search, pathname } = useLocation();
  const { view, locale, neighbours, lockedOut } = data;
  const money = (cents: Cents | null) => (cents === null ? "—" : formatMoney(cents, locale));

  useDocumentLock(view.id, data.holdsLock);

  useEffect(() => {
    if (!lockedOut) return;
    const timer = window.setTimeout(() => navigate(lockedOut.to, { replace: true }), LOCK_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [lockedOut, navigate]);

  useEffect(() => {
    if (actionData?.formError) toast.error(actionData.formError);
  }, [actionData]);

  const closeConfirm = `${pathname}${withParam(search, "confirm", null)}`;
  // From the URL, not the loader: opening the confirmation does not read the loader again (shouldRevalidateDetail).
  const confirm = new URLSearchParams(search).get("confirm");
  const supplier = view.supplierName ?? view.counterpartyName ?? view.originalFileName;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          <h2 className="truncate text-base font-semibold">{supplier}</h2>
          {view.processingStatus === "AUTHORISED" ? (
            <StatusBadge kind="document" status="AUTHORISED" />
          ) : view.reason ? (
            <Badge variant="warning">{view.reason}</Badge>
          ) : null}
        </div>
        <nav aria-label="Bills of the list" className="flex items-center gap-2">
          {neighbours ? (
            <>
              <NeighbourLink to={neighbours.previousHref} label="Previous bill" icon={<ChevronLeft className="size-4" aria-hidden />} />
              <span className="text-sm tabular-nums" aria-label={`Bill ${neighbours.position} of ${neighbours.total}`}>
                {neighbours.position} / {neighbours.total}
                {neighbours.totalIsEstimate ? "+" : ""}
              </span>
              <NeighbourLink to={neighbours.nextHref} label="Next bill" icon={<ChevronRight className="size-4" aria-hidden />} />
            </>
          ) : null}
          <Link to={data.listHref} className={buttonVariants({ variant: "outline", size: "sm" })}>
            <X className="size-4" aria-hidden />
            Close
          </Link>
        </nav>
      </div>

      {lockedOut ? (
        <Alert variant="info">
          <p>{lockedOut.message}</p>
          <p>{lockedOut.movingOn}</p>
          <noscript>
            <meta httpEquiv="refresh" content={`${LOCK_REDIRECT_DELAY_MS / 1000};url=${lockedOut.to}`} />
            <Link to={lockedOut.to} className="underline">
              Continue
            </Link>
          </noscript>
        </Alert>
      ) : null}
      {view.processingStatus === "UNMATCHED" && view.edited ? <Alert variant="info">{REVIEW_MESSAGES.unmatchedEdited}</Alert> : null}
      {actionData?.formError ? <Alert variant="destructive">{actionData.formError}</Alert> : null}

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-4 lg:col-span-1">
          <Card>
            <CardHeader className="pb-2">
              <CardTitle className="text-base">Bill details</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="flex flex-col gap-2">
                <Field label="Supplier">{supplier}</Field>
                <Field label="Invoice number">{view.invoiceNumber ?? "—"}</Field>
                <Field label="Order number">{view.orderNumber ?? "—"}</Field>
                <Field label="Invoice amount">{money(view.invoiceAmount)}</Field>
                <Field label="POS amount">{money(view.posAmount)}</Field>
                <Field label="Issue date">{formatDate(view.dateIssue) || "—"}</Field>
                <Field label="Due date">{formatDate(view.dueDate) || "—"}</Field>
                {view.processingStatus === "AUTHORISED" ? (
                  <>
                    <Field label="Authorised amount">{money(view.authorisedAmount)}</Field>
                    <Field label="Authorised by">{view.authorisedByName ?? "—"}</Field>
                  </>
                ) : (
                  <Field label="Reason">{view.reason ? <Badge variant="warning">{view.reason}</Badge> : "—"}</Field>
                )}
              </dl>
            </CardContent>
          </Card>

          {!lockedOut && view.actions.length > 0 ? <ActionsCard data={data} actionData={actionData} /> : null}

          <Card>
            <CardHeader className="pb-2">
              <CardTitle className="text-base">Notes</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="whitespace-pre-wrap break-words text-sm">{view.userNotes ?? <span className="text-muted-foreground">No notes</span>}</p>
            </CardContent>
          </Card>

          {!lockedOut && view.canEdit ? <EditCard data={data} actionData={actionData} /> : null}

          <LineItems data={data} money={money} />
        </div>

        <div className="min-w-0 lg:col-span-2">
          <PageViewer
            key={data.images.documentId}
            documentId={data.images.documentId}
            fileName={view.originalFileName}
            pages={data.images.pages}
            archived={data.images.archived}
            archivedMessage={data.images.archivedMessage ?? REVIEW_MESSAGES.archived}
            zipped={data.zipped}
          />
        </div>
      </div>

      {confirm === "delete" && view.actions.includes("DELETE") ? (
        <RouteDialog title="Delete bill" description={REVIEW_MESSAGES.confirmDelete} closeTo={closeConfirm}>
          <ConfirmForm intent="delete" cancelTo={closeConfirm} label="Delete" pendingLabel="Deleting..." destructive />
        </RouteDialog>
      ) : null}
      {confirm === "review" && view.actions.includes("SEND_FOR_REVIEW") ? (
        <RouteDialog title="Send for Review" description={REVIEW_MESSAGES.confirmSendForReview} closeTo={closeConfirm}>
          <ConfirmForm intent="sendForReview" cancelTo={closeConfirm} label="Send for Review" pendingLabel="Sending..." />
        </RouteDialog>
      ) : null}
    </div>
  );
}

function NeighbourLink({ to, label, icon }: { to: string | null; label: string; icon: ReactNode }) {
  if (!to)
    return (
      <span className={cn(buttonVariants({ variant: "outline", size: "icon" }), "pointer-events-none opacity-50")} aria-label={label} aria-disabled role="link">
        {icon}
      </span>
    );
  return (
    <Link to={to} aria-label={label} className={buttonVariants({ variant: "outline", size: "icon" })}>
      {icon}
    </Link>
  );
}

/** The pending state of one intent's submit (GUIDE "Screens": pending UI on every submit). */
function usePendingIntent() {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST" ? (navigation.formData?.get("intent") as string | null) : null;
}

function IntentButton({
  intent,
  children,
  pendingLabel,
  variant,
}: {
  intent: string;
  children: ReactNode;
  pendingLabel: string;
  variant?: "default" | "outline" | "destructive" | "secondary";
}) {
  const pending = usePendingIntent();
  return (
    <Form method="post" replace>
      <Button type="submit" name="intent" value={intent} variant={variant} disabled={pending !== null} className="w-full">
        {pending === intent ? pendingLabel : children}
      </Button>
    </Form>
  );
}

function ConfirmForm({
  intent,
  cancelTo,
  label,
  pendingLabel,
  destructive,
}: {
  intent: string;
  cancelTo: string;
  label: string;
  pendingLabel: string;
  destructive?: boolean;
}) {
  const pending = usePendingIntent();
  const { search, pathname } = useLocation();
  return (
    <Form method="post" action={`${pathname}${withParam(search, "confirm", null)}`} replace>
      <RouteDialogFooter>
        <Link to={cancelTo} className={buttonVariants({ variant: "outline" })}>
          Cancel
        </Link>
        <Button type="submit" name="intent" value={intent} variant={destructive ? "destructive" : "default"} disabled={pending !== null}>
          {pending === intent ? pendingLabel : label}
        </Button>
      </RouteDialogFooter>
    </Form>
  );
}

function ActionsCard({ data, actionData }: { data: DetailLoaderData; actionData: ActionData | undefined }) {
  const { view, locale } = data;
  const { search, pathname } = useLocation();
  const pending = usePendingIntent();
  const actions = view.actions;
  const amountError = actionData?.intent === "authorise" ? actionData.fieldErrors?.authorisedAmount : undefined;
  const fixed = view.fixedAuthoriseAmount;
  // Flexible allocation (p3 §4.1): the line items' sum is pre-filled and locked.
  const lockedAmount = fixed !== null || (data.flexibleAllocation && view.lineItems.length > 0);
  const prefill = view.prefilledAuthoriseAmount;
  const typed = actionData?.intent === "authorise" ? actionData.values?.authorisedAmount : undefined;
  const confirmLink = (kind: "delete" | "review") => `${pathname}${withParam(search, "confirm", kind)}`;
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">Actions</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {actions.includes("AUTHORISE") ? (
          <Form method="post" replace className="flex flex-col gap-2" noValidate>
            <Label htmlFor="authorisedAmount" required>
              Authorised amount
            </Label>
            <MoneyInput
              id="authorisedAmount"
              name="authorisedAmount"
              key={`authorised-${typed ?? ""}`}
              defaultValue={typed ?? (prefill === null ? "" : centsToDecimal(prefill))}
              aria-required="true"
              readOnly={lockedAmount}
              aria-invalid={amountError ? true : undefined}
              aria-describedby={amountError ? "authorisedAmount-error" : undefined}
            />
            <FieldError id="authorisedAmount-error" message={amountError} />
            <Button type="submit" name="intent" value="authorise" disabled={pending !== null}>
              {pending === "authorise" ? "Authorising..." : fixed !== null ? REVIEW_MESSAGES.authoriseButton(formatMoney(fixed, locale)) : "Authorise"}
            </Button>
          </Form>
        ) : null}
        {actions.includes("CONFIRM") ? (
          <IntentButton intent="confirm" pendingLabel="Confirming...">
            Confirm
          </IntentButton>
        ) : null}
        {actions.includes("SEND_TO_PENDING_APPROVAL") ? (
          <IntentButton intent="sendToPendingApproval" pendingLabel="Sending..." variant="outline">
            Send to Pending Approval
          </IntentButton>
        ) : null}
        {actions.includes("SEND_FOR_REVIEW") ? (
          <Link to={confirmLink("review")} replace preventScrollReset className={buttonVariants({ variant: "outline" })}>
            Send for Review
          </Link>
        ) : null}
        {actions.includes("ENABLE_EDITING") ? (
          <IntentButton intent="enableEditing" pendingLabel="Enabling..." variant="outline">
            Enable Editing
          </IntentButton>
        ) : null}
        {actions.includes("DONE_EDITING") ? (
          <IntentButton intent="doneEditing" pendingLabel="Saving..." variant="outline">
            Done Editing
          </IntentButton>
        ) : null}
        {actions.includes("SUBMIT_FOR_PROCESSING") ? (
          <IntentButton intent="submitForProcessing" pendingLabel="Submitting...">
            Submit for Processing
          </IntentButton>
        ) : null}
        {actions.includes("DELETE") ? (
          <Link to={confirmLink("delete")} replace preventScrollReset className={buttonVariants({ variant: "destructive" })}>
            Delete
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}

type EditField = "supplierName" | "invoiceNumber" | "orderNumber" | "invoiceAmount" | "issueDate" | "dueDate" | "userNotes";

function EditCard({ data, actionData }: { data: DetailLoaderData; actionData: ActionData | undefined }) {
  const { view } = data;
  const pending = usePendingIntent();
  const original = view.invoiceAmount === null ? "" : centsToDecimal(view.invoiceAmount);
  const echoed = actionData?.intent === "edit" ? actionData.values : undefined;
  const errors = actionData?.intent === "edit" ? actionData.fieldErrors ?? {} : {};
  const initial: Record<EditField, string> = {
    supplierName: view.supplierName ?? view.counterpartyName ?? "",
    invoiceNumber: view.invoiceNumber ?? "",
    orderNumber: view.orderNumber ?? "",
    invoiceAmount: original,
    issueDate: view.dateIssue ?? "",
    dueDate: view.dueDate ?? "",
    userNotes: view.userNotes ?? "",
  };
  const value = (field: EditField) => echoed?.[field] ?? initial[field];
  const [amount, setAmount] = useState(value("invoiceAmount"));
  const amountChanged = amount.trim().replace(/,/g, "") !== original;
  const described = (field: string) => (errors[field] ? { "aria-invalid": true as const, "aria-describedby": `${field}-error` } : {});
  // A disclosure (no JavaScript needed), open when the last save had errors: the page stays short on a phone.
  return (
    <Card>
      <details open={Object.keys(errors).length > 0} className="group">
        <summary className="flex cursor-pointer list-none items-center justify-between rounded-lg p-6 text-base font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
          Edit bill
          <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden />
        </summary>
        <CardContent>
          <Form method="post" replace className="flex flex-col gap-3" noValidate>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="supplierName">Supplier</Label>
              <Input id="supplierName" name="supplierName" list="supplier-options" defaultValue={value("supplierName")} {...described("supplierName")} />
              <datalist id="supplier-options">
                {view.supplierNames.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
              <FieldError id="supplierName-error" message={errors.supplierName} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="invoiceNumber">Invoice number</Label>
              <Input id="invoiceNumber" name="invoiceNumber" defaultValue={value("invoiceNumber")} {...described("invoiceNumber")} />
              <FieldError id="invoiceNumber-error" message={errors.invoiceNumber} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="orderNumber">Order number</Label>
              <Input id="orderNumber" name="orderNumber" defaultValue={value("orderNumber")} {...described("orderNumber")} />
              <FieldError id="orderNumber-error" message={errors.orderNumber} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="invoiceAmount">Invoice amount</Label>
              <MoneyInput id="invoiceAmount" name="invoiceAmount" value={amount} onValueChange={setAmount} {...described("invoiceAmount")} />
              {amountChanged && view.lineItems.some((item) => item.glAccountCode) ? (
                <p className="text-sm text-amber-800" role="status">
                  {REVIEW_MESSAGES.glAllocationReset}
                </p>
              ) : null}
              <FieldError id="invoiceAmount-error" message={errors.invoiceAmount} />
            </div>
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="issueDate">Issue date</Label>
                <DateInput id="issueDate" name="issueDate" defaultValue={value("issueDate")} {...described("issueDate")} />
                <FieldError id="issueDate-error" message={errors.issueDate} />
              </div>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="dueDate">Due date</Label>
                <DateInput id="dueDate" name="dueDate" defaultValue={value("dueDate")} {...described("dueDate")} />
                <FieldError id="dueDate-error" message={errors.dueDate} />
              </div>
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="userNotes">Notes</Label>
              <textarea
                id="userNotes"
                name="userNotes"
                maxLength={NOTES_MAX_LENGTH}
                rows={3}
                defaultValue={value("userNotes")}
                className="rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                {...described("userNotes")}
              />
              <FieldError id="userNotes-error" message={errors.userNotes} />
            </div>
            <Button type="submit" name="intent" value="edit" variant="outline" disabled={pending !== null}>
              {pending === "edit" ? "Saving..." : "Save changes"}
            </Button>
          </Form>
        </CardContent>
      </details>
    </Card>
  );
}

function LineItems({ data, money }: { data: DetailLoaderData; money: (cents: Cents | null) => string }) {
  const { view } = data;
  const glName = new Map(view.glAccounts.map((account) => [account.accountCode, account.label]));
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">Line items</CardTitle>
      </CardHeader>
      <CardContent>
        {view.lineItems.length === 0 ? (
          <p className="text-sm text-muted-foreground">No line items</p>
        ) : (
          <ul className="flex flex-col divide-y text-sm" aria-label="Line items">
            {view.lineItems.map((item) => (
              <li key={item.id} className="flex flex-col gap-0.5 py-2">
                <div className="flex justify-between gap-3">
                  <span className="min-w-0 break-words">{item.description ?? "—"}</span>
                  <span className="shrink-0 tabular-nums">{money(item.amount)}</span>
                </div>
                <span className="text-muted-foreground">GL: {item.glAccountCode ? glName.get(item.glAccountCode) ?? item.glAccountCode : "Not allocated"}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
