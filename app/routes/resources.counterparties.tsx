import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireCompanyUser } from "~/web/auth.server";
import { CounterpartyLookupSchema } from "~/modules/counterparties/schema";
import { searchCounterparties } from "~/modules/counterparties/service.server";

/** GET /resources/counterparties?name=&role=SUPPLIER|CUSTOMER&limit=: the picker's suggestions, the actor's own counterparties only. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const query = CounterpartyLookupSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const counterparties = await searchCounterparties(actor, query);
  return json({ counterparties }, { headers: { "Cache-Control": "private, no-store" } });
}
