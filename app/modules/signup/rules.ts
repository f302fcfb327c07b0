/** Pure rules of sign-up (docs/decisions/022). */
import { labelsOf } from "../../lib/status-labels";
export type InviteCodeStatus = "UNUSED" | "USED" | "EXPIRED";

export const INVITE_CODE_STATUS_LABELS: Record<InviteCodeStatus, string> = labelsOf("inviteCode");

/** Used wins over expired: a code used in time stays "Used" after its expiry. */
export function inviteCodeStatus(code: { usedAt: Date | null; expiresAt: Date }, now: Date): InviteCodeStatus {
  if (code.usedAt) return "USED";
  return code.expiresAt.getTime() <= now.getTime() ? "EXPIRED" : "UNUSED";
}

/** The activation link of the sign-up e-mail (p1 §2 Activation: set_name=true with the token). */
export function activationLink(origin: string, token: string): string {
  const url = new URL("/activate", origin);
  url.searchParams.set("set_name", "true");
  url.searchParams.set("token", token);
  return url.toString();
}

/** Where the sign-up confirmation goes (p1 §2: the e-mail is displayed from the query). */
export function confirmationPath(email: string): string {
  return `/signup?${new URLSearchParams({ step: "signup-confirmation", email }).toString()}`;
}
