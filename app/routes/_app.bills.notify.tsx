import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { notifyAction } from "~/web/invites/invite.server";

/** Notify (p2 §4 rule 8, §7 POST /notify {companyId, invoiceIds, type BILL}) from a bills row: "Notification sent". */
export const action = (args: ActionFunctionArgs) => notifyAction(args);

/** Nothing to show: a GET returns to the list. */
export const loader = ({ request }: LoaderFunctionArgs) => redirect(`/bills${new URL(request.url).search}`);
