import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useNavigation } from "@remix-run/react";
import { PublicCard } from "~/components/password/public-card";
import { Button, buttonVariants } from "~/components/ui/button";
import { getSessionUser } from "~/web/auth.server";
import { clearSessionToken, readSessionToken } from "~/lib/session.server";
import { logout } from "~/modules/auth/service.server";

export const meta: MetaFunction = () => [{ title: "Earlybird | Log out" }];

/**
 * /logout (spec p1 §2) ends the session only on a POST (issue 13 part 13): a GET, which any page, image or prefetch
 * elsewhere could make, only shows a Log out button. Logged out already: straight to /login.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await getSessionUser(request))) throw redirect("/login");
  return json({});
}

export async function action({ request }: ActionFunctionArgs) {
  await logout(await readSessionToken(request));
  return redirect("/login", { headers: { "Set-Cookie": await clearSessionToken() } });
}

export default function LogoutPage() {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  return (
    <PublicCard title="Log out" description="Log out of Earlybird on this device?">
      {/* reloadDocument: a full page load resets all client state (spec p1 §4). */}
      <Form method="post" action="/logout" reloadDocument className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to="/" className={buttonVariants({ variant: "outline" })}>
          Cancel
        </Link>
        <Button type="submit" disabled={submitting}>
          Log out
        </Button>
      </Form>
    </PublicCard>
  );
}
