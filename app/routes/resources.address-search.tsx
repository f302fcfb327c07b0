import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { getSessionUser } from "~/web/auth.server";
import { addressChoices } from "~/modules/kyc/service.server";

/** GET /resources/address-search?q=&country=AU: up to 5 address suggestions (spec p1 §7 places autocomplete), for logged-in users. */
export async function loader({ request }: LoaderFunctionArgs) {
  // The session itself, not requireUser: users being onboarded (sent to /verify) use these suggestions.
  if (!(await getSessionUser(request))) throw new Response("Unauthorized", { status: 401 });
  const params = new URL(request.url).searchParams;
  const country = params.get("country") === "AU" ? "AU" : "NZ";
  const suggestions = await addressChoices(country, (params.get("q") ?? "").slice(0, 200), null);
  return json({ suggestions }, { headers: { "Cache-Control": "private, no-store" } });
}
