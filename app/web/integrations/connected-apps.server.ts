/**
 * The web door of Settings → Connected apps (p3 §2.2; issue 18 parts 2-3): the tab's data as the components show it,
 * and its two forms (Connect, Sync now). Only transport and presentation live here: the connection, the mapping and
 * the sync are the integrations module's (connections.server.ts, sync/service.server.ts).
 */
import { redirect } from "@remix-run/node";
import { z } from "zod";
import {
  connectErrorMessage,
  PROVIDER_LABELS,
  PROVIDER_SLUGS,
  type ConnectedAppsView,
  type ConnectionView,
  type ProviderCard,
  type ProviderKey,
  type SyncEventRow,
} from "~/components/integrations/labels";
import type { Actor } from "~/lib/actor";
import { dateAndTimeIn, TIME_ZONES, type Country } from "~/lib/dates";
import type { FeatureFlags } from "~/lib/flags";
import { connectionsOverview, startConnect, type ConnectionOverview } from "~/modules/integrations/connections.server";
import { listSyncEvents } from "~/modules/integrations/sync-log.server";
import { handleError, parseFormData, readForm } from "~/web/http.server";
import { redirectWithToast } from "~/web/toast.server";
import { sessionIdOf } from "./callback.server";
import { startSyncNow } from "./sync-now.server";

export const CONNECTED_APPS_TAB = "/settings?tab=connected-apps";
export const SYNC_LOG_PAGE_SIZE = 10;

export const PROVIDER_KEYS = ["XERO", "MYOB_ESSENTIALS", "MYOB_ACCOUNT_RIGHT"] as const satisfies readonly ProviderKey[];

/** The products the flags offer (p3 §6: XERO_CONNECT, MYOB_CONNECT with MYOB_ESSENTIALS / MYOB_ACCOUNT_RIGHT). */
export function offeredProviders(flags: Pick<FeatureFlags, "XERO_CONNECT" | "MYOB_CONNECT" | "MYOB_ESSENTIALS" | "MYOB_ACCOUNT_RIGHT">): ProviderKey[] {
  return [
    ...(flags.XERO_CONNECT ? (["XERO"] as const) : []),
    ...(flags.MYOB_CONNECT && flags.MYOB_ESSENTIALS ? (["MYOB_ESSENTIALS"] as const) : []),
    ...(flags.MYOB_CONNECT && flags.MYOB_ACCOUNT_RIGHT ? (["MYOB_ACCOUNT_RIGHT"] as const) : []),
  ];
}

const dateOf = (iso: string | null, zone: string) => (iso ? dateAndTimeIn(iso, zone).date : null);
const dateTimeOf = (iso: string | null, zone: string) => {
  if (!iso) return null;
  const { date, time } = dateAndTimeIn(iso, zone);
  return `${date} ${time}`;
};

function connectionView(overview: ConnectionOverview, zone: string): ConnectionView | null {
  if (overview.status !== "CONNECTED" && overview.status !== "ERROR") return null;
  return {
    provider: overview.provider,
    slug: PROVIDER_SLUGS[overview.provider],
    status: overview.status,
    tenantName: overview.tenantName,
    companyFileName: overview.companyFileName,
    connectedAt: dateOf(overview.connectedAt, zone) ?? "—",
    lastSyncAt: dateTimeOf(overview.lastSyncAt, zone),
    lastError: overview.lastError,
    accountsConfigured: overview.accountsConfigured,
    mappedAccounts: [],
  };
}

/** The tab: the cards of the offered providers with their connection, the `?error=` alert and a page of the sync log. */
export async function connectedAppsTabData(actor: Actor, country: Country, flags: FeatureFlags, search: URLSearchParams): Promise<ConnectedAppsView> {
  const zone = TIME_ZONES[country];
  const offered = offeredProviders(flags);
  const page = Math.min(Math.max(Number.parseInt(search.get("logPage") ?? "0", 10) || 0, 0), 10_000);
  const [overview, log] = await Promise.all([connectionsOverview(actor), listSyncEvents(actor, { page, size: SYNC_LOG_PAGE_SIZE })]);
  const live = overview.map((entry) => connectionView(entry, zone)).filter((entry): entry is ConnectionView => entry !== null);
  const liveOf = (providers: readonly ProviderKey[]) => live.find((entry) => providers.includes(entry.provider)) ?? null;
  const cards: ProviderCard[] = [];
  if (offered.includes("XERO") || liveOf(["XERO"])) {
    cards.push({
      key: "xero",
      title: "Xero",
      description: "Online accounting for small businesses.",
      pitch: "Connect Xero and your bills and invoices load into Earlybird; early payments, fees and cashback are recorded back in Xero.",
      products: [{ value: "XERO", label: PROVIDER_LABELS.XERO }],
      connection: liveOf(["XERO"]),
    });
  }
  const myobProducts = offered.filter((provider) => provider !== "XERO");
  if (myobProducts.length || liveOf(["MYOB_ESSENTIALS", "MYOB_ACCOUNT_RIGHT"])) {
    cards.push({
      key: "myob",
      title: "MYOB",
      description: "MYOB Essentials or MYOB AccountRight.",
      pitch: "Connect MYOB and your bills and invoices load into Earlybird; early payments, fees and cashback are recorded back in MYOB.",
      products: myobProducts.map((value) => ({ value, label: PROVIDER_LABELS[value] })),
      connection: liveOf(["MYOB_ESSENTIALS", "MYOB_ACCOUNT_RIGHT"]),
    });
  }
  return {
    error: connectErrorMessage(search.get("error")),
    cards,
    liveProvider: live[0]?.provider ?? null,
    log: {
      page,
      hasMore: log.hasMore,
      events: log.events.map(
        (event): SyncEventRow => ({
          id: event.id,
          provider: event.provider,
          direction: event.direction,
          kind: event.kind,
          outcome: event.outcome,
          externalId: event.externalId,
          message: event.message,
          at: dateTimeOf(event.createdAt, zone) ?? "",
        })
      ),
    },
  };
}

const ConnectedAppsForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("connect"), provider: z.enum(PROVIDER_KEYS, { errorMap: () => ({ message: "Choose Xero, MYOB Essentials or MYOB AccountRight" }) }) }),
  z.object({ intent: z.literal("sync") }),
]);

/**
 * The tab's forms: Connect (a redirect to the provider's consent page, so it works without JavaScript) and Sync now
 * (the queued sync job, then its progress dialog). Refusals come back as a toast on the tab.
 */
export async function connectedAppsAction(request: Request, actor: Actor, flags: FeatureFlags) {
  try {
    const input = parseFormData(await readForm(request), ConnectedAppsForm);
    switch (input.intent) {
      case "connect": {
        if (!offeredProviders(flags).includes(input.provider)) throw new Response("Not Found", { status: 404 });
        const { authorizeUrl } = await startConnect(actor, { provider: input.provider, returnTo: "settings", sessionId: await sessionIdOf(request) });
        return redirect(authorizeUrl);
      }
      case "sync":
        return await startSyncNow(actor);
    }
  } catch (error) {
    return handleError(error, { closeTo: CONNECTED_APPS_TAB, fields: "none", forbidden: "toast", exposeCodes: ["ACCOUNTING_NOT_CONFIGURED"] });
  }
}

export async function toastOnTab(message: string, type: "success" | "error" | "info" = "success") {
  return redirectWithToast(CONNECTED_APPS_TAB, { type, message });
}

