import type { getPersonForAdmin } from "~/modules/kyc/admin.server";

/** What the person page's loader answers (the module's view of one person) and its action's answer. */
export type PersonPageData = Awaited<ReturnType<typeof getPersonForAdmin>>;

export type PersonPageActionData = {
  intent: "details" | "identity" | "upload" | "verify";
  fieldErrors: Record<string, string>;
  values?: Record<string, string>;
  error?: string;
};
