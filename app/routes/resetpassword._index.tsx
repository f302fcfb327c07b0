import type { MetaFunction } from "@remix-run/node";
import { PublicPage } from "~/components/layout/placeholder";

export const meta: MetaFunction = () => [{ title: "Earlybird | Reset password" }];

export default function ResetPasswordPage() {
  return (
    <PublicPage title="Reset password" summary="Password reset is not built yet.">
      <p>This page will let you choose a new password from the link in your email.</p>
    </PublicPage>
  );
}
