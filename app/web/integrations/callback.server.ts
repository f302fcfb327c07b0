/**
 * The return points of the providers' consent pages (/xero/callback, /myob/callback; p1 §2; issue 18 part 2). The
 * browser comes back from another site, so the session is read here as it is (an onboarding user finishing sign-up
 * included); the state and the code are checked by connections.server.ts, which binds them to this session.
 */
import { z } from "zod";
import type { Actor } from "~/lib/actor";
import { isAppError } from "~/lib/errors";
import { readSessionToken } from "~/lib/session.server";
import { actorOf, resolveSession } from "~/modules/auth/service.server";
import type { CallbackQuery, CallbackSession } from "~/modules/integrations/connections.server";

/** The signed-in company user's session, or null (logged out, expired, an admin). */
export async function callbackSession(request: Request): Promise<CallbackSession | null> {
  const lookup = await resolveSession(await readSessionToken(request));
  if (lookup.status !== "valid" || lookup.user.isAdmin || !lookup.user.company) return null;
  const actor: Actor = { ...actorOf(lookup.user), companyId: lookup.user.company.id };
  return { actor, sessionId: lookup.sessionId };
}

const text = z.string().max(4096).nullish().catch(null);
const CallbackQuerySchema = z.object({ code: text, state: text, error: text, scope: text });

/** The provider's answer in the callback URL (or the form that carries it on): code, state, or error. */
export function callbackQuery(params: URLSearchParams | FormData): CallbackQuery {
  const value = (name: string) => {
    const entry = params.get(name);
    return typeof entry === "string" ? entry : null;
  };
  return CallbackQuerySchema.parse({ code: value("code"), state: value("state"), error: value("error"), scope: value("scope") });
}

/** Where a failed connect goes: the page it started from with `?error=xero|myob` (p1 §8, p3 §2.2). */
export function connectFailedPath(provider: "xero" | "myob", error: unknown): string {
  const details = isAppError(error) ? (error.details as { returnTo?: unknown } | undefined) : undefined;
  return details?.returnTo === "signup" ? `/signup?step=connect-account&error=${provider}` : `/settings?tab=connected-apps&error=${provider}`;
}

/** A same-site path from the module's answer (never another origin). */
export function sameSitePath(path: string, fallback: string): string {
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\") ? path : fallback;
}

/** The id of the request's session: the OAuth state is bound to it (issued here, checked on the callback). */
export async function sessionIdOf(request: Request): Promise<string | null> {
  const lookup = await resolveSession(await readSessionToken(request));
  return lookup.status === "valid" ? lookup.sessionId : null;
}
