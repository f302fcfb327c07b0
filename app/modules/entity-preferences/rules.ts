/**
 * A company's entity preferences and entity settings (spec p3 §3, §4.11, §5 "Preferences toggles", "Admin calls",
 * §7.3): pure rules, no I/O. Both are patched with the modificationTime the caller read, so a change made meanwhile
 * by someone else is refused rather than overwritten.
 */

export const PROCESSING_QUEUES = ["AUTOMATIC", "MANUAL"] as const;
export type ProcessingQueue = (typeof PROCESSING_QUEUES)[number];

// The spec's words (p3 §5, §8).
export const MISSING_DATA = "Missing data";
export const NO_PAYLOAD_AVAILABLE = "No payload available";
export const NO_ENTITY_ID_AVAILABLE = "No entity id available";
export const SOMETHING_WENT_WRONG = "Something went wrong";
export const SUCCESS_UPDATED = "Success updated";

/** Not in the spec (it gives no wording for these cases); ours, in the spec's voice. */
export const STALE_SETTINGS = "These settings were changed by someone else since you opened them. Reload the page and try again.";
export const INVALID_PROCESSING_QUEUE = "Default processing queue must be Automatic or Manual";

export const PROCESSING_QUEUE_LABELS: Record<ProcessingQueue, string> = { AUTOMATIC: "Automatic", MANUAL: "Manual" };

/** The preference fields a patch may carry (the period lock has its own control and rules, §4.10). */
export interface EntityPreferencesPatch {
  isAcceptApprovedInvoicesFromPurchasersEnabled?: boolean;
  isShareApprovedInvoicesWithSuppliersEnabled?: boolean;
  defaultProcessingQueue?: string;
}

export type PreferencesPatchCheck =
  | {
      ok: true;
      change: {
        isAcceptApprovedInvoicesFromPurchasersEnabled?: boolean;
        isShareApprovedInvoicesWithSuppliersEnabled?: boolean;
        defaultProcessingQueue?: ProcessingQueue;
      };
    }
  | { ok: false; message: string; field?: "defaultProcessingQueue" };

/**
 * A preferences patch (p3 §5): it needs the entity id ('No entity id available'), a payload ('No payload available')
 * and the loaded preferences' modificationTime ('Missing data'); the queue is AUTOMATIC or MANUAL.
 */
export function checkPreferencesPatch(input: {
  companyId: number | null | undefined;
  modificationTime: string | null | undefined;
  patch: EntityPreferencesPatch | null | undefined;
}): PreferencesPatchCheck {
  if (!input.companyId) return { ok: false, message: NO_ENTITY_ID_AVAILABLE };
  const patch = input.patch ?? {};
  const change: Extract<PreferencesPatchCheck, { ok: true }>["change"] = {};
  if (typeof patch.isAcceptApprovedInvoicesFromPurchasersEnabled === "boolean")
    change.isAcceptApprovedInvoicesFromPurchasersEnabled = patch.isAcceptApprovedInvoicesFromPurchasersEnabled;
  if (typeof patch.isShareApprovedInvoicesWithSuppliersEnabled === "boolean")
    change.isShareApprovedInvoicesWithSuppliersEnabled = patch.isShareApprovedInvoicesWithSuppliersEnabled;
  if (patch.defaultProcessingQueue !== undefined && patch.defaultProcessingQueue !== null) {
    const queue = String(patch.defaultProcessingQueue).trim().toUpperCase();
    if (!(PROCESSING_QUEUES as readonly string[]).includes(queue)) return { ok: false, message: INVALID_PROCESSING_QUEUE, field: "defaultProcessingQueue" };
    change.defaultProcessingQueue = queue as ProcessingQueue;
  }
  if (Object.keys(change).length === 0) return { ok: false, message: NO_PAYLOAD_AVAILABLE };
  if (!input.modificationTime) return { ok: false, message: MISSING_DATA };
  return { ok: true, change };
}

/**
 * An entity settings patch (p3 §5 "company settings calls need a company, settings and settings.id"): anything
 * missing is 'Something went wrong'. Only the pending-approval queue (the isRipeLiteEnabled path) is patched here.
 */
export function checkSettingsPatch(input: {
  companyId: number | null | undefined;
  settingsId: number | null | undefined;
  modificationTime: string | null | undefined;
  isRipeLiteEnabled: boolean | null | undefined;
}): { ok: true; isRipeLiteEnabled: boolean } | { ok: false; message: string } {
  if (!input.companyId || !input.settingsId || !input.modificationTime || typeof input.isRipeLiteEnabled !== "boolean")
    return { ok: false, message: SOMETHING_WENT_WRONG };
  return { ok: true, isRipeLiteEnabled: input.isRipeLiteEnabled };
}

/** The modificationTime we hand out: an ISO instant with microseconds ("2026-11-26T18:30:00.123456Z"). */
export const MODIFICATION_TIME_FORMAT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** A modificationTime that cannot be one we handed out can never match: it is stale, and never reaches SQL. */
export const isWellFormedModificationTime = (value: string) => MODIFICATION_TIME_FORMAT.test(value);
