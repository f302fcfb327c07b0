import type { MetaFunction } from "@remix-run/node";
import { PublicPage } from "~/components/layout/placeholder";

export const meta: MetaFunction = () => [{ title: "Earlybird | Activate your account" }];

export default function ActivatePage() {
  return (
    <PublicPage title="Activate your account" summary="Account activation is not built yet.">
      <p>It will ask for your name and a password, your mobile number, and the six-digit code we send to it by SMS.</p>
    </PublicPage>
  );
}
