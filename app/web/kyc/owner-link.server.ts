/**
 * /verify?token= (spec p1 §2; issue 20 part 2, decision 064): an owner or director verifying through the link they
 * were e-mailed, with no account and no session. The view follows the person's status: the identity form, the
 * document upload after a failed check, pending, or done. The close icon revokes the link and goes to /login.
 */
import { json, redirect } from "@remix-run/node";
import { AppError } from "~/lib/errors";
import { dobYears } from "~/modules/kyc/schema";
import { addressChoices } from "~/modules/kyc/service.server";
import { ownerLinkPerson, revokeOwnerLink, submitIdentityByLink, uploadDocumentByLink, type OwnerLinkPerson } from "~/modules/kyc/owner-links.server";
import { OWNER_LINK_BROKEN } from "~/modules/kyc/owner-link-rules";
import { handleError, isMultipartRequest, readForm } from "~/web/http.server";
import { readIdentityUpload } from "~/web/kyc-admin/person-route.server";

export type OwnerLinkView = "identity" | "upload" | "pending" | "success";

export type OwnerLinkPageData =
  | { mode: "link"; broken: true; message: string }
  | {
      mode: "link";
      broken: false;
      view: OwnerLinkView;
      action: string;
      person: Omit<OwnerLinkPerson, "passportAllowed" | "addressRequired" | "country">;
      country: "NZ" | "AU";
      passportAllowed: boolean;
      addressRequired: boolean;
      years: number[];
    };

const VIEWS: Record<OwnerLinkPerson["verificationStatus"], OwnerLinkView> = {
  NOT_VERIFIED: "identity",
  VERIFICATION_FAILED: "upload",
  VERIFICATION_PENDING: "pending",
  VERIFIED: "success",
};

const linkPath = (token: string) => `/verify?token=${encodeURIComponent(token)}`;

/** The page for a link: its person's step, or the broken-link card (401) for an unknown, expired or revoked one. */
export async function ownerLinkLoader(token: string) {
  try {
    const person = await ownerLinkPerson(token);
    const { passportAllowed, addressRequired, country, ...shown } = person;
    return json<OwnerLinkPageData>(
      { mode: "link", broken: false, view: VIEWS[person.verificationStatus], action: linkPath(token), person: shown, country, passportAllowed, addressRequired, years: dobYears(new Date()) },
      { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } }
    );
  } catch (error) {
    if (error instanceof AppError && error.status === 401) {
      return json<OwnerLinkPageData>({ mode: "link", broken: true, message: OWNER_LINK_BROKEN }, { status: 401, headers: { "Cache-Control": "no-store" } });
    }
    throw error;
  }
}

export interface OwnerLinkActionData {
  nonce: string;
  fieldErrors: Record<string, string>;
  formError?: string;
  values: Record<string, string>;
  addressSuggestions?: { value: string; label: string }[];
}

/** The link page's posts: the identity form (and its address search), the document upload, the close icon. */
export async function ownerLinkAction(request: Request, token: string) {
  const here = linkPath(token);
  if (isMultipartRequest(request)) {
    try {
      const { file } = await readIdentityUpload(request).catch(async (error: unknown) => {
        if (!(error instanceof Response) || error.status >= 500) throw error;
        const { message } = (await error.json()) as { message: string };
        throw new AppError(error.status, message, { code: "BODY_REFUSED", field: "document" });
      });
      await uploadDocumentByLink(token, file);
      return redirect(here);
    } catch (error) {
      if (error instanceof AppError && error.status === 409) return redirect(here);
      return handleError(error, { fields: "named", data: { nonce: crypto.randomUUID(), values: {} } });
    }
  }
  const form = await readForm(request);
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && key !== "intent") values[key] = value.slice(0, 500);
  const intent = String(form.get("intent") ?? "");
  if (intent === "close") {
    await revokeOwnerLink(token);
    return redirect("/login");
  }
  const person = await ownerLinkPerson(token).catch(() => null);
  if (!person) return redirect(here);
  const addressSuggestions = () => addressChoices(person.country, values.addressQuery ?? "", values.addressId || null);
  if (intent === "search-address") {
    return json<OwnerLinkActionData>({ nonce: crypto.randomUUID(), fieldErrors: {}, values, addressSuggestions: await addressSuggestions() });
  }
  if (intent !== "identity") throw new Response("Bad Request", { status: 400 });
  try {
    const result = await submitIdentityByLink(token, { form: values });
    if (!result.ok) throw AppError.validation(Object.fromEntries(Object.entries(result.fieldErrors).filter(([, message]) => message)) as Record<string, string>);
    return redirect(here);
  } catch (error) {
    // Moved on meanwhile (checked in another tab, or by an admin): the page shows where it stands now.
    if (error instanceof AppError && error.status === 409) return redirect(here);
    return handleError(error, { fields: "named", values, data: { nonce: crypto.randomUUID(), values, addressSuggestions: await addressSuggestions() } });
  }
}
