import { redirect } from "@remix-run/node";
import { getSessionUser, requireUser } from "./auth.server";
import { getRuntimeConfig } from "~/modules/settings/service.server";
import { getFeatureFlags } from "~/modules/settings/service.server";

/**
 * requireUser for the logged-in layout and "/": a logged-out visitor of exactly "/" goes to the marketing
 * site when redirectToMarketingSite is on (spec p1 §2), everyone else logged out goes to /login?next=.
 * Both the layout and the "/" page call it: on client navigations Remix follows the deepest loader's
 * redirect, so the page must not rely on its layout's.
 */
export async function requireAppUser(request: Request) {
  if (new URL(request.url).pathname === "/") {
    const [flags, user] = await Promise.all([getFeatureFlags(), getSessionUser(request)]);
    if (!user && flags.redirectToMarketingSite) throw redirect((await getRuntimeConfig()).MARKETING_SITE_URL);
  }
  return requireUser(request);
}
