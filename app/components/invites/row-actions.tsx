/**
 * The Invite and Notify row actions of the bills list (p2 §4 rule 8): Invite opens the Invite dialog for the row's
 * record (its contact email prefilled); Notify opens its confirmation (a GET to /bills/notify, decision 068), whose
 * button posts and comes back with "Notification sent".
 */
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { Bell, Send } from "~/components/ui/icons";
import { Button, buttonVariants } from "~/components/ui/button";
import { HiddenSearch } from "~/components/invoices/selection";
import type { ListKind } from "~/modules/invoices/filters";

/** `base`: the page whose child route shows the dialog (default the kind's list; the supplier bills page passes its own). */
export function InviteRowAction({ kind, id, number, base }: { kind: ListKind; id: number; number: string; base?: string }) {
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  query.delete("ids");
  query.append("ids", String(id));
  return (
    <Link
      to={`${base ?? (kind === "BILL" ? "/bills" : "/invoices")}/invite?${query.toString()}`}
      preventScrollReset
      className={buttonVariants({ size: "sm", variant: "outline" })}
      aria-label={`Invite ${number}`}
    >
      <Send aria-hidden className="size-4" />
      Invite
    </Link>
  );
}

/**
 * `base` (the supplier bills page) opens the confirmation as that page's own child route (`{base}/notify`), over the
 * page and back to it with its list state.
 */
export function NotifyRowAction({ id, number, base }: { id: number; number: string; base?: string }) {
  const { search } = useLocation();
  const navigation = useNavigation();
  const action = base && base !== "/bills" ? `${base}/notify` : "/bills/notify";
  const pending = navigation.state !== "idle" && navigation.location?.pathname === action && new URLSearchParams(navigation.location.search).get("ids") === String(id);
  return (
    <Form method="get" action={action} preventScrollReset className="inline">
      <HiddenSearch search={search} omit={["ids", "returnTo"]} />
      <input type="hidden" name="ids" value={id} />
      <Button type="submit" size="sm" variant="outline" disabled={pending} aria-label={`Notify ${number}`}>
        <Bell aria-hidden className="size-4" />
        Notify
      </Button>
    </Form>
  );
}
