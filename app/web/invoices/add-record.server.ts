/**
 * The loader and action behind the Add invoice / bill / credit note dialog (p2 §2 Modals, docs/decisions/007),
 * shared by /bills/add and /invoices/add. Steps: enter -> confirm (intent review) -> submit; Back (intent back)
 * returns to the form with its values. Every step is a POST carrying the values, so it works without JavaScript.
 * Only transport lives here: parsing the form, calling the module, shaping the answer.
 */
import { json } from "@remix-run/node";
import { z } from "zod";
import { requireCompanyUser } from "~/web/auth.server";
import { formatDate } from "~/lib/dates";
import { AppError } from "~/lib/errors";
import { getFeatureFlags } from "~/modules/settings/service.server";
import { formatMoney } from "~/lib/money";
import { redirectWithToast } from "~/web/toast.server";
import { getCounterparty, searchCounterparties } from "~/modules/counterparties/service.server";
import { createInvoiceRecord, getCreateContext, reviewInvoiceRecord } from "~/modules/invoices/create.server";
import { createCreditNote } from "~/modules/invoices/credit-notes.server";
import { createCreditNoteSchema, defaultDueDate, formFlag, parseId } from "~/modules/invoices/schema";
import { ADD_FIELDS, type AddKind, type AddStepData, type AddValues, type SummaryRow, toDisplayDate } from "~/components/create-invoice/add-record-types";
import { handleError, notFoundResponse, readForm } from "~/web/http.server";
import { ADD_COUNTERPARTY_INTENT } from "~/components/create-invoice/new-counterparty";
import { addCounterpartyOnTheSpot } from "~/modules/counterparties/new-counterparty.server";
import { addedNotice, readNewCounterparty } from "./new-counterparty.server";

type ListKind = "INVOICE" | "BILL";

const IntentSchema = z.enum(["review", "back", "submit", ADD_COUNTERPARTY_INTENT]);
const KindSchema = z.enum(["INVOICE", "BILL", "CREDIT_NOTE"]);

/** The list URL the dialog closes to: the list's query without the dialog's own `kind`. */
export function listUrl(request: Request, list: ListKind): string {
  const url = new URL(request.url);
  url.searchParams.delete("kind");
  const search = url.searchParams.toString();
  return `${list === "BILL" ? "/bills" : "/invoices"}${search ? `?${search}` : ""}`;
}

function kindFromUrl(request: Request, list: ListKind, creditNotes: boolean): AddKind {
  if (list === "INVOICE") return "INVOICE";
  return creditNotes && new URL(request.url).searchParams.get("kind") === "credit-note" ? "CREDIT_NOTE" : "BILL";
}

async function authorise(request: Request, list: ListKind) {
  const { actor } = await requireCompanyUser(request);
  const flags = await getFeatureFlags();
  if (list === "BILL" && !flags.importAddBill) throw notFoundResponse();
  return { actor, creditNotes: list === "BILL" && flags.addCreditNote };
}

export async function addRecordLoader(request: Request, list: ListKind) {
  const { actor, creditNotes } = await authorise(request, list);
  const context = await getCreateContext(actor);
  const kind = kindFromUrl(request, list, creditNotes);
  const counterparties = await searchCounterparties(actor, { role: list === "BILL" ? "SUPPLIER" : "CUSTOMER", limit: 2000 });
  return json({
    kind,
    creditNotes,
    closeTo: listUrl(request, list),
    context,
    counterparties: counterparties.map(({ id, companyName, paymentTerm }) => ({ id, companyName, paymentTerm })),
    defaultDueDate: toDisplayDate(defaultDueDate(context.today, null, kind === "INVOICE" ? "INVOICE" : "BILL")),
  });
}

function readValues(form: FormData): AddValues {
  const values = {} as AddValues;
  for (const key of ADD_FIELDS) {
    const value = form.get(key);
    values[key] = typeof value === "string" ? value : "";
  }
  return values;
}

function answer(data: AddStepData, status = 200) {
  return json(data, { status });
}

/**
 * A refusal stays on the form with what was typed: a message naming its field on that field (422, the one shape; the
 * supplier not found is the counterparty field's), anything else the form's error.
 */
function failed(kind: AddKind, values: AddValues, error: unknown) {
  return handleError(error, { fields: "named", notFound: "show", forbidden: "show", values, data: { step: "enter" as const, kind, summary: [] } });
}

const noun = (kind: AddKind) => (kind === "BILL" ? "Bill" : kind === "INVOICE" ? "Invoice" : "Credit note");

export async function addRecordAction(request: Request, list: ListKind) {
  const { actor, creditNotes } = await authorise(request, list);
  const form = await readForm(request);
  const intent = IntentSchema.catch("review").parse(form.get("intent"));
  const kind = KindSchema.catch(list).parse(form.get("kind"));
  const allowed = list === "INVOICE" ? kind === "INVOICE" : kind === "BILL" || (kind === "CREDIT_NOTE" && creditNotes);
  if (!allowed) throw new Response("Bad Request", { status: 400 });
  const values = readValues(form);
  const context = await getCreateContext(actor);
  const { locale } = context;

  if (intent === "back") return answer({ step: "enter", kind, values, summary: [] });

  // A new supplier / customer on the spot (issue 20 part 3): made, then chosen, the rest of the form kept as typed.
  if (intent === ADD_COUNTERPARTY_INTENT) {
    const typed = readNewCounterparty(form);
    const role = kind === "INVOICE" ? "CUSTOMER" : "SUPPLIER";
    try {
      const { counterparty, created } = await addCounterpartyOnTheSpot(actor, role, typed);
      return answer({
        step: "enter",
        kind,
        values: { ...values, counterpartyId: String(counterparty.id), counterpartyName: counterparty.companyName },
        summary: [],
        notice: addedNotice(counterparty.companyName, role, created),
      });
    } catch (error) {
      return handleError(error, {
        fields: "named",
        notFound: "show",
        forbidden: "show",
        values,
        data: { step: "enter" as const, kind, summary: [], newCounterparty: typed, addingCounterparty: true },
      });
    }
  }

  try {
    if (kind === "CREDIT_NOTE") {
      const input = {
        counterpartyId: values.counterpartyId,
        counterpartyName: values.counterpartyName,
        creditNumber: values.creditNumber,
        issueDate: values.issueDate,
        total: values.total,
      };
      if (intent === "submit") {
        const note = await createCreditNote(actor, input);
        return redirectWithToast(listUrl(request, list), { type: "success", message: `Credit note ${note.creditNumber} added` });
      }
      const parsed = createCreditNoteSchema({ today: context.today }).safeParse(input);
      if (!parsed.success) throw AppError.validation(parsed.error);
      const id = parsed.data.counterpartyId ?? parseId(values.counterpartyId);
      const supplier = id !== null ? await getCounterparty(actor, id, { role: "SUPPLIER" }) : null;
      if (!supplier) throw new AppError(404, "Company not found", { field: "counterpartyName" });
      const summary: SummaryRow[] = [
        { label: "Supplier", value: supplier.companyName },
        { label: "Credit note number", value: parsed.data.creditNumber },
        { label: "Issue date", value: formatDate(parsed.data.issueDate) || "Not given" },
        { label: "Amount", value: formatMoney(parsed.data.total, locale) },
      ];
      return answer({
        step: "confirm",
        kind,
        values: { ...values, counterpartyId: String(supplier.id), counterpartyName: supplier.companyName },
        summary,
      });
    }

    const input = {
      counterpartyId: values.counterpartyId,
      counterpartyName: values.counterpartyName,
      invoiceNumber: values.invoiceNumber,
      dueDate: values.dueDate,
      issueDate: values.issueDate,
      amount: values.amount,
      orderNumber: values.orderNumber,
      billGlCode: values.billGlCode,
      createInXero: values.createInXero,
      poNotRequired: values.poNotRequired,
    };
    if (intent === "submit") {
      const record = await createInvoiceRecord(actor, kind, input);
      return redirectWithToast(listUrl(request, list), { type: "success", message: `${noun(kind)} ${record.invoiceNumber} added` });
    }
    const record = await reviewInvoiceRecord(actor, kind, input);
    const summary: SummaryRow[] = [
      { label: kind === "BILL" ? "Supplier" : "Customer", value: record.counterparty.companyName },
      { label: kind === "BILL" ? "Bill number" : "Invoice number", value: record.invoiceNumber },
      ...(kind === "BILL" ? [{ label: "Issue date", value: formatDate(record.issueDate) }] : []),
      { label: "Due date", value: formatDate(record.dueDate) },
      { label: "Amount (inc. GST)", value: formatMoney(record.total, locale) },
      ...(record.orderNumber ? [{ label: "Order number", value: record.orderNumber }] : []),
      ...(record.billGlCode ? [{ label: "GL code", value: record.billGlCode }] : []),
      ...(record.createInXero ? [{ label: "Create in Xero", value: formFlag(values.poNotRequired) ? "Yes (PO not required)" : "Yes" }] : []),
    ];
    const confirmed: AddValues = {
      ...values,
      counterpartyId: String(record.counterparty.id),
      counterpartyName: record.counterparty.companyName,
      dueDate: toDisplayDate(record.dueDate),
    };
    return answer({ step: "confirm", kind, values: confirmed, summary });
  } catch (error) {
    return failed(kind, values, error);
  }
}
