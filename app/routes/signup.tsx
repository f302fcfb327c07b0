import type { MetaFunction } from "@remix-run/node";
import { PublicPage } from "~/components/layout/placeholder";

export const meta: MetaFunction = () => [{ title: "Earlybird | Sign up" }];

export default function SignupPage() {
  return (
    <PublicPage title="Sign up" summary="Sign-up is not built yet.">
      <p>It will start with your 6-digit invite code, then ask where your business is, its name and your work email, and connect your accounting software.</p>
    </PublicPage>
  );
}
