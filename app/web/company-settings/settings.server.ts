/**
 * The admin company settings screen (/companies/{id}/settings, spec p3 §2.4) and its dialogs: payment terms and GL
 * codes (child routes, forms that work without JavaScript) and the two queue settings (edit then save, §4.11). Only
 * transport lives here: authorise (an admin, in every loader and action), parse, call one service, answer.
 */
import { json } from "@remix-run/node";
import { z } from "zod";
import { companySettingsPath, type BuyerSettingsData, type GlCodeRow, type PaymentTermRow } from "~/components/company-settings/buyer-settings";
import { requireAdmin } from "~/web/auth.server";
import { handleError, IdSchema, pageError, parseParams, readForm } from "~/web/http.server";
import { redirectWithToast } from "~/web/toast.server";
import { getCompany } from "~/modules/companies/service.server";
import { getEntityPreferences, getEntitySettings, updateEntityPreferences, updateEntitySettings } from "~/modules/entity-preferences/service.server";
import { PROCESSING_QUEUE_LABELS, PROCESSING_QUEUES, SUCCESS_UPDATED } from "~/modules/entity-preferences/rules";
import { addGlAccount, deleteGlAccount, getGlAccount, listGlAccounts, updateGlAccount, type GlAccountView } from "~/modules/gl-accounts/service.server";
import { editToast, GL_CODE_ADDED, GL_CODE_DELETED } from "~/modules/gl-accounts/rules";
import {
  addPaymentTerm,
  deletePaymentTerm,
  getPaymentTerm,
  listPaymentTerms,
  updatePaymentTerm,
  type PaymentTermView,
} from "~/modules/payment-terms/service.server";
import {
  DAYS_OF_WEEK,
  dayLabel,
  DELETE_PAYMENT_TERM_CONFIRMATION,
  frequencyLabel,
  ordinal,
  PAYMENT_TERM_ADDED,
  PAYMENT_TERM_DELETED,
  PAYMENT_TERM_FREQUENCIES,
  PAYMENT_TERM_UPDATED,
} from "~/modules/payment-terms/rules";

export const SETTINGS_TABS = [
  { value: "buyer", label: "Buyer Settings" },
  { value: "supplier", label: "Supplier Settings" },
] as const;
type SettingsTab = (typeof SETTINGS_TABS)[number]["value"];

const CompanyParams = z.object({ companyId: IdSchema });
const TermParams = CompanyParams.extend({ paymentTermId: IdSchema });
const GlParams = CompanyParams.extend({ glAccountId: IdSchema });

export const QUEUE_OPTIONS = PROCESSING_QUEUES.map((value) => ({ value, label: PROCESSING_QUEUE_LABELS[value] }));
const titleCase = (word: string) => word.charAt(0) + word.slice(1).toLowerCase();
const TERM_OPTIONS = {
  frequencyOptions: PAYMENT_TERM_FREQUENCIES.map((value) => ({ value, label: frequencyLabel(value) })),
  dateOptions: Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: ordinal(i + 1) })),
  dayOptions: DAYS_OF_WEEK.map((value) => ({ value, label: titleCase(value) })),
};

export const termRow = (term: PaymentTermView): PaymentTermRow => ({
  id: term.id,
  frequency: term.frequency,
  frequencyLabel: frequencyLabel(term.frequency),
  day: dayLabel(term),
  date: term.date,
  dayOfWeek: term.dayOfWeek,
  defaultTerm: term.defaultTerm,
});
const glRow = (code: GlAccountView): GlCodeRow => ({ id: code.id, accountCode: code.accountCode, accountName: code.accountName, isDefault: code.isDefault });

/** The form's values as text, echoed back with its errors so a page without JavaScript shows what was typed. */
const valuesOf = (form: FormData) => Object.fromEntries([...form.keys()].map((key) => [key, String(form.getAll(key).at(-1) ?? "")]));
const text = (form: FormData, name: string) => {
  const value = form.getAll(name).at(-1);
  return typeof value === "string" ? value : undefined;
};
/** A "Set as default" box: a hidden "false" and the ticked box's "true"; the last one wins. */
const checkbox = (form: FormData, name: string) => (form.has(name) ? text(form, name) === "true" : undefined);

async function adminCompany(request: Request, params: Record<string, string | undefined>) {
  const { actor } = await requireAdmin(request);
  const { companyId } = parseParams(params, CompanyParams);
  return { actor, companyId };
}

// ---- The screen -----------------------------------------------------------------------------------------------------

export async function companySettingsLoader(request: Request, params: Record<string, string | undefined>) {
  const { companyId } = await adminCompany(request, params);
  const requested = new URL(request.url).searchParams.get("tab");
  const tab: SettingsTab = requested === "supplier" ? "supplier" : "buyer";
  const company = await getCompany(companyId, { attributes: ["id", "companyName"] }).catch(pageError);
  let buyer: BuyerSettingsData | null = null;
  if (tab === "buyer") {
    const [terms, glCodes, settings, preferences] = await Promise.all([
      listPaymentTerms(companyId),
      listGlAccounts(companyId),
      getEntitySettings(companyId),
      getEntityPreferences(companyId),
    ]);
    buyer = {
      companyId,
      terms: terms.map(termRow),
      glCodes: glCodes.map(glRow),
      settings: { id: settings.id, modificationTime: settings.modificationTime, isRipeLiteEnabled: settings.isRipeLiteEnabled },
      preferences: { modificationTime: preferences.modificationTime, defaultProcessingQueue: preferences.defaultProcessingQueue },
      queueOptions: QUEUE_OPTIONS,
    };
  }
  return json({ companyId, companyName: company.companyName, tab, tabs: SETTINGS_TABS, buyer });
}

/** The two queue settings post here (intent "pending-approval" or "processing-queue"); both answer with a toast. */
export async function companySettingsAction(request: Request, params: Record<string, string | undefined>) {
  const { actor, companyId } = await adminCompany(request, params);
  const closeTo = companySettingsPath(companyId);
  const form = await readForm(request);
  try {
    const intent = text(form, "intent");
    if (intent === "pending-approval") {
      const settingsId = IdSchema.safeParse(text(form, "settingsId") ?? "");
      await updateEntitySettings(actor, companyId, {
        settingsId: settingsId.success ? settingsId.data : null,
        modificationTime: text(form, "modificationTime"),
        isRipeLiteEnabled: checkbox(form, "isRipeLiteEnabled") ?? null,
      });
    } else if (intent === "processing-queue") {
      await updateEntityPreferences(actor, companyId, {
        modificationTime: text(form, "modificationTime"),
        patch: { defaultProcessingQueue: text(form, "defaultProcessingQueue") },
      });
    } else {
      throw new Response("Bad Request", { status: 400 });
    }
  } catch (error) {
    return handleError(error, { closeTo, fields: "none", notFound: "show", forbidden: "show" });
  }
  return redirectWithToast(closeTo, { type: "success", message: SUCCESS_UPDATED });
}

// ---- Payment term dialogs -------------------------------------------------------------------------------------------

export async function paymentTermDialogLoader(request: Request, params: Record<string, string | undefined>, mode: "add" | "edit" | "delete") {
  const { actor } = await requireAdmin(request);
  if (mode === "add") {
    const { companyId } = parseParams(params, CompanyParams);
    await getCompany(companyId, { attributes: ["id"] }).catch(pageError);
    return json({ mode, closeTo: companySettingsPath(companyId), term: null, question: DELETE_PAYMENT_TERM_CONFIRMATION, ...TERM_OPTIONS });
  }
  const { companyId, paymentTermId } = parseParams(params, TermParams);
  const term = await getPaymentTerm(actor, companyId, paymentTermId).catch(pageError);
  return json({ mode, closeTo: companySettingsPath(companyId), term: termRow(term), question: DELETE_PAYMENT_TERM_CONFIRMATION, ...TERM_OPTIONS });
}

export async function paymentTermDialogAction(request: Request, params: Record<string, string | undefined>, mode: "add" | "edit" | "delete") {
  const { actor } = await requireAdmin(request);
  const { companyId } = parseParams(params, CompanyParams);
  const closeTo = companySettingsPath(companyId);
  const form = await readForm(request);
  const input = {
    frequency: text(form, "frequency"),
    date: text(form, "date"),
    dayOfWeek: text(form, "dayOfWeek"),
    defaultTerm: checkbox(form, "defaultTerm"),
  };
  try {
    if (mode === "add") {
      await addPaymentTerm(actor, companyId, input);
      return redirectWithToast(closeTo, { type: "success", message: PAYMENT_TERM_ADDED });
    }
    const { paymentTermId } = parseParams(params, TermParams);
    if (mode === "edit") {
      await updatePaymentTerm(actor, companyId, paymentTermId, input);
      return redirectWithToast(closeTo, { type: "success", message: PAYMENT_TERM_UPDATED });
    }
    await deletePaymentTerm(actor, companyId, paymentTermId);
    return redirectWithToast(closeTo, { type: "success", message: PAYMENT_TERM_DELETED });
  } catch (error) {
    return handleError(error, { values: valuesOf(form), show: "inline", notFound: "show", forbidden: "show" });
  }
}

// ---- GL code dialogs ------------------------------------------------------------------------------------------------

export async function glCodeDialogLoader(request: Request, params: Record<string, string | undefined>, mode: "add" | "edit" | "delete") {
  const { actor } = await requireAdmin(request);
  if (mode === "add") {
    const { companyId } = parseParams(params, CompanyParams);
    await getCompany(companyId, { attributes: ["id"] }).catch(pageError);
    return json({ mode, closeTo: companySettingsPath(companyId), code: null });
  }
  const { companyId, glAccountId } = parseParams(params, GlParams);
  const code = await getGlAccount(actor, companyId, { id: glAccountId }).catch(pageError);
  return json({ mode, closeTo: companySettingsPath(companyId), code: glRow(code) });
}

export async function glCodeDialogAction(request: Request, params: Record<string, string | undefined>, mode: "add" | "edit" | "delete") {
  const { actor } = await requireAdmin(request);
  const { companyId } = parseParams(params, CompanyParams);
  const closeTo = companySettingsPath(companyId);
  const form = await readForm(request);
  try {
    if (mode === "add") {
      await addGlAccount(actor, companyId, {
        accountCode: text(form, "accountCode"),
        accountName: text(form, "accountName"),
        isDefault: checkbox(form, "isDefault"),
      });
      return redirectWithToast(closeTo, { type: "success", message: GL_CODE_ADDED });
    }
    const { glAccountId } = parseParams(params, GlParams);
    if (mode === "edit") {
      const { change } = await updateGlAccount(
        actor,
        companyId,
        { id: glAccountId },
        { accountName: text(form, "accountName"), isDefault: checkbox(form, "isDefault") }
      );
      return redirectWithToast(closeTo, { type: "success", message: editToast(change) });
    }
    await deleteGlAccount(actor, companyId, { id: glAccountId });
    return redirectWithToast(closeTo, { type: "success", message: GL_CODE_DELETED });
  } catch (error) {
    return handleError(error, { values: valuesOf(form), show: "inline", notFound: "show", forbidden: "show" });
  }
}
