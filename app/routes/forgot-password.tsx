import type { MetaFunction } from "@remix-run/node";
import { PublicPage } from "~/components/layout/placeholder";

export const meta: MetaFunction = () => [{ title: "Earlybird | Forgot password" }];

export default function ForgotPasswordPage() {
  return (
    <PublicPage title="Forgot password" summary="Password reset is not built yet.">
      <p>This page will ask for your email address and send you a link to choose a new password.</p>
    </PublicPage>
  );
}
