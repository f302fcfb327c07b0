/**
 * The get-verified prompt and dialog (spec p1 §2 Modals, §6, §8; issue 6 part 6): "Let's get verified", Next goes to
 * /verify?step=beneficial_owners&list=true. Opened by a 403 "company not verified" on a sensitive action (offers,
 * Pay Now, Get Paid, payment requests, withdrawals): the action's route redirects to the list's /get-verified child
 * route (app/web/get-verified.server.ts), which renders GetVerifiedDialog over the list (docs/decisions/007).
 */
import { Link } from "@remix-run/react";
import { ShieldAlert } from "~/components/ui/icons";
import { GET_VERIFIED_PATH } from "~/components/layout/user-menu";
import { buttonVariants } from "~/components/ui/button";
import { DialogCancelLink, RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";

export const GET_VERIFIED_TITLE = "Let's get verified";
export const GET_VERIFIED_TEXT =
  "Your company needs to be verified before it can make or accept offers, pay early, withdraw funds or invite others. Verify the identity of your company's owners and directors: it only takes a few minutes.";

/** The prompt's body and buttons, for a dialog that already has its own frame (the withdraw dialog). */
export function GetVerifiedPrompt({ closeTo, closeLabel = "Cancel", message }: { closeTo: string; closeLabel?: string; message?: string }) {
  return (
    <div className="grid gap-4">
      <div className="flex gap-3 text-sm leading-6">
        <ShieldAlert className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <p>{message ?? GET_VERIFIED_TEXT}</p>
      </div>
      <RouteDialogFooter>
        <DialogCancelLink to={closeTo}>{closeLabel}</DialogCancelLink>
        <Link to={GET_VERIFIED_PATH} className={buttonVariants()}>
          Next
        </Link>
      </RouteDialogFooter>
    </div>
  );
}

export function GetVerifiedDialog({ closeTo, message }: { closeTo: string; message?: string }) {
  return (
    <RouteDialog title={GET_VERIFIED_TITLE} closeTo={closeTo} className="max-w-md">
      <GetVerifiedPrompt closeTo={closeTo} message={message} />
    </RouteDialog>
  );
}
