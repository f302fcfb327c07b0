import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { getSessionUser } from "~/web/auth.server";
import { searchRegisterChoices } from "~/modules/kyc/service.server";

/** GET /resources/verify-register-search?q=&country=: the business step's register suggestions (up to 5), in the user's own country. */
export async function loader({ request }: LoaderFunctionArgs) {
  // The session itself, not requireUser: users being onboarded (sent to /verify) use these suggestions.
  const user = await getSessionUser(request);
  if (!user?.company) throw new Response("Unauthorized", { status: 401 });
  const params = new URL(request.url).searchParams;
  const suggestions = await searchRegisterChoices(user.company.country, (params.get("q") ?? "").slice(0, 200));
  return json({ suggestions }, { headers: { "Cache-Control": "private, no-store" } });
}
