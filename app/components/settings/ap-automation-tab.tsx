import { EditThenSave } from "~/components/company-settings/edit-then-save";
import { PurchaseOrdersCard } from "~/components/purchase-orders/purchase-orders-card";
import { PeriodLockControl, type PeriodLockControlView } from "~/components/settings/period-lock-control";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

export interface ApAutomationData {
  /** Where the forms post (/settings?tab=ap-automation). */
  action: string;
  modificationTime: string;
  isAcceptApprovedInvoicesFromPurchasersEnabled: boolean;
  isShareApprovedInvoicesWithSuppliersEnabled: boolean;
  defaultProcessingQueue: string;
  queueOptions: readonly { value: string; label: string }[];
}

const SWITCHES = [
  {
    name: "isAcceptApprovedInvoicesFromPurchasersEnabled",
    label: "Accept approved invoices from purchasers",
    description: "Invoices your customers have approved arrive in Earlybird without a second approval.",
  },
  {
    name: "isShareApprovedInvoicesWithSuppliersEnabled",
    label: "Share approved invoices with suppliers",
    description: "Your suppliers see the bills you have approved.",
  },
] as const;

/**
 * The AP Automation tab (spec p3 §2.2, §4.11): the company's own entity preferences, each edited then saved; a failed
 * save reverts. The document-intake settings come with the document-processing issue.
 */
export function ApAutomationTab({ data, periodLock }: { data: ApAutomationData; periodLock: PeriodLockControlView | null }) {
  const hidden = { modificationTime: data.modificationTime };
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">AP Automation</CardTitle>
          <CardDescription>How approved invoices and bills move between you and your trading partners on Earlybird.</CardDescription>
        </CardHeader>
        <CardContent>
          {SWITCHES.map((row) => (
            <EditThenSave
              key={row.name}
              kind="switch"
              label={row.label}
              description={row.description}
              name={row.name}
              intent={row.name}
              value={data[row.name]}
              action={data.action}
              hidden={hidden}
            />
          ))}
          <EditThenSave
            kind="select"
            label="Default processing queue"
            description="Automatic: a bill that matches its purchase order is authorised without a person. Manual: every bill waits for review."
            name="defaultProcessingQueue"
            intent="defaultProcessingQueue"
            value={data.defaultProcessingQueue}
            options={data.queueOptions}
            action={data.action}
            hidden={hidden}
          />
        </CardContent>
      </Card>
      {/* The period lock (§4.10): its confirmation and progress are the /settings/period-lock dialog route over this tab. */}
      {periodLock ? <PeriodLockControl settings={periodLock} /> : null}
      {/* Purchase orders (issue 16 part 1): the import is the /settings/purchase-orders/import dialog route over this tab. */}
      <PurchaseOrdersCard />
    </div>
  );
}
