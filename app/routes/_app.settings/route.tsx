import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { WithdrawalAccountCard } from "~/components/banking/withdrawal-account-card";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { ConnectedAppsTab } from "~/components/integrations/connected-apps-tab";
import { SettingsPasswordTab } from "~/components/password/settings-password-tab";
import { ApAutomationTab } from "~/components/settings/ap-automation-tab";
import { InboundEmailCard } from "~/components/documents/inbound-email-card";
import { getInboundAddress } from "~/modules/documents/service.server";
import { apAutomationAction, apAutomationTabData } from "~/web/settings/ap-automation.server";
import { periodLockSettings } from "~/web/settings/period-lock.server";
import { securityAction, securityTabData } from "./settings-security.server";
import { Alert } from "~/components/ui/alert";
import { LinkTabs } from "~/components/ui/tabs";
import { requireCompanyUser } from "~/web/auth.server";
import { requestLogger } from "~/lib/logger.server";
import type { FeatureFlags } from "~/lib/flags";
import { getFeatureFlags } from "~/modules/settings/service.server";
import { ERROR_FETCHING_BANK_ACCOUNTS } from "~/modules/banking/schema";
import { getWithdrawalSettings } from "~/modules/banking/service.server";
import { CustomersSettingsTab, SuppliersSettingsTab } from "~/components/settings/counterparty-settings";
import { connectedAppsAction, connectedAppsTabData } from "~/web/integrations/connected-apps.server";
import { counterpartyTabData, supplierSettingsAction } from "~/web/settings/counterparty-tabs.server";

export const handle: PageHandle = { title: "Settings" };
export const meta = titleMeta;

const TABS = {
  "connected-apps": { label: "Connected Apps" },
  withdrawals: { label: "Withdrawals" },
  password: { label: "Password" },
  customers: { label: "Customers" },
  suppliers: { label: "Suppliers" },
  "ap-automation": { label: "AP Automation" },
} as const;

type SettingsTab = keyof typeof TABS;

/** The tabs a company sees (spec p3 §2.2): connected apps, customers/suppliers and AP automation are flagged. */
function visibleTabs(flags: FeatureFlags): { tabs: SettingsTab[]; defaultTab: SettingsTab } {
  const canConnect = flags.XERO_CONNECT || flags.MYOB_CONNECT;
  const tabs: SettingsTab[] = [
    ...(canConnect ? (["connected-apps"] as const) : []),
    "withdrawals",
    "password",
    ...(flags.customerSupplierSettings ? (["customers", "suppliers"] as const) : []),
    ...(flags.apAutomationEnabled ? (["ap-automation"] as const) : []),
  ];
  return { tabs, defaultTab: canConnect ? "connected-apps" : "withdrawals" };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, user } = await requireCompanyUser(request);
  const flags = await getFeatureFlags();
  const { tabs, defaultTab } = visibleTabs(flags);
  const url = new URL(request.url);
  const requested = url.searchParams.get("tab");
  if (requested !== null && !(tabs as string[]).includes(requested)) {
    url.searchParams.set("tab", defaultTab);
    throw redirect(`${url.pathname}?${url.searchParams.toString()}`);
  }
  const tab = (requested as SettingsTab | null) ?? defaultTab;
  // The Withdrawals tab is the withdrawal account card (p1 §4); its dialogs are child routes (/settings/bank-accounts/...).
  let withdrawals = null;
  let withdrawalsError: string | null = null;
  if (tab === "withdrawals") {
    try {
      withdrawals = await getWithdrawalSettings(actor);
    } catch (error) {
      // p3 §8 titled load error; the cause goes to the log.
      requestLogger(context.requestId).error({ err: error }, "withdrawal settings failed to load");
      withdrawalsError = ERROR_FETCHING_BANK_ACCOUNTS;
    }
  }
  // The Password tab: change password and two-factor authentication (components/password, docs/decisions/024).
  const security = tab === "password" ? await securityTabData(actor) : null;
  // The AP Automation tab (issue 15 part 4): the company's entity preferences, and the period lock (§4.10).
  const apAutomation = tab === "ap-automation" ? await apAutomationTabData(actor) : null;
  const periodLock = tab === "ap-automation" ? await periodLockSettings(actor) : null;
  // The company's inbound bill address (issue 16): bills e-mailed there are processed like uploads.
  const inboundEmail = tab === "ap-automation" ? await getInboundAddress(actor.companyId) : null;
  // The Customers and Suppliers tabs (issue 15 part 4): the company's counterparties, paged in the URL.
  const counterparties = tab === "customers" || tab === "suppliers" ? await counterpartyTabData(actor, tab, url.searchParams) : null;
  // Connected apps (issue 18): the Xero and MYOB cards, the `?error=` alert of a failed connect, the sync log.
  const connectedApps = tab === "connected-apps" ? await connectedAppsTabData(actor, user.company!.country, flags, url.searchParams) : null;
  return json({ tabs, tab, withdrawals, withdrawalsError, security, apAutomation, periodLock, counterparties, inboundEmail, connectedApps });
}

/** The Password tab's forms post here (/settings?tab=password); the other tabs' dialogs have their own routes. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const tab = new URL(request.url).searchParams.get("tab");
  if (tab === "connected-apps") {
    const flags = await getFeatureFlags();
    if (!visibleTabs(flags).tabs.includes("connected-apps")) throw new Response("Method Not Allowed", { status: 405 });
    return connectedAppsAction(request, actor, flags);
  }
  if (tab === "ap-automation") return apAutomationAction(request, actor);
  if (tab === "suppliers" && (await getFeatureFlags()).customerSupplierSettings) return supplierSettingsAction(request, actor);
  if (tab !== "password") throw new Response("Method Not Allowed", { status: 405 });
  return securityAction(request, context, actor);
}

export default function SettingsPage() {
  const { tabs, tab, withdrawals, withdrawalsError, security, apAutomation, periodLock, counterparties, inboundEmail, connectedApps } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <LinkTabs label="Settings sections" value={tab} items={tabs.map((value) => ({ value, label: TABS[value].label }))} />
      {withdrawals ? <WithdrawalAccountCard settings={withdrawals} /> : null}
      {withdrawalsError ? <Alert variant="destructive">{withdrawalsError}</Alert> : null}
      {security ? <SettingsPasswordTab data={security} /> : null}
      {apAutomation ? <ApAutomationTab data={apAutomation} periodLock={periodLock} /> : null}
      {inboundEmail ? <InboundEmailCard address={inboundEmail} /> : null}
      {counterparties && tab === "suppliers" ? <SuppliersSettingsTab data={counterparties} /> : null}
      {counterparties && tab === "customers" ? <CustomersSettingsTab data={counterparties} /> : null}
      {connectedApps ? <ConnectedAppsTab data={connectedApps} /> : null}
      <Outlet />
    </div>
  );
}
