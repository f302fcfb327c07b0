/**
 * The AP Automation tab of /settings (spec p3 §2.2, §3 "Entity preferences", §4.11): the acting company's own
 * preferences, each edited then saved. Only transport lives here; the route authorised the company user.
 */
import type { ApAutomationData } from "~/components/settings/ap-automation-tab";
import type { Actor } from "~/lib/actor";
import { requireCompanyId } from "~/modules/companies/service.server";
import { getEntityPreferences, updateEntityPreferences } from "~/modules/entity-preferences/service.server";
import { SUCCESS_UPDATED, type EntityPreferencesPatch } from "~/modules/entity-preferences/rules";
import { QUEUE_OPTIONS } from "~/web/company-settings/settings.server";
import { handleError, readForm } from "~/web/http.server";
import { redirectWithToast } from "~/web/toast.server";

export const AP_AUTOMATION_TAB = "/settings?tab=ap-automation";

export async function apAutomationTabData(actor: Actor): Promise<ApAutomationData> {
  const preferences = await getEntityPreferences(requireCompanyId(actor));
  return {
    action: AP_AUTOMATION_TAB,
    modificationTime: preferences.modificationTime,
    isAcceptApprovedInvoicesFromPurchasersEnabled: preferences.isAcceptApprovedInvoicesFromPurchasersEnabled,
    isShareApprovedInvoicesWithSuppliersEnabled: preferences.isShareApprovedInvoicesWithSuppliersEnabled,
    defaultProcessingQueue: preferences.defaultProcessingQueue,
    queueOptions: QUEUE_OPTIONS,
  };
}

const FIELDS = ["isAcceptApprovedInvoicesFromPurchasersEnabled", "isShareApprovedInvoicesWithSuppliersEnabled", "defaultProcessingQueue"] as const;

/** One preference per form (its intent names it), with the modificationTime the tab was loaded with. */
export async function apAutomationAction(request: Request, actor: Actor) {
  const form = await readForm(request);
  const intent = form.get("intent");
  const field = FIELDS.find((name) => name === intent);
  const last = (name: string) => {
    const value = form.getAll(name).at(-1);
    return typeof value === "string" ? value : undefined;
  };
  try {
    const patch: EntityPreferencesPatch = {};
    if (field === "defaultProcessingQueue") patch.defaultProcessingQueue = last(field);
    else if (field) patch[field] = last(field) === "true";
    await updateEntityPreferences(actor, requireCompanyId(actor), { modificationTime: last("modificationTime"), patch });
  } catch (error) {
    return handleError(error, { closeTo: AP_AUTOMATION_TAB, fields: "none", notFound: "show", forbidden: "show" });
  }
  return redirectWithToast(AP_AUTOMATION_TAB, { type: "success", message: SUCCESS_UPDATED });
}
