import { Link } from "@remix-run/react";
import { listHref } from "~/components/invoices/list-parts";
import { buttonVariants } from "~/components/ui/button";
import type { ListQuery } from "~/modules/invoices/filters";

/** A Payment Available row's action (p2 §4): opens the Get Paid dialog over the list, keeping the list's query. */
export function GetPaidLink({ id, number, query }: { id: number; number: string; query: ListQuery }) {
  return (
    <Link to={listHref(`/invoices/get-paid/${id}`, query)} preventScrollReset aria-label={`Get Paid for ${number}`} className={buttonVariants({ size: "sm" })}>
      Get Paid
    </Link>
  );
}
