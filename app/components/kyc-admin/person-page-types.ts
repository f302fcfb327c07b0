import type { FormErrorData } from "~/lib/form-errors";
import type { getPersonForAdmin } from "~/modules/kyc/admin.server";

/** What the person page's loader answers (the module's view of one person) and its action's answer. */
export type PersonPageData = Awaited<ReturnType<typeof getPersonForAdmin>>;

/** The action's answer to a refusal: the web seam's one shape, with the form (intent) it answers. */
export type PersonPageActionData = FormErrorData & { intent: "details" | "identity" | "upload" | "verify" };
