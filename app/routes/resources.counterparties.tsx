import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { requireActor } from "~/web/auth.server";
import { AdminCounterpartyLookupSchema, CounterpartyLookupSchema } from "~/modules/counterparties/schema";
import { searchCounterparties, searchCounterpartiesOf } from "~/modules/counterparties/service.server";
import { notFoundResponse, pageError } from "~/web/http.server";

/**
 * GET /resources/counterparties?name=&role=SUPPLIER|CUSTOMER&limit=: the picker's suggestions, the actor's own
 * counterparties only (an entityId is ignored). An admin searches any company's: entityId is required (p2 §6, p3 §7.3
 * "GET counterparties (counterPartyName with :like, entityId)"); without it, or for no such company, Not Found.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, actor } = await requireActor(request);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const headers = { "Cache-Control": "private, no-store" };
  if (user.isAdmin) {
    const parsed = AdminCounterpartyLookupSchema.safeParse(params);
    if (!parsed.success) throw notFoundResponse();
    const { entityId, ...query } = parsed.data;
    return json({ counterparties: await searchCounterpartiesOf(actor, entityId, query).catch(pageError) }, { headers });
  }
  if (!user.company) throw redirect("/");
  const query = CounterpartyLookupSchema.parse(params);
  const counterparties = await searchCounterparties({ ...actor, companyId: user.company.id }, query);
  return json({ counterparties }, { headers });
}
