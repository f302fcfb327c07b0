import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { CreateInvoiceForm, type CreateStepData } from "~/components/create-invoice/create-invoice-form";
import { emptyItem, readCreateForm, MAX_ITEMS } from "~/components/create-invoice/create-form-data";
import { toDisplayDate } from "~/components/create-invoice/add-record-types";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { requireCompanyUser } from "~/web/auth.server";
import { getFeatureFlags } from "~/modules/settings/service.server";
import { redirectWithToast } from "~/web/toast.server";
import { searchCounterparties } from "~/modules/counterparties/service.server";
import { createInvoiceRecord, getCreateContext } from "~/modules/invoices/create.server";
import { INITIAL_ITEM_COUNT, defaultDueDate, type InvoiceKind } from "~/modules/invoices/schema";
import { handleError, notFoundResponse, readForm } from "~/web/http.server";
import { ADD_COUNTERPARTY_INTENT } from "~/components/create-invoice/new-counterparty";
import { addCounterpartyOnTheSpot } from "~/modules/counterparties/new-counterparty.server";
import { addedNotice, readNewCounterparty } from "~/web/invoices/new-counterparty.server";

/** The page's title follows ?type= (p3 §2.2: 'Create Invoice' or 'Create Bill'); see titleFromData. */
const titleFromData = (data: unknown) => ((data as { kind?: string } | undefined)?.kind === "BILL" ? "Create Bill" : "Create Invoice");
export const handle: PageHandle = { title: "Create Invoice", titleFromData };
export const meta = titleMeta;

/** ?type=bill (any case) is a bill; anything else an invoice (p2 §2: "type is INVOICE or bill"). */
function kindOf(request: Request): InvoiceKind {
  return new URL(request.url).searchParams.get("type")?.toUpperCase() === "BILL" ? "BILL" : "INVOICE";
}

async function authorise(request: Request) {
  const { actor } = await requireCompanyUser(request);
  const flags = await getFeatureFlags();
  if (!flags.createInvoice) throw notFoundResponse();
  return actor;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await authorise(request);
  const kind = kindOf(request);
  const context = await getCreateContext(actor);
  const counterparties = await searchCounterparties(actor, { role: kind === "BILL" ? "SUPPLIER" : "CUSTOMER", limit: 2000 });
  return json({
    kind,
    context,
    counterparties: counterparties.map(({ id, companyName, paymentTerm }) => ({ id, companyName, paymentTerm })),
    // The screens start one month ahead (p3 §5), bills included; picking a supplier applies its payment term.
    initialDueDate: toDisplayDate(defaultDueDate(context.today, null, "INVOICE")),
    initialItemCount: INITIAL_ITEM_COUNT,
  });
}

const IntentSchema = z.union([z.enum(["confirm", "add-item", ADD_COUNTERPARTY_INTENT]), z.string().regex(/^delete-item:\d{1,3}$/)]).catch("confirm");

export async function action({ request }: ActionFunctionArgs) {
  const actor = await authorise(request);
  const kind = kindOf(request);
  const form = await readForm(request);
  const intent = IntentSchema.parse(form.get("intent"));
  const values = readCreateForm(form);
  const revision = Date.now();

  // Without JavaScript, adding and deleting rows are round trips that only reshape the form.
  if (intent === "add-item") {
    const items = values.items.length < MAX_ITEMS ? [...values.items, emptyItem()] : values.items;
    return json<CreateStepData>({ values: { ...values, items }, revision });
  }
  // A new supplier / customer on the spot (issue 20 part 3): made, then chosen, the rest of the form kept as typed.
  if (intent === ADD_COUNTERPARTY_INTENT) {
    const typed = readNewCounterparty(form);
    try {
      const role = kind === "BILL" ? "SUPPLIER" : "CUSTOMER";
      const { counterparty, created } = await addCounterpartyOnTheSpot(actor, role, typed);
      return json<CreateStepData>({
        values: { ...values, counterpartyId: String(counterparty.id), counterpartyName: counterparty.companyName },
        revision,
        notice: addedNotice(counterparty.companyName, role, created),
      });
    } catch (error) {
      return handleError(error, { fields: "named", notFound: "show", forbidden: "show", data: { values, revision, newCounterparty: typed, addingCounterparty: true } });
    }
  }
  if (intent.startsWith("delete-item:")) {
    const index = Number(intent.slice("delete-item:".length));
    return json<CreateStepData>({ values: { ...values, items: values.items.filter((_, i) => i !== index) }, revision });
  }

  try {
    const record = await createInvoiceRecord(actor, kind, { ...values, counterpartyName: undefined });
    const to = kind === "BILL" ? "/bills?tab=bills" : "/invoices";
    return redirectWithToast(to, { type: "success", message: `${kind === "BILL" ? "Bill" : "Invoice"} ${record.invoiceNumber} created` });
  } catch (error) {
    // The form again with what was typed: a message naming its field on it (422), anything else the form's error.
    return handleError(error, { fields: "named", notFound: "show", forbidden: "show", data: { values, revision } });
  }
}

export default function CreateNewInvoicePage() {
  const data = useLoaderData<typeof loader>();
  const step = useActionData<typeof action>() as CreateStepData | undefined;
  return <CreateInvoiceForm key={step?.revision ?? "initial"} {...data} step={step ?? null} />;
}
