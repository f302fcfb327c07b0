import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { billsListHref, offerDialogErrors } from "~/web/bills/offer-dialogs.server";
import { handleError } from "~/web/http.server";
import { Button, buttonVariants } from "~/components/ui/button";
import { RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { requireCompanyUser } from "~/web/auth.server";
import { formatMoney } from "~/lib/money";
import { redirectWithToast } from "~/web/toast.server";
import { getLiveOffer, offerPanel, resetPurchaserOffer } from "~/modules/offers/purchaser-offers.server";
import { OFFER_RESET } from "~/modules/offers/purchaser-offers.schema";

/** /bills/offer/reset: confirm, then reset the live offer (p2 §7 "reset by offer id", result CANCELLED). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const closeTo = billsListHref(request);
  const panel = await offerPanel(actor);
  if (!panel.offer) throw await redirectWithToast(closeTo, { type: "info", message: "You have no cash-reserve offer." });
  return json({ closeTo, offer: { id: panel.offer.id, cashpool: panel.offer.cashpool, crr: panel.offer.crr }, locale: panel.locale });
}

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireCompanyUser(request);
  const closeTo = billsListHref(request);
  try {
    const offer = await getLiveOffer(actor);
    if (offer) await resetPurchaserOffer(actor, offer.id);
    return redirectWithToast(closeTo, { type: "success", message: OFFER_RESET });
  } catch (error) {
    return handleError(error, offerDialogErrors(closeTo));
  }
}

export default function ResetOfferDialog() {
  const { closeTo, offer, locale } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <RouteDialog title="Reset offer?" closeTo={closeTo} description="Your suppliers can no longer be paid early from this offer. Your bills stay included.">
      <p className="text-sm">
        Cash reserve <span className="font-semibold tabular-nums">{formatMoney(offer.cashpool, locale)}</span> at{" "}
        <span className="font-semibold">{offer.crr}% p.a.</span> is released to your Funds Available.
      </p>
      <Form method="post" preventScrollReset>
        <RouteDialogFooter>
          <Link to={closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            Cancel
          </Link>
          <Button type="submit" variant="destructive" disabled={pending}>
            {pending ? "Resetting..." : "Reset offer"}
          </Button>
        </RouteDialogFooter>
      </Form>
    </RouteDialog>
  );
}
