import { useLoaderData } from "@remix-run/react";
import { GetVerifiedDialog } from "~/components/verification/get-verified-dialog";
import { getVerifiedLoader } from "~/web/get-verified.server";

/** /account/get-verified: the get-verified dialog over /account, opened by a 403 "company not verified" (p1 §8). */
export const loader = getVerifiedLoader;

export default function GetVerifiedRoute() {
  const { closeTo } = useLoaderData<typeof loader>();
  return <GetVerifiedDialog closeTo={closeTo} />;
}
