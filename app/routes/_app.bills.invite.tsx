import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { InviteDialog } from "~/components/invites/invite-dialog";
import { inviteAction, inviteLoader } from "~/web/invites/invite.server";

/** Invite (p2 §2 Modals, §5 Invite) and batch invite (p2 §4 Other) over /bills: GET with the selected ids, POST sends. */
export const loader = (args: LoaderFunctionArgs) => inviteLoader("BILL", args);
export const action = (args: ActionFunctionArgs) => inviteAction("BILL", args);

export default function InviteRoute() {
  const { closeTo, action: formAction, ids, preview } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return <InviteDialog closeTo={closeTo} action={formAction} ids={ids} preview={preview} errors={result?.fieldErrors} values={result?.values} />;
}
