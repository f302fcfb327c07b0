import { redirect } from "@remix-run/node";
import { actorOf, resolveSession, type SessionLookup, type SessionUser } from "~/modules/auth/service.server";
import { oncePerRequest } from "~/lib/request-scope.server";
import { homePathOf } from "~/modules/first-run/service.server";
import { isAtLeast, onboardingPath } from "~/modules/onboarding/rules";
import type { Actor } from "~/lib/actor";
import { resolveSameOriginPath } from "~/lib/safe-redirect";
import { clearSessionToken, readSessionToken, setFlash } from "~/lib/session.server";

/** Query parameters that make a guarded page a landing page reachable without a login (spec p1 §2). */
const LANDING_PARAMS = ["invoiceId", "invoiceType", "token"];

export function loginRedirectPath(request: Request): string {
  const url = new URL(request.url);
  const next = `${url.pathname}${url.search}`;
  return next === "/" ? "/login" : `/login?next=${encodeURIComponent(next)}`;
}

/**
 * The request's session, read once per request however many loaders ask (the root, the layout and the page: issue 19),
 * keyed by the cookie so a request that sets another one reads again.
 */
function lookupSession(request: Request): Promise<SessionLookup> {
  const cookie = request.headers.get("Cookie") ?? "";
  return oncePerRequest(`session:${cookie}`, async () => resolveSession(await readSessionToken(request)));
}

/** The request's valid session: its id (what a per-session choice is kept by) and whether the payments-available dialog was seen. */
export async function getSessionState(request: Request): Promise<{ sessionId: string; paymentsAvailableSeen: boolean } | null> {
  const lookup = await lookupSession(request);
  return lookup.status === "valid" ? { sessionId: lookup.sessionId, paymentsAvailableSeen: lookup.paymentsAvailableSeen } : null;
}

/** The id of the request's valid session (what a per-session choice, such as a dismissed dialog, is kept by). */
export async function getSessionId(request: Request): Promise<string | null> {
  const lookup = await lookupSession(request);
  return lookup.status === "valid" ? lookup.sessionId : null;
}

export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const lookup = await lookupSession(request);
  return lookup.status === "valid" ? lookup.user : null;
}

/**
 * The logged-in user, or a redirect to /login?next=<this page>. A stale cookie (expired or revoked session)
 * is cleared and the login page says "Your session has expired. Please login again.".
 */
export async function requireUser(request: Request): Promise<SessionUser> {
  const lookup = await lookupSession(request);
  if (lookup.status === "valid") {
    const onboarding = onboardingRedirect(lookup.user, request);
    if (onboarding) throw redirect(onboarding);
    return lookup.user;
  }
  const url = new URL(request.url);
  const landing = LANDING_PARAMS.some((name) => url.searchParams.has(name));
  // Landing links (invites, notifications) are handled by their own pages: no `next` round trip.
  const target = landing ? "/login" : loginRedirectPath(request);
  const headers = new Headers();
  if (lookup.status === "expired") {
    headers.append("Set-Cookie", await clearSessionToken());
    headers.append("Set-Cookie", await setFlash("session-expired"));
  }
  // p1 §2: a guarded page whose query holds an error (a provider sent a logged-out browser back) shows the
  // connect-account error page instead of the login redirect (issue 18).
  const connectError = url.searchParams.get("error");
  if (connectError !== null) throw redirect(`/connect-account-error?error=${encodeURIComponent(connectError.slice(0, 40))}`, { headers });
  throw redirect(target, { headers });
}

/**
 * Where a user still onboarding may go (p1 §4): the onboarding screens themselves, /logout, the mailbox (read the SMS
 * code), and resource routes (the onboarding screens' own searches; data a page needs is guarded by that page).
 */
const ONBOARDING_OPEN_PATHS = ["/activate", "/verify", "/signup", "/logout", "/mailbox", "/resources"];

export const isOnboardingOpenPath = (pathname: string) => ONBOARDING_OPEN_PATHS.some((open) => pathname === open || pathname.startsWith(`${open}/`));

/**
 * The onboarding state machine decides (p1 §4): a company user who has not finished activation (name and password, a
 * verified phone) is sent where `onboardingPath` says, from every guarded page but the open ones. Verification can
 * wait (issue 13 part 18): from PHONE_NUMBER_VERIFIED on, the app lets the user in with their company unverified (its
 * sensitive actions refused, the get-verified prompt offered); login still resumes at /verify (postLoginPath), and the
 * /verify close icon and "I'll do this later" lead to /invoices (p1 §2). Admins skip the check. Null: stay.
 */
export function onboardingRedirect(
  user: Pick<SessionUser, "isAdmin" | "onboardingState" | "verificationStatus" | "phoneNumber">,
  request: Request
): string | null {
  const pathname = new URL(request.url).pathname;
  // Verification comes after activation: /verify is open only from PHONE_NUMBER_VERIFIED on.
  if ((pathname === "/verify" || pathname.startsWith("/verify/")) && !user.isAdmin && !isAtLeast(user.onboardingState, "PHONE_NUMBER_VERIFIED")) return onboardingPath(user);
  if (isOnboardingOpenPath(pathname) || isAtLeast(user.onboardingState, "PHONE_NUMBER_VERIFIED")) return null;
  return onboardingPath(user);
}

export async function requireActor(request: Request): Promise<{ user: SessionUser; actor: Actor }> {
  const user = await requireUser(request);
  return { user, actor: actorOf(user) };
}

/** Company users only: admins go to their own area. */
export async function requireCompanyUser(request: Request): Promise<{ user: SessionUser; actor: Actor & { companyId: number } }> {
  const user = await requireUser(request);
  if (user.isAdmin || !user.company) throw redirect("/");
  return { user, actor: { ...actorOf(user), companyId: user.company.id } };
}

/** Admin routes authorise in their own loader and action, never through a parent layout (GUIDE rule 3). */
export async function requireAdmin(request: Request): Promise<{ user: SessionUser; actor: Actor }> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw new Response("Not Found", { status: 404 });
  return { user, actor: actorOf(user) };
}

/**
 * Where a user goes after login: first where onboarding continues (p1 §4), then `next` (other query parameters kept),
 * else `home`: / for admins; for company users what homePathOf gives (the login action passes it: Bills for a
 * purchaser, Get started for a company with nothing yet; issue 20 part 3), /invoices when not given.
 */
export function postLoginPath(
  user: Pick<SessionUser, "isAdmin"> & Partial<Pick<SessionUser, "onboardingState" | "verificationStatus" | "phoneNumber">>,
  search: URLSearchParams,
  home: string = user.isAdmin ? "/" : "/invoices"
): string {
  const onboarding = user.onboardingState
    ? onboardingPath({
        isAdmin: user.isAdmin,
        onboardingState: user.onboardingState,
        verificationStatus: user.verificationStatus ?? "NOT_VERIFIED",
        phoneNumber: user.phoneNumber ?? null,
      })
    : null;
  if (onboarding) return onboarding;
  // Resolved as the browser would, then kept only if it stays on this site (issue 13 part 5).
  const next = resolveSameOriginPath(search.get("next"));
  if (next) {
    const target = new URL(next, "http://earlybird.local");
    for (const [key, value] of search) {
      if (key !== "next" && !target.searchParams.has(key)) target.searchParams.append(key, value);
    }
    return `${target.pathname}${target.search}`;
  }
  return user.isAdmin ? "/" : home;
}

/** The page a logged-in user lands on (login, activation, sign-up, /): see homePathOf (docs/decisions/065). */
export function homePath(user: SessionUser): Promise<string> {
  return homePathOf(actorOf(user));
}
