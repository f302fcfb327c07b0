/**
 * POST /bills/documents/:documentId/lock: the lock of a bill document (p3 §4.2; decision 045) as the detail page uses it.
 * intent=lock opens (or renews: the page's heartbeat) and answers `{ locked: true, lockedAt, expiresAt }` or
 * `{ locked: false, lockedBy: { userId, name }, message }` with the spec's 'This document is locked for editing by
 * {name}'; intent=unlock releases the user's own lock and answers `{ unlocked }`. A url-encoded or multipart body, so
 * `navigator.sendBeacon(url, new URLSearchParams({ intent: "unlock" }))` on tab close works. Errors are JSON
 * `{ formError }` with their status (404 another company's document), never a page; nothing is cached.
 */
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireCompanyUser } from "~/web/auth.server";
import { handleError, IdSchema, parseFormData, parseParams, readForm } from "~/web/http.server";
import { lockDocument, unlockDocument } from "~/modules/review/locking.server";
import { REVIEW_MESSAGES } from "~/modules/review/rules";

const ParamsSchema = z.object({ documentId: IdSchema });
const LockFormSchema = z.object({ intent: z.enum(["lock", "unlock"], { message: "Choose lock or unlock" }) });

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const { documentId } = parseParams(params, ParamsSchema);
  try {
    const { intent } = parseFormData(await readForm(request), LockFormSchema);
    switch (intent) {
      case "lock": {
        const result = await lockDocument(actor, documentId);
        return json(result.locked ? result : { ...result, message: REVIEW_MESSAGES.lockedBy(result.lockedBy.name) }, { headers: NO_STORE });
      }
      case "unlock":
        return json(await unlockDocument(actor, documentId), { headers: NO_STORE });
      default: {
        const unknown: never = intent;
        throw new Error(`unknown intent ${String(unknown)}`);
      }
    }
  } catch (error) {
    const response = await handleError(error, { fields: "none", notFound: "show", forbidden: "show" });
    response.headers.set("Cache-Control", NO_STORE["Cache-Control"]);
    return response;
  }
}
