/** The Password tab's data and action answers, shared by the tab (UI) and its server half (routes/_app.settings). */
export const SECURITY_INTENTS = ["change-password", "mfa-start", "mfa-confirm", "mfa-cancel", "mfa-disable"] as const;
export type SecurityIntent = (typeof SECURITY_INTENTS)[number];

export interface SecurityTabData {
  mfa: { enabled: boolean; pending: { secret: string; qrCode: string; expiresAt: string } | null };
}

export type SecurityActionData = { intent: SecurityIntent; fieldErrors?: Partial<Record<string, string>>; formError?: string };
