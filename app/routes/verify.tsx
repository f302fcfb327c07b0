import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PublicPage } from "~/components/layout/placeholder";
import { getSessionUser, requireUser } from "~/lib/auth.server";

export const meta: MetaFunction = () => [{ title: "Earlybird | Verify your account" }];

/** /verify needs a login, unless the link carries a token (spec p1 §2: invited owners and directors). */
export async function loader({ request }: LoaderFunctionArgs) {
  const hasToken = new URL(request.url).searchParams.has("token");
  const user = hasToken ? await getSessionUser(request) : await requireUser(request);
  return json({ back: user ? (user.isAdmin ? "/" : "/invoices") : "/login" });
}

export default function VerifyPage() {
  const { back } = useLoaderData<typeof loader>();
  return (
    <PublicPage
      title="Verify your account"
      backTo={back}
      backLabel={back === "/login" ? "Back to login" : "Back to Earlybird"}
      summary="Verification is not built yet."
    >
      <p>
        This page will take you through two steps, Your Details and Business Details: confirming your identity, your business, and the identity of the owners
        and directors of your company.
      </p>
    </PublicPage>
  );
}
