/**
 * The settings' Customers and Suppliers tabs (issue 15 part 4; p3 §2.2, §4.11), behind customerSupplierSettings: the
 * acting company's suppliers (offers on/off, processing queue, payment term, GL code, saved per supplier through the
 * same configure service as the admin's directory) and its customers with their status.
 */
import { configureOwnSuppliers } from "~/modules/counterparties/configure.server";
import { listOwnCounterparties } from "~/modules/counterparties/directory.server";
import { CONFIGURE_MESSAGES, OWN_SUPPLIER_PATHS, PATH_FIELDS, parseDirectoryQuery, type ConfigureOperation } from "~/modules/counterparties/rules";
import type { Actor } from "~/lib/actor";
import { isAppError } from "~/lib/errors";
import { readForm } from "~/web/http.server";
import { redirectWithToast } from "~/web/toast.server";

export async function counterpartyTabData(actor: Actor, tab: "customers" | "suppliers", search: URLSearchParams) {
  return listOwnCounterparties(actor, tab === "suppliers" ? "SUPPLIER" : "CUSTOMER", parseDirectoryQuery(search));
}

/**
 * One supplier's row saved (edit then save, p3 §4.11): only the fields changed from what the row showed are sent, with
 * the row's modificationTime. Back to the tab either way, with "Success updated" or the refusal as an error toast; the
 * row then shows the stored values again, so a refused change reverts.
 */
export async function supplierSettingsAction(request: Request, actor: Actor): Promise<Response> {
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  const form = await readForm(request);
  const id = Number(form.get("id"));
  const modificationTime = String(form.get("modificationTime") ?? "");
  const operations: ConfigureOperation[] = [];
  for (const path of OWN_SUPPLIER_PATHS) {
    const field = PATH_FIELDS[path];
    // An unticked checkbox sends nothing: the hidden "false" before it stands for off.
    const values = form.getAll(field).map(String);
    const value = values.at(-1);
    if (value === undefined || value === form.get(`initial.${field}`)) continue;
    operations.push({ id, modificationTime, path, value });
  }
  try {
    if (operations.length === 0) return await redirectWithToast(back, { type: "info", message: CONFIGURE_MESSAGES.nothingToUpdate });
    await configureOwnSuppliers(actor, operations);
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error;
    return redirectWithToast(back, { type: "error", message: error.message });
  }
  return redirectWithToast(back, { type: "success", message: CONFIGURE_MESSAGES.success });
}
