import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { AppShell } from "~/components/layout/app-shell";
import { ErrorContent, ErrorPage, NotFoundContent, NotFoundPage, refusalMessage } from "~/components/layout/error-pages";
import { mainMenuItems } from "~/components/layout/main-menu";
import { requireAppUser } from "~/web/require-app-user.server";
import { shellUserOf } from "~/components/layout/user-menu";
import { getFeatureFlags } from "~/modules/settings/service.server";
import { isInvoiceLinkRequest, isLandingRequest } from "~/web/invites/landing.server";
import { getSessionUser } from "~/web/auth.server";
import { actorOf } from "~/modules/auth/service.server";
import { maybeAutoLoad } from "~/modules/integrations/sync/service.server";

/**
 * The logged-in layout (spec p1 §2 Layout): header, user dropdown, side menu / drawer.
 * This loader only decides who is looking; it protects nothing. Every page below authorises in its own
 * loader and action (GUIDE rule 3).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  // The landing offer page (/invoices?token=...) is public and full screen: no login, no frame (docs/decisions/018).
  if (isLandingRequest(request)) return json({ landing: true as const, user: null, menuFlags: null });
  // /invoices?invoiceId= for a logged-out visitor: the invoice link's own public page (decision 063), not /login.
  if (isInvoiceLinkRequest(request) && !(await getSessionUser(request))) return json({ landing: true as const, user: null, menuFlags: null });
  const [user, flags] = await Promise.all([requireAppUser(request), getFeatureFlags()]);
  // p1 §4: a non-admin's visit starts the automatic load from Xero / MYOB (throttled; never for an admin). Not awaited.
  void maybeAutoLoad(actorOf(user));
  return json({
    landing: false as const,
    user: shellUserOf(user),
    menuFlags: {
      dashboardEnabled: flags.dashboardEnabled,
      documentProcessingEnabled: flags.documentProcessingEnabled,
      pendingApprovalEnabled: flags.pendingApprovalEnabled,
    },
  });
}

export default function AppLayout() {
  const data = useLoaderData<typeof loader>();
  if (data.landing) return <Outlet />;
  const { user, menuFlags } = data;
  return (
    <AppShell user={user} menu={mainMenuItems(user, menuFlags)}>
      <Outlet />
    </AppShell>
  );
}

/** A page's 404 (an unknown company menu, an admin page asked for by a customer) or crash, inside the frame. */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("routes/_app");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!isRouteErrorResponse(error)) console.error(error);
  if (!data || data.landing) return notFound ? <NotFoundPage /> : <ErrorPage message={refusalMessage(error)} />;
  return (
    <AppShell user={data.user} menu={mainMenuItems(data.user, data.menuFlags)} heading={null}>
      {notFound ? <NotFoundContent className="py-16" /> : <ErrorContent className="py-16" message={refusalMessage(error)} />}
    </AppShell>
  );
}
