import { json, type UploadHandler } from "@remix-run/node";
import { requireAdmin } from "~/lib/auth.server";
import { isAppError } from "~/lib/errors";
import { redirectWithToast } from "~/lib/toast.server";
import {
  getPersonForAdmin,
  KycValidationError,
  updatePersonDetails,
  updatePersonIdentity,
  uploadDocumentForPerson,
  verifyPersonManually,
  type PersonRef,
} from "~/modules/kyc/admin.server";
import { IDENTITY_DOCUMENT_MAX_BYTES } from "~/modules/kyc/schema";
import { isMultipartRequest, readForm, readMultipartForm } from "~/web/http.server";
import type { PersonPageActionData } from "~/components/kyc-admin/person-page-types";

export interface IdentityUpload {
  fileName: string;
  content: Buffer | null;
}

/**
 * Reads a multipart identity-document form: the file part "document" (at most 10,000,000 + 1 bytes kept, so an
 * oversized file is still refused by its size; the rest is drained) and small text parts (4 kB each).
 */
export async function readIdentityUpload(request: Request): Promise<{ form: FormData; file: IdentityUpload | null }> {
  let file: IdentityUpload | null = null;
  const fileHandler: UploadHandler = async ({ name, filename, data }) => {
    if (name !== "document") return undefined;
    if (!filename || file) {
      for await (const chunk of data) void chunk;
      return undefined;
    }
    const chunks: Buffer[] = [];
    let kept = 0;
    for await (const chunk of data) {
      if (kept > IDENTITY_DOCUMENT_MAX_BYTES) continue;
      const part = Buffer.from(chunk.buffer, chunk.byteOffset, Math.min(chunk.byteLength, IDENTITY_DOCUMENT_MAX_BYTES + 1 - kept));
      chunks.push(Buffer.from(part));
      kept += part.byteLength;
    }
    file = { fileName: filename, content: kept > 0 ? Buffer.concat(chunks) : null };
    return filename;
  };
  const form = await readMultipartForm(request, fileHandler);
  return { form, file };
}

/** The edit + verify page of one person: loader (p3 §2.3 /companies/{id}/verify/{userName} and /verify-owner). */
export async function personPageLoader(request: Request, companyId: string | undefined, ref: PersonRef) {
  const { actor } = await requireAdmin(request);
  try {
    return json(await getPersonForAdmin(actor, companyId, ref));
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw new Response(error.message, { status: 404 });
    throw error;
  }
}


const values = (form: FormData) => Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string")) as Record<string, string>;

/**
 * The page's actions, by intent: details (names and notes), identity (edit and re-run the check), upload (on
 * behalf, multipart) and verify (manual). Success redirects back with a toast; a refusal answers the message on its field.
 */
export async function personPageAction(request: Request, companyId: string | undefined, ref: PersonRef, pagePath: string) {
  const { actor } = await requireAdmin(request);
  const { person } = await getPersonForAdmin(actor, companyId, ref).catch((error: unknown) => {
    if (isAppError(error) && error.status === 404) throw new Response(error.message, { status: 404 });
    throw error;
  });
  let intent: PersonPageActionData["intent"] = "details";
  let form: FormData | null = null;
  try {
    if (isMultipartRequest(request)) {
      intent = "upload";
      const upload = await readIdentityUpload(request);
      const result = await uploadDocumentForPerson(actor, companyId, person.id, upload.file ?? { fileName: "", content: null });
      return redirectWithToast(pagePath, { type: "success", message: `Document upload successful for ${result.name}` });
    }
    form = await readForm(request);
    const requested = form.get("intent");
    if (requested === "verify") {
      intent = "verify";
      const result = await verifyPersonManually(actor, companyId, person.id, String(form.get("note") ?? ""));
      return redirectWithToast(pagePath, { type: "success", message: `Verification is successful for ${result.name}` });
    }
    if (requested === "identity") {
      intent = "identity";
      const result = await updatePersonIdentity(actor, companyId, person.id, values(form));
      return redirectWithToast(pagePath, {
        type: result.status === "VERIFIED" ? "success" : "error",
        message: `Verification is ${result.status === "VERIFIED" ? "successful" : "failed"} for ${result.name}`,
      });
    }
    if (requested === "details") {
      await updatePersonDetails(actor, companyId, person.id, values(form));
      return redirectWithToast(pagePath, { type: "success", message: "Success updated" });
    }
    return json<PersonPageActionData>({ intent, fieldErrors: {}, error: "Required parameters missing" }, { status: 400 });
  } catch (error) {
    if (error instanceof KycValidationError) {
      return json<PersonPageActionData>({ intent, fieldErrors: error.fieldErrors, values: form ? values(form) : undefined }, { status: 400 });
    }
    if (isAppError(error) && error.status < 500) {
      const fieldErrors: Record<string, string> = intent === "upload" ? { document: error.message } : {};
      return json<PersonPageActionData>(
        { intent, fieldErrors, error: intent === "upload" ? undefined : error.message, values: form ? values(form) : undefined },
        { status: error.status }
      );
    }
    throw error;
  }
}
