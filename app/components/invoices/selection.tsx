/**
 * Row selection and bulk actions of the invoices and bills tables (p2 §2): a checkbox per row, select-all on the
 * page, and a selection bar with the count and the actions (bills: Include, Exclude, Delete; invoices: Delete).
 *
 * Without JavaScript it is one HTML form: the row checkboxes belong to it through the `form` attribute (the table
 * holds other forms, the per-row Include/Exclude, which cannot nest), Delete submits it by GET to the Confirm Delete
 * dialog route with the ids, Include/Exclude by GET to the include route's confirmation (decision 068), whose button
 * posts. With JavaScript, Remix submits the same
 * form; the count, select-all and the Include rule (shown only when every selected bill's supplier has offers
 * enabled) are live. The server decides per record either way.
 */
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { Eye, Mail, MailX, MinusCircle, PlusCircle, Send, Trash2 } from "~/components/ui/icons";
import { useCallback, useEffect, useMemo, useState } from "react";
import { Button, buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { useRootData } from "~/root";
import { EMAIL_PATTERN } from "~/modules/auth/schema";
import { serializeListQuery, type ListKind, type ListQuery } from "~/modules/invoices/filters";

export const LIST_BASE: Record<ListKind, "/bills" | "/invoices"> = { BILL: "/bills", INVOICE: "/invoices" };
export const BULK_FORM_ID = "bulk-actions";

/** False on the server and in the first client render, true after hydration (so both renders match). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** The selected row ids of the page shown; rows that leave the page leave the selection. */
export function useRowSelection(rowIds: readonly number[]) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const key = rowIds.join(",");
  useEffect(() => {
    // Boxes ticked before hydration are kept: the page worked as a plain form until now.
    const ticked = [...document.querySelectorAll<HTMLInputElement>(`input[name="ids"][form="${BULK_FORM_ID}"]:checked`)].map((box) => Number(box.value));
    if (ticked.length > 0) setSelected(new Set(ticked));
  }, []);
  useEffect(() => {
    const present = new Set(key ? key.split(",").map(Number) : []);
    setSelected((current) => {
      const kept = [...current].filter((id) => present.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [key]);
  const toggle = useCallback((id: number, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const toggleAll = useCallback((on: boolean) => setSelected(on ? new Set(key ? key.split(",").map(Number) : []) : new Set()), [key]);
  const allSelected = rowIds.length > 0 && rowIds.every((id) => selected.has(id));
  return { selected, toggle, toggleAll, allSelected, someSelected: selected.size > 0 && !allSelected };
}

export function RowCheckbox({ id, label, checked, onChange }: { id: number; label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <input
      type="checkbox"
      name="ids"
      value={id}
      form={BULK_FORM_ID}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      aria-label={label}
      className="size-4 cursor-pointer accent-primary"
    />
  );
}

export function SelectAllCheckbox({ checked, indeterminate, onChange }: { checked: boolean; indeterminate: boolean; onChange: (on: boolean) => void }) {
  const hydrated = useHydrated();
  // Select-all needs JavaScript; without it the column header only names the column.
  if (!hydrated) return <span className="sr-only">Select</span>;
  return (
    <input
      type="checkbox"
      checked={checked}
      ref={(element) => {
        if (element) element.indeterminate = indeterminate;
      }}
      onChange={(event) => onChange(event.currentTarget.checked)}
      aria-label="Select all on this page"
      className="size-4 cursor-pointer accent-primary"
    />
  );
}

/** Hidden inputs carrying the list state (filters, sort, page) through the bulk form. */
function ListState({ query }: { query: ListQuery }) {
  return (
    <>
      {[...serializeListQuery(query).entries()].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** The selection bar above a table: the count and the bulk actions. */
export function SelectionBar({
  kind,
  query,
  selectedCount,
  includeAllowed,
}: {
  kind: ListKind;
  query: ListQuery;
  selectedCount: number;
  /** Every selected bill's supplier has offers enabled (bills). */
  includeAllowed: boolean;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const base = LIST_BASE[kind];
  // A GET to the confirmation (decision 068): the form's hidden list state travels with the ids and the intent.
  const includeAction = `${base}/include`;
  const submitting = navigation.state !== "idle" && navigation.location?.pathname === includeAction ? new URLSearchParams(navigation.location.search).get("intent") : null;
  // With JavaScript, nothing selected disables the actions; without it the server answers "List of invoice ids needed".
  const none = hydrated && selectedCount === 0;
  const noun = kind === "BILL" ? "bill" : "invoice";
  const batchInvite = Boolean(useRootData()?.flags.batchInvite);
  return (
    <Form
      id={BULK_FORM_ID}
      method="get"
      action={`${base}/delete`}
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/40 px-3 py-2"
    >
      <ListState query={query} />
      <p className="mr-auto text-sm" aria-live="polite">
        {hydrated ? (selectedCount === 0 ? `Select ${noun}s to act on them` : `${selectedCount} selected`) : `Tick ${noun}s, then choose an action`}
      </p>
      {kind === "BILL" ? (
        <>
          {!hydrated || (selectedCount > 0 && includeAllowed) ? (
            <Button
              type="submit"
              size="sm"
              variant="outline"
              formAction={includeAction}
              name="intent"
              value="include"
              disabled={none || Boolean(submitting)}
            >
              <PlusCircle aria-hidden className="size-4" />
              Include
            </Button>
          ) : null}
          <Button
            type="submit"
            size="sm"
            variant="outline"
            formAction={includeAction}
            name="intent"
            value="exclude"
            disabled={none || Boolean(submitting)}
          >
            <MinusCircle aria-hidden className="size-4" />
            Exclude
          </Button>
        </>
      ) : null}
      {batchInvite ? (
        // Bulk Invite (p2 §2, flag batchInvite): GET to the invite dialog with the ids, like Delete.
        <Button type="submit" size="sm" variant="outline" formAction={`${base}/invite`} disabled={none}>
          <Send aria-hidden className="size-4" />
          Invite
        </Button>
      ) : null}
      <Button type="submit" size="sm" variant="destructive" disabled={none}>
        <Trash2 aria-hidden className="size-4" />
        Delete
      </Button>
    </Form>
  );
}

export function isValidEmail(email: string | null): boolean {
  return Boolean(email && EMAIL_PATTERN.test(email));
}

/** The contact-email icon of a row: a link opening the Edit Contact Email dialog. */
export function ContactEmailLink({ kind, id, number, email }: { kind: ListKind; id: number; number: string; email: string | null }) {
  const { search } = useLocation();
  const valid = isValidEmail(email);
  const Icon = valid ? Mail : MailX;
  return (
    <Link
      to={`${LIST_BASE[kind]}/contact-email/${id}${search}`}
      preventScrollReset
      title={valid ? email ?? undefined : "No contact email"}
      className={cn(
        "inline-flex rounded-sm p-1 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        valid ? "text-primary" : "text-muted-foreground"
      )}
    >
      <Icon aria-hidden className="size-4" />
      <span className="sr-only">
        Edit contact email of {number}
        {valid ? ` (${email})` : " (none)"}
      </span>
    </Link>
  );
}

/**
 * The query of the page a row action is on, as hidden inputs of a GET form (a GET form's own fields replace its
 * action's query), without the fields the action sets itself.
 */
export function HiddenSearch({ search, omit = [] }: { search: string; omit?: readonly string[] }) {
  const entries = [...new URLSearchParams(search).entries()].filter(([name]) => !omit.includes(name));
  return (
    <>
      {entries.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/**
 * A one-row Include or Exclude: a GET to the include route's confirmation (decision 068), which posts. `returnTo`
 * (a page other than /bills, e.g. the supplier bills page) is where Cancel and the answer go back to.
 */
export function IncludeRowAction({
  id,
  number,
  intent,
  returnTo,
  base,
}: {
  id: number;
  number: string;
  intent: "include" | "exclude";
  returnTo?: string;
  /** The supplier bills page: its own include route confirms over it (it takes `bill`, and the page's query). */
  base?: string;
}) {
  const { search } = useLocation();
  const navigation = useNavigation();
  const label = intent === "include" ? "Include" : "Exclude";
  if (base && base !== "/bills") {
    const pendingHere = navigation.state !== "idle" && navigation.location?.pathname === `${base}/include` && new URLSearchParams(navigation.location.search).get("bill") === String(id);
    return (
      <Form method="get" action={`${base}/include`} preventScrollReset className="inline">
        <HiddenSearch search={search} omit={["bill", "ids", "intent", "returnTo", "all"]} />
        <input type="hidden" name="bill" value={id} />
        <Button type="submit" size="sm" variant="outline" name="intent" value={intent} disabled={pendingHere} aria-label={`${label} ${number}`}>
          {label}
        </Button>
      </Form>
    );
  }
  const pending = navigation.state !== "idle" && navigation.location?.pathname === "/bills/include" && new URLSearchParams(navigation.location.search).get("ids") === String(id);
  return (
    <Form method="get" action="/bills/include" preventScrollReset className="inline">
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : <HiddenSearch search={search} omit={["ids", "intent", "returnTo"]} />}
      <input type="hidden" name="ids" value={id} />
      <Button type="submit" size="sm" variant="outline" name="intent" value={intent} disabled={pending} aria-label={`${label} ${number}`}>
        {label}
      </Button>
    </Form>
  );
}

/** View opens Bill Details over the list; `to` replaces the /bills dialog's address (the supplier page has its own). */
export function ViewBillAction({ id, number, to }: { id: number; number: string; to?: string }) {
  const { search } = useLocation();
  return (
    <Link to={to ?? `/bills/details/${id}${search}`} preventScrollReset className={buttonVariants({ size: "sm", variant: "outline" })} aria-label={`View ${number}`}>
      <Eye aria-hidden className="size-4" />
      View
    </Link>
  );
}

/** "Invite" without a valid contact email opens the Edit Contact Email flow (p2 §4). */
export function InviteNeedsEmailAction({ kind, id, number, base }: { kind: ListKind; id: number; number: string; base?: string }) {
  const { search } = useLocation();
  return (
    <Link
      to={`${base ?? LIST_BASE[kind]}/contact-email/${id}${search}`}
      preventScrollReset
      className={buttonVariants({ size: "sm", variant: "outline" })}
      aria-label={`Invite ${number}: add a contact email`}
    >
      Invite
    </Link>
  );
}

export function useSelectedRows<Row extends { id: number }>(rows: readonly Row[], selected: ReadonlySet<number>): Row[] {
  return useMemo(() => rows.filter((row) => selected.has(row.id)), [rows, selected]);
}
