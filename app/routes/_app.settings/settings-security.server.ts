/**
 * The settings Password tab (p3 §2.2, §5 Password) and its two-factor section, on the server: the loader's data and
 * the action's intents. The settings route (route.tsx beside this file) calls these for tab=password.
 */
import type { AppLoadContext } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import QRCode from "qrcode";
import { z } from "zod";
import type { Actor } from "~/lib/actor";
import { AppError } from "~/lib/errors";
import { readSessionToken } from "~/lib/session.server";
import { redirectWithToast } from "~/web/toast.server";
import { cancelMfaEnrolment, confirmMfaEnrolment, disableMfa, getMfaSettings, startMfaEnrolment } from "~/modules/password/mfa.server";
import { ChangePasswordSchema, MFA_TURNED_OFF, MFA_TURNED_ON, PASSWORD_CHANGED, placeServerMessage } from "~/modules/password/schema";
import { changePassword } from "~/modules/password/service.server";
import { handleError, readForm, recoverAs } from "~/web/http.server";
import { SECURITY_INTENTS, type SecurityActionData, type SecurityTabData } from "~/components/password/security-types";

export const PASSWORD_TAB_PATH = "/settings?tab=password";


export async function securityTabData(actor: Actor): Promise<SecurityTabData> {
  const settings = await getMfaSettings(actor);
  const pending = settings.pending
    ? {
        secret: settings.pending.secret,
        expiresAt: settings.pending.expiresAt,
        qrCode: await QRCode.toDataURL(settings.pending.otpauthUri, { margin: 1, width: 200 }),
      }
    : null;
  return { mfa: { enabled: settings.enabled, pending } };
}

const IntentSchema = z.enum(SECURITY_INTENTS);

/** A refusal naming no field whose message is about "validation" belongs under the new password (p1 §5, p3 §5). */
const placedOnPassword = recoverAs((error): AppError =>
  !error.field && placeServerMessage(error.message).field === "password" ? AppError.validation({ password: error.message }) : error
);

/** The Password tab's forms; each answers a field error in place or a redirect back to the tab with a toast. */
export async function securityAction(request: Request, context: AppLoadContext, actor: Actor, path: string = PASSWORD_TAB_PATH) {
  const form = await readForm(request);
  const intent = IntentSchema.safeParse(form.get("intent"));
  if (!intent.success) throw new Response("Bad Request", { status: 400 });
  const ip = context.ip ?? "unknown";
  try {
    switch (intent.data) {
      case "change-password": {
        const input = { currentPassword: form.get("currentPassword"), password: form.get("password"), confirmPassword: form.get("confirmPassword") };
        // Every field's message at once; the service checks again and then the current password.
        const parsed = ChangePasswordSchema.safeParse(input);
        if (!parsed.success) throw AppError.validation(parsed.error);
        await changePassword(actor, { ...input, sessionToken: await readSessionToken(request), ip });
        return redirectWithToast(path, { type: "success", message: PASSWORD_CHANGED });
      }
      case "mfa-start":
        await startMfaEnrolment(actor, { currentPassword: form.get("currentPassword"), ip });
        return redirect(`${path}#two-factor`);
      case "mfa-confirm":
        await confirmMfaEnrolment(actor, { code: form.get("code"), ip });
        return redirectWithToast(path, { type: "success", message: MFA_TURNED_ON });
      case "mfa-cancel":
        await cancelMfaEnrolment(actor);
        return redirectWithToast(path, { type: "info", message: "Two-factor authentication was not turned on" });
      case "mfa-disable":
        await disableMfa(actor, { currentPassword: form.get("currentPassword"), ip });
        return redirectWithToast(path, { type: "success", message: MFA_TURNED_OFF });
    }
  } catch (error) {
    // A field's message on it (422); any other refusal is the form's message (the spec's fallback when it has none).
    return handleError<Pick<SecurityActionData, "intent">>(placedOnPassword(error), {
      fields: "named",
      notFound: "show",
      forbidden: "show",
      message: (e) => placeServerMessage(e.message).message,
      data: { intent: intent.data },
    });
  }
}
