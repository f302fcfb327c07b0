import { Link } from "@remix-run/react";
import { Pencil, Plus, Trash2 } from "~/components/ui/icons";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { EditThenSave } from "./edit-then-save";

export interface PaymentTermRow {
  id: number;
  frequency: "MONTHLY" | "WEEKLY";
  frequencyLabel: string;
  /** "20th" of the month, or "Friday". */
  day: string;
  date: number | null;
  dayOfWeek: string | null;
  defaultTerm: boolean;
}

export interface GlCodeRow {
  id: number;
  accountCode: string;
  accountName: string;
  isDefault: boolean;
}

export interface BuyerSettingsData {
  companyId: number;
  terms: PaymentTermRow[];
  glCodes: GlCodeRow[];
  settings: { id: number; modificationTime: string; isRipeLiteEnabled: boolean };
  preferences: { modificationTime: string; defaultProcessingQueue: string };
  queueOptions: readonly { value: string; label: string }[];
}

/** Table cells: tighter on narrow screens, so the four columns fit at 390 px. */
const CELL = "px-2 sm:px-3";

export const companySettingsPath = (companyId: number | string) => `/companies/${companyId}/settings`;

/** The company settings' Buyer Settings tab (spec p3 §2.4): payment terms, the two queues, GL codes. */
export function BuyerSettings({ data }: { data: BuyerSettingsData }) {
  const base = companySettingsPath(data.companyId);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PaymentTermsCard base={base} terms={data.terms} />
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Bill processing</CardTitle>
          <CardDescription>Change a setting, then save it.</CardDescription>
        </CardHeader>
        <CardContent>
          <EditThenSave
            kind="switch"
            label="Pending-approval queue"
            description="Reviewed bills can be sent to a pending-approval queue before they are authorised."
            name="isRipeLiteEnabled"
            value={data.settings.isRipeLiteEnabled}
            action={base}
            intent="pending-approval"
            hidden={{ settingsId: data.settings.id, modificationTime: data.settings.modificationTime }}
          />
          <EditThenSave
            kind="select"
            label="Default processing queue"
            description="Where new bills from suppliers without their own queue go."
            name="defaultProcessingQueue"
            value={data.preferences.defaultProcessingQueue}
            options={data.queueOptions}
            action={base}
            intent="processing-queue"
            hidden={{ modificationTime: data.preferences.modificationTime }}
          />
        </CardContent>
      </Card>
      <GlCodesCard base={base} codes={data.glCodes} />
    </div>
  );
}

function CardWithAdd({
  title,
  description,
  addTo,
  addLabel,
  children,
}: {
  title: string;
  description: string;
  addTo: string;
  addLabel: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="space-y-1.5">
          <CardTitle className="text-lg">{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        <Link to={addTo} preventScrollReset className={buttonVariants({ size: "sm" })}>
          <Plus className="size-4" aria-hidden />
          {addLabel}
        </Link>
      </CardHeader>
      {/* Narrow screens: less padding, so the four columns fit without scrolling at 390 px. */}
      <CardContent className="px-3 sm:px-6">{children}</CardContent>
    </Card>
  );
}

function RowActions({ editTo, deleteTo, name }: { editTo: string; deleteTo: string | null; name: string }) {
  return (
    <div className="flex justify-end gap-1">
      <Link to={editTo} preventScrollReset className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "px-2 sm:px-3")} aria-label={`Edit ${name}`}>
        <Pencil className="size-4" aria-hidden />
        <span className="hidden sm:inline">Edit</span>
      </Link>
      {deleteTo ? (
        <Link to={deleteTo} preventScrollReset className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "px-2 sm:px-3")} aria-label={`Delete ${name}`}>
          <Trash2 className="size-4" aria-hidden />
          <span className="hidden sm:inline">Delete</span>
        </Link>
      ) : null}
    </div>
  );
}

function PaymentTermsCard({ base, terms }: { base: string; terms: PaymentTermRow[] }) {
  return (
    <CardWithAdd
      title="Payment Terms"
      description="When this company pays its suppliers. The default term applies to suppliers without one of their own."
      addTo={`${base}/payment-terms/add`}
      addLabel="Add payment term"
    >
      <Table aria-label="Payment terms">
        <TableHeader>
          <TableRow>
            <TableHead className={CELL}>Frequency</TableHead>
            <TableHead className={CELL}>Day</TableHead>
            <TableHead className={CELL}>Default</TableHead>
            <TableHead className={cn(CELL, "text-right")}>Edit</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {terms.length === 0 ? (
            <TableEmpty colSpan={4}>No payment terms available</TableEmpty>
          ) : (
            terms.map((term) => (
              <TableRow key={term.id}>
                <TableCell label="Frequency" className={CELL}>
                  {term.frequencyLabel}
                </TableCell>
                <TableCell label="Day" className={CELL}>
                  {term.day}
                </TableCell>
                <TableCell label="Default" className={CELL}>
                  {term.defaultTerm ? <Badge variant="success">Default</Badge> : <span className="text-muted-foreground">-</span>}
                </TableCell>
                <TableCell label="Edit" className={CELL}>
                  <RowActions
                    name={`${term.frequencyLabel} ${term.day}`}
                    editTo={`${base}/payment-terms/${term.id}/edit`}
                    deleteTo={term.defaultTerm ? null : `${base}/payment-terms/${term.id}/delete`}
                  />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </CardWithAdd>
  );
}

function GlCodesCard({ base, codes }: { base: string; codes: GlCodeRow[] }) {
  return (
    <CardWithAdd title="GL Codes" description="The accounts this company's bills are coded to." addTo={`${base}/gl-codes/add`} addLabel="Add GL code">
      <Table aria-label="GL codes">
        <TableHeader>
          <TableRow>
            <TableHead className={CELL}>Name</TableHead>
            <TableHead className={CELL}>Code</TableHead>
            <TableHead className={CELL}>Default</TableHead>
            <TableHead className={cn(CELL, "text-right")}>Edit</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {codes.length === 0 ? (
            <TableEmpty colSpan={4}>No available codes</TableEmpty>
          ) : (
            codes.map((code) => (
              <TableRow key={code.id}>
                <TableCell label="Name" className={cn(CELL, "break-words")}>
                  {code.accountName}
                </TableCell>
                <TableCell label="Code" className={cn(CELL, "font-mono tabular-nums")}>
                  {code.accountCode}
                </TableCell>
                <TableCell label="Default" className={CELL}>
                  {code.isDefault ? <Badge variant="success">Default</Badge> : <span className="text-muted-foreground">-</span>}
                </TableCell>
                <TableCell label="Edit" className={CELL}>
                  <RowActions
                    name={`GL code ${code.accountCode}`}
                    editTo={`${base}/gl-codes/${code.id}/edit`}
                    deleteTo={`${base}/gl-codes/${code.id}/delete`}
                  />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </CardWithAdd>
  );
}
