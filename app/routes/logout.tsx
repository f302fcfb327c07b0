import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { clearSessionToken, readSessionToken } from "~/lib/session.server";
import { logout } from "~/modules/auth/service.server";

/** /logout ends the session in the database and clears the cookie (spec p1 §2). */
async function endSession(request: Request) {
  await logout(await readSessionToken(request));
  return redirect("/login", { headers: { "Set-Cookie": await clearSessionToken() } });
}

export const loader = ({ request }: LoaderFunctionArgs) => endSession(request);
export const action = ({ request }: ActionFunctionArgs) => endSession(request);
