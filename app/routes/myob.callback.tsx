import type { MetaFunction } from "@remix-run/node";
import { PublicPage } from "~/components/layout/placeholder";

export const meta: MetaFunction = () => [{ title: "Earlybird | Connecting to MYOB" }];

export default function MyobCallbackPage() {
  return (
    <PublicPage title="Connecting to MYOB" summary="The MYOB connection is not built yet.">
      <p>This is where MYOB sends you back after you allow Earlybird to read your company file; it will then fetch your details and company files.</p>
    </PublicPage>
  );
}
