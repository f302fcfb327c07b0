/**
 * The settings' Suppliers and Customers tabs (issue 15 part 4; p3 §2.2, §4.11). A supplier's row is a small form: the
 * purchaser-offers switch, processing queue, payment term and GL code, saved with its own Save button (enabled once a
 * value changed; without JavaScript always). After a save or a refusal the row shows the stored values again.
 */
import { Form, useLocation, useNavigation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { CounterpartyStatusBadge } from "~/components/directory/directory-parts";
import { Pager } from "~/components/invoices/pager";
import { useHydrated } from "~/components/invoices/selection";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { PROCESSING_QUEUE_LABELS, serializeDirectoryQuery, type DirectoryQuery, type ProcessingQueue } from "~/modules/counterparties/rules";
import type { DirectoryRow } from "~/modules/counterparties/directory.server";
import type { GlOption, TermOption } from "~/modules/counterparties/options.server";

const SELECT_CLASS =
  "h-9 w-full min-w-[6.5rem] max-w-[11rem] rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60";

export interface CounterpartyTabData {
  query: DirectoryQuery;
  totalElements: number;
  totalIsEstimate: boolean;
  rows: DirectoryRow[];
  companyDefaultQueue: ProcessingQueue;
  termOptions: TermOption[];
  glOptions: GlOption[];
}

function settingsHref(tab: string, query: DirectoryQuery, page: number) {
  const params = serializeDirectoryQuery({ ...query, page });
  params.set("tab", tab);
  return `/settings?${params.toString()}`;
}

function TabPager({ tab, data }: { tab: "suppliers" | "customers"; data: CounterpartyTabData }) {
  return (
    <Pager
      total={data.totalElements}
      estimated={data.totalIsEstimate}
      page={data.query.page}
      size={data.query.size}
      hrefFor={(page) => settingsHref(tab, data.query, page)}
      hidden={[["tab", tab], ...serializeDirectoryQuery(data.query).entries()]}
    />
  );
}

function SupplierRow({ row, data, formAction }: { row: DirectoryRow; data: CounterpartyTabData; formAction: string }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const initial = {
    isPurchaserOffersEnabled: String(row.isPurchaserOffersEnabled),
    processingQueue: row.defaultProcessingQueue ?? "",
    paymentTermId: row.paymentTermId === null ? "" : String(row.paymentTermId),
    glAccount: row.glAccount ? String(row.glAccount.id) : "",
  };
  const [values, setValues] = useState(initial);
  const changed = (Object.keys(initial) as (keyof typeof initial)[]).some((key) => values[key] !== initial[key]);
  const saving = navigation.state === "submitting" && navigation.formData?.get("id") === String(row.id);
  const set = (key: keyof typeof initial) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  const formId = `supplier-${row.id}`;
  return (
    <TableRow>
      <TableCell label="Supplier" className="min-w-[8rem] font-medium">
        {row.companyName}
        <Form id={formId} method="post" action={formAction} preventScrollReset>
          <input type="hidden" name="id" value={row.id} />
          <input type="hidden" name="modificationTime" value={row.modificationTime} />
          {Object.entries(initial).map(([key, value]) => (
            <input key={key} type="hidden" name={`initial.${key}`} value={value} />
          ))}
          <input type="hidden" name="isPurchaserOffersEnabled" value="false" />
        </Form>
      </TableCell>
      <TableCell label="Offers">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            form={formId}
            name="isPurchaserOffersEnabled"
            value="true"
            role="switch"
            checked={values.isPurchaserOffersEnabled === "true"}
            onChange={(event) => set("isPurchaserOffersEnabled")(String(event.currentTarget.checked))}
            aria-label={`Purchaser offers for ${row.companyName}`}
            className="size-4 cursor-pointer accent-primary"
          />
          <span aria-hidden>{values.isPurchaserOffersEnabled === "true" ? "On" : "Off"}</span>
        </label>
      </TableCell>
      <TableCell label="Queue">
        <select
          form={formId}
          name="processingQueue"
          value={values.processingQueue}
          onChange={(event) => set("processingQueue")(event.currentTarget.value)}
          aria-label={`Processing queue for ${row.companyName}`}
          className={SELECT_CLASS}
        >
          <option value="">Default ({PROCESSING_QUEUE_LABELS[data.companyDefaultQueue]})</option>
          {(Object.keys(PROCESSING_QUEUE_LABELS) as ProcessingQueue[]).map((queue) => (
            <option key={queue} value={queue}>
              {PROCESSING_QUEUE_LABELS[queue]}
            </option>
          ))}
        </select>
      </TableCell>
      <TableCell label="Payment term">
        <select
          form={formId}
          name="paymentTermId"
          value={values.paymentTermId}
          onChange={(event) => set("paymentTermId")(event.currentTarget.value)}
          aria-label={`Payment term for ${row.companyName}`}
          className={SELECT_CLASS}
        >
          <option value="">None</option>
          {data.termOptions.map((term) => (
            <option key={term.id} value={term.id}>
              {term.label}
            </option>
          ))}
        </select>
      </TableCell>
      <TableCell label="GL code">
        <select
          form={formId}
          name="glAccount"
          value={values.glAccount}
          disabled={data.glOptions.length === 0}
          onChange={(event) => set("glAccount")(event.currentTarget.value)}
          aria-label={`GL code for ${row.companyName}`}
          className={SELECT_CLASS}
        >
          <option value="">{data.glOptions.length === 0 ? "No available codes" : "None"}</option>
          {data.glOptions.map((gl) => (
            <option key={gl.id} value={gl.id}>
              {gl.label}
            </option>
          ))}
        </select>
      </TableCell>
      <TableCell label="Save" className="text-right">
        <Button type="submit" form={formId} size="sm" disabled={(hydrated && !changed) || saving} aria-label={`Save ${row.companyName}`}>
          {saving ? "Saving..." : "Save"}
        </Button>
      </TableCell>
    </TableRow>
  );
}

/** A tab's titled table with its empty text and pager. */
function TabTable({ tab, title, headers, data, empty, children }: { tab: "suppliers" | "customers"; title: string; headers: ReactNode; data: CounterpartyTabData; empty: string; children: ReactNode }) {
  const titleId = `${tab}-settings-title`;
  return (
    <section aria-labelledby={titleId} className="min-w-0 space-y-3">
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      <Table aria-labelledby={titleId}>
        <TableHeader>
          <TableRow>{headers}</TableRow>
        </TableHeader>
        <TableBody>{data.rows.length === 0 ? <TableEmpty colSpan={6}>{empty}</TableEmpty> : children}</TableBody>
      </Table>
      <TabPager tab={tab} data={data} />
    </section>
  );
}

export function SuppliersSettingsTab({ data }: { data: CounterpartyTabData }) {
  // Every navigation (a save's redirect included) has a new key: the rows start again from the stored values, so a
  // refused change reverts (p3 §4.11).
  const revision = useLocation().key;
  const formAction = settingsHref("suppliers", data.query, data.query.page);
  return (
    <TabTable
      tab="suppliers"
      title="Suppliers"
      data={data}
      empty="You have no suppliers yet"
      headers={
        <>
          <TableHead>Supplier</TableHead>
          <TableHead>Offers</TableHead>
          <TableHead>Queue</TableHead>
          <TableHead>Payment term</TableHead>
          <TableHead>GL code</TableHead>
          <TableHead className="text-right">
            <span className="sr-only">Save</span>
          </TableHead>
        </>
      }
    >
      {data.rows.map((row) => (
        <SupplierRow key={`${row.id}-${row.modificationTime}-${revision}`} row={row} data={data} formAction={formAction} />
      ))}
    </TabTable>
  );
}

export function CustomersSettingsTab({ data }: { data: CounterpartyTabData }) {
  return (
    <TabTable
      tab="customers"
      title="Customers"
      data={data}
      empty="You have no customers yet"
      headers={
        <>
          <TableHead>Customer</TableHead>
          <TableHead>Status</TableHead>
        </>
      }
    >
      {data.rows.map((row) => (
        <TableRow key={row.id}>
          <TableCell label="Customer" className="font-medium">
            {row.companyName}
          </TableCell>
          <TableCell label="Status">
            <CounterpartyStatusBadge status={row.status} />
          </TableCell>
        </TableRow>
      ))}
    </TabTable>
  );
}
