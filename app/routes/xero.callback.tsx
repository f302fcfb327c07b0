import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { logger } from "~/lib/logger.server";
import { completeXeroCallback } from "~/modules/integrations/connections.server";
import { callbackQuery, callbackSession, connectFailedPath, sameSitePath } from "~/web/integrations/callback.server";

/**
 * GET /xero/callback: where Xero's consent page returns (issue 18 part 2). A resource route: the state (single use,
 * bound to this session) and the code are checked and exchanged by the module, then the browser goes where it says:
 * the mapping wizard, or Connected apps. Any failure (Cancel on the consent page, a bad state, a refused code) is
 * `?error=xero` on the page the connect started from; a logged-out visitor gets the connect-account error page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await callbackSession(request);
  if (!session) throw redirect("/connect-account-error?error=xero");
  try {
    const { redirectTo } = await completeXeroCallback(session, callbackQuery(new URL(request.url).searchParams));
    return redirect(sameSitePath(redirectTo, "/settings?tab=connected-apps"));
  } catch (error) {
    logger.warn({ err: error }, "Xero connect failed");
    return redirect(connectFailedPath("xero", error));
  }
}
