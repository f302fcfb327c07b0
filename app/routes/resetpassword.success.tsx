import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { CircleCheck } from "~/components/ui/icons";
import { PublicCard } from "~/components/password/public-card";
import { buttonVariants } from "~/components/ui/button";

export const meta: MetaFunction = () => [{ title: "Earlybird | Password changed" }];

/** /resetpassword/success (p1 §2): the password was changed; every earlier session was logged out. */
export default function ResetPasswordSuccessPage() {
  return (
    <PublicCard title="Password changed">
      <div className="flex gap-3 text-sm leading-6">
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
        <div className="space-y-2">
          <p>Your password has been changed. Log in with your new password.</p>
          <p className="text-muted-foreground">For your security you have been logged out on every device.</p>
        </div>
      </div>
      <Link to="/login" className={buttonVariants({ className: "w-full" })}>
        Login
      </Link>
    </PublicCard>
  );
}
