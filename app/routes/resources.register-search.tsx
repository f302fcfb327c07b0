import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { RegisterSearchSchema } from "~/modules/signup/schema";
import { searchRegister } from "~/modules/signup/signup.server";

/**
 * GET /resources/register-search?q=&country=NZ|AU: the sign-up business name suggestions (p1 §5: from 3 characters, at
 * most 5). Public like /signup: the company register is public data, and the answer holds nothing else.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const query = RegisterSearchSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const suggestions = await searchRegister(query.q, query.country);
  return json({ q: query.q, country: query.country, suggestions }, { headers: { "Cache-Control": "private, max-age=60" } });
}
