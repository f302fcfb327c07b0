/**
 * The admin directory's web door (issue 15 part 1; p3 §2.4): the list loader (tabs, search, filters, pages and the
 * detail panel of `?cp=ID`) and the Configure dialog's loader and action. Routes stay one line each.
 */
import { json, type TypedResponse } from "@remix-run/node";
import { z } from "zod";
import { isAppError } from "~/lib/errors";
import { configureCounterparties } from "~/modules/counterparties/configure.server";
import { getCounterpartyDetail, getDirectoryRows, listDirectory } from "~/modules/counterparties/directory.server";
import { CONFIGURE_MESSAGES, CONFIGURE_PATHS, PATH_FIELDS, parseDirectoryQuery, serializeDirectoryQuery, type ConfigureOperation } from "~/modules/counterparties/rules";
import { requireAdmin } from "~/web/auth.server";
import { handleError, IdSchema, nullOn, pageError, parseParams, readForm } from "~/web/http.server";
import { redirectWithToast } from "~/web/toast.server";
import type { FormErrorData } from "~/lib/form-errors";

const Params = z.object({ companyId: IdSchema });

/** The directory's own URL with its list state (what a dialog closes to). */
export function directoryHref(companyId: number, search: URLSearchParams, extra: Record<string, string | null> = {}): string {
  const query = serializeDirectoryQuery(parseDirectoryQuery(search), extra).toString();
  return `/companies/${companyId}/directory${query ? `?${query}` : ""}`;
}

export async function directoryLoader(request: Request, params: Record<string, string | undefined>) {
  const { actor } = await requireAdmin(request);
  const { companyId } = parseParams(params, Params);
  const search = new URL(request.url).searchParams;
  const query = parseDirectoryQuery(search);
  const directory = await listDirectory(actor, companyId, query).catch(pageError);
  const cp = IdSchema.safeParse(search.get("cp") ?? "");
  // A detail id that is not the company's (or gone) shows no panel rather than failing the whole list.
  const detail = cp.success ? await getCounterpartyDetail(actor, companyId, cp.data).catch(nullOn(404)) : null;
  return json({ ...directory, detail });
}

/** The selected rows (`ids`) of the dialog: repeated params or a comma list. */
function selectedIds(search: URLSearchParams): number[] {
  return search
    .getAll("ids")
    .flatMap((value) => value.split(","))
    .map((value) => IdSchema.safeParse(value))
    .flatMap((parsed) => (parsed.success ? [parsed.data] : []));
}

export async function configureLoader(request: Request, params: Record<string, string | undefined>) {
  const { actor } = await requireAdmin(request);
  const { companyId } = parseParams(params, Params);
  const search = new URL(request.url).searchParams;
  const closeTo = directoryHref(companyId, search);
  const ids = selectedIds(search);
  if (ids.length === 0) throw await redirectWithToast(closeTo, { type: "error", message: "Select at least one counterparty to configure" });
  const selection = await getDirectoryRows(actor, companyId, ids).catch(pageError);
  return json({ ...selection, closeTo });
}

/** The dialog's fields, named as the PATCH paths' fields; each comes with `initial.<field>` (what the dialog showed). */
export const INITIAL_PREFIX = "initial.";

export async function configureAction(
  request: Request,
  params: Record<string, string | undefined>
): Promise<TypedResponse<FormErrorData & { values?: Record<string, string> }> | Response> {
  const { actor } = await requireAdmin(request);
  const { companyId } = parseParams(params, Params);
  const search = new URL(request.url).searchParams;
  const closeTo = directoryHref(companyId, search);
  const form = await readForm(request);
  const ids = form.getAll("id").map(String);
  const times = form.getAll("modificationTime").map(String);
  const values: Record<string, string> = {};
  const operations: ConfigureOperation[] = [];
  for (const path of CONFIGURE_PATHS) {
    const field = PATH_FIELDS[path];
    const value = form.get(field);
    const initial = form.get(`${INITIAL_PREFIX}${field}`);
    if (typeof value !== "string") continue;
    values[field] = value;
    // Only a changed field is sent (a select left on its shown value, an input left as shown, changes nothing).
    if (value === initial) continue;
    ids.forEach((id, index) => operations.push({ id: Number(id), modificationTime: times[index] ?? "", path, value }));
  }
  try {
    if (ids.length === 0 || ids.length !== times.length || ids.some((id) => !IdSchema.safeParse(id).success)) {
      return json({ fieldErrors: {}, formError: CONFIGURE_MESSAGES.requiredParameters, values }, { status: 400 });
    }
    if (operations.length === 0) return json({ fieldErrors: {}, formError: CONFIGURE_MESSAGES.nothingToUpdate, values }, { status: 400 });
    await configureCounterparties(actor, companyId, operations);
  } catch (error) {
    // A stale row (409) or a bad id is the dialog's message; a field rule is on its field.
    if (isAppError(error) && error.status === 409) return json({ fieldErrors: {}, formError: error.message, values, stale: true }, { status: 409 });
    return handleError(error, { values, fields: "validation", show: "inline", notFound: "show" });
  }
  return redirectWithToast(closeTo, { type: "success", message: CONFIGURE_MESSAGES.success });
}
