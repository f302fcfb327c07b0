import { Form, Link, useNavigation } from "@remix-run/react";
import { MoneyInput } from "~/components/ui/money-input";
import { Loader2 } from "~/components/ui/icons";
import { useId, useState, type KeyboardEvent, type MouseEvent, type ReactNode, type WheelEvent } from "react";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { RouteDialogFooter } from "~/components/ui/route-dialog";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDate } from "~/lib/dates";
import { formatMoney, type Cents } from "~/lib/money";
import { cn } from "~/lib/utils";
import {
  allocationFieldName,
  canAllocate,
  equalAllocationForDialog,
  formatAllocationInput,
  parseAllocationAmount,
  validateAllocation,
  type AllocationInput,
} from "~/modules/invoices/credit-allocation";
import type { Locale } from "~/modules/invoices/rules";
import { useHydrated } from "./shared";

export type AllocationMode = "automatic" | "manual";

export interface DialogBillRow {
  invoiceId: number;
  invoiceNumber: string;
  dueDate: string;
  amountDue: Cents;
  alreadyAllocated: Cents;
  paid: boolean;
}

export interface AllocateActionData {
  formError?: string;
  /** The service's refusal of the allocation table as a whole is its "allocations" field (422). */
  fieldErrors?: Partial<Record<"allocations", string>>;
  /** What was submitted, so the form shows it again (no JavaScript). */
  amounts?: Record<string, string>;
  nonce?: string;
}

type Amounts = Record<string, string>;

/** The dialog's amounts for the given cents per bill ("" for nothing). */
export function amountsOf(rows: readonly { invoiceId: number; allocated: Cents }[]): Amounts {
  return Object.fromEntries(rows.map((row) => [String(row.invoiceId), row.allocated > 0 ? formatAllocationInput(row.allocated) : ""]));
}

/**
 * Allocate Credit Note (p2 §2, §4, §5, §9). The same pure functions as the server (credit-allocation.ts) give instant
 * feedback: the three inline errors, the remaining credit and the Allocate button's state. Without JavaScript the
 * mode and equal-distribution controls are GET forms the loader answers, and Allocate posts the amounts; the
 * server's check is the one that counts.
 */
export function AllocateCreditNote({
  unallocated,
  bills,
  locale,
  flexible,
  initial,
  actionData,
  hiddenParams,
  editSelectionHref,
  cancelHref,
}: {
  unallocated: Cents;
  bills: DialogBillRow[];
  locale: Locale;
  flexible: boolean;
  initial: { mode: AllocationMode; equal: boolean; amounts: Amounts };
  actionData: AllocateActionData | undefined;
  /** The selection, carried by the GET controls. */
  hiddenParams: [string, string][];
  editSelectionHref: string;
  cancelHref: string;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "allocate";
  const [mode, setMode] = useState<AllocationMode>(initial.mode);
  const [equal, setEqual] = useState(initial.equal);
  const [amounts, setAmounts] = useState<Amounts>(actionData?.amounts ?? initial.amounts);
  const errorPrefix = useId();

  const existing = amountsOf(bills.map((bill) => ({ invoiceId: bill.invoiceId, allocated: bill.alreadyAllocated })));
  const equalShares = () => amountsOf(equalAllocationForDialog(unallocated, bills));
  const input: AllocationInput = {
    creditRemaining: unallocated,
    allocations: bills.map((bill) => ({
      invoiceId: bill.invoiceId,
      amountDue: bill.amountDue,
      alreadyAllocated: bill.alreadyAllocated,
      allocated: parseAllocationAmount(amounts[String(bill.invoiceId)] ?? ""),
    })),
  };
  const check = validateAllocation(input);
  const rowErrors = new Map(check.errors.filter((e) => e.invoiceId !== null).map((e) => [e.invoiceId as number, e.message]));
  const dialogError = check.errors.find((e) => e.invoiceId === null)?.message;
  const serverError = actionData?.formError ?? actionData?.fieldErrors?.allocations;
  // Before hydration the button stays enabled: without JavaScript the server's check decides.
  const allocatable = !hydrated || canAllocate(input);

  const control = (event: MouseEvent, apply: () => void) => {
    event.preventDefault();
    apply();
  };
  const chooseMode = (next: AllocationMode) => {
    setMode(next);
    if (next === "automatic") {
      setEqual(true);
      setAmounts(equalShares());
    }
  };
  const toggleEqual = () => {
    setEqual(!equal);
    setAmounts(equal ? existing : equalShares());
  };
  const reset = () => {
    setEqual(false);
    setAmounts(existing);
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label="Allocation mode" className="inline-flex rounded-md border p-0.5">
          <GetControl
            params={[...hiddenParams, ["mode", "automatic"], ["equal", "1"]]}
            pressed={mode === "automatic"}
            onClick={(e) => control(e, () => chooseMode("automatic"))}
          >
            Automatic
          </GetControl>
          {flexible ? (
            <GetControl
              params={[...hiddenParams, ["mode", "manual"], ["equal", equal ? "1" : "0"]]}
              pressed={mode === "manual"}
              onClick={(e) => control(e, () => chooseMode("manual"))}
            >
              Manual
            </GetControl>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <GetControl
            params={[...hiddenParams, ["mode", mode], ["equal", equal ? "0" : "1"]]}
            pressed={equal}
            variant="outline"
            onClick={(e) => control(e, toggleEqual)}
          >
            Equal distribution
          </GetControl>
          <GetControl params={[...hiddenParams, ["mode", mode], ["equal", "0"]]} variant="ghost" onClick={(e) => control(e, reset)}>
            Reset
          </GetControl>
        </div>
      </div>

      <Form method="post" className="grid gap-4" noValidate>
        <input type="hidden" name="intent" value="allocate" />
        <input type="hidden" name="mode" value={mode} />
        {bills.map((bill) => (
          <input key={bill.invoiceId} type="hidden" name="bill" value={bill.invoiceId} />
        ))}
        <div className="overflow-x-auto rounded-md border">
          <Table aria-label="Bills to allocate credit to">
            <TableHeader>
              <TableRow>
                <TableHead>Bill</TableHead>
                <TableHead>Due date</TableHead>
                <TableHead className="text-right">Amount due</TableHead>
                <TableHead className="w-44">Allocation</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {bills.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={4} className="py-6 text-center text-muted-foreground">
                    No unpaid bills from this supplier.
                  </TableCell>
                </TableRow>
              ) : (
                bills.map((bill) => {
                  const key = String(bill.invoiceId);
                  const error = rowErrors.get(bill.invoiceId);
                  const errorId = `${errorPrefix}-${key}`;
                  const readOnly = bill.paid || mode === "automatic";
                  return (
                    <TableRow key={key} className="align-top">
                      <TableCell label="Bill" className="font-medium">
                        {bill.invoiceNumber}
                      </TableCell>
                      <TableCell label="Due date" className="whitespace-nowrap">
                        {formatDate(bill.dueDate)}
                      </TableCell>
                      <TableCell label="Amount due" className="whitespace-nowrap text-right">
                        {formatMoney((bill.amountDue + bill.alreadyAllocated) as Cents, locale)}
                        {bill.paid ? <span className="block text-xs text-muted-foreground">Paid</span> : null}
                      </TableCell>
                      <TableCell label="Allocation">
                        <AllocationInput
                          name={allocationFieldName(bill.invoiceId)}
                          label={`Allocation to ${bill.invoiceNumber}`}
                          value={amounts[key] ?? ""}
                          readOnly={readOnly}
                          error={error}
                          errorId={errorId}
                          onChange={(value) => {
                            setEqual(false);
                            setAmounts((current) => ({ ...current, [key]: value }));
                          }}
                        />
                        {error ? (
                          <p id={errorId} className="mt-1 text-xs font-medium text-destructive">
                            {error}
                          </p>
                        ) : null}
                      </TableCell>
                    </TableRow>
                  );
                })
              )}
            </TableBody>
          </Table>
        </div>

        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <Link to={editSelectionHref} className={cn(buttonVariants({ variant: "link" }), "h-auto px-0")}>
            Edit Selection
          </Link>
          <p aria-live="polite">
            Remaining credit:{" "}
            <span className={cn("font-semibold", check.remainingAfter < 0 && "text-destructive")}>{formatMoney(check.remainingAfter, locale)}</span>
          </p>
        </div>
        {dialogError ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {dialogError}
          </p>
        ) : null}
        {serverError && check.errors.length === 0 ? <Alert variant="destructive">{serverError}</Alert> : null}

        <RouteDialogFooter>
          <Link to={cancelHref} className={buttonVariants({ variant: "outline" })}>
            Cancel
          </Link>
          <Button type="submit" disabled={!allocatable || submitting} aria-busy={submitting || undefined}>
            {submitting ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
            Allocate
          </Button>
        </RouteDialogFooter>
      </Form>
    </div>
  );
}

/** A control that is a GET form without JavaScript (the loader answers it) and local state with it. */
function GetControl({
  params,
  pressed,
  variant = "ghost",
  onClick,
  children,
}: {
  params: [string, string][];
  pressed?: boolean;
  variant?: "ghost" | "outline";
  onClick: (event: MouseEvent) => void;
  children: ReactNode;
}) {
  return (
    <Form method="get" className="contents" preventScrollReset>
      {params.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      <Button
        type="submit"
        size="sm"
        variant={pressed && variant === "ghost" ? "secondary" : variant}
        aria-pressed={pressed}
        onClick={onClick}
        className={cn(pressed && variant === "outline" && "border-primary text-primary")}
      >
        {children}
      </Button>
    </Form>
  );
}

/** The allocation field: the one money input (ui/money-input; numbers only, 1,234.50 on blur), arrow keys and the wheel do not change it (p2 §5). */
function AllocationInput({
  name,
  label,
  value,
  readOnly,
  error,
  errorId,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  readOnly: boolean;
  error?: string;
  errorId: string;
  onChange: (value: string) => void;
}) {
  const blockArrows = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowUp" || event.key === "ArrowDown") event.preventDefault();
  };
  const blockWheel = (event: WheelEvent<HTMLInputElement>) => event.currentTarget.blur();
  return (
    <MoneyInput
      name={name}
      aria-label={label}
      value={value}
      onValueChange={(next) => {
        if (next !== value) onChange(next);
      }}
      readOnly={readOnly}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      className={cn("h-9", readOnly && "bg-muted")}
      onKeyDown={blockArrows}
      onWheel={blockWheel}
    />
  );
}
