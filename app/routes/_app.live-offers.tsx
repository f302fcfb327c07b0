import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LiveOffersTable } from "~/components/admin-company/offers";
import { titleMeta, type PageHandle } from "~/components/layout/page-handle";
import { listLiveOffers } from "~/modules/offers/admin-offers.server";
import { requireAdmin } from "~/web/auth.server";
import { pageError } from "~/web/http.server";

export const handle: PageHandle = { title: "Live Offers" };
export const meta = titleMeta;

/**
 * /live-offers (p3 §2.3; docs/decisions/062): every live purchaser offer (ACTIVE, VIRTUAL, CLEARING, TOPUP_PENDING)
 * with its cash pool, rate, the eligible bills of its last check and its acceptances not yet paid, each linked to the
 * company's Offers tab. Admins only.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireAdmin(request);
  const offers = await listLiveOffers(actor).catch(pageError);
  return json({ offers });
}

export default function LiveOffersPage() {
  const { offers } = useLoaderData<typeof loader>();
  return (
    <div className="min-w-0 space-y-4">
      <p className="text-sm text-muted-foreground">
        {offers.length === 1 ? "1 live purchaser offer" : `${offers.length} live purchaser offers`}, largest cash pool first.
      </p>
      <LiveOffersTable rows={offers} />
    </div>
  );
}
