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
 * `returnTo`: the page Cancel and the answer go back to, when it is not /bills. `base` (the supplier bills page) sets it
 * to the page the row is on: the confirmation of /bills/notify sends the answer back there.
 */
export function NotifyRowAction({ id, number, returnTo: given, base }: { id: number; number: string; returnTo?: string; base?: string }) {
  const { pathname, search } = useLocation();
  const returnTo = given ?? (base && base !== "/bills" ? `${pathname}${search}` : undefined);
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.location?.pathname === "/bills/notify" && new URLSearchParams(navigation.location.search).get("ids") === String(id);
  return (
    <Form method="get" action="/bills/notify" preventScrollReset className="inline">
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : <HiddenSearch search={search} omit={["ids", "returnTo"]} />}
      <input type="hidden" name="ids" value={id} />
      <Button type="submit" size="sm" variant="outline" disabled={pending} aria-label={`Notify ${number}`}>
        <Bell aria-hidden className="size-4" />
        Notify
      </Button>
    </Form>
  );
}
