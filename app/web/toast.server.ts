import { createCookie, redirect } from "@remix-run/node";
import crypto from "node:crypto";
import { z } from "zod";
import { isProduction } from "~/lib/env.server";
import type { ToastMessage } from "~/components/ui/toast";

/**
 * The server half of toast.tsx: a toast carried across a redirect in a one-shot cookie, read and cleared
 * by the root loader and shown by <Toaster/>. Redirects that set a cookie make Remix revalidate every
 * loader, the root one included, so the toast appears on the page the redirect lands on.
 */
const toastCookie = createCookie("eb_toast", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: isProduction(),
  maxAge: 60,
});

const ToastCookieSchema = z.object({
  id: z.string().max(64),
  type: z.enum(["success", "error", "info"]),
  message: z.string().max(500),
  // Undo (decision 068): where it posts and what; only same-site paths are drawn.
  undo: z
    .object({
      action: z.string().max(1000).regex(/^\/(?!\/)/),
      fields: z.array(z.tuple([z.string().max(40), z.string().max(200)])).max(250),
    })
    .optional(),
});

/** The Set-Cookie header value that flashes `toast` to the next page. */
export function flashToast(toast: Omit<ToastMessage, "id">): Promise<string> {
  return toastCookie.serialize({ id: crypto.randomUUID(), type: toast.type, message: toast.message, ...(toast.undo ? { undo: toast.undo } : {}) });
}

/** `throw redirectWithToast("/settings", { type: "success", message: "Password changed" })` */
export async function redirectWithToast(url: string, toast: Omit<ToastMessage, "id">, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashToast(toast));
  return redirect(url, { ...init, headers });
}

/** For the root loader: the flashed toast, if any, and the header that clears it. */
export async function readFlashToast(request: Request): Promise<{ toast: ToastMessage | null; headers: HeadersInit | undefined }> {
  const raw: unknown = await toastCookie.parse(request.headers.get("Cookie"));
  if (raw === null || raw === undefined || raw === "") return { toast: null, headers: undefined };
  const parsed = ToastCookieSchema.safeParse(raw);
  const clear = { "Set-Cookie": await toastCookie.serialize("", { maxAge: 0 }) };
  return { toast: parsed.success ? parsed.data : null, headers: clear };
}
