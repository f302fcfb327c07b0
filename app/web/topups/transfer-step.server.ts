import type { Actor } from "~/lib/actor";
import { formatDate, todayIn } from "~/lib/dates";
import { isAppError } from "~/lib/errors";
import { bankTransferInstructions, getTopUp } from "~/modules/ledger/top-ups.server";
import { TopUpIdSchema } from "~/modules/ledger/top-ups.schema";

/**
 * The Bank Transfer step of a top-up (`?id=`), shared by /account/topup and /bills/offer/topup: the actor's own top-up
 * and the bank details to quote its reference to; a bad or foreign id is the 404 page.
 */
export async function loadTransferStep(actor: Actor, idParam: string) {
  const id = TopUpIdSchema.safeParse(idParam);
  if (!id.success) throw new Response("Not Found", { status: 404 });
  try {
    const [topUp, instructions] = await Promise.all([getTopUp(actor, id.data), bankTransferInstructions(actor)]);
    const country = topUp.currency === "AUD" ? "AU" : "NZ";
    return {
      topUp: {
        id: topUp.id,
        topupAmount: topUp.topupAmount,
        topupStatus: topUp.topupStatus,
        paymentReference: topUp.paymentReference,
        locale: topUp.locale,
        expiresOn: topUp.expiresAt ? formatDate(todayIn(country, new Date(topUp.expiresAt))) : null,
      },
      instructions,
    };
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw new Response("Not Found", { status: 404 });
    throw error;
  }
}
