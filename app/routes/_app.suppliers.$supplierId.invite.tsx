import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { InviteDialog } from "~/components/invites/invite-dialog";
import { inviteAction, inviteLoader } from "~/web/invites/invite.server";
import { guardSupplierBills } from "~/web/suppliers/row-actions.server";

/** Invite over the supplier bills page (p3 §4.9 row action Invite; decision 063): the /bills dialog, this supplier's bills only. */
export async function loader(args: LoaderFunctionArgs) {
  const { closeTo } = await guardSupplierBills(args.request, args.params, "query");
  return inviteLoader("BILL", args, { closeTo });
}

export async function action(args: ActionFunctionArgs) {
  const { closeTo } = await guardSupplierBills(args.request, args.params, "form");
  return inviteAction("BILL", args, { closeTo });
}

export default function SupplierInviteRoute() {
  const { closeTo, action: formAction, ids, preview } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return <InviteDialog closeTo={closeTo} action={formAction} ids={ids} preview={preview} errors={result?.fieldErrors} values={result?.values as { email: string; note: string } | undefined} />;
}
