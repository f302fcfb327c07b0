import type { MetaFunction } from "@remix-run/node";
import { PublicPage } from "~/components/layout/placeholder";

export const meta: MetaFunction = () => [{ title: "Earlybird | Password reset" }];

export default function ResetPasswordSuccessPage() {
  return (
    <PublicPage title="Password reset" summary="Password reset is not built yet.">
      <p>This page will confirm that your password has been changed, so you can log in with it.</p>
    </PublicPage>
  );
}
