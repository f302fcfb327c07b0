/**
 * The Invite and Notify row actions of the bills list (p2 §4 rule 8): Invite opens the Invite dialog for the row's
 * record (its contact email prefilled); Notify posts to /bills/notify and comes back with "Notification sent".
 */
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { Bell, Send } from "~/components/ui/icons";
import { Button, buttonVariants } from "~/components/ui/button";
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

export function NotifyRowAction({ id, number, base = "/bills" }: { id: number; number: string; base?: string }) {
  const { search } = useLocation();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formAction?.startsWith(`${base}/notify`) && navigation.formData?.get("ids") === String(id);
  return (
    <Form method="post" action={`${base}/notify${search}`} preventScrollReset className="inline">
      <input type="hidden" name="ids" value={id} />
      <Button type="submit" size="sm" variant="outline" disabled={pending} aria-label={`Notify ${number}`}>
        <Bell aria-hidden className="size-4" />
        {pending ? "Notifying..." : "Notify"}
      </Button>
    </Form>
  );
}
