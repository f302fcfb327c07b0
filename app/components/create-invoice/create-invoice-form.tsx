/**
 * Create Invoice / Create Bill (p3 §2.2, §5; p2 §2 Create screens): the counterparty, the number, the dates, the items
 * (5 empty rows to start; add and delete; amount = units × unit price), then sub-total, GST 15% and total, live.
 * Confirm is disabled while there is no company, no date or a date error. The server computes the totals again
 * and applies the same rules; without JavaScript, adding or deleting a row is a round trip.
 */
import { MoneyInput } from "~/components/ui/money-input";
import { Form, useNavigation } from "@remix-run/react";
import { Plus, Trash2 } from "~/components/ui/icons";
import { useMemo, useRef, useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatMoney, type Cents } from "~/lib/money";
import { formErrorsOf, type FieldErrors } from "~/lib/form-errors";
import {
  canConfirmCreateScreen,
  computeTotals,
  CURRENT_DATE,
  defaultDueDate,
  parseFormDate,
  parseMoneyInput,
  PAST_DATE,
  type PaymentTermLike,
} from "~/modules/invoices/schema";
import { toDisplayDate } from "./add-record-types";
import { CounterpartyPicker, useHydrated, type PickerOption } from "./counterparty-picker";
import { emptyItem, type CreateValues, type ItemValues } from "./create-form-data";
import { NewCounterpartyFields } from "./new-counterparty";
import { emptyNewCounterparty, type NewCounterpartyValues } from "~/modules/counterparties/new-counterparty";

/** The action's answer: the form's values and, on a refusal, the one shape of form errors (fieldErrors, formError). */
export interface CreateStepData {
  values: CreateValues;
  fieldErrors?: FieldErrors;
  formError?: string;
  /** Changes with every answer, so the form starts again from the answer's values. */
  revision: number;
  /** The new-counterparty fields as typed (issue 20 part 3), kept open after a refusal. */
  newCounterparty?: NewCounterpartyValues;
  addingCounterparty?: boolean;
  /** "Kowhai Design Ltd added as a supplier": said once, after the new counterparty is chosen. */
  notice?: string;
}

const UNITS_PATTERN = /^\d{1,10}(?:\.\d{1,2})?$/;

/** Each row's amount (null when its units or price are not numbers of 0 or more) and the totals of the valid rows. */
function liveTotals(items: ItemValues[]) {
  const parsed = items.map((item) => {
    const units = item.units.trim();
    const price = item.unitPrice.trim() ? parseMoneyInput(item.unitPrice) : (0 as Cents);
    if ((units && !UNITS_PATTERN.test(units)) || price === null || price < 0) return null;
    return { units, unitPrice: price };
  });
  try {
    const valid = parsed.filter((row): row is { units: string; unitPrice: Cents } => row !== null);
    const totals = computeTotals(valid);
    let next = 0;
    return { amounts: parsed.map((row) => (row ? totals.amounts[next++] : null)), subTotal: totals.subTotal, gst: totals.gst, total: totals.total };
  } catch {
    return null;
  }
}

function dateError(value: string, today: string): string | null {
  const date = parseFormDate(value);
  if (!date) return null;
  if (date < today) return PAST_DATE;
  if (date === today) return CURRENT_DATE;
  return null;
}

export function CreateInvoiceForm({
  kind,
  context,
  counterparties,
  initialDueDate,
  initialItemCount,
  step,
}: {
  kind: "INVOICE" | "BILL";
  context: { today: string; locale: "en-NZ" | "en-AU" };
  counterparties: PickerOption[];
  initialDueDate: string;
  initialItemCount: number;
  step: CreateStepData | null;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "confirm";
  const start = step?.values;
  const { fieldErrors: errors, formError } = formErrorsOf(step);
  const [counterparty, setCounterparty] = useState<{ id: number | null; name: string }>({
    id: start?.counterpartyId ? Number(start.counterpartyId) || null : null,
    name: start?.counterpartyName || counterparties.find((option) => String(option.id) === start?.counterpartyId)?.companyName || "",
  });
  const [dueDate, setDueDate] = useState(start?.dueDate ?? initialDueDate);
  const [dueDateTouched, setDueDateTouched] = useState(Boolean(start));
  const nextKey = useRef(0);
  const withKey = (item: ItemValues) => ({ ...item, key: nextKey.current++ });
  const [items, setItems] = useState(() => (start?.items ?? Array.from({ length: initialItemCount }, emptyItem)).map(withKey));
  const totals = useMemo(() => liveTotals(items), [items]);
  const isBill = kind === "BILL";
  const [newCounterparty, setNewCounterparty] = useState<NewCounterpartyValues>(step?.newCounterparty ?? emptyNewCounterparty());
  const [addingOpen, setAddingOpen] = useState(Boolean(step?.addingCounterparty));
  const [focusRequest, setFocusRequest] = useState(0);

  const liveDateError = hydrated && dueDate ? dateError(dueDate, context.today) : null;
  const dueDateError = liveDateError ?? errors.dueDate;
  const canConfirm = canConfirmCreateScreen({ counterpartyId: counterparty.id, dueDate }, context.today);
  const money = (cents: Cents | null | undefined) => (cents === null || cents === undefined ? "—" : formatMoney(cents, context.locale));

  const update = (index: number, patch: Partial<ItemValues>) => setItems((rows) => rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  return (
    <Form method="post" noValidate className="mx-auto max-w-5xl">
      {/* Enter in a field confirms (the form's first submit button is its default), never adds a counterparty or deletes a row. */}
      <button type="submit" name="intent" value="confirm" hidden tabIndex={-1} aria-hidden="true" disabled={submitting || (hydrated && !canConfirm)} />
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold leading-none tracking-tight">{isBill ? "Bill details" : "Invoice details"}</h2>
        </CardHeader>
        <CardContent className="grid gap-6">
          {formError ? <Alert variant="destructive">{formError}</Alert> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <CounterpartyPicker
              id="create-counterparty"
              label={isBill ? "Supplier" : "Customer"}
              required
              role={isBill ? "SUPPLIER" : "CUSTOMER"}
              options={counterparties}
              selected={counterparty}
              error={errors.counterpartyId ?? errors.counterpartyName}
              onSelect={(option, text) => {
                setCounterparty({ id: option?.id ?? null, name: text });
                if (option && isBill && !dueDateTouched)
                  setDueDate(toDisplayDate(defaultDueDate(context.today, option.paymentTerm as PaymentTermLike | null, "BILL")));
              }}
              onAddNew={(text) => {
                setNewCounterparty((values) => ({ ...values, newCompanyName: text || values.newCompanyName }));
                setAddingOpen(true);
                setFocusRequest((n) => n + 1);
              }}
            />
            <Field
              id="create-invoiceNumber"
              name="invoiceNumber"
              label={isBill ? "Bill number" : "Invoice number"}
              required
              defaultValue={start?.invoiceNumber}
              error={errors.invoiceNumber}
            />
            {/* Right under the supplier / customer and the number: the new counterparty, on the spot (issue 20 part 3). */}
            {step?.notice ? (
              <p role="status" className="text-sm font-medium text-primary sm:col-span-2">
                {step.notice}
              </p>
            ) : null}
            <NewCounterpartyFields
              idPrefix="create"
              role={isBill ? "SUPPLIER" : "CUSTOMER"}
              open={addingOpen}
              onOpenChange={setAddingOpen}
              values={newCounterparty}
              onChange={setNewCounterparty}
              errors={errors}
              focusRequest={focusRequest}
            />
            {isBill ? (
              <Field
                id="create-issueDate"
                name="issueDate"
                label="Issue date"
                placeholder="DD/MM/YYYY"
                defaultValue={start?.issueDate}
                error={errors.issueDate}
              />
            ) : null}
            <div className="grid gap-1.5">
              <Label htmlFor="create-dueDate" required>
                Due date
              </Label>
              <Input
                id="create-dueDate"
                aria-required="true"
                name="dueDate"
                placeholder="DD/MM/YYYY"
                autoComplete="off"
                value={dueDate}
                onChange={(event) => {
                  setDueDate(event.target.value);
                  setDueDateTouched(true);
                }}
                aria-invalid={dueDateError ? true : undefined}
                aria-describedby={dueDateError ? "create-dueDate-error" : undefined}
              />
              <FieldError id="create-dueDate-error" message={dueDateError} />
            </div>
            <Field id="create-orderNumber" name="orderNumber" label="Order number (optional)" defaultValue={start?.orderNumber} error={errors.orderNumber} />
          </div>

          <section aria-labelledby="items-heading" className="grid gap-3">
            <h3 id="items-heading" className="text-base font-semibold">
              Items
            </h3>
            <div className="eb-table-wrap">
              <table className="eb-table w-full text-sm" aria-labelledby="items-heading">
                <thead className="bg-muted/50 text-left text-muted-foreground">
                  <tr>
                    <th className="px-2 py-2 font-medium">Description</th>
                    <th className="w-32 px-2 py-2 font-medium">Unit type</th>
                    <th className="w-24 px-2 py-2 font-medium">Units</th>
                    <th className="w-32 px-2 py-2 font-medium">Unit price</th>
                    <th className="w-28 px-2 py-2 text-right font-medium">Amount</th>
                    <th className="w-12 px-2 py-2">
                      <span className="sr-only">Delete</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((item, index) => {
                    const row = index + 1;
                    const unitsError = errors[`items.${index}.units`];
                    const priceError = errors[`items.${index}.unitPrice`];
                    return (
                      <tr key={item.key} className="border-t align-top">
                        <td data-label="Description" className="eb-td px-2 py-2">
                          <Input
                            name={`items[${index}].description`}
                            aria-label={`Description, item ${row}`}
                            value={item.description}
                            onChange={(event) => update(index, { description: event.target.value })}
                          />
                        </td>
                        <td data-label="Unit type" className="eb-td px-2 py-2">
                          <select
                            name={`items[${index}].unitType`}
                            aria-label={`Unit type, item ${row}`}
                            value={item.unitType}
                            onChange={(event) => update(index, { unitType: event.target.value === "QUANTITY" ? "QUANTITY" : "HOURS" })}
                            className="flex h-10 w-full rounded-md border border-input bg-background px-2 text-sm"
                          >
                            <option value="HOURS">Hours</option>
                            <option value="QUANTITY">Quantity</option>
                          </select>
                        </td>
                        <td data-label="Units" className="eb-td px-2 py-2">
                          <Input
                            name={`items[${index}].units`}
                            aria-label={`Units, item ${row}`}
                            inputMode="decimal"
                            value={item.units}
                            onChange={(event) => update(index, { units: event.target.value })}
                            aria-invalid={unitsError ? true : undefined}
                          />
                          <FieldError id={`units-${index}-error`} message={unitsError} />
                        </td>
                        <td data-label="Unit price" className="eb-td px-2 py-2">
                          <MoneyInput
                            name={`items[${index}].unitPrice`}
                            aria-label={`Unit price, item ${row}`}
                            value={item.unitPrice}
                            onValueChange={(next) => update(index, { unitPrice: next })}
                            aria-invalid={priceError ? true : undefined}
                          />
                          <FieldError id={`price-${index}-error`} message={priceError} />
                        </td>
                        <td data-label="Amount" className="eb-td px-2 py-2 text-right tabular-nums leading-10" aria-label={`Amount, item ${row}`}>
                          {money(totals?.amounts[index])}
                        </td>
                        <td className="eb-td px-2 py-2">
                          <Button
                            type="submit"
                            name="intent"
                            value={`delete-item:${index}`}
                            variant="ghost"
                            size="icon"
                            aria-label={`Delete item ${row}`}
                            onClick={(event) => {
                              event.preventDefault();
                              setItems((rows) => rows.filter((_, i) => i !== index));
                            }}
                          >
                            <Trash2 className="size-4" aria-hidden />
                          </Button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <div>
              <Button
                type="submit"
                name="intent"
                value="add-item"
                variant="outline"
                onClick={(event) => {
                  event.preventDefault();
                  setItems((rows) => [...rows, withKey(emptyItem())]);
                }}
              >
                <Plus className="size-4" aria-hidden />
                Add item
              </Button>
            </div>
          </section>

          <div className="flex flex-col items-end gap-3">
            <dl className="grid w-full max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm" aria-label="Totals">
              <dt className="text-muted-foreground">Sub-total</dt>
              <dd className="text-right tabular-nums" data-testid="sub-total">
                {money(totals?.subTotal)}
              </dd>
              <dt className="text-muted-foreground">GST (15%)</dt>
              <dd className="text-right tabular-nums" data-testid="gst">
                {money(totals?.gst)}
              </dd>
              <dt className="font-semibold">Total</dt>
              <dd className="text-right font-semibold tabular-nums" data-testid="total">
                {money(totals?.total)}
              </dd>
            </dl>
            <FieldError id="create-total-error" message={errors.total} />
            <Button type="submit" name="intent" value="confirm" disabled={submitting || (hydrated && !canConfirm)}>
              {submitting ? "Saving..." : "Confirm"}
            </Button>
          </div>
        </CardContent>
      </Card>
    </Form>
  );
}

function Field({
  id,
  name,
  label,
  defaultValue,
  error,
  placeholder,
  required,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue?: string;
  error?: string;
  placeholder?: string;
  required?: boolean;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <Input
        id={id}
        name={name}
        aria-required={required ? "true" : undefined}
        defaultValue={defaultValue}
        placeholder={placeholder}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
