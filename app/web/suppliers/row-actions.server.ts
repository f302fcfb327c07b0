/**
 * The supplier bills page's row actions that /bills also has (decision 063): Invite, Notify, Pay Now / Cancel and Edit
 * Contact Email run the very loaders and actions of /bills (web/invites, web/bills/pay-now, web/invoices/list-dialogs)
 * as child routes of /suppliers/{supplierId}, so their dialogs open over the supplier page and close back to it, the
 * page's month, chip and page kept. Before any of them runs, every bill id must be a live bill of the supplier in the
 * URL to the actor's company (requireSupplierBills): an id from elsewhere is "Bill not found" and nothing happens.
 */
import { z } from "zod";
import { requireCompanyUser } from "~/web/auth.server";
import { redirectWithToast } from "~/web/toast.server";
import { listSearchOf } from "~/modules/payables/schema";
import { requireSupplierBills } from "~/modules/payables/supplier-bills.server";
import { parseId } from "~/modules/invoices/schema";
import { isAppError } from "~/lib/errors";
import { IdSchema, notFoundResponse, parseParams, readForm } from "~/web/http.server";

const Params = z.object({ supplierId: IdSchema });

export interface SupplierReturn {
  supplierId: number;
  /** The supplier page with its list state: where every dialog closes to. */
  closeTo: string;
}

export function supplierReturn(request: Request, params: Record<string, string | undefined>): SupplierReturn {
  const { supplierId } = parseParams(params, Params);
  return { supplierId, closeTo: `/suppliers/${supplierId}${listSearchOf(new URL(request.url).searchParams)}` };
}

function idsOf(values: unknown[]): number[] {
  const ids = values.map((value) => parseId(value));
  return ids.some((id) => id === null) ? [] : (ids as number[]);
}

/**
 * The bills a request acts on (`ids` of the query, or of a posted form, or one `billId` route param) must be this
 * supplier's. A page load that fails is the Not Found page; a post that fails goes back to the page with the message.
 */
export async function guardSupplierBills(
  request: Request,
  params: Record<string, string | undefined>,
  source: "query" | "form" | { billId: number | string | undefined }
): Promise<SupplierReturn> {
  const { actor } = await requireCompanyUser(request);
  const back = supplierReturn(request, params);
  let ids: number[];
  if (source === "query") ids = idsOf(new URL(request.url).searchParams.getAll("ids"));
  else if (source === "form") ids = idsOf((await readForm(request.clone())).getAll("ids"));
  else ids = idsOf([source.billId]);
  try {
    await requireSupplierBills(actor, back.supplierId, ids);
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (request.method === "GET") throw notFoundResponse();
    throw await redirectWithToast(back.closeTo, { type: "error", message: error.message });
  }
  return back;
}
