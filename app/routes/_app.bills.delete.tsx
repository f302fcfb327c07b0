import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DELETE_FAILED, deleteToast } from "~/components/invoices/bulk-messages";
import { ConfirmDeleteDialog } from "~/components/invoices/list-dialogs";
import { listHref } from "~/components/invoices/list-parts";
import { requireCompanyUser } from "~/lib/auth.server";
import { isAppError } from "~/lib/errors";
import { redirectWithToast } from "~/lib/toast.server";
import { deleteRecords, describeRecords } from "~/modules/invoices/bulk.server";
import { parseListQuery, serializeListQuery } from "~/modules/invoices/filters";
import { INVOICE_IDS_NEEDED, parseId } from "~/modules/invoices/schema";

/** Confirm Delete (p2 §2 Modals, §5 Bulk delete) over /bills: GET with the selected ids, POST deletes them. */
const KIND = "BILL";
const LIST = "/bills";

function listState(request: Request) {
  const url = new URL(request.url);
  const { query } = parseListQuery(url.searchParams, { type: KIND });
  const search = serializeListQuery(query).toString();
  return { url, closeTo: listHref(LIST, query), action: `${LIST}/delete${search ? `?${search}` : ""}` };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { url, closeTo, action } = listState(request);
  const ids = [...new Set(url.searchParams.getAll("ids").map(parseId))];
  if (ids.length === 0 || ids.includes(null)) throw await redirectWithToast(closeTo, { type: "error", message: INVOICE_IDS_NEEDED });
  const valid = ids as number[];
  return json({ closeTo, action, ids: valid, records: await describeRecords(actor, KIND, valid) });
}

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { closeTo } = listState(request);
  const form = await request.formData();
  try {
    const result = await deleteRecords(actor, { invoiceIds: form.getAll("ids").map(String), type: KIND });
    return redirectWithToast(closeTo, deleteToast(KIND, result));
  } catch (error) {
    if (isAppError(error) && error.status === 422) return redirectWithToast(closeTo, { type: "error", message: error.message });
    console.error("bulk delete failed", error);
    return redirectWithToast(closeTo, { type: "error", message: DELETE_FAILED });
  }
}

export default function ConfirmDeleteRoute() {
  const { closeTo, action, ids, records } = useLoaderData<typeof loader>();
  return <ConfirmDeleteDialog kind={KIND} closeTo={closeTo} action={action} ids={ids} records={records} />;
}
