import type { Actor } from "~/lib/actor";
import { formatDate, todayIn } from "~/lib/dates";
import { bankTransferInstructions, getTopUp } from "~/modules/ledger/top-ups.server";
import { TopUpIdSchema } from "~/modules/ledger/top-ups.schema";
import { handleError, parseParams } from "~/web/http.server";
import { z } from "zod";

/**
 * The Bank Transfer step of a top-up (`?id=`), shared by /account/topup and /bills/offer/topup: the actor's own top-up
 * and the bank details to quote its reference to; a bad or foreign id is the 404 page.
 */
export async function loadTransferStep(actor: Actor, idParam: string) {
  const { id } = parseParams({ id: idParam }, z.object({ id: TopUpIdSchema }));
  try {
    const [topUp, instructions] = await Promise.all([getTopUp(actor, id), bankTransferInstructions(actor)]);
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
    throw await handleError(error);
  }
}
