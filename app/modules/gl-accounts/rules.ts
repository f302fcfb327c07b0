/**
 * A company's GL codes (spec p3 §3 "GL account", §5 "GL code", §7.3 "Xero accounts", §8): pure rules, no I/O. A code
 * is added (or made visible again), edited (name, default), set default or non-default, and deleted: made invisible
 * and non-default, never removed, since bills and counterparties keep naming it.
 */

// The spec's words (p3 §5, §8).
export const GL_CODE_REQUIRED = "GL Code is required";
export const NOTHING_TO_UPDATE = "Nothing to update";
export const INVALID_GL_CODE = "Invalid GL Code, please try again";
export const GL_CODE_ADDED = "GL code added";
export const GL_CODE_DELETED = "GL code deleted";
export const GL_CODE_SET_DEFAULT = "GL code set as default";
export const GL_CODE_SET_NON_DEFAULT = "GL code set as non-default";
export const NO_AVAILABLE_CODES = "No available codes";
export const SUCCESS_UPDATED = "Success updated";
export const REQUIRED_PARAMETERS_MISSING = "Required parameters missing";

/** Not in the spec (it gives no wording for these cases); ours, in the spec's voice. */
export const GL_NAME_REQUIRED = "GL Name is required";
export const GL_CODE_EXISTS = "This GL code has already been added";
export const GL_CODE_TOO_LONG = "GL Code should have at most 30 characters";
export const GL_NAME_TOO_LONG = "GL Name should have at most 150 characters";

export const GL_CODE_MAX = 30;
export const GL_NAME_MAX = 150;

/** Letters, digits and the separators accounting systems use in codes ("200", "4-1100", "EXP.01"). */
const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._\-/]*$/;

export interface GlAccountInput {
  accountCode?: string | null;
  accountName?: string | null;
  isDefault?: boolean;
}

export type GlFieldErrors = Partial<Record<"accountCode" | "accountName", string>>;

const trimmed = (value: string | null | undefined) => (value ?? "").trim().replace(/\s+/g, " ");

/** A typed code as stored ("  200 " → "200"), or the reason it cannot be one: blank is required, odd characters invalid. */
export function parseGlCode(value: string | null | undefined): { ok: true; code: string } | { ok: false; message: string } {
  const code = trimmed(value);
  if (code === "") return { ok: false, message: GL_CODE_REQUIRED };
  if (code.length > GL_CODE_MAX) return { ok: false, message: GL_CODE_TOO_LONG };
  if (!CODE_PATTERN.test(code)) return { ok: false, message: INVALID_GL_CODE };
  return { ok: true, code };
}

/** The add dialog (p3 §5): the code is required ('GL Code is required'), and so is a name. */
export function parseNewGlAccount(
  input: GlAccountInput
): { ok: true; value: { accountCode: string; accountName: string; isDefault: boolean } } | { ok: false; fieldErrors: GlFieldErrors } {
  const fieldErrors: GlFieldErrors = {};
  const code = parseGlCode(input.accountCode);
  if (!code.ok) fieldErrors.accountCode = code.message;
  const name = trimmed(input.accountName);
  if (name === "") fieldErrors.accountName = GL_NAME_REQUIRED;
  else if (name.length > GL_NAME_MAX) fieldErrors.accountName = GL_NAME_TOO_LONG;
  if (!code.ok || fieldErrors.accountName) return { ok: false, fieldErrors };
  return { ok: true, value: { accountCode: code.code, accountName: name, isDefault: input.isDefault === true } };
}

export interface GlAccountState {
  accountName: string;
  isDefault: boolean;
}

export type GlChange = { accountName?: string; isDefault?: boolean };

/**
 * An edit against the account as it is: the fields that change, or 'Nothing to update' when none does (p3 §5), or a
 * field error (a blank or long name).
 */
export function diffGlAccount(
  current: GlAccountState,
  input: { accountName?: string | null; isDefault?: boolean }
): { ok: true; change: GlChange } | { ok: false; message: string; field?: "accountName" } {
  const change: GlChange = {};
  if (input.accountName !== undefined && input.accountName !== null) {
    const name = trimmed(input.accountName);
    if (name === "") return { ok: false, message: GL_NAME_REQUIRED, field: "accountName" };
    if (name.length > GL_NAME_MAX) return { ok: false, message: GL_NAME_TOO_LONG, field: "accountName" };
    if (name !== current.accountName) change.accountName = name;
  }
  if (input.isDefault !== undefined && input.isDefault !== current.isDefault) change.isDefault = input.isDefault;
  if (Object.keys(change).length === 0) return { ok: false, message: NOTHING_TO_UPDATE };
  return { ok: true, change };
}

/** The toast for an edit (p3 §8): a change of the default alone says which way; anything else 'Success updated'. */
export function editToast(change: GlChange): string {
  if (change.accountName === undefined && change.isDefault !== undefined) return change.isDefault ? GL_CODE_SET_DEFAULT : GL_CODE_SET_NON_DEFAULT;
  return SUCCESS_UPDATED;
}
