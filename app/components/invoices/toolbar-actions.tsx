/**
 * The create buttons of the list toolbars (p2 §2 Toolbar): CREATE BILL / CREATE INVOICE (flag createInvoice), IMPORT
 * and ADD BILL / ADD (flag importAddBill on bills). Each is a link to a route: the dialogs are child routes of the list
 * (docs/decisions/007), so they keep the list's query and work without JavaScript.
 */
import { Link, useLocation } from "@remix-run/react";
import { FilePlus2, Plus, Upload } from "~/components/ui/icons";
import { buttonVariants } from "~/components/ui/button";
import { useRootData } from "~/root";

export function ToolbarActions({ kind }: { kind: "INVOICE" | "BILL" }) {
  const flags = useRootData()?.flags;
  const { search } = useLocation();
  const base = kind === "BILL" ? "/bills" : "/invoices";
  const showImportAdd = kind === "INVOICE" || Boolean(flags?.importAddBill);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {flags?.createInvoice ? (
        <Link to={`/create-new-invoice?type=${kind === "BILL" ? "bill" : "INVOICE"}`} className={buttonVariants({ variant: "outline" })}>
          <FilePlus2 aria-hidden className="size-4" />
          {kind === "BILL" ? "Create Bill" : "Create Invoice"}
        </Link>
      ) : null}
      {showImportAdd ? (
        <>
          <Link to={`${base}/import${search}`} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            <Upload aria-hidden className="size-4" />
            Import
          </Link>
          <Link to={`${base}/add${search}`} preventScrollReset className={buttonVariants()}>
            <Plus aria-hidden className="size-4" />
            {kind === "BILL" ? "Add Bill" : "Add"}
          </Link>
        </>
      ) : null}
    </div>
  );
}
