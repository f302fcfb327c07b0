import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ContactEmailDialog } from "~/components/invoices/list-dialogs";
import { listHref } from "~/components/invoices/list-parts";
import { requireCompanyUser } from "~/lib/auth.server";
import { isAppError } from "~/lib/errors";
import { redirectWithToast } from "~/lib/toast.server";
import { getRecordContact, updateContactEmail } from "~/modules/invoices/bulk.server";
import { parseListQuery } from "~/modules/invoices/filters";
import { parseId } from "~/modules/invoices/schema";

/** Edit Contact Email (p2 §2 Modals, §5 Contact email) over /invoices, for one record of the list. */
const KIND = "INVOICE";
const LIST = "/invoices";

function recordId(value: string | undefined): number {
  const id = parseId(value);
  if (id === null) throw new Response("Not Found", { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const id = recordId(params.invoiceId);
  const url = new URL(request.url);
  const closeTo = listHref(LIST, parseListQuery(url.searchParams, { type: KIND }).query);
  try {
    return json({ closeTo, action: `${url.pathname}${url.search}`, record: await getRecordContact(actor, KIND, id) });
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw new Response("Not Found", { status: 404 });
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const id = recordId(params.invoiceId);
  const closeTo = listHref(LIST, parseListQuery(new URL(request.url).searchParams, { type: KIND }).query);
  const email = (await request.formData()).get("contactEmail");
  try {
    await updateContactEmail(actor, KIND, id, email);
  } catch (error) {
    if (isAppError(error) && error.status === 422) return json({ error: error.message, submitted: typeof email === "string" ? email : "" }, { status: 422 });
    if (isAppError(error) && error.status === 404) throw new Response("Not Found", { status: 404 });
    throw error;
  }
  return redirectWithToast(closeTo, { type: "success", message: "Contact email updated" });
}

export default function ContactEmailRoute() {
  const { closeTo, action: formAction, record } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return <ContactEmailDialog closeTo={closeTo} action={formAction} record={record} error={result?.error} submitted={result?.submitted} />;
}
