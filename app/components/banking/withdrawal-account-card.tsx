/**
 * The withdrawal account card of the settings Withdrawals tab (p1 §4, p3 §4.5). The card's state and actions come
 * from the banking rules (withdrawalCard); every action is a link to a route dialog (docs/decisions/007), so the card
 * works without JavaScript.
 */
import { Link } from "@remix-run/react";
import { Landmark } from "~/components/ui/icons";
import { Alert } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import type { WithdrawalSettings } from "~/modules/banking/service.server";
import { NO_DEFAULT_ACCOUNT_HINT, VERIFICATION_FAILED_MESSAGE } from "~/modules/banking/schema";
import { StatusBadge } from "./status-badge";

/** Dialog URLs keep the tab, so the settings page under the dialog stays on Withdrawals. */
export const SETTINGS_WITHDRAWALS = "/settings?tab=withdrawals";
export const bankAccountDialog = (path: string) => `/settings/bank-accounts/${path}?tab=withdrawals`;

export function WithdrawalAccountCard({ settings }: { settings: WithdrawalSettings }) {
  const { card, defaultAccount, accounts } = settings;
  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle className="text-lg">Withdrawal account</CardTitle>
        <CardDescription>Withdrawals from your Earlybird account are paid into this bank account.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {card.state === "NO_ACCOUNTS" ? <p className="text-sm text-muted-foreground">{NO_DEFAULT_ACCOUNT_HINT}</p> : null}
        {card.state === "NO_DEFAULT" ? (
          <p className="text-sm text-muted-foreground">
            {NO_DEFAULT_ACCOUNT_HINT}. You have {accounts.length === 1 ? "1 bank account" : `${accounts.length} bank accounts`}: select the one to use.
          </p>
        ) : null}
        {card.state === "DEFAULT" && defaultAccount ? (
          <div className="flex items-start gap-3" data-testid="default-bank-account">
            <span className="mt-0.5 rounded-md bg-accent p-2 text-accent-foreground">
              <Landmark aria-hidden className="size-5" />
            </span>
            <div className="min-w-0 flex-1 space-y-1">
              <div className="flex flex-wrap items-center gap-2">
                <p className="font-medium">{defaultAccount.bankAccountName}</p>
                {card.badge ? <StatusBadge status={defaultAccount.bankAccountStatus} /> : null}
              </div>
              <p className="font-mono text-sm tabular-nums text-muted-foreground">{defaultAccount.details}</p>
              {defaultAccount.bankAccountStatus === "UNVERIFIED" ? (
                <p className="text-sm text-muted-foreground">Upload a bank statement to verify this account before you withdraw.</p>
              ) : null}
              {defaultAccount.bankAccountStatus === "VERIFICATION_PENDING" ? (
                <p className="text-sm text-muted-foreground">We are checking your bank statement. Withdrawals to this account are paid once it is verified.</p>
              ) : null}
            </div>
          </div>
        ) : null}
        {card.failed ? <Alert variant="destructive">{VERIFICATION_FAILED_MESSAGE}</Alert> : null}
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        {card.actions.map((action) => {
          switch (action) {
            case "ADD":
              return (
                <Link key={action} to={bankAccountDialog("add")} preventScrollReset className={buttonVariants()}>
                  Add Bank Account
                </Link>
              );
            case "SELECT":
              return (
                <Link key={action} to={bankAccountDialog("select")} preventScrollReset className={buttonVariants()}>
                  Select Account
                </Link>
              );
            case "VERIFY":
              return (
                <Link key={action} to={bankAccountDialog("verify")} preventScrollReset className={buttonVariants()}>
                  Verify
                </Link>
              );
            case "DELETE":
              return defaultAccount ? (
                <Link key={action} to={bankAccountDialog(`${defaultAccount.id}/delete`)} preventScrollReset className={buttonVariants({ variant: "outline" })}>
                  Delete
                </Link>
              ) : null;
            case "RESET":
              // p1 §4: with Xero connected the account is Xero's; Reset is shown and does nothing.
              return (
                <span key={action} className="flex items-center gap-2">
                  <Button type="button" variant="outline" disabled aria-describedby="reset-hint">
                    Reset
                  </Button>
                  <span id="reset-hint" className="text-xs text-muted-foreground">
                    Connected to Xero: this account is managed in Xero.
                  </span>
                </span>
              );
          }
        })}
      </CardFooter>
    </Card>
  );
}
