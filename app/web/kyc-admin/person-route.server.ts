import { json, type UploadHandler } from "@remix-run/node";
import { requireAdmin } from "~/web/auth.server";
import { AppError } from "~/lib/errors";
import { redirectWithToast } from "~/web/toast.server";
import {
  getPersonForAdmin,
  updatePersonDetails,
  updatePersonIdentity,
  uploadDocumentForPerson,
  verifyPersonManually,
  type PersonRef,
} from "~/modules/kyc/admin.server";
import { IDENTITY_DOCUMENT_MAX_BYTES } from "~/modules/kyc/schema";
import { asFieldError, handleError, isMultipartRequest, readForm, readMultipartForm } from "~/web/http.server";
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
    throw await handleError(error);
  }
}

const valuesOf = (form: FormData) => Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string")) as Record<string, string>;

/**
 * The page's actions, by intent: details (names and notes), identity (edit and re-run the check), upload (on
 * behalf, multipart) and verify (manual). Success redirects back with a toast; a refusal answers the message on its
 * field (the upload's on the document field), else as the form's error (a toast on the page).
 */
export async function personPageAction(request: Request, companyId: string | undefined, ref: PersonRef, pagePath: string) {
  const { actor } = await requireAdmin(request);
  let person: Awaited<ReturnType<typeof getPersonForAdmin>>["person"];
  try {
    ({ person } = await getPersonForAdmin(actor, companyId, ref));
  } catch (error) {
    throw await handleError(error);
  }
  let intent: PersonPageActionData["intent"] = "details";
  let values: Record<string, string> | undefined;
  try {
    if (isMultipartRequest(request)) {
      intent = "upload";
      const upload = await readIdentityUpload(request);
      // The upload's refusal (format, size) is the document field's.
      const result = await uploadDocumentForPerson(actor, companyId, person.id, upload.file ?? { fileName: "", content: null }).catch(asFieldError("document"));
      return redirectWithToast(pagePath, { type: "success", message: `Document upload successful for ${result.name}` });
    }
    const form = await readForm(request);
    values = valuesOf(form);
    const requested = form.get("intent");
    if (requested === "verify") {
      intent = "verify";
      const result = await verifyPersonManually(actor, companyId, person.id, String(form.get("note") ?? ""));
      return redirectWithToast(pagePath, { type: "success", message: `Verification is successful for ${result.name}` });
    }
    if (requested === "identity") {
      intent = "identity";
      const result = await updatePersonIdentity(actor, companyId, person.id, values);
      return redirectWithToast(pagePath, {
        type: result.status === "VERIFIED" ? "success" : "error",
        message: `Verification is ${result.status === "VERIFIED" ? "successful" : "failed"} for ${result.name}`,
      });
    }
    if (requested === "details") {
      await updatePersonDetails(actor, companyId, person.id, values);
      return redirectWithToast(pagePath, { type: "success", message: "Success updated" });
    }
    throw new AppError(400, "Required parameters missing");
  } catch (error) {
    return handleError(error, { values, data: { intent }, notFound: "show", forbidden: "show" });
  }
}
