/**
 * Activate Account (p1 §4 Account activation): a confirmation naming what will be issued (a PayID in AU, a
 * working-capital account otherwise), then the spec's success text with the new PayID or account number. A route
 * dialog over /account (docs/decisions/007): a plain form, so it works without JavaScript.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { CheckCircle2 } from "~/components/ui/icons";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { RouteDialog, RouteDialogFooter } from "~/components/ui/route-dialog";
import { cn } from "~/lib/utils";
import type { SystemAccountView } from "~/modules/ledger/account.server";

export function ActivateAccountDialog({
  closeTo,
  action,
  country,
  activated,
  successMessage,
  error,
}: {
  closeTo: string;
  action: string;
  country: "NZ" | "AU";
  /** The SYSTEM account once there is one: the dialog then shows the success step. */
  activated: SystemAccountView | null;
  successMessage: string;
  error?: string | null;
}) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";
  if (activated) {
    return (
      <RouteDialog title="Activate Account" closeTo={closeTo}>
        <div className="flex flex-col items-center gap-3 py-2 text-center" role="status">
          <CheckCircle2 aria-hidden className="size-10 text-success" />
          <p className="text-base font-semibold">{successMessage}</p>
          <dl className="w-full rounded-md border bg-muted/40 p-4">
            <dt className="text-sm text-muted-foreground">{activated.label}</dt>
            <dd className={cn("text-lg font-semibold [overflow-wrap:anywhere]", !activated.payId && "font-mono")}>{activated.display}</dd>
          </dl>
        </div>
        <RouteDialogFooter>
          <Link to={closeTo} preventScrollReset className={buttonVariants()}>
            Done
          </Link>
        </RouteDialogFooter>
      </RouteDialog>
    );
  }
  const what = country === "AU" ? "an Earlybird PayID" : "an Earlybird working capital account";
  return (
    <RouteDialog
      title="Activate Account"
      closeTo={closeTo}
      description={`We will issue ${what} for your company. Your funds are held in it: you top up into it and withdraw from it to your bank account.`}
    >
      {error ? <Alert variant="destructive">{error}</Alert> : null}
      <Form method="post" action={action} preventScrollReset>
        <input type="hidden" name="intent" value="activate" />
        <RouteDialogFooter>
          <Link to={closeTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            Cancel
          </Link>
          <Button type="submit" disabled={pending}>
            {pending ? "Activating..." : "Activate"}
          </Button>
        </RouteDialogFooter>
      </Form>
    </RouteDialog>
  );
}
