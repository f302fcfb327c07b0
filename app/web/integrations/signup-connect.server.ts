/**
 * Sign-up's connect steps (p1 §2: connect-account, connect-account-myob; issue 18 part 3): Continue records the choice
 * and starts the real connect (the browser goes to the provider's consent page, and comes back to sign-up's mapping
 * wizard); Skip goes on to final. MYOB on the first step asks which MYOB first.
 */
import { redirect } from "@remix-run/node";
import type { Actor } from "~/lib/actor";
import { startConnect } from "~/modules/integrations/connections.server";
import { ConnectAccountSchema, ConnectMyobSchema } from "~/modules/signup/schema";
import { recordAccountingChoice } from "~/modules/signup/signup.server";
import { handleError, parseFormData } from "~/web/http.server";

export async function signupConnectAction(form: FormData, actor: Actor, step: "connect-account" | "connect-account-myob", sessionId: string | null) {
  try {
    const choice = parseFormData(form, step === "connect-account-myob" ? ConnectMyobSchema : ConnectAccountSchema);
    if (choice.intent === "skip") {
      await recordAccountingChoice(actor, null);
      return redirect("/signup?step=final");
    }
    if (choice.software === "MYOB") return redirect("/signup?step=connect-account-myob");
    await recordAccountingChoice(actor, choice.software);
    const { authorizeUrl } = await startConnect(actor, { provider: choice.software, returnTo: "signup", sessionId });
    return redirect(authorizeUrl);
  } catch (error) {
    return handleError(error, { data: { stage: "connect" as const }, exposeCodes: ["ACCOUNTING_NOT_CONFIGURED"] });
  }
}
