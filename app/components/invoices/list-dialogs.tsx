/**
 * The list dialogs of the bulk actions (p2 §2 Modals): Confirm Delete and Edit Contact Email. Child routes of
 * /bills and /invoices (docs/decisions/007) render them; closing returns to the list with its query.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { Button, buttonVariants } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { canConfirmContactEmail } from "~/modules/invoices/schema";
import type { ListKind } from "~/modules/invoices/filters";
import { useHydrated } from "./selection";

const SHOWN_NUMBERS = 10;

const nounOf = (kind: ListKind, count: number) => (kind === "BILL" ? (count === 1 ? "bill" : "bills") : count === 1 ? "invoice" : "invoices");

/**
 * Confirm Delete lists, and posts, only the selected records the user may delete (issue 13 part 17); the others
 * (loaded by the other side, paid, or with a payment under way) are counted and left as they are.
 */
export function ConfirmDeleteDialog({
  kind,
  closeTo,
  action,
  records,
  refusedCount,
}: {
  kind: ListKind;
  closeTo: string;
  /** Where Confirm posts: the dialog route with the list query. */
  action: string;
  /** The selected records the user may delete. */
  records: { id: number; number: string; companyName: string }[];
  /** How many other selected records cannot be deleted. */
  refusedCount: number;
}) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction?.startsWith(action.split("?")[0]);
  const noun = nounOf(kind, records.length);
  const description =
    records.length > 0
      ? `Are you sure you want to delete ${records.length} ${noun}? This cannot be undone.`
      : `None of the selected ${nounOf(kind, 2)} can be deleted.`;
  return (
    <RouteDialog title="Confirm Delete" closeTo={closeTo} description={description}>
      {records.length > 0 ? (
        <ul className="max-h-48 space-y-1 overflow-y-auto rounded-md border p-3 text-sm" aria-label={`Selected ${noun}`}>
          {records.slice(0, SHOWN_NUMBERS).map((record) => (
            <li key={record.id} className="flex justify-between gap-3">
              <span className="font-medium">{record.number}</span>
              <span className="truncate text-muted-foreground">{record.companyName}</span>
            </li>
          ))}
          {records.length > SHOWN_NUMBERS ? <li className="text-muted-foreground">and {records.length - SHOWN_NUMBERS} more</li> : null}
        </ul>
      ) : null}
      {refusedCount > 0 ? (
        <p className="text-sm text-muted-foreground">
          {refusedCount} selected {nounOf(kind, refusedCount)} cannot be deleted ({kind === "BILL" ? "loaded by your supplier" : "loaded by your customer"}, paid,
          or with a payment under way) and will be left as {refusedCount === 1 ? "it is" : "they are"}.
        </p>
      ) : null}
      <Form method="post" action={action} preventScrollReset>
        {records.map((record) => (
          <input key={record.id} type="hidden" name="ids" value={record.id} />
        ))}
        <RouteDialogFooter>
          <Link to={closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            Cancel
          </Link>
          {records.length > 0 ? (
            <Button type="submit" variant="destructive" disabled={pending}>
              {pending ? "Deleting..." : "Confirm"}
            </Button>
          ) : null}
        </RouteDialogFooter>
      </Form>
    </RouteDialog>
  );
}

export function ContactEmailDialog({
  closeTo,
  action,
  record,
  error,
  submitted,
}: {
  closeTo: string;
  action: string;
  record: { number: string; companyName: string; contactEmail: string | null };
  error?: string | null;
  /** The value last submitted (kept after a refusal). */
  submitted?: string | null;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [value, setValue] = useState(submitted ?? record.contactEmail ?? "");
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";
  // Confirm is disabled when the address is unchanged or empty (p2 §5); that needs JavaScript to know.
  const disabled = pending || (hydrated && !canConfirmContactEmail(record.contactEmail, value));
  return (
    <RouteDialog title="Edit Contact Email" closeTo={closeTo} description={`${record.number} · ${record.companyName}`}>
      <Form method="post" action={action} preventScrollReset noValidate className="space-y-4">
        <div className="space-y-1.5">
          <Label htmlFor="contact-email" required>
            Contact email
          </Label>
          <Input
            id="contact-email"
            aria-required="true"
            name="contactEmail"
            type="email"
            autoComplete="email"
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? "contact-email-error" : undefined}
            autoFocus
          />
          <FieldError id="contact-email-error" message={error} />
        </div>
        <RouteDialogFooter>
          <Link to={closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            Cancel
          </Link>
          <Button type="submit" disabled={disabled}>
            {pending ? "Saving..." : "Confirm"}
          </Button>
        </RouteDialogFooter>
      </Form>
    </RouteDialog>
  );
}
