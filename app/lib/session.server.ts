import { createCookie } from "@remix-run/node";
import { isProduction } from "./env.server";

/** The session cookie holds an opaque random token; the session itself lives in the database. */
export const sessionCookie = createCookie("eb_session", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: isProduction(),
});

/** One-shot notices carried across a redirect (e.g. "Your session has expired. Please login again."). */
export const flashCookie = createCookie("eb_flash", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: isProduction(),
  maxAge: 60,
});

export async function readSessionToken(request: Request): Promise<string | null> {
  const value = (await sessionCookie.parse(request.headers.get("Cookie"))) as unknown;
  return typeof value === "string" && value.length > 0 ? value : null;
}

export const commitSessionToken = (token: string, maxAgeSeconds: number) => sessionCookie.serialize(token, { maxAge: maxAgeSeconds });
export const clearSessionToken = () => sessionCookie.serialize("", { maxAge: 0 });

export type Flash = "session-expired" | "logged-out";

export async function readFlash(request: Request): Promise<Flash | null> {
  const value = (await flashCookie.parse(request.headers.get("Cookie"))) as unknown;
  return value === "session-expired" || value === "logged-out" ? value : null;
}
export const setFlash = (flash: Flash) => flashCookie.serialize(flash);
export const clearFlash = () => flashCookie.serialize("", { maxAge: 0 });
